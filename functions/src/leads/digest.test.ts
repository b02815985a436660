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
import {
  allocateDigest,
  backlogDueAt,
  DIGEST_LEADS_PER_NETWORK,
  DIGEST_PERIOD_MS,
  type DigestEntry,
  digestDueAt,
  inertVisitorText,
  salesDigest,
} from './digest.ts';
import { SenderNotVerifiedError, SendingPausedError } from './errors.ts';
import { contactForm } from './forms/contact.ts';
import { demoForm } from './forms/demo.ts';
import type { StoredLead } from './lead.ts';
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
        perAddress: { max: 1_000, windowMs: 86_400_000 },
        perHour: { max: 1_000, windowMs: 3_600_000 },
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

  it('counts each held lead as paused sending when SES pauses the account', async () => {
    for (let i = 0; i < 8; i++) await postUnverified(i);
    clock = new Date('2026-11-02T10:01:00.000Z');
    mailer.failure = new SendingPausedError({ cause: new Error('SendingPausedException') });
    expect(await resendPending(resendDeps)).toMatchObject({ digests: 0, digestFailed: 5 });
    // An outage like any other, and counted apart so its alarm says what it is (decision 081).
    expect(metrics.counts['EmailFailed:contact']).toBe(5);
    expect(metrics.counts['EmailSendingPaused:contact']).toBe(5);
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

/** An unverified post from one client address, at the clock's time. */
async function postFrom(sourceIp: string, key: string, company: string) {
  const result = await submitLead(
    {
      definition: contactForm,
      body: contactBody({ email: `${key}@example.com`, company }),
      idempotencyKey: key,
      sourceIp,
    },
    leadDeps,
  );
  expect(result.kind).toBe('accepted');
}

/** The submission ids a digest lists, in its order. */
function listedIn(email: { text: string } | undefined): string[] {
  return [...(email?.text ?? '').matchAll(/^ {3}Submission: (.+)$/gm)].map((m) => m[1] ?? '');
}

const idsOf = (company: string) =>
  rows()
    .filter((row) => row.fields.company === company)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((row) => row.submissionId);

describe('a fair digest', () => {
  it('lists 5 real unverified leads, oldest first, in the next digest after 3,000 junk posts from one network', async () => {
    // The hour's leads e-mailed one by one are gone before the real ones come (a normal
    // morning, or the attacker's first posts): every real lead below is held.
    for (let i = 0; i < ONE_BY_ONE; i++) await postFrom(`192.0.2.${i + 1}`, `early-${i}`, 'Early');
    const real = [
      '203.0.113.7',
      '2001:db8:1:2::7',
      '198.51.100.20',
      '203.0.113.8',
      '2001:db8:9::1',
    ];
    for (const [i, ip] of real.entries()) {
      clock = new Date(Date.parse('2026-11-02T09:11:00.000Z') + i * 60_000);
      await postFrom(ip, `real-${i}`, 'Real');
    }
    // Then a script from one IPv6 /64, a new address of it for every post, 0.5 s apart; a
    // real visitor from another network posts in the middle of it.
    for (let i = 0; i < 3_000; i++) {
      clock = new Date(Date.parse('2026-11-02T09:20:00.000Z') + i * 500);
      await postFrom(`2001:db8:bad:1:${(i + 1).toString(16)}::1`, `junk-${i}`, 'Junk');
      if (i === 1_200) await postFrom('198.51.100.77', 'during', 'During');
    }
    const junk = rows().filter((row) => row.fields.company === 'Junk');
    expect(junk.every((row) => row.emails.sales?.status === 'held')).toBe(true);
    expect(new Set(junk.map((row) => row.networkHash)).size).toBe(1);
    expect(new Set(junk.map((row) => row.ipHash)).size).toBe(3_000);
    mailer.sent.length = 0;

    clock = new Date('2026-11-02T10:02:00.000Z');
    const summary = await resendPending(resendDeps);

    expect(summary).toMatchObject({
      digests: 1,
      digested: 5 + DIGEST_LEADS_PER_NETWORK + 1,
      digestCounted: 3_000 - DIGEST_LEADS_PER_NETWORK,
      digestDeferred: 0,
    });
    expect(digests()).toHaveLength(1);
    const [digest] = digests();
    const realIds = idsOf('Real');
    expect(listedIn(digest)).toEqual([
      ...realIds,
      ...idsOf('Junk').slice(0, 5),
      ...idsOf('During'),
    ]);
    expect(digest?.subject).toBe(
      'Digest: 11 unverified leads not e-mailed one by one, 2995 more counted',
    );
    const label = `network ${junk[0]?.networkHash?.slice(0, 8)}`;
    expect(digest?.text).toContain(`And 2995 more from one client network (${label}), received`);
    expect(digest?.text).toContain(`in the export as counted-in-digest (${label})`);
    expect(digest?.html).toContain(`And 2995 more from one client network (${label})`);
    // Every lead accounted for: listed, or counted in the digest whose id it carries.
    for (const row of rows().filter((r) => r.emails.sales?.status !== 'pending')) {
      if (row.fields.company === 'Early') continue;
      expect(row.emails.sales).toMatchObject({ status: 'sent', messageId: 'msg-1' });
      expect(row.pending).toBe(false);
    }
    expect(rows().filter((r) => r.emails.sales?.via === 'digest-count')).toHaveLength(2_995);
    // Nothing is left for the next hours: the junk does not queue ahead of tomorrow's leads.
    clock = new Date('2026-11-02T11:02:00.000Z');
    expect(await resendPending(resendDeps)).toMatchObject({ examined: 0, digests: 0 });
  });

  it("lists the leftovers of an hour before the next hour's leads, with their own times", async () => {
    resendDeps.config.digestMaxLeads = 4;
    resendDeps.config.digestsPerHour = 1;
    for (let i = 0; i < ONE_BY_ONE; i++) await postFrom(`192.0.2.${i + 1}`, `early-${i}`, 'Early');
    for (let i = 0; i < 6; i++) {
      clock = new Date(Date.parse('2026-11-02T09:20:00.000Z') + i * 60_000);
      await postFrom(`198.51.100.${i + 1}`, `nine-${i}`, 'Nine');
    }
    clock = new Date('2026-11-02T10:01:00.000Z');
    expect(await resendPending(resendDeps)).toMatchObject({ digested: 4, digestDeferred: 2 });
    const leftovers = idsOf('Nine').slice(4);
    for (const row of rows().filter((r) => leftovers.includes(r.submissionId))) {
      // Due a millisecond before the next hour's own leads, so the list gives them first.
      expect(row.leaseUntil).toBe(Date.parse('2026-11-02T10:59:59.999Z'));
      expect(row.createdAt.startsWith('2026-11-02T09:2')).toBe(true);
    }
    for (let i = 0; i < 4; i++) {
      clock = new Date(Date.parse('2026-11-02T10:05:00.000Z') + i * 60_000);
      await postFrom(`198.51.100.${i + 101}`, `ten-${i}`, 'Ten');
    }

    clock = new Date('2026-11-02T11:01:00.000Z');
    // A run that reads only two leads of the list reaches the leftovers first.
    expect(await resendPending(resendDeps, { limit: 2 })).toMatchObject({ examined: 2 });
    expect(listedIn(digests().at(-1))).toEqual(leftovers);
    expect(digests().at(-1)?.text).toContain('Mon 2 Nov 2026, 09:24 UTC');

    clock = new Date('2026-11-02T12:01:00.000Z');
    await resendPending(resendDeps);
    expect(listedIn(digests().at(-1))).toEqual(idsOf('Ten'));
  });

  it('drains a flood from many networks oldest first: real leads before it first, none lost', async () => {
    resendDeps.config.digestMaxLeads = 20;
    for (let i = 0; i < ONE_BY_ONE; i++) await postFrom(`192.0.2.${i + 1}`, `early-${i}`, 'Early');
    for (let i = 0; i < 5; i++) {
      clock = new Date(Date.parse('2026-11-02T09:11:00.000Z') + i * 60_000);
      await postFrom(`203.0.113.${i + 1}`, `real-${i}`, 'Real');
    }
    // 300 posts from 300 addresses: a cap per network does not apply to them.
    for (let i = 0; i < 300; i++) {
      clock = new Date(Date.parse('2026-11-02T09:20:00.000Z') + i * 1_000);
      await postFrom(`10.${Math.floor(i / 250)}.${i % 250}.1`, `junk-${i}`, 'Junk');
    }
    const held = rows().filter((row) => row.emails.sales?.status === 'held');
    for (let hour = 10; digests().length < 20 && hour < 20; hour++) {
      clock = new Date(`2026-11-02T${hour}:01:00.000Z`);
      await resendPending(resendDeps);
    }
    // Three digests an hour of 20 each, as before; the real leads head the first one.
    expect(listedIn(digests()[0]).slice(0, 5)).toEqual(idsOf('Real'));
    const listed = digests().flatMap(listedIn);
    const oldestFirst = [...held]
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
      .map((row) => row.submissionId);
    expect(listed).toEqual(oldestFirst);
    expect(rows().every((row) => row.emails.sales?.status === 'sent')).toBe(true);
  });

  it('counts a network past its first leads of each clock hour, on one line, never losing one', async () => {
    for (let i = 0; i < ONE_BY_ONE; i++) await postFrom(`192.0.2.${i + 1}`, `early-${i}`, 'Early');
    for (const [hour, start, posts] of [
      [9, '2026-11-02T09:30:00.000Z', 8],
      [10, '2026-11-02T10:30:00.000Z', ONE_BY_ONE + 7],
    ] as const) {
      for (let i = 0; i < posts; i++) {
        clock = new Date(Date.parse(start) + i * 60_000);
        await postFrom('198.51.100.99', `net-${hour}-${i}`, `Hour ${hour}`);
      }
    }
    mailer.sent.length = 0;
    // The one-by-one number opened again after an hour: the first of hour 10 went alone.
    const hour10Held = idsOf('Hour 10').slice(ONE_BY_ONE);
    const summary = await resendPending(resendDeps, { digestNow: true });

    expect(listedIn(digests()[0])).toEqual([
      ...idsOf('Hour 9').slice(0, 5),
      ...hour10Held.slice(0, 5),
    ]);
    expect(summary).toMatchObject({ digests: 1, digested: 10, digestCounted: 3 + 2 });
    expect(digests()[0]?.text).toMatch(
      /^And 5 more from one client network \(network [0-9a-f]{8}\), received Mon 2 Nov 2026, 09:35 UTC to Mon 2 Nov 2026, 10:39 UTC$/m,
    );
    expect(rows().every((row) => row.emails.sales?.status === 'sent')).toBe(true);
  });

  it('leaves counted leads held with the listed ones when SES refuses the digest', async () => {
    for (let i = 0; i < ONE_BY_ONE; i++) await postFrom(`192.0.2.${i + 1}`, `early-${i}`, 'Early');
    for (let i = 0; i < 9; i++) await postFrom('198.51.100.99', `net-${i}`, 'Net');
    clock = new Date('2026-11-02T10:01:00.000Z');
    mailer.failure = new Error('SES unreachable');
    expect(await resendPending(resendDeps)).toMatchObject({ digests: 0, digestFailed: 9 });
    const net = rows().filter((row) => row.fields.company === 'Net');
    expect(net.every((row) => row.emails.sales?.status === 'held' && row.pending)).toBe(true);

    mailer.failure = undefined;
    expect(await resendPending(resendDeps)).toMatchObject({
      digests: 1,
      digested: 5,
      digestCounted: 4,
    });
  });

  it('puts a network whose digest found no slot back whole, counted ones included', async () => {
    resendDeps.config.digestsPerHour = 1;
    for (let i = 0; i < ONE_BY_ONE; i++) await postFrom(`192.0.2.${i + 1}`, `early-${i}`, 'Early');
    for (let i = 0; i < 9; i++) await postFrom('198.51.100.99', `net-${i}`, 'Net');
    clock = new Date('2026-11-02T10:01:00.000Z');
    await resendPending(resendDeps, {}); // takes the hour's one digest
    for (let i = 0; i < 9; i++) await postFrom('198.51.100.98', `late-${i}`, 'Late');
    for (const row of rows()) if (row.fields.company === 'Late') row.leaseUntil = 0;
    // Held in this hour, due at its end: this run puts them back without a digest.
    await resendPending(resendDeps);
    clock = new Date('2026-11-02T11:01:00.000Z');
    expect(await resendPending(resendDeps)).toMatchObject({ digestCounted: 4, digested: 5 });
  });
});

describe('allocating a digest', () => {
  const entry = (i: number, lead: Partial<StoredLead>): DigestEntry => ({
    lead: {
      submissionId: `s-${i}`,
      createdAt: `2026-11-02T09:${String(10 + i).padStart(2, '0')}:00.000Z`,
      ...lead,
    } as StoredLead,
    definition: contactForm,
    leaseToken: 't',
  });

  it('groups a lead stored before networks were kept by its address hash, and never caps one without', () => {
    const old = [0, 1, 2].map((i) => entry(i, { ipHash: 'aaa', networkHash: undefined }));
    const none = [3, 4, 5].map((i) => entry(i, { ipHash: undefined }));
    const { listed, counted } = allocateDigest([...none, ...old], 2);
    expect(listed.map((e) => e.lead.submissionId)).toEqual(['s-0', 's-1', 's-3', 's-4', 's-5']);
    expect(counted.map((e) => e.lead.submissionId)).toEqual(['s-2']);
  });

  it('keeps a backlog due before the next hour, a millisecond earlier for each hour it is late', () => {
    const now = Date.parse('2026-11-02T12:01:00.000Z');
    expect(backlogDueAt(Date.parse('2026-11-02T11:30:00.000Z'), now)).toBe(
      Date.parse('2026-11-02T12:59:59.999Z'),
    );
    expect(backlogDueAt(Date.parse('2026-11-02T09:30:00.000Z'), now)).toBe(
      Date.parse('2026-11-02T12:59:59.997Z'),
    );
    expect(backlogDueAt(Date.parse('2026-11-02T12:00:30.000Z'), now)).toBe(
      Date.parse('2026-11-02T13:00:00.000Z'),
    );
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
