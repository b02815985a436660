import { LEAD_FORMS } from '@kryon/shared/api';
import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  API_KEY_HEADER,
  DELIVERY_RETRY,
  destinationPattern,
  isQueued,
  LEAD_EVENT_REDELIVERY_SOURCE,
  LEAD_EVENT_SOURCE,
  leadEventsFileShape,
  matchesPattern,
  nextAttempt,
  RETRY_AFTER_MAX_SECONDS,
  redeliveryPattern,
  resolveDestination,
  retryDelaySeconds,
  retryWindowSeconds,
  webhookUrlProblem,
} from './event-destinations.ts';
import { LEAD_EVENT_TYPES } from './lead-events.ts';

const parse = (leadEvents: unknown) => z.safeParse(leadEventsFileShape, leadEvents);
const messages = (leadEvents: unknown) => {
  const result = parse(leadEvents);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe("the environment file's leadEvents", () => {
  it('defaults to no destination', () => {
    expect(parse(undefined)).toMatchObject({ success: true, data: { destinations: [] } });
  });

  it('fills in what a destination leaves out: Slack posts one message per lead at 1 a second', () => {
    const result = parse({
      destinations: [
        { kind: 'slack', name: 'sales', secret: 'kryon/slack-sales' },
        { kind: 'webhook', name: 'crm', url: 'https://crm.example/hook', secret: 'kryon/crm' },
      ],
    });
    if (!result.success) throw result.error;
    const [slack, crm] = result.data.destinations.map(resolveDestination);
    expect(slack).toEqual({
      name: 'sales',
      kind: 'slack',
      secret: 'kryon/slack-sales',
      events: ['lead.accepted'],
      forms: [...LEAD_FORMS],
      perSecond: 1,
    });
    expect(crm).toMatchObject({ events: [...LEAD_EVENT_TYPES], perSecond: 5 });
  });

  it('takes a webhook without a url, whose secret holds it (a Zapier, Make or n8n URL)', () => {
    const result = parse({
      destinations: [{ kind: 'webhook', name: 'zapier', secret: 'kryon/zapier-hook' }],
    });
    if (!result.success) throw result.error;
    const [zapier] = result.data.destinations.map(resolveDestination);
    expect(zapier).toEqual({
      name: 'zapier',
      kind: 'webhook',
      secret: 'kryon/zapier-hook',
      events: [...LEAD_EVENT_TYPES],
      forms: [...LEAD_FORMS],
      perSecond: 5,
    });
    expect(zapier && 'url' in zapier).toBe(false);
  });

  it('refuses two destinations of one name, a bad name, an unknown key and a plain-http URL', () => {
    const slack = { kind: 'slack', name: 'sales', secret: 'kryon/s' };
    expect(messages({ destinations: [slack, slack] })).toEqual([
      'must not name two destinations alike',
    ]);
    expect(messages({ destinations: [{ ...slack, name: 'Sales Team' }] })[0]).toMatch(
      /lower-case letters, digits and hyphens/,
    );
    expect(parse({ destinations: [{ ...slack, url: 'https://x.example' }] }).success).toBe(false);
    expect(
      messages({
        destinations: [{ kind: 'webhook', name: 'crm', url: 'http://crm.example', secret: 'k' }],
      })[0],
    ).toMatch(/must be an https URL/);
  });

  it('takes an API that reads a key in a header: every event, 5 a second, x-api-key, its URL required', () => {
    const result = parse({
      destinations: [
        { kind: 'api', name: 'hubspot', url: 'https://api.example/leads', secret: 'kryon/key' },
        {
          kind: 'api',
          name: 'n8n',
          url: 'https://n8n.example/webhook/leads',
          secret: 'kryon/n8n-key',
          header: 'Authorization',
          secretVersion: 'a1b2c3d4-0000-4000-8000-00000000abcd',
          events: ['lead.accepted'],
        },
      ],
    });
    if (!result.success) throw result.error;
    const [hubspot, n8n] = result.data.destinations.map(resolveDestination);
    expect(hubspot).toEqual({
      name: 'hubspot',
      kind: 'api',
      secret: 'kryon/key',
      url: 'https://api.example/leads',
      header: API_KEY_HEADER,
      events: [...LEAD_EVENT_TYPES],
      forms: [...LEAD_FORMS],
      perSecond: 5,
    });
    expect(n8n).toMatchObject({
      header: 'Authorization',
      secretVersion: 'a1b2c3d4-0000-4000-8000-00000000abcd',
      events: ['lead.accepted'],
    });
    // EventBridge sends it, not the delivery function.
    expect([hubspot, n8n].map((d) => d && isQueued(d))).toEqual([false, false]);
    expect(isQueued({ kind: 'slack' }) && isQueued({ kind: 'webhook' })).toBe(true);
    expect(
      messages({ destinations: [{ kind: 'api', name: 'crm', secret: 'k' }] }).length,
    ).toBeGreaterThan(0);
    expect(
      messages({
        destinations: [
          { kind: 'api', name: 'crm', url: 'https://a.example', secret: 'k', header: 'a b' },
        ],
      })[0],
    ).toMatch(/HTTP header name/);
  });

  it('takes https and the local inbox, never a URL with a user or password', () => {
    expect(webhookUrlProblem('https://crm.example/hook')).toBeUndefined();
    // The local inbox, only where the local stack allows it: deployed, 127.0.0.1 is the Lambda.
    expect(
      webhookUrlProblem('http://127.0.0.1:8010/webhook', { allowLoopback: true }),
    ).toBeUndefined();
    expect(webhookUrlProblem('http://127.0.0.1:8010/webhook')).toMatch(/loopback/);
    expect(webhookUrlProblem('https://user:pw@crm.example/')).toBe('holds a user or password');
    expect(webhookUrlProblem('ftp://crm.example/')).toBe('is not https');
    expect(webhookUrlProblem('not a url')).toBe('is not a URL');
  });
});

describe('a destination’s rule', () => {
  const slack = resolveDestination({
    kind: 'slack',
    name: 'sales',
    secret: 'kryon/s',
    forms: ['demo'],
  });
  const accepted = (form: string) => ({
    source: LEAD_EVENT_SOURCE,
    'detail-type': 'lead.accepted',
    detail: { form },
  });

  it('is its events of its forms, with every lead’s erasure whatever it listed', () => {
    expect(destinationPattern(slack)).toEqual({
      source: [LEAD_EVENT_SOURCE],
      'detail-type': ['lead.accepted', 'lead.erased'],
      detail: { form: ['demo'] },
    });
    const opened = resolveDestination({
      kind: 'webhook',
      name: 'crm',
      url: 'https://crm.example',
      secret: 's',
      events: ['lead.report-opened'],
    });
    expect(destinationPattern(opened)['detail-type']).toEqual([
      'lead.report-opened',
      'lead.erased',
    ]);
  });

  it('matches as EventBridge does: any one value of each key named, every key', () => {
    const pattern = destinationPattern(slack);
    expect(matchesPattern(pattern, accepted('demo'))).toBe(true);
    expect(matchesPattern(pattern, accepted('contact'))).toBe(false);
    expect(matchesPattern(pattern, { ...accepted('demo'), source: 'someone.else' })).toBe(false);
    expect(matchesPattern(pattern, { ...accepted('demo'), 'detail-type': 'lead.delivery' })).toBe(
      false,
    );
    expect(matchesPattern(pattern, { ...accepted('demo'), detail: {} })).toBe(false);
  });

  it('of a redelivery is one API destination’s alone, of a source no destination’s rule takes', () => {
    const arn = 'arn:aws:events:eu-west-1:123456789012:api-destination/crm/1';
    expect(redeliveryPattern(arn)).toEqual({
      source: [LEAD_EVENT_REDELIVERY_SOURCE],
      resources: [arn],
    });
    expect(
      matchesPattern(destinationPattern(slack), {
        ...accepted('demo'),
        source: LEAD_EVENT_REDELIVERY_SOURCE,
      }),
    ).toBe(false);
  });
});

describe('the retry schedule', () => {
  it('waits longer after each failure, up to two hours, and spreads the attempts over about a day', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 16].map(retryDelaySeconds)).toEqual([
      30, 120, 600, 1800, 3600, 7200, 7200, 7200,
    ]);
    const hours = retryWindowSeconds() / 3600;
    expect(hours).toBeGreaterThan(22);
    expect(hours).toBeLessThanOrEqual(24);
    expect(DELIVERY_RETRY.maxAttempts).toBe(17);
  });
  it('is the one rule after a failure, for the delivery function and the local bus', () => {
    expect(nextAttempt(1)).toEqual({ delaySeconds: 30, retryAfter: false });
    // A receiver's Retry-After lengthens the wait, never shortens it, and up to two hours.
    expect(nextAttempt(1, { retryAfterSeconds: 90 })).toEqual({
      delaySeconds: 90,
      retryAfter: true,
    });
    expect(nextAttempt(3, { retryAfterSeconds: 90 })).toEqual({
      delaySeconds: 600,
      retryAfter: false,
    });
    expect(nextAttempt(1, { retryAfterSeconds: 86_400 })).toEqual({
      delaySeconds: RETRY_AFTER_MAX_SECONDS,
      retryAfter: true,
    });
    expect(RETRY_AFTER_MAX_SECONDS).toBe(Math.max(...DELIVERY_RETRY.delaysSeconds));
    // A gone receiver's event is a dead letter at once; the wait is for when it cannot be moved.
    expect(nextAttempt(1, { gone: true })).toEqual({
      deadLetter: 'gone',
      delaySeconds: 30,
      retryAfter: false,
    });
    // After the last attempt nothing is waited for, whatever the receiver asked.
    expect(nextAttempt(DELIVERY_RETRY.maxAttempts, { retryAfterSeconds: 3600 })).toEqual({
      deadLetter: 'last attempt',
      delaySeconds: 0,
      retryAfter: false,
    });
    expect(nextAttempt(DELIVERY_RETRY.maxAttempts - 1).deadLetter).toBeUndefined();
  });
});
