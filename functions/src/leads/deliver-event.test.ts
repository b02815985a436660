import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { LEAD_FORMS, type LeadForm } from '@kryon/shared/api';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sampleBody } from '../../test/events.ts';
import {
  definitionOf,
  hostileBody,
  SLACK_TIME_ZONE,
  storedFields,
} from '../../test/slack-samples.ts';
import { createFetchPost } from '../adapters/http-post.ts';
import { signWebhook } from '../adapters/webhook-signer.ts';
import {
  type DeliverEventDeps,
  type DeliveryDestination,
  type DestinationCredential,
  deliverLeadEvent,
  type HttpPost,
  SecretValueError,
  slackUrlProblem,
  webhookCredential,
} from './deliver-event.ts';
import type { StoredLead } from './lead.ts';
import {
  type LeadEvent,
  leadAccepted,
  leadDelivery,
  leadErased,
  leadEvent,
  leadReportOpened,
} from './lead-events.ts';
import {
  SLACK_FALLBACK_MAX,
  SLACK_LIMITS,
  type SlackMessage,
  slackMessage,
} from './slack-message.ts';

// Fixed secrets in the specification's form (32 bytes each), as webhook-signer.test.ts.
const CURRENT = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
const PREVIOUS = `whsec_${Buffer.alloc(32, 9).toString('base64')}`;
const OTHER = `whsec_${Buffer.alloc(32, 3).toString('base64')}`;
/** What the receiver answers in its body: the sender must never repeat it. */
const RESPONSE_SECRET = 'response-body-the-sender-must-not-repeat';

interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** A receiver on 127.0.0.1: keeps each request, answers what `answer` says. */
let received: Received[] = [];
let answer: (req: IncomingMessage, res: ServerResponse, body: string) => void;
let origin: string;
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
    );
    received.push({ path: req.url ?? '', headers, body });
    answer(req, res, body);
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received = [];
  answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.end(RESPONSE_SECRET);
  };
});

/** A receiver written with the reference library: verifies with `secrets`, 401 if it cannot. */
function verifyingWith(secrets: string[]) {
  return (req: IncomingMessage, res: ServerResponse, body: string) => {
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
    );
    for (const secret of secrets) {
      try {
        new Webhook(secret).verify(body, headers);
        res.writeHead(204);
        res.end();
        return;
      } catch {}
    }
    res.writeHead(401);
    res.end(RESPONSE_SECRET);
  };
}

/** The reference library's verdict on one received delivery. */
function verdict(secret: string, delivery: Pick<Received, 'body' | 'headers'>) {
  try {
    return { payload: new Webhook(secret).verify(delivery.body, delivery.headers) };
  } catch (error) {
    return { refused: error instanceof WebhookVerificationError ? error.message : String(error) };
  }
}

interface Logged {
  level: string;
  message: string;
  extra?: Record<string, unknown>;
}

function depsWith(
  credential: DestinationCredential,
  overrides: Partial<DeliverEventDeps> = {},
): DeliverEventDeps & { logged: Logged[] } {
  const logged: Logged[] = [];
  const log = (level: string) => (message: string, extra?: Record<string, unknown>) =>
    logged.push({ level, message, ...(extra ? { extra } : {}) });
  return {
    post: createFetchPost(),
    credential: async () => credential,
    now: () => new Date(),
    log: { info: log('info'), warn: log('warn'), error: log('error') },
    sign: signWebhook,
    timeZone: SLACK_TIME_ZONE,
    // The receiver of these tests is on 127.0.0.1, as the local bus's inbox is.
    allowLoopback: true,
    logged,
    ...overrides,
  };
}

const CREATED_AT = '2026-11-24T08:01:46.220Z';

/** A stored lead of a request body, as the store keeps it (only what events read). */
function storedLead(form: LeadForm, body: Record<string, unknown>, id = `lead-${form}`) {
  const { fields, attribution } = storedFields(form, body);
  return {
    form,
    submissionId: id,
    createdAt: CREATED_AT,
    fields,
    ...(attribution ? { attribution } : {}),
    spam: false,
  } as unknown as StoredLead;
}

/** The lead.accepted event of a lead, through the schema a receiver validates with. */
function acceptedEvent(lead: StoredLead): LeadEvent {
  const event = leadAccepted(lead, definitionOf(lead.form));
  if (!event) throw new Error('no event');
  return leadEvent.parse(JSON.parse(JSON.stringify(event)));
}

const demo = storedLead('demo', sampleBody('demo'));
const OTHER_EVENTS: LeadEvent[] = [
  leadDelivery(demo, { outcome: 'delivered', at: CREATED_AT }),
  leadDelivery(demo, { outcome: 'bounced', at: CREATED_AT, bounceType: 'permanent' }),
  leadDelivery(demo, { outcome: 'complained', at: CREATED_AT }),
  leadReportOpened(storedLead('download', sampleBody('download')), 'finops-2026', CREATED_AT),
  leadErased(demo, CREATED_AT),
];

const webhook = (url = `${origin}/hooks/crm`): DeliveryDestination => ({
  name: 'crm',
  kind: 'webhook',
  url,
});
const slack: DeliveryDestination = { name: 'sales-slack', kind: 'slack' };
const slackUrl = () => `${origin}/services/T0AAAAAAA/B0BBBBBBB/abcdefghijklmnopqrstuvwx`;

describe('deliverLeadEvent to a webhook', () => {
  it('posts the event signed: the reference library verifies it, and the body is the event', async () => {
    answer = verifyingWith([CURRENT]);
    const event = acceptedEvent(demo);

    const result = await deliverLeadEvent(
      { destination: webhook(), event },
      depsWith({ kind: 'webhook', secrets: [CURRENT] }),
    );

    expect(result).toEqual({ ok: true, status: 204 });
    expect(received).toHaveLength(1);
    const [delivery] = received as [Received];
    expect(delivery.path).toBe('/hooks/crm');
    expect(delivery.headers).toMatchObject({
      'webhook-id': event.id,
      'content-type': 'application/json',
      'user-agent': 'Kryon-Webhooks/1',
    });
    expect(verdict(CURRENT, delivery)).toEqual({ payload: event });
    expect(leadEvent.parse(JSON.parse(delivery.body))).toEqual(event);
  });

  it('signs with both secrets during a rotation: a receiver with either verifies', async () => {
    const event = OTHER_EVENTS[0] as LeadEvent;
    await deliverLeadEvent(
      { destination: webhook(), event },
      depsWith({ kind: 'webhook', secrets: [CURRENT, PREVIOUS] }),
    );

    const [delivery] = received as [Received];
    expect(delivery.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verdict(CURRENT, delivery)).toEqual({ payload: event });
    expect(verdict(PREVIOUS, delivery)).toEqual({ payload: event });
  });

  it('is refused by the reference library when tampered with, stale or signed otherwise', async () => {
    const event = acceptedEvent(demo);
    await deliverLeadEvent(
      { destination: webhook(), event },
      depsWith({ kind: 'webhook', secrets: [CURRENT] }),
    );
    const [delivery] = received as [Received];
    expect(
      verdict(CURRENT, { ...delivery, body: delivery.body.replace('demo', 'contact') }),
    ).toEqual({ refused: 'No matching signature found' });
    expect(verdict(OTHER, delivery)).toEqual({ refused: 'No matching signature found' });

    // Signed six minutes ago (the library's tolerance is five): the receiver refuses it.
    answer = verifyingWith([CURRENT]);
    const stale = await deliverLeadEvent(
      { destination: webhook(), event },
      depsWith(
        { kind: 'webhook', secrets: [CURRENT] },
        { now: () => new Date(Date.now() - 6 * 60_000) },
      ),
    );
    expect(verdict(CURRENT, received[1] as Received)).toEqual({
      refused: 'Message timestamp too old',
    });
    expect(stale).toEqual({ ok: false, status: 401, reason: 'HTTP 401' });

    // A receiver that has another secret refuses it: a failure, retried later.
    answer = verifyingWith([OTHER]);
    const wrong = await deliverLeadEvent(
      { destination: webhook(), event },
      depsWith({ kind: 'webhook', secrets: [CURRENT] }),
    );
    expect(wrong).toEqual({ ok: false, status: 401, reason: 'HTTP 401' });
  });

  it('refuses, without a request, a secret that is not one or a destination without a URL', async () => {
    const event = acceptedEvent(demo);
    const bad = await deliverLeadEvent(
      { destination: webhook(), event },
      depsWith({ kind: 'webhook', secrets: ['not-a-whsec-secret'] }),
    );
    const noUrl = await deliverLeadEvent(
      { destination: { name: 'crm', kind: 'webhook' }, event },
      depsWith({ kind: 'webhook', secrets: [CURRENT] }),
    );
    const notHttps = await deliverLeadEvent(
      { destination: webhook('http://crm.example/hook'), event },
      depsWith({ kind: 'webhook', secrets: [CURRENT] }),
    );

    expect(received).toHaveLength(0);
    expect(bad).toEqual({ ok: false, reason: expect.stringMatching(/^refused: .*whsec_/) });
    expect(JSON.stringify(bad)).not.toContain('not-a-whsec-secret');
    expect(noUrl).toEqual({
      ok: false,
      reason: 'refused: it has no URL, in the environment file or in its secret',
    });
    expect(notHttps).toEqual({ ok: false, reason: 'refused: its URL is not https' });
  });
});

describe('deliverLeadEvent to a webhook whose URL is in its secret (Zapier, Make, n8n)', () => {
  /** A catch hook's URL: its path is the credential, as a Zapier one's is. */
  const hookUrl = () => `${origin}/hooks/catch/123456/zq8w7e6r/`;
  const hidden: DeliveryDestination = { name: 'zapier', kind: 'webhook' };
  /** The delivery function's credential: the secret's value read by `webhookCredential`. */
  const fromSecret = (value: string) =>
    depsWith(
      { kind: 'webhook', secrets: [] },
      { credential: async () => webhookCredential(value) },
    );

  it('posts to the URL of the secret, signed with its signing secrets, and never says it', async () => {
    answer = verifyingWith([CURRENT]);
    const event = acceptedEvent(demo);
    const deps = fromSecret(`${hookUrl()}\n${CURRENT} ${PREVIOUS}\n`);

    const result = await deliverLeadEvent({ destination: hidden, event, attempt: 2 }, deps);

    expect(result).toEqual({ ok: true, status: 204 });
    const [delivery] = received as [Received];
    expect(delivery.path).toBe('/hooks/catch/123456/zq8w7e6r/');
    expect(delivery.headers['webhook-signature']?.split(' ')).toHaveLength(2);
    expect(verdict(CURRENT, delivery)).toEqual({ payload: event });
    expect(verdict(PREVIOUS, delivery)).toEqual({ payload: event });
    expect(deps.logged).toEqual([
      {
        level: 'info',
        message: 'lead event delivered',
        extra: {
          destination: 'zapier',
          eventId: event.id,
          type: event.type,
          attempt: 2,
          status: 204,
        },
      },
    ]);

    // A failure names a status, never the URL.
    answer = (_req, res) => {
      res.writeHead(410);
      res.end(RESPONSE_SECRET);
    };
    const gone = await deliverLeadEvent({ destination: hidden, event }, deps);
    expect(gone).toEqual({ ok: false, status: 410, reason: 'HTTP 410: gone', gone: true });
    const said = JSON.stringify([result, gone, deps.logged]);
    expect(said).not.toContain('zq8w7e6r');
    expect(said).not.toContain(RESPONSE_SECRET);
  });

  it('refuses, without a request, a URL in both the environment file and the secret', async () => {
    const event = acceptedEvent(demo);
    const deps = fromSecret(`${hookUrl()} ${CURRENT}`);
    const result = await deliverLeadEvent({ destination: webhook(), event }, deps);

    expect(result).toEqual({
      ok: false,
      reason:
        'refused: its URL is both in the environment file and in its secret: keep it in one of them',
    });
    expect(received).toHaveLength(0);
    expect(JSON.stringify(deps.logged)).not.toContain('zq8w7e6r');
  });

  it('refuses, without a request, a secret with two URLs, a word that is neither, or no signing secret', async () => {
    const event = acceptedEvent(demo);
    const values = [
      `${hookUrl()} ${origin}/hooks/catch/999/other-token/ ${CURRENT}`,
      `${hookUrl()} ${CURRENT} zq8w7e6r-stray-token`,
      `${hookUrl()}`,
      '  ',
    ];
    const results: unknown[] = [];
    const logged: Logged[] = [];
    for (const value of values) {
      const deps = fromSecret(value);
      results.push(await deliverLeadEvent({ destination: hidden, event }, deps));
      logged.push(...deps.logged);
    }

    expect(results).toEqual([
      { ok: false, reason: 'refused: its secret holds more than one URL' },
      {
        ok: false,
        reason:
          'refused: its secret holds a word (3 of 3) that is neither a whsec_ signing secret nor a URL',
      },
      { ok: false, reason: 'refused: its secret holds no whsec_ signing secret' },
      { ok: false, reason: 'refused: its secret is empty' },
    ]);
    expect(received).toHaveLength(0);
    const said = JSON.stringify([results, logged]);
    expect(said).not.toContain('zq8w7e6r');
    expect(said).not.toContain('other-token');
    expect(said).not.toContain(CURRENT.slice(6, 20));
  });

  it("checks the secret's URL as the file's: deployed, no loopback and https only", async () => {
    const event = acceptedEvent(demo);
    const deployed = { allowLoopback: undefined };
    const loopback = webhookCredential(`${hookUrl()} ${CURRENT}`);
    const plain = webhookCredential(
      `http://hooks.zapier.example/hooks/catch/1/zq8w7e6r/ ${CURRENT}`,
    );
    const results = [
      await deliverLeadEvent({ destination: hidden, event }, depsWith(loopback, deployed)),
      await deliverLeadEvent({ destination: hidden, event }, depsWith(plain)),
    ];

    expect(results).toEqual([
      {
        ok: false,
        reason:
          "refused: its secret's URL is on this machine (loopback): only the local stack sends there",
      },
      { ok: false, reason: "refused: its secret's URL is not https" },
    ]);
    expect(received).toHaveLength(0);
  });
});

describe('webhookCredential', () => {
  it('reads signing secrets, and a URL when there is one, in any order and any whitespace', () => {
    expect(webhookCredential(` ${CURRENT} `)).toEqual({ kind: 'webhook', secrets: [CURRENT] });
    expect(webhookCredential(`${CURRENT}\t${PREVIOUS}`)).toEqual({
      kind: 'webhook',
      secrets: [CURRENT, PREVIOUS],
    });
    const zapier = 'https://hooks.zapier.com/hooks/catch/123456/abcdef7/';
    expect(webhookCredential(`${zapier} ${CURRENT}`)).toEqual({
      kind: 'webhook',
      secrets: [CURRENT],
      url: zapier,
    });
    expect(webhookCredential(`${CURRENT}\n${zapier}\n${PREVIOUS}\n`)).toEqual({
      kind: 'webhook',
      secrets: [CURRENT, PREVIOUS],
      url: zapier,
    });
    // The signer checks a secret's form; a URL's, webhookUrlProblem, at each delivery.
    expect(webhookCredential('whsec_short http://x.example')).toEqual({
      kind: 'webhook',
      secrets: ['whsec_short'],
      url: 'http://x.example',
    });
  });

  it('refuses the whole value, with a SecretValueError that never repeats it', () => {
    const zapier = 'https://hooks.zapier.com/hooks/catch/123456/abcdef7/';
    const refusals = [
      ['', 'is empty'],
      [' \n ', 'is empty'],
      [`${zapier} ${zapier} ${CURRENT}`, 'holds more than one URL'],
      [zapier, 'holds no whsec_ signing secret'],
      [
        `${CURRENT} sk_live_abcdef7`,
        'holds a word (2 of 2) that is neither a whsec_ signing secret nor a URL',
      ],
      [
        `Bearer abcdef7 ${CURRENT}`,
        'holds a word (1 of 3) that is neither a whsec_ signing secret nor a URL',
      ],
    ] as const;
    for (const [value, message] of refusals) {
      let thrown: unknown;
      try {
        webhookCredential(value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(SecretValueError);
      expect(thrown).toMatchObject({ name: 'SecretValueError', message });
      expect((thrown as Error).message).not.toContain('abcdef7');
    }
  });
});

/** Every text object of a message, with the most Block Kit takes there. */
function textsOf(message: SlackMessage) {
  const texts: { max: number; type: string; text: string }[] = [];
  for (const block of message.blocks) {
    if (block.type === 'header') texts.push({ max: SLACK_LIMITS.headerText, ...block.text });
    else if (block.type === 'context') {
      for (const element of block.elements) texts.push({ max: SLACK_LIMITS.text, ...element });
    } else if ('fields' in block) {
      for (const field of block.fields) texts.push({ max: SLACK_LIMITS.fieldText, ...field });
    } else texts.push({ max: SLACK_LIMITS.sectionText, ...block.text });
  }
  return texts;
}

/** Valid Block Kit of the four kinds slack-message.ts writes, within every limit. */
function expectBlockKit(message: SlackMessage) {
  expect(Object.keys(message).sort()).toEqual(['blocks', 'text']);
  expect(message.text.length).toBeGreaterThan(0);
  expect(message.text.length).toBeLessThanOrEqual(SLACK_FALLBACK_MAX);
  expect(message.blocks.length).toBeGreaterThan(0);
  expect(message.blocks.length).toBeLessThanOrEqual(SLACK_LIMITS.blocks);
  for (const block of message.blocks) {
    expect(['header', 'section', 'context']).toContain(block.type);
    if (block.type === 'header') expect(block.text.type).toBe('plain_text');
    if (block.type === 'context') {
      expect(block.elements.length).toBeLessThanOrEqual(SLACK_LIMITS.contextElements);
    }
    if ('fields' in block) {
      expect(block.fields.length).toBeLessThanOrEqual(SLACK_LIMITS.sectionFields);
    }
  }
  for (const text of textsOf(message)) {
    expect(['plain_text', 'mrkdwn']).toContain(text.type);
    expect(text.text.length).toBeGreaterThan(0);
    expect(text.text.length).toBeLessThanOrEqual(text.max);
    // No raw control character: no mention, link or channel can be formed.
    expect(text.text).not.toMatch(/[<>]/);
  }
}

describe('deliverLeadEvent to Slack', () => {
  const samples = [
    ...LEAD_FORMS.map((form) => storedLead(form, sampleBody(form))),
    ...LEAD_FORMS.map((form) => storedLead(form, hostileBody(form), `hostile-${form}`)),
    storedLead('demo', {
      ...sampleBody('demo'),
      awsEnvironmentSize: '100+',
      timeframe: 'asap',
      demoType: 'hands-on',
    }),
  ];

  it.each(samples.map((lead) => [lead.submissionId, lead] as const))(
    'posts %s as the lead message slack-message.ts draws from the stored lead',
    async (_id, lead) => {
      const event = acceptedEvent(lead);
      const result = await deliverLeadEvent(
        { destination: slack, event },
        depsWith({ kind: 'slack', url: slackUrl() }),
      );

      expect(result).toEqual({ ok: true, status: 200 });
      const [post] = received as [Received];
      expect(post.path).toBe(new URL(slackUrl()).pathname);
      expect(post.headers['content-type']).toBe('application/json');
      const message = JSON.parse(post.body) as SlackMessage;
      expect(message).toEqual(
        slackMessage(lead, definitionOf(lead.form), { timeZone: SLACK_TIME_ZONE }),
      );
      expectBlockKit(message);
    },
  );

  it.each(
    OTHER_EVENTS.map(
      (event) => [`${event.type} ${'outcome' in event ? event.outcome : ''}`, event] as const,
    ),
  )(
    'posts %s as one short plain-text line, no link, nothing the visitor wrote',
    async (_name, event) => {
      await deliverLeadEvent(
        { destination: slack, event },
        depsWith({ kind: 'slack', url: slackUrl() }),
      );

      const message = JSON.parse((received[0] as Received).body) as SlackMessage;
      expectBlockKit(message);
      expect(message.blocks.map((block) => block.type)).toEqual(['section', 'context']);
      for (const text of textsOf(message)) {
        expect(text.type).toBe('plain_text');
        expect(text.text).not.toMatch(/https?:|www\.|@/);
        // The sample's visitor text (its company and name) is nowhere.
        expect(text.text).not.toMatch(/Northwind|Priya|Harbour|Mei/);
      }
      expect(message.text).not.toContain(event.leadId);
      expect(JSON.stringify(message).toLowerCase()).toContain(`lead ${event.leadId}`);
    },
  );

  it("posts nothing for a lead held for sales' hourly digest, which a webhook still receives", async () => {
    const held = {
      ...storedLead('contact', sampleBody('contact'), 'held-contact'),
      emails: { sales: { status: 'held', attempts: 0 } },
    } as StoredLead;
    const event = acceptedEvent(held);
    expect(event).toMatchObject({ type: 'lead.accepted', heldForDigest: true });

    const deps = depsWith({ kind: 'slack', url: slackUrl() });
    const result = await deliverLeadEvent({ destination: slack, event }, deps);
    expect(result).toEqual({ ok: true, skipped: 'held for the sales digest' });
    expect(received).toEqual([]);
    expect(deps.logged.map(({ message }) => message)).toEqual([
      'lead event not sent to this destination',
    ]);

    answer = verifyingWith([CURRENT]);
    expect(
      await deliverLeadEvent(
        { destination: webhook(), event },
        depsWith({ kind: 'webhook', secrets: [CURRENT] }),
      ),
    ).toEqual({ ok: true, status: 204 });
    expect(received).toHaveLength(1);
  });

  it("sends an erased lead's events no more, but its erase, and never sends without knowing", async () => {
    const event = acceptedEvent(demo);
    const erased = OTHER_EVENTS.find((e) => e.type === 'lead.erased') as LeadEvent;
    const deps = depsWith(
      { kind: 'slack', url: slackUrl() },
      { isErased: async (leadId) => leadId === demo.submissionId },
    );
    expect(await deliverLeadEvent({ destination: slack, event }, deps)).toEqual({
      ok: true,
      skipped: 'the lead was erased',
    });
    expect(received).toEqual([]);
    expect(await deliverLeadEvent({ destination: slack, event: erased }, deps)).toEqual({
      ok: true,
      status: 200,
    });
    expect(received).toHaveLength(1);

    const unsure = depsWith(
      { kind: 'slack', url: slackUrl() },
      {
        isErased: async () => {
          throw new Error('table down');
        },
      },
    );
    expect(await deliverLeadEvent({ destination: slack, event }, unsure)).toEqual({
      ok: false,
      reason: 'could not check whether the lead was erased: Error',
    });
    expect(received).toHaveLength(1);
  });

  it('says each kind of event in words a person reads at a glance', async () => {
    const lines: string[] = [];
    for (const event of OTHER_EVENTS) {
      received = [];
      await deliverLeadEvent(
        { destination: slack, event },
        depsWith({ kind: 'slack', url: slackUrl() }),
      );
      const message = JSON.parse((received[0] as Received).body) as SlackMessage;
      const [section] = message.blocks;
      lines.push(section?.type === 'section' && 'text' in section ? section.text.text : '');
    }
    expect(lines).toEqual([
      'Confirmation delivered: Demo request lead lead-demo',
      'Confirmation bounced: Demo request lead lead-demo (the address takes no mail)',
      'Confirmation marked as spam: Demo request lead lead-demo',
      'Report opened: Research download lead lead-download',
      "Lead lead-demo erased at the visitor's request: delete any copy",
    ]);
  });

  it('draws a lead the form no longer reads from the event alone, within the same limits', async () => {
    const event = acceptedEvent(demo);
    if (event.type !== 'lead.accepted') throw new Error('not accepted');
    // An option's label that the definition no longer has: it cannot be read back.
    const drifted = leadEvent.parse({
      ...event,
      fields: event.fields.map((field, i) => (i === 0 ? { ...field, value: 'Renamed' } : field)),
    });
    await deliverLeadEvent(
      { destination: slack, event: drifted },
      depsWith({ kind: 'slack', url: slackUrl() }),
    );

    const message = JSON.parse((received[0] as Received).body) as SlackMessage;
    expectBlockKit(message);
    expect(message.blocks[0]).toMatchObject({ type: 'header' });
    expect(JSON.stringify(message)).not.toContain(event.contact.email);
  });

  it('refuses, without a request, a secret that is not a Slack incoming webhook', async () => {
    const refused = [
      'https://evil.example/services/T0/B0/x',
      'https://hooks.slack.com.evil.example/services/T0/B0/x',
      'http://hooks.slack.com/services/T0/B0/x',
      'https://user:pw@hooks.slack.com/services/T0/B0/x',
      'https://hooks.slack.com:8443/services/T0/B0/x',
      'http://localhost:8010/services/T0/B0/x',
      'http://127.0.0.1/services/x',
      'not a url at all',
    ];
    for (const url of refused) {
      const deps = depsWith({ kind: 'slack', url });
      const result = await deliverLeadEvent(
        { destination: slack, event: acceptedEvent(demo) },
        deps,
      );
      expect(result.ok, url).toBe(false);
      const said = JSON.stringify([result, deps.logged]);
      expect(said).toMatch(/refused: its secret/);
      for (const part of [url, 'evil', 'services', 'localhost']) expect(said).not.toContain(part);
    }
    expect(received).toHaveLength(0);
    expect(slackUrlProblem('https://hooks.slack.com/services/T0/B0/x')).toBeUndefined();
    expect(slackUrlProblem(slackUrl(), { allowLoopback: true })).toBeUndefined();
  });

  it('deployed (no allowLoopback), refuses a loopback Slack secret and webhook URL without a request', async () => {
    // Inside Lambda, 127.0.0.1:9001 is the Runtime API: only the local bus may send there.
    const event = acceptedEvent(demo);
    const deployed = { allowLoopback: undefined };
    const loopback = 'is on this machine (loopback): only the local stack sends there';
    const toSlack = depsWith({ kind: 'slack', url: slackUrl() }, deployed);
    const toWebhook = depsWith({ kind: 'webhook', secrets: [CURRENT] }, deployed);
    const runtimeApi = depsWith(
      { kind: 'slack', url: 'http://127.0.0.1:9001/2018-06-01/runtime/invocation/next' },
      deployed,
    );

    const results = [
      await deliverLeadEvent({ destination: slack, event }, toSlack),
      await deliverLeadEvent({ destination: webhook(), event }, toWebhook),
      await deliverLeadEvent(
        { destination: webhook('http://localhost:9001/hook'), event },
        toWebhook,
      ),
      await deliverLeadEvent({ destination: slack, event }, runtimeApi),
    ];

    expect(results).toEqual([
      { ok: false, reason: `refused: its secret ${loopback}` },
      { ok: false, reason: `refused: its URL ${loopback}` },
      { ok: false, reason: `refused: its URL ${loopback}` },
      { ok: false, reason: `refused: its secret ${loopback}` },
    ]);
    expect(received).toHaveLength(0);
    expect(JSON.stringify([toSlack.logged, runtimeApi.logged])).not.toContain('services');
    expect(slackUrlProblem(slackUrl())).toBe(loopback);
  });

  it("gives a message's time in the zone it is given (the sales e-mail's), UTC when none", async () => {
    /** The time the footer (the last block) of the message posted for `event` names. */
    const footerOf = async (event: LeadEvent, timeZone: string | undefined) => {
      received = [];
      await deliverLeadEvent(
        { destination: slack, event },
        depsWith({ kind: 'slack', url: slackUrl() }, { timeZone }),
      );
      const message = JSON.parse((received[0] as Received).body) as SlackMessage;
      const footer = message.blocks.at(-1);
      return footer?.type === 'context' ? footer.elements.map((e) => e.text).join(' ') : '';
    };
    // 08:01 UTC is 09:01 in Berlin in November (CET), and 03:01 in New York (EST).
    for (const event of [acceptedEvent(demo), ...OTHER_EVENTS]) {
      expect(await footerOf(event, 'Europe/Berlin'), event.type).toContain(
        'Tue 24 Nov 2026, 09:01 CET',
      );
      expect(await footerOf(event, 'America/New_York'), event.type).toContain(
        'Tue 24 Nov 2026, 03:01 EST',
      );
      expect(await footerOf(event, undefined), event.type).toContain('Tue 24 Nov 2026, 08:01 UTC');
    }
  });

  it('refuses a webhook secret for a Slack destination, and the other way round', async () => {
    const event = acceptedEvent(demo);
    expect(
      await deliverLeadEvent(
        { destination: slack, event },
        depsWith({ kind: 'webhook', secrets: [CURRENT] }),
      ),
    ).toEqual({ ok: false, reason: 'refused: its secret is for a webhook destination' });
    expect(
      await deliverLeadEvent(
        { destination: webhook(), event },
        depsWith({ kind: 'slack', url: slackUrl() }),
      ),
    ).toEqual({ ok: false, reason: 'refused: its secret is for a slack destination' });
    expect(received).toHaveLength(0);
  });
});

describe('a failed delivery', () => {
  /** Delivers to Slack (whose URL must stay secret) and to a webhook, returning both results. */
  async function both(overrides: Partial<DeliverEventDeps> = {}, url = slackUrl()) {
    const event = acceptedEvent(demo);
    const slackDeps = depsWith({ kind: 'slack', url }, overrides);
    const webhookDeps = depsWith({ kind: 'webhook', secrets: [CURRENT] }, overrides);
    const results = [
      await deliverLeadEvent({ destination: slack, event, attempt: 3 }, slackDeps),
      await deliverLeadEvent({ destination: webhook(url), event, attempt: 3 }, webhookDeps),
    ];
    // Nothing said of it, in the result or the logs, names where it went or what came back.
    const said = JSON.stringify([results, slackDeps.logged, webhookDeps.logged]);
    for (const part of [
      url,
      origin,
      '127.0.0.1',
      new URL(url).port,
      'T0AAAAAAA',
      RESPONSE_SECRET,
    ]) {
      expect(said).not.toContain(part);
    }
    return { results, logged: [...slackDeps.logged, ...webhookDeps.logged] };
  }

  it('is any status but 2xx, named by its status, the body unread', async () => {
    for (const [status, reason] of [
      [500, 'HTTP 500'],
      [404, 'HTTP 404'],
      [429, 'HTTP 429: rate limited'],
      [503, 'HTTP 503'],
    ] as const) {
      answer = (_req, res) => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end(RESPONSE_SECRET.repeat(10_000));
      };
      const { results, logged } = await both();
      expect(results).toEqual([
        { ok: false, status, reason },
        { ok: false, status, reason },
      ]);
      expect(logged.map((line) => [line.level, line.message, line.extra])).toEqual(
        ['sales-slack', 'crm'].map((destination) => [
          'warn',
          'lead event not delivered',
          {
            destination,
            eventId: acceptedEvent(demo).id,
            type: 'lead.accepted',
            attempt: 3,
            status,
            reason,
          },
        ]),
      );
    }
  });

  it('is a 410: the receiver is gone, said so for the caller to stop trying', async () => {
    answer = (_req, res) => {
      res.writeHead(410, { 'content-type': 'text/plain', 'retry-after': '60' });
      res.end(RESPONSE_SECRET);
    };
    const { results, logged } = await both();

    const gone = { ok: false, status: 410, reason: 'HTTP 410: gone', gone: true };
    expect(results).toEqual([gone, gone]);
    expect(logged.map((line) => line.extra)).toEqual(
      ['sales-slack', 'crm'].map((destination) => ({
        destination,
        eventId: acceptedEvent(demo).id,
        type: 'lead.accepted',
        attempt: 3,
        status: 410,
        gone: true,
        reason: 'HTTP 410: gone',
      })),
    );
  });

  it('carries the wait a 429 or a 503 asks for with Retry-After, in seconds or as a date', async () => {
    const now = new Date('2026-11-24T09:00:00.000Z');
    for (const [status, retryAfter, seconds] of [
      [429, '120', 120],
      [503, 'Tue, 24 Nov 2026 09:10:00 GMT', 600],
      [429, 'Tue, 24 Nov 2026 08:00:00 GMT', 0],
      [429, '86400', 86_400],
    ] as const) {
      answer = (_req, res) => {
        res.writeHead(status, { 'content-type': 'text/plain', 'retry-after': retryAfter });
        res.end(RESPONSE_SECRET);
      };
      const { results, logged } = await both({ now: () => now });
      const reason = status === 429 ? 'HTTP 429: rate limited' : 'HTTP 503';
      const failure = { ok: false, status, reason, retryAfterSeconds: seconds };
      expect(results).toEqual([failure, failure]);
      for (const line of logged) {
        expect(line.extra).toMatchObject({ status, retryAfterSeconds: seconds, reason });
      }
      // The receiver's header is its own: read, never repeated.
      expect(JSON.stringify(logged)).not.toContain('GMT');
    }
  });

  it('ignores a Retry-After it cannot read, or on a status that asks for no wait', async () => {
    for (const [status, retryAfter, reason] of [
      [429, 'in a minute', 'HTTP 429: rate limited (its Retry-After unreadable, ignored)'],
      [503, '2026-11-24T09:10:00Z', 'HTTP 503 (its Retry-After unreadable, ignored)'],
      [500, '120', 'HTTP 500'],
      [404, '120', 'HTTP 404'],
    ] as const) {
      answer = (_req, res) => {
        res.writeHead(status, { 'retry-after': retryAfter });
        res.end(RESPONSE_SECRET);
      };
      const { results, logged } = await both();
      expect(results).toEqual([
        { ok: false, status, reason },
        { ok: false, status, reason },
      ]);
      if (!/^\d+$/.test(retryAfter)) expect(JSON.stringify(logged)).not.toContain(retryAfter);
    }
  });

  it('is a redirect, which is not followed', async () => {
    answer = (req, res) => {
      if (req.url?.startsWith('/moved')) {
        res.writeHead(200);
        res.end();
        return;
      }
      res.writeHead(307, { location: `${origin}/moved` });
      res.end(RESPONSE_SECRET);
    };
    const { results } = await both();

    expect(results).toEqual([
      { ok: false, status: 307, reason: 'HTTP 307: a redirect, not followed' },
      { ok: false, status: 307, reason: 'HTTP 307: a redirect, not followed' },
    ]);
    expect(received.map((request) => request.path)).not.toContain('/moved');
    expect(received).toHaveLength(2);
  });

  it('is no answer in time', async () => {
    answer = () => undefined; // Never answers.
    const fetchPost = createFetchPost();
    const post: HttpPost = (request) => fetchPost({ ...request, timeoutMs: 200 });
    const { results } = await both({ post });

    const reason = 'no answer within 10 s (TimeoutError)';
    expect(results).toEqual([
      { ok: false, reason },
      { ok: false, reason },
    ]);
  });

  it('is a network error, named by its class and code', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const url = `http://127.0.0.1:${port}/services/T0AAAAAAA/B0BBBBBBB/abcdefghijklmnopqrstuvwx`;

    const { results } = await both({}, url);

    const reason = 'network error: TypeError (ECONNREFUSED)';
    expect(results).toEqual([
      { ok: false, reason },
      { ok: false, reason },
    ]);
  });

  it('is a secret that cannot be read, named by its class', async () => {
    const event = acceptedEvent(demo);
    const deps = depsWith(
      { kind: 'slack', url: slackUrl() },
      {
        credential: async () => {
          throw Object.assign(new Error(`throttled reading ${slackUrl()}`), {
            name: 'ThrottlingException',
          });
        },
      },
    );
    const result = await deliverLeadEvent({ destination: slack, event }, deps);

    expect(result).toEqual({
      ok: false,
      reason: 'its secret could not be read: ThrottlingException',
    });
    expect(JSON.stringify(deps.logged)).not.toContain(slackUrl());
  });
});
