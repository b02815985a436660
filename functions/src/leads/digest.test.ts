import { IP_RATE_LIMIT, RATE_LIMIT } from '@kryon/shared/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contactBody, sampleBody } from '../../test/events.ts';
import {
  FakeChallenges,
  FakeLeadStore,
  FakeMailer,
  FakeMetrics,
} from '../../test/fake-lead-store.ts';
import { testLeadConfig } from '../../test/lead-config.ts';
import { deliver, overallStatus, owedMessages } from './deliver.ts';
import { DIGEST_PERIOD_MS, digestDueAt, inertVisitorText, salesDigest } from './digest.ts';
import { contactForm } from './forms/contact.ts';
import { demoForm } from './forms/demo.ts';
import { SenderNotVerifiedError, type StoredLead } from './ports.ts';
import { type ResendDeps, resendPending } from './resend-pending.ts';
import { type LeadDeps, submitLead } from './submit-lead.ts';

const START = new Date('2026-11-02T09:10:00.000Z');
const SALES = 'sales@kryon.example';
/** Unverified leads mailed one by one an hour, in these tests. */
const ONE_BY_ONE = 3;

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
    config: testLeadConfig({
      recipients: [SALES],
      maxAttempts: 3,
      hashSecret: 'secret',
      rateLimit: { email: RATE_LIMIT, ip: { ...IP_RATE_LIMIT, max: 10_000 } },
      visitorMail: {
        perRecipient: { max: 1_000, windowMs: 86_400_000 },
        ceiling: { max: 1_000, windowMs: 3_600_000 },
      },
      unverifiedSalesMail: { max: ONE_BY_ONE, windowMs: 3_600_000 },
      minFillMs: 3_000,
    }),
  };
  resendDeps = {
    ...shared,
    config: {
      recipientsFor: () => [SALES],
      siteOrigin: 'https://kryon.example',
      reportLink: { key: 'report-key', days: 7 },
      salesTimeZone: 'UTC',
      visitorFromName: 'Kryon Sales',
      maxAttempts: 3,
      leaseMs: 120_000,
      pageSize: 7,
      concurrency: 3,
      digestMaxLeads: 200,
      digestsPerHour: 3,
    },
  };
});

function later(ms: number) {
  clock = new Date(clock.getTime() + ms);
}

/** An unverified post, as a script sends it: no browser check at all. */
async function postUnverified(i: number, body = contactBody({ email: `bot${i}@example.com` })) {
  const result = await submitLead(
    { definition: contactForm, body, idempotencyKey: `key-${i}` },
    leadDeps,
  );
  expect(result.kind).toBe('accepted');
}

function rows() {
  return [...store.rows.values()];
}

const digests = () => mailer.sent.filter((email) => email.subject.startsWith('Digest:'));
const singles = () => mailer.sent.filter((email) => !email.subject.startsWith('Digest:'));

/** Every lead's submission id in exactly one digest or its own e-mail: none lost. */
function accountedFor() {
  const names = (email: { text: string }) =>
    rows()
      .filter((row) => new RegExp(`^\\s*Submission: ${row.submissionId}$`, 'm').test(email.text))
      .map((row) => row.submissionId);
  const inDigests = digests().flatMap(names);
  const alone = singles().flatMap(names);
  return { inDigests, alone };
}

describe('holding unverified leads past the hourly number', () => {
  it('mails the first few one by one, then stores the rest held, owed to the digest, on the list', async () => {
    for (let i = 0; i < 10; i++) await postUnverified(i);

    expect(mailer.sent).toHaveLength(ONE_BY_ONE);
    const held = rows().filter((row) => row.emails.sales?.status === 'held');
    expect(held).toHaveLength(10 - ONE_BY_ONE);
    for (const row of held) {
      // Still owed as a whole: pending, on the re-send list, due when its hour ends.
      expect(row.emailStatus).toBe('pending');
      expect(row.pending).toBe(true);
      expect(row.leaseToken).toBeUndefined();
      expect(row.leaseUntil).toBe(Date.parse('2026-11-02T10:00:00.000Z'));
      expect(row.browserCheck).toBe('missing');
    }
    expect(metrics.counts['SalesEmailHeld:contact']).toBe(10 - ONE_BY_ONE);
    expect(metrics.counts['LeadAccepted:contact']).toBe(10);
  });

  it('never holds a verified lead, and verified leads do not use up the number', async () => {
    for (let i = 0; i < 10; i++) {
      const result = await submitLead(
        {
          definition: contactForm,
          body: { ...contactBody({ email: `p${i}@example.com` }), altcha: `ok:v${i}` },
          idempotencyKey: `verified-${i}`,
        },
        leadDeps,
      );
      expect(result.kind).toBe('accepted');
    }
    await postUnverified(100);
    expect(rows().some((row) => row.emails.sales?.status === 'held')).toBe(false);
    expect(mailer.sent).toHaveLength(11);
  });

  it('leaves spam alone: never mailed, never counted, never held', async () => {
    for (let i = 0; i < 5; i++) {
      await postUnverified(i, { ...contactBody({ email: `s${i}@example.com` }), website: 'x' });
    }
    expect(rows().every((row) => row.spam && row.emailStatus === 'skipped')).toBe(true);
    expect(rows().every((row) => Object.keys(row.emails).length === 0)).toBe(true);
    await postUnverified(100);
    expect(mailer.sent).toHaveLength(1);
  });

  it('opens the number again after an hour', async () => {
    for (let i = 0; i < ONE_BY_ONE + 1; i++) await postUnverified(i);
    expect(mailer.sent).toHaveLength(ONE_BY_ONE);
    later(DIGEST_PERIOD_MS + 1);
    await postUnverified(50);
    expect(mailer.sent).toHaveLength(ONE_BY_ONE + 1);
  });

  it('keeps a lead listed when its other message is delivered while the sales one is held', async () => {
    const lead: StoredLead = {
      form: 'demo',
      submissionId: 'sub-d',
      idempotencyKey: 'key-d',
      payloadHash: 'h',
      createdAt: clock.toISOString(),
      fields: demoForm.schema.parse(sampleBody('demo')) as Record<string, unknown>,
      emailHash: 'e',
      userAgent: undefined,
      ipHash: undefined,
      spam: false,
      browserCheck: 'missing',
      emailStatus: 'pending',
      emails: {
        sales: { status: 'held', attempts: 0 },
        visitor: { status: 'pending', attempts: 0 },
      },
      leaseToken: 'mine',
      leaseUntil: clock.getTime() + 60_000,
      expiresAt: 0,
    };
    await store.createLead(lead);
    await deliver(
      lead,
      demoForm,
      ['visitor'],
      { leaseToken: 'mine', resend: true, config: leadDeps.config },
      leadDeps,
    );
    const row = store.only();
    expect(row.emails.visitor?.status).toBe('sent');
    expect(row.emails.sales?.status).toBe('held');
    expect(row.emailStatus).toBe('pending');
    expect(row.pending).toBe(true);
  });

  it('keeps a held message out of what is owed one by one, and counts it pending', () => {
    const emails: StoredLead['emails'] = { sales: { status: 'held', attempts: 0 } };
    expect(overallStatus(emails, ['sales'])).toBe('pending');
    expect(owedMessages({ emails } as StoredLead, contactForm)).toEqual([]);
    expect(
      overallStatus({ sales: { status: 'sent', via: 'digest', attempts: 1, messageId: 'm' } }, [
        'sales',
      ]),
    ).toBe('sent');
  });
});

describe('the digest run', () => {
  it('leaves held leads alone until their hour is over, then sends one digest listing each', async () => {
    for (let i = 0; i < 10; i++) await postUnverified(i);
    mailer.sent.length = 0;

    later(5 * 60_000);
    expect(await resendPending(resendDeps)).toMatchObject({ digests: 0, claimed: 0 });
    expect(mailer.sent).toHaveLength(0);

    clock = new Date('2026-11-02T10:02:00.000Z');
    const summary = await resendPending(resendDeps);
    expect(summary).toMatchObject({ digests: 1, digested: 7, digestFailed: 0 });
    expect(mailer.sent).toHaveLength(1);
    const [digest] = mailer.sent;
    expect(digest?.to).toEqual([SALES]);
    expect(digest?.subject).toBe('Digest: 7 unverified leads not e-mailed one by one');
    for (const row of rows().filter((r) => r.emails.sales?.via === 'digest')) {
      expect(digest?.text).toContain(row.submissionId);
      expect(digest?.html).toContain(row.submissionId);
      expect(row.emails.sales).toMatchObject({ status: 'sent', messageId: 'msg-1', attempts: 1 });
      expect(row.emailStatus).toBe('sent');
      expect(row.pending).toBe(false);
    }
    expect(rows().filter((r) => r.emails.sales?.via === 'digest')).toHaveLength(7);
    expect(metrics.counts['SalesDigestSent:contact']).toBe(1);

    // Nothing owed any more: the next run sends nothing.
    expect(await resendPending(resendDeps)).toMatchObject({ digests: 0, examined: 0 });
  });

  it('puts a held lead listed early back on the list until its hour is over', async () => {
    for (let i = 0; i < 5; i++) await postUnverified(i);
    // As a lead whose other message was just sent would be: due at once.
    for (const row of rows()) if (row.emails.sales?.status === 'held') row.leaseUntil = 0;
    mailer.sent.length = 0;
    expect(await resendPending(resendDeps)).toMatchObject({ claimed: 2, digests: 0 });
    expect(mailer.sent).toHaveLength(0);
    for (const row of rows().filter((r) => r.emails.sales?.status === 'held')) {
      expect(row.leaseUntil).toBe(Date.parse('2026-11-02T10:00:00.000Z'));
      expect(row.leaseToken).toBeUndefined();
      expect(row.pending).toBe(true);
    }
  });

  it('sends the digest now when asked, before the hour is over', async () => {
    for (let i = 0; i < 6; i++) await postUnverified(i);
    mailer.sent.length = 0;
    const summary = await resendPending(resendDeps, { digestNow: true });
    expect(summary).toMatchObject({ digests: 1, digested: 6 - ONE_BY_ONE });
    expect(rows().every((row) => row.emails.sales?.status === 'sent')).toBe(true);
  });

  it('splits a large backlog into digests of at most digestMaxLeads, none lost, none twice', async () => {
    resendDeps.config.digestMaxLeads = 4;
    for (let i = 0; i < 13; i++) await postUnverified(i);
    mailer.sent.length = 0;

    clock = new Date('2026-11-02T10:01:00.000Z');
    const summary = await resendPending(resendDeps);
    expect(summary).toMatchObject({ digests: 3, digested: 10 });
    expect(digests().map((email) => email.subject)).toEqual([
      'Digest: 4 unverified leads not e-mailed one by one',
      'Digest: 4 unverified leads not e-mailed one by one',
      'Digest: 2 unverified leads not e-mailed one by one',
    ]);
    const { inDigests } = accountedFor();
    expect(inDigests).toHaveLength(10);
    expect(new Set(inDigests).size).toBe(10);
  });

  it('sends a recipient list at most digestsPerHour digests an hour; the rest wait, held, for the next', async () => {
    resendDeps.config.digestMaxLeads = 4;
    resendDeps.config.digestsPerHour = 2;
    for (let i = 0; i < 13; i++) await postUnverified(i);
    mailer.sent.length = 0;

    clock = new Date('2026-11-02T10:01:00.000Z');
    expect(await resendPending(resendDeps)).toMatchObject({
      digests: 2,
      digested: 8,
      digestDeferred: 2,
    });
    const waiting = rows().filter((row) => row.emails.sales?.status === 'held');
    expect(waiting).toHaveLength(2);
    for (const row of waiting) expect(row.pending).toBe(true);
    // Later in the same hour: nothing more reaches sales.
    clock = new Date('2026-11-02T10:31:00.000Z');
    expect(await resendPending(resendDeps)).toMatchObject({ digests: 0 });

    clock = new Date('2026-11-02T11:02:00.000Z');
    expect(await resendPending(resendDeps)).toMatchObject({ digests: 1, digested: 2 });
    expect(digests()).toHaveLength(3);
    const { inDigests } = accountedFor();
    expect(new Set(inDigests).size).toBe(10);
  });

  it('leaves every lead held and owed when SES refuses the digest, and sends them in the next run', async () => {
    for (let i = 0; i < 8; i++) await postUnverified(i);
    clock = new Date('2026-11-02T10:01:00.000Z');
    mailer.failure = new Error('SES unreachable');
    const failed = await resendPending(resendDeps);
    expect(failed).toMatchObject({ digests: 0, digestFailed: 5 });
    const held = rows().filter((row) => row.emails.sales?.status === 'held');
    expect(held).toHaveLength(5);
    for (const row of held) {
      expect(row.emails.sales).toMatchObject({ attempts: 1, error: 'Error: SES unreachable' });
      expect(row.pending).toBe(true);
    }
    expect(metrics.counts['EmailFailed:contact']).toBe(5);

    mailer.failure = undefined;
    const sentBefore = mailer.sent.length;
    expect(await resendPending(resendDeps)).toMatchObject({ digests: 1, digested: 5 });
    expect(mailer.sent.length - sentBefore).toBe(1);
    expect(rows().every((row) => row.emails.sales?.status === 'sent')).toBe(true);
  });

  it('waits without spending attempts while the sender identity is not verified', async () => {
    for (let i = 0; i < 5; i++) await postUnverified(i);
    clock = new Date('2026-11-02T10:01:00.000Z');
    mailer.failure = new SenderNotVerifiedError({ cause: new Error('not verified') });
    await resendPending(resendDeps);
    for (const row of rows().filter((r) => r.emails.sales?.status === 'held')) {
      expect(row.emails.sales).toMatchObject({
        attempts: 0,
        waitingFor: 'sender-verification',
      });
    }
  });

  it('abandons held leads to a person after the last attempt, as a single e-mail would be', async () => {
    for (let i = 0; i < 4; i++) await postUnverified(i);
    clock = new Date('2026-11-02T10:01:00.000Z');
    mailer.failure = new Error('SES unreachable');
    for (let run = 0; run < 3; run++) {
      await resendPending(resendDeps);
      later(60 * 60_000);
    }
    const last = rows().find((row) => row.emails.sales?.attempts === 3);
    expect(last?.emails.sales?.status).toBe('abandoned');
    expect(last?.emailStatus).toBe('abandoned');
    expect(metrics.counts['EmailAbandoned:contact']).toBe(1);
  });

  it('lists a lead again, rather than lose it, when the run dies between the send and the marks', async () => {
    for (let i = 0; i < 6; i++) await postUnverified(i);
    clock = new Date('2026-11-02T10:01:00.000Z');
    store.failRecordSends = true;
    await resendPending(resendDeps);
    expect(digests()).toHaveLength(1);
    store.failRecordSends = false;

    // The run's leases still run: nobody else sends these leads meanwhile.
    expect(await resendPending(resendDeps)).toMatchObject({ digests: 0 });
    later(120_000);
    expect(await resendPending(resendDeps)).toMatchObject({ digests: 1, digested: 3 });
    const { inDigests } = accountedFor();
    // Each held lead twice (the duplicate this design accepts), none missing.
    expect(inDigests).toHaveLength(6);
    expect(new Set(inDigests).size).toBe(3);
    expect(rows().every((row) => row.emails.sales?.status === 'sent')).toBe(true);
  });

  it('never lets two runs at once list the same lead', async () => {
    for (let i = 0; i < 3 + 40; i++) await postUnverified(i);
    clock = new Date('2026-11-02T10:01:00.000Z');
    const [a, b] = await Promise.all([resendPending(resendDeps), resendPending(resendDeps)]);
    expect(a.digested + b.digested).toBe(40);
    const { inDigests } = accountedFor();
    expect(inDigests).toHaveLength(40);
    expect(new Set(inDigests).size).toBe(40);
  });

  it('does not take a held lead another run holds, even when a digest is asked for now', async () => {
    for (let i = 0; i < 4; i++) await postUnverified(i);
    const row = rows().find((r) => r.emails.sales?.status === 'held') as StoredLead;
    const ref = { form: row.form, idempotencyKey: row.idempotencyKey };
    const now = clock.getTime();
    const claim = { nowMs: now, leaseUntil: now + 120_000, heldOnly: true };
    expect(await store.claimPending(ref, { ...claim, leaseToken: 'run-a' })).toBeDefined();
    expect(await store.claimPending(ref, { ...claim, leaseToken: 'run-b' })).toBeUndefined();
    expect(await resendPending(resendDeps, { digestNow: true })).toMatchObject({ digests: 0 });
  });

  it('sends a digest per recipient list when forms have their own', async () => {
    resendDeps.config.recipientsFor = (form) =>
      form === 'demo' ? ['demos@kryon.example'] : [SALES];
    for (let i = 0; i < 4; i++) await postUnverified(i);
    for (let i = 0; i < 2; i++) {
      await submitLead(
        {
          definition: demoForm,
          body: { ...sampleBody('demo'), workEmail: `d${i}@example.com` },
          idempotencyKey: `demo-${i}`,
        },
        leadDeps,
      );
    }
    mailer.sent.length = 0;
    await resendPending(resendDeps, { digestNow: true });
    expect(mailer.sent.map((email) => email.to).sort()).toEqual([['demos@kryon.example'], [SALES]]);
  });
});

describe('the digest e-mail', () => {
  function heldLead(i: number, fields: Record<string, unknown>): StoredLead {
    return {
      form: 'contact',
      submissionId: `sub-${i}`,
      idempotencyKey: `k-${i}`,
      payloadHash: 'h',
      createdAt: `2026-11-02T09:1${i}:00.000Z`,
      fields,
      emailHash: 'e',
      userAgent: undefined,
      ipHash: undefined,
      spam: false,
      browserCheck: 'missing',
      emailStatus: 'pending',
      emails: { sales: { status: 'held', attempts: 0 } },
      expiresAt: 0,
    };
  }

  it('lists each lead with form, time, who as quoted visitor text, the verdict and its id, oldest first', () => {
    const email = salesDigest({
      entries: [
        {
          lead: heldLead(2, contactBody({ name: 'Grace Hopper', company: '' })),
          definition: contactForm,
          leaseToken: 't',
        },
        {
          lead: {
            ...heldLead(1, contactBody({ company: 'Analytical & Engines' })),
            browserCheck: 'expired',
          },
          definition: contactForm,
          leaseToken: 't',
        },
      ],
      recipients: [SALES],
      timeZone: 'Europe/Berlin',
    });
    expect(email.subject).toBe('Digest: 2 unverified leads not e-mailed one by one');
    expect(email.replyTo).toEqual([]);
    expect(email.stream).toBe('sales');
    expect(email.text).toContain(
      [
        '1. Contact message · Mon 2 Nov 2026, 10:11 CET',
        '   Company (visitor text): “Analytical & Engines”',
        '   Browser check: not verified: the challenge had expired',
        '   Submission: sub-1',
      ].join('\n'),
    );
    expect(email.text).toContain('2. Contact message · Mon 2 Nov 2026, 10:12 CET');
    expect(email.text).toContain('Name (visitor text): “Grace Hopper”');
    expect(email.html).toContain(
      '<span style="font-style:italic">“Analytical &amp; Engines”</span>',
    );
    expect(email.html).not.toContain('Analytical & Engines');
    expect(email.html.indexOf('sub-1')).toBeLessThan(email.html.indexOf('sub-2'));
  });

  it('shows typed links and addresses as inert text, never as a link', () => {
    expect(inertVisitorText('Visit https://evil.example/login now')).toBe(
      'Visit hxxps://evil[.]example/login now',
    );
    expect(inertVisitorText('mail ceo@evil.example')).toBe('mail ceo@evil[.]example');
    expect(inertVisitorText('Acme Inc.')).toBe('Acme Inc.');
    expect(inertVisitorText('a\nb')).toBe('a b');
    const email = salesDigest({
      entries: [
        {
          lead: heldLead(1, contactBody({ company: 'www.evil.example' })),
          definition: contactForm,
          leaseToken: 't',
        },
      ],
      recipients: [SALES],
      timeZone: 'UTC',
    });
    expect(email.html).not.toMatch(/<a\s/);
    expect(email.html).not.toContain('www.evil.example');
    expect(email.text).not.toContain('www.evil.example');
  });

  it('is due at the end of the hour it was held in', () => {
    expect(digestDueAt(Date.parse('2026-11-02T09:59:59.999Z'))).toBe(
      Date.parse('2026-11-02T10:00:00.000Z'),
    );
    expect(digestDueAt(Date.parse('2026-11-02T10:00:00.000Z'))).toBe(
      Date.parse('2026-11-02T11:00:00.000Z'),
    );
  });
});
