import { CHALLENGE_FIELD, IP_RATE_LIMIT, RATE_LIMIT } from '@kryon/shared/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contactBody, sampleBody } from '../../test/events.ts';
import {
  FakeChallenges,
  FakeLeadStore,
  FakeMailer,
  FakeMetrics,
  fakeSolution,
} from '../../test/fake-lead-store.ts';
import { overallStatus, retryDelayMs } from './deliver.ts';
import { SenderNotVerifiedError } from './errors.ts';
import type { FormDefinition } from './form-definition.ts';
import { contactForm } from './forms/contact.ts';
import { demoForm } from './forms/demo.ts';
import { type ResendDeps, resendPending } from './resend-pending.ts';
import { type LeadDeps, submitLead } from './submit-lead.ts';

const START = new Date('2026-11-02T09:00:00.000Z');
const LEASE_MS = 60_000;
let store: FakeLeadStore;
let mailer: FakeMailer;
let metrics: FakeMetrics;
let clock: Date;
let ids: number;
let leadDeps: LeadDeps;
let resendDeps: ResendDeps;

beforeEach(() => {
  store = new FakeLeadStore();
  mailer = new FakeMailer();
  metrics = new FakeMetrics();
  clock = START;
  ids = 0;
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  const shared = { store, mailer, metrics, log, now: () => clock, newId: () => `id-${++ids}` };
  leadDeps = {
    ...shared,
    challenges: new FakeChallenges(),
    config: {
      recipients: ['sales@kryon.example'],
      siteOrigin: 'https://kryon.example',
      reportLink: { key: 'report-key', days: 7 },
      salesTimeZone: 'UTC',
      visitorMailFromName: 'Kryon Sales',
      maxAttempts: 3,
      retentionDays: 730,
      hashSecret: 'secret',
      rateLimit: { email: RATE_LIMIT, ip: { ...IP_RATE_LIMIT, max: 10_000 } },
      visitorMail: {
        perAddress: { max: 1_000, windowMs: 86_400_000 },
        perHour: { max: 1_000, windowMs: 3_600_000 },
      },
      // Most tests here post unverified leads one by one; the digest tests lower this.
      unverifiedSalesMail: { max: 1_000, windowMs: 3_600_000 },
      minFillMs: 3_000,
      sendLeaseMs: LEASE_MS,
      successMessage: 'Thanks',
    },
  };
  resendDeps = {
    ...shared,
    config: {
      recipientsFor: () => ['sales@kryon.example'],
      siteOrigin: 'https://kryon.example',
      reportLink: { key: 'report-key', days: 7 },
      salesTimeZone: 'UTC',
      visitorMailFromName: 'Kryon Sales',
      maxAttempts: 3,
      leaseMs: 120_000,
      pageSize: 7,
      concurrency: 3,
      digestMaxLeads: 200,
      digestsPerHour: 3,
      digestLeadsPerNetwork: 5,
    },
  };
});

function later(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

/** A submission from the site: with a solved browser check, so the visitor is mailed too. */
async function submit(definition: FormDefinition, body: Record<string, unknown>, key: string) {
  const result = await submitLead(
    { definition, body: { ...body, [CHALLENGE_FIELD]: fakeSolution() }, idempotencyKey: key },
    leadDeps,
  );
  expect(result.kind).toBe('accepted');
}

/** Sends per recipient and visitor: proves each message went out exactly once. */
function sendCounts() {
  const counts = new Map<string, number>();
  for (const email of mailer.sent) {
    const key = `${email.to.join(',')}|${email.replyTo.join(',')}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts.values()];
}

describe('resendPending', () => {
  it('sends every lead SES refused, each exactly once, and leaves nothing owed', async () => {
    mailer.failure = new Error('SES unreachable');
    for (let i = 0; i < 30; i++) {
      await submit(contactForm, contactBody({ email: `p${i}@example.com` }), `key-${i}`);
    }
    expect(mailer.sent).toHaveLength(0);
    expect([...store.rows.values()].every((row) => row.emailStatus === 'failed')).toBe(true);

    mailer.failure = undefined;
    const summary = await resendPending(resendDeps);
    expect(summary).toMatchObject({ examined: 30, claimed: 30, skipped: 0, sent: 30, failed: 0 });
    expect(mailer.sent).toHaveLength(30);
    expect(new Set(mailer.sent.map((e) => e.replyTo[0])).size).toBe(30);
    expect([...store.rows.values()].every((row) => row.emailStatus === 'sent')).toBe(true);
    expect(metrics.counts['EmailResent:contact']).toBe(30);

    const again = await resendPending(resendDeps);
    expect(again.examined).toBe(0);
    expect(mailer.sent).toHaveLength(30);
  });

  it('counts the due leads it finds per form, the re-send backlog, and none when nothing is owed', async () => {
    mailer.failure = new Error('SES unreachable');
    for (let i = 0; i < 3; i++) {
      await submit(contactForm, contactBody({ email: `p${i}@example.com` }), `key-c${i}`);
    }
    await submit(demoForm, sampleBody('demo'), 'key-d');
    mailer.failure = undefined;
    expect(metrics.counts['ResendDue:contact']).toBeUndefined();

    await resendPending(resendDeps);
    expect(metrics.counts['ResendDue:contact']).toBe(3);
    expect(metrics.counts['ResendDue:demo']).toBe(1);

    // Everything was sent: the next run finds nothing due and counts nothing.
    await resendPending(resendDeps);
    expect(metrics.counts['ResendDue:contact']).toBe(3);
    expect(metrics.counts['ResendDue:demo']).toBe(1);
  });

  it('sends only the message still owed: a failed visitor confirmation, not sales again', async () => {
    mailer.failure = new Error('throttled');
    mailer.failFor = (email) => !email.to.includes('sales@kryon.example');
    await submit(demoForm, sampleBody('demo'), 'key-demo');
    expect(store.only()).toMatchObject({
      emailStatus: 'failed',
      emails: { sales: { status: 'sent' }, visitor: { status: 'failed', attempts: 1 } },
    });

    mailer.failure = undefined;
    await resendPending(resendDeps);
    expect(mailer.sent.map((e) => e.to)).toEqual([
      ['sales@kryon.example'],
      [String(sampleBody('demo').workEmail)],
    ]);
    expect(store.only()).toMatchObject({
      emailStatus: 'sent',
      emails: { sales: { attempts: 1 }, visitor: { status: 'sent', attempts: 2 } },
      pending: false,
    });
  });

  it('lets two runs at once send each message once', async () => {
    mailer.failure = new Error('down');
    for (let i = 0; i < 20; i++) {
      await submit(contactForm, contactBody({ email: `q${i}@example.com` }), `key-${i}`);
    }
    mailer.failure = undefined;
    const [a, b] = await Promise.all([resendPending(resendDeps), resendPending(resendDeps)]);
    expect(a.claimed + b.claimed).toBe(20);
    expect(mailer.sent).toHaveLength(20);
    expect(sendCounts()).toEqual(Array(20).fill(1));
  });

  it('leaves a lead alone while its submitting function still holds the lease', async () => {
    store.failRecordSends = true; // the function "dies" before it records its send
    mailer.failure = new Error('down');
    await submit(contactForm, contactBody(), 'key-crash');
    store.failRecordSends = false;
    mailer.failure = undefined;

    later(LEASE_MS - 1);
    expect((await resendPending(resendDeps)).examined).toBe(0);
    later(1);
    expect(await resendPending(resendDeps)).toMatchObject({ claimed: 1, sent: 1 });
    expect(store.only().emailStatus).toBe('sent');
  });

  it('waits longer after each failure and gives up after the last attempt', async () => {
    mailer.failure = new Error('MessageRejected: address blocked');
    await submit(contactForm, contactBody(), 'key-1'); // attempt 1
    expect(await resendPending(resendDeps)).toMatchObject({ claimed: 1, failed: 1 }); // attempt 2

    // The third attempt waits retryDelayMs(2) = 60 s.
    later(59_000);
    expect((await resendPending(resendDeps)).examined).toBe(0);
    later(1_000);
    expect(await resendPending(resendDeps)).toMatchObject({ claimed: 1, failed: 1 });

    // maxAttempts (3) reached: abandoned, off the list, counted and logged for a person.
    expect(store.only()).toMatchObject({
      emailStatus: 'abandoned',
      pending: false,
      emails: { sales: { status: 'abandoned', attempts: 3 } },
    });
    expect(metrics.counts['EmailAbandoned:contact']).toBe(1);
    expect(resendDeps.log.error).toHaveBeenCalledWith(
      'sales e-mail abandoned after 3 attempts; a person must follow up',
      expect.objectContaining({ form: 'contact', attempts: 3 }),
    );
    later(24 * 3_600_000);
    expect((await resendPending(resendDeps)).examined).toBe(0);
  });

  it('keeps a lead through days of an unverified sender, then sales hear of it', async () => {
    mailer.failure = new SenderNotVerifiedError({
      cause: new Error('Email address is not verified.'),
    });
    await submit(contactForm, contactBody(), 'key-waits');
    later(LEASE_MS);

    // Three days of re-send runs every 5 minutes, far past maxAttempts (3) of real failures.
    for (let run = 0; run < 3 * 24 * 12; run++) {
      expect(await resendPending(resendDeps)).toMatchObject({ claimed: 1, failed: 1 });
      later(5 * 60_000);
    }
    expect(store.only()).toMatchObject({
      emailStatus: 'pending',
      pending: true,
      emails: { sales: { status: 'pending', attempts: 0, waitingFor: 'sender-verification' } },
    });
    expect(metrics.counts['EmailAbandoned:contact']).toBeUndefined();
    expect(metrics.counts['EmailFailed:contact']).toBeUndefined();

    // The domain verifies: the next run sends the notification.
    mailer.failure = undefined;
    expect(await resendPending(resendDeps)).toMatchObject({ claimed: 1, sent: 1 });
    expect(mailer.sent.map((email) => email.to)).toEqual([['sales@kryon.example']]);
    expect(store.only()).toMatchObject({
      emailStatus: 'sent',
      pending: false,
      emails: { sales: { status: 'sent', attempts: 1 } },
    });
  });

  it('stops at the limit, and when asked to stop before a page', async () => {
    mailer.failure = new Error('down');
    for (let i = 0; i < 10; i++) {
      await submit(contactForm, contactBody({ email: `r${i}@example.com` }), `key-${i}`);
    }
    mailer.failure = undefined;
    expect(await resendPending(resendDeps, { limit: 4 })).toMatchObject({ claimed: 4 });
    expect(await resendPending(resendDeps, { shouldContinue: () => false })).toMatchObject({
      examined: 0,
    });
    // Page size 7: the remaining 6 in one page.
    expect(await resendPending(resendDeps)).toMatchObject({ claimed: 6 });
    expect(mailer.sent).toHaveLength(10);
  });

  it('skips a lead whose item cannot be read: logs its key and issue, counts it, leaves it as stored and sends the others', async () => {
    mailer.failure = new Error('down');
    await submit(contactForm, contactBody({ email: 'broken@example.com' }), 'key-a-broken');
    await submit(contactForm, contactBody({ email: 'fine@example.com' }), 'key-b-fine');
    mailer.failure = undefined;
    const broken = store.rows.get('contact#key-a-broken');
    if (broken) broken.unreadable = 'emailStatus: invalid_value';
    const stored = structuredClone(broken);

    const summary = await resendPending(resendDeps);

    expect(summary).toMatchObject({ examined: 2, claimed: 1, skipped: 1, sent: 1, failed: 0 });
    expect(mailer.sent.map((email) => email.replyTo)).toEqual([['fine@example.com']]);
    expect(store.rows.get('contact#key-b-fine')?.emailStatus).toBe('sent');
    expect(resendDeps.log.error).toHaveBeenCalledWith(
      'a lead on the re-send list cannot be read; skipped, left for a person',
      { key: { pk: 'LEAD#contact#key-a-broken', sk: 'LEAD' }, issue: 'emailStatus: invalid_value' },
    );
    expect(JSON.stringify(vi.mocked(resendDeps.log.error).mock.calls)).not.toContain('broken@');
    expect(metrics.counts['UnreadableLead:contact']).toBe(1);
    // Only the claim's lease is written on it; it is met again once that lapses.
    expect(store.rows.get('contact#key-a-broken')).toEqual({
      ...stored,
      leaseToken: expect.any(String),
      leaseUntil: START.getTime() + resendDeps.config.leaseMs,
    });
  });

  it('never sends a spam lead', async () => {
    await submit(contactForm, contactBody({ website: 'http://bot.example' }), 'key-bot');
    expect((await resendPending(resendDeps)).examined).toBe(0);
    expect(mailer.sent).toHaveLength(0);
  });
});

describe('retryDelayMs', () => {
  it('retries at once after the first failure, then doubles from a minute up to six hours', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([0, 60_000, 120_000, 240_000]);
    expect(retryDelayMs(30)).toBe(6 * 3_600_000);
  });
});

describe('overallStatus', () => {
  it('is sent only when every message is, and failed while any failure is owed', () => {
    const both = ['sales', 'visitor'] as const;
    expect(overallStatus({ sales: { status: 'sent', attempts: 1 } }, both)).toBe('pending');
    expect(
      overallStatus(
        { sales: { status: 'sent', attempts: 1 }, visitor: { status: 'sent', attempts: 2 } },
        both,
      ),
    ).toBe('sent');
    expect(
      overallStatus(
        { sales: { status: 'abandoned', attempts: 9 }, visitor: { status: 'failed', attempts: 1 } },
        both,
      ),
    ).toBe('failed');
    expect(
      overallStatus(
        { sales: { status: 'abandoned', attempts: 9 }, visitor: { status: 'sent', attempts: 1 } },
        both,
      ),
    ).toBe('abandoned');
  });
});
