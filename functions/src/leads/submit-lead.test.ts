import {
  CHALLENGE_FIELD,
  FORM_STARTED_FIELD,
  IP_RATE_LIMIT,
  RATE_LIMIT,
} from '@kryon/shared/constants';
import { normaliseEmail } from '@kryon/shared/email';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contactBody, sampleBody } from '../../test/events.ts';
import {
  FakeChallenges,
  FakeEventBus,
  FakeLeadStore,
  FakeMailer,
  FakeMetrics,
  fakeSolution,
} from '../../test/fake-lead-store.ts';
import { testLeadConfig } from '../../test/lead-config.ts';
import { DependencyError, PermanentSendError, SenderNotVerifiedError } from './errors.ts';
import { contactForm } from './forms/contact.ts';
import { downloadForm } from './forms/download.ts';
import { emailHash, keyedHash } from './hash.ts';
import { leadEvent } from './lead-events.ts';
import { PUBLISH_RETRY_MS, publishOwedEvents } from './publish-events.ts';
import { rateLimitKeys } from './rate-limit.ts';
import { verifyReportLink } from './report-link.ts';
import { type LeadDeps, type SubmitLeadRequest, submitLead } from './submit-lead.ts';

/** The address budget these tests' posts spend: unverified (no browser check), one client. */
function addressKey(email: string, sourceIp = '203.0.113.7'): string {
  const keys = rateLimitKeys(emailHash('ip-secret', email), sourceIp, 'ip-secret', 'unverified');
  if (!keys.email) throw new Error('an unverified post has an address budget');
  return keys.email;
}

const START = new Date('2025-03-04T10:00:00.000Z');
let store: FakeLeadStore;
let mailer: FakeMailer;
let metrics: FakeMetrics;
let clock: Date;
let ids: number;
let deps: LeadDeps;

beforeEach(() => {
  store = new FakeLeadStore();
  mailer = new FakeMailer();
  metrics = new FakeMetrics();
  clock = START;
  ids = 0;
  deps = {
    store,
    mailer,
    metrics,
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    now: () => clock,
    newId: () => `id-${++ids}`,
    challenges: new FakeChallenges(),
    config: testLeadConfig({ minFillMs: 3_000 }),
  };
});

function submit(body: unknown, idempotencyKey: string, extra: Partial<SubmitLeadRequest> = {}) {
  return submitLead(
    {
      definition: contactForm,
      body,
      idempotencyKey,
      userAgent: 'Mozilla/5.0',
      sourceIp: '203.0.113.7',
      ...extra,
    },
    deps,
  );
}

describe('submitLead', () => {
  it('stores the cleaned lead, mails sales and records the send', async () => {
    const result = await submit(
      contactBody({ name: '  Ada   Lovelace ', email: ' Ada+news@Example.com ' }),
      'key-00000001',
    );

    expect(result).toEqual({
      kind: 'accepted',
      submissionId: 'id-1',
      timestamp: START.toISOString(),
      replayed: false,
    });
    const lead = store.only();
    expect(lead).toMatchObject({
      form: 'contact',
      submissionId: 'id-1',
      idempotencyKey: 'key-00000001',
      createdAt: START.toISOString(),
      fields: { name: 'Ada Lovelace', email: 'ada+news@example.com', subject: 'demo' },
      emailHash: emailHash('ip-secret', 'ada@example.com'),
      ipHash: keyedHash('ip-secret', '203.0.113.7'),
      // Its client network, as the budgets count it: an IPv4 address is its own network.
      networkHash: keyedHash('ip-secret', '203.0.113.7'),
      userAgent: 'Mozilla/5.0',
      spam: false,
      emailStatus: 'sent',
      emails: { sales: { status: 'sent', attempts: 1, messageId: 'msg-1' } },
      pending: false,
      expiresAt: START.getTime() / 1000 + 730 * 86_400,
    });
    // The raw client IP is personal data and is never stored.
    expect(JSON.stringify(lead)).not.toContain('203.0.113.7');
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: ['sales@kryon.example'],
      replyTo: ['ada+news@example.com'],
      subject: 'Contact · Request Demo · from “Analytical Engines”',
    });
  });

  it('stores where the visit came from beside the fields and tells sales in one line', async () => {
    const attribution = {
      landingPath: '/security-intelligence/identity-risks/long-lived-access-keys',
      utmSource: 'newsletter',
      utmCampaign: 'q4',
      formPath: '/contact',
    };
    await submit(contactBody({ attribution }), 'key-00000001');

    const lead = store.only();
    expect(lead.attribution).toEqual(attribution);
    expect(lead.fields).not.toHaveProperty('attribution');
    expect(mailer.sent[0]?.text).toContain(
      'Source: “newsletter / - / q4, landed on /security-intelligence/identity-risks/long-lived-access-keys, sent from /contact”',
    );
  });

  it('keeps a lead whose attribution is broken, with only its valid parts', async () => {
    const result = await submit(
      contactBody({
        attribution: {
          landingPath: 'no-slash',
          referrerOrigin: 'https://news.example/article?id=7',
          utmSource: 'x'.repeat(101),
          utmCampaign: 'q4\u0000',
          formPath: '/contact',
        },
      }),
      'key-00000001',
    );
    expect(result.kind).toBe('accepted');
    expect(store.only().attribution).toEqual({ utmCampaign: 'q4', formPath: '/contact' });

    expect((await submit(contactBody({ attribution: 'newsletter' }), 'key-00000002')).kind).toBe(
      'accepted',
    );
    expect(store.rows.get('contact#key-00000002')?.attribution).toBeUndefined();
  });

  it('takes a lead without attribution, as a bare API client sends it', async () => {
    expect((await submit(contactBody(), 'key-00000001')).kind).toBe('accepted');
    expect(store.only()).not.toHaveProperty('attribution', expect.anything());
    expect(mailer.sent[0]?.text).not.toContain('Source:');
  });

  it('answers invalid input with field details, and stores, counts and mails nothing', async () => {
    const result = await submit(
      contactBody({ name: 'A', email: 'not-an-email', subject: 'other', message: 'short' }),
      'key-00000001',
    );
    expect(result).toEqual({
      kind: 'invalid',
      details: {
        name: ['Please enter your full name (minimum 2 characters)'],
        email: ['Please enter a valid work email address'],
        subject: ['Please choose a subject'],
        message: ['Message must be at least 10 characters long'],
      },
    });
    expect(store.rows.size).toBe(0);
    expect(store.rateLimitCalls).toBe(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it('accepts 3 submissions per e-mail in 60 s, refuses the 4th, and accepts again later', async () => {
    const kinds = [];
    for (let i = 1; i <= 4; i++) {
      kinds.push((await submit(contactBody(), `key-0000000${i}`)).kind);
    }
    expect(kinds).toEqual(['accepted', 'accepted', 'accepted', 'rate-limited']);
    expect(store.rows.size).toBe(3);
    expect(mailer.sent).toHaveLength(3);

    clock = new Date(START.getTime() + 59_999);
    expect((await submit(contactBody(), 'key-00000005')).kind).toBe('rate-limited');
    clock = new Date(START.getTime() + 60_000);
    expect((await submit(contactBody(), 'key-00000006')).kind).toBe('accepted');
  });

  it('shares one budget between case and +tag variants of an address', async () => {
    const emails = ['ada@example.com', 'ADA@example.com', 'ada+1@example.com', 'Ada+2@Example.com'];
    const kinds = [];
    for (const [i, email] of emails.entries()) {
      kinds.push((await submit(contactBody({ email }), `key-0000000${i}`)).kind);
    }
    expect(kinds).toEqual(['accepted', 'accepted', 'accepted', 'rate-limited']);
    expect(new Set([...store.windows.keys()].filter((k) => k.startsWith('email#')))).toEqual(
      new Set([addressKey(normaliseEmail('ada@example.com'))]),
    );
  });

  it('spends no address budget on spam, so spam naming an address cannot lock it out', async () => {
    for (let i = 0; i < RATE_LIMIT.max + 2; i++) {
      const spam = await submit(contactBody({ website: 'https://spam.example' }), `key-spam-${i}`);
      expect(spam.kind).toBe('accepted');
    }
    expect([...store.windows.keys()].filter((k) => k.startsWith('email#'))).toEqual([]);

    expect((await submit(contactBody(), 'key-real-001')).kind).toBe('accepted');
  });

  it('counts verified posts apart from unverified ones naming the same address', async () => {
    for (let i = 0; i < RATE_LIMIT.max; i++) await submit(contactBody(), `key-unverified-${i}`);
    expect((await submit(contactBody(), 'key-unverified-x')).kind).toBe('rate-limited');

    const verified = await submit(
      { ...contactBody(), [CHALLENGE_FIELD]: fakeSolution() },
      'key-verified-1',
    );

    expect(verified.kind).toBe('accepted');
  });

  it('keeps the budgets of one address apart per client network', async () => {
    for (let i = 0; i < RATE_LIMIT.max; i++) await submit(contactBody(), `key-stranger-${i}`);

    const own = await submit(contactBody(), 'key-own-0001', { sourceIp: '198.51.100.7' });

    expect(own.kind).toBe('accepted');
  });

  it('keeps budgets of different addresses apart', async () => {
    for (let i = 0; i < 3; i++) await submit(contactBody(), `key-a000000${i}`);
    const other = await submit(contactBody({ email: 'grace@example.com' }), 'key-b0000001');
    expect(other.kind).toBe('accepted');
  });

  it('replays the first answer for a repeated key without storing, counting or mailing again', async () => {
    const first = await submit(contactBody(), 'key-00000001');
    clock = new Date(START.getTime() + 5_000);
    const again = await submit(contactBody(), 'key-00000001');

    expect(first.kind).toBe('accepted');
    expect(again).toEqual({ ...first, replayed: true });
    expect(store.rows.size).toBe(1);
    // The retry's hit is given back: retries do not spend the visitor's allowance.
    expect(store.windows.get(addressKey('ada@example.com'))?.hits).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('replays even when the e-mail has used its budget since', async () => {
    const first = await submit(contactBody(), 'key-00000001');
    await submit(contactBody(), 'key-00000002');
    await submit(contactBody(), 'key-00000003');
    expect((await submit(contactBody(), 'key-00000004')).kind).toBe('rate-limited');
    expect(await submit(contactBody(), 'key-00000001')).toEqual({ ...first, replayed: true });
  });

  it('treats a body that cleans to the same data as the same submission', async () => {
    const first = await submit(contactBody(), 'key-00000001');
    const again = await submit(
      contactBody({ name: ' Ada  Lovelace ', email: 'ADA@example.com' }),
      'key-00000001',
    );
    expect(again).toEqual({ ...first, replayed: true });
  });

  it('refuses a repeated key with different details as a conflict', async () => {
    await submit(contactBody(), 'key-00000001');
    const result = await submit(
      contactBody({ message: 'A different message entirely.' }),
      'key-00000001',
    );
    expect(result).toEqual({ kind: 'conflict' });
    expect(store.rows.size).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('answers as the winner when a concurrent request stored the same key first', async () => {
    store.beforeCreate = (lead) => {
      store.beforeCreate = undefined;
      store.rows.set(`${lead.form}#${lead.idempotencyKey}`, {
        ...lead,
        submissionId: 'winner',
        createdAt: '2025-03-04T09:59:59.000Z',
        pending: false,
        owed: new Map(),
      });
    };
    const result = await submit(contactBody(), 'key-00000001');
    expect(result).toEqual({
      kind: 'accepted',
      submissionId: 'winner',
      timestamp: '2025-03-04T09:59:59.000Z',
      replayed: true,
    });
    expect(mailer.sent).toHaveLength(0);
  });

  it('fails loudly if the conditional put conflicted but no lead can be found', async () => {
    store.createLead = async () => false;
    await expect(submit(contactBody(), 'key-00000001')).rejects.toThrow(/vanished/);
  });

  it('keeps the lead and marks it failed when SES refuses the e-mail', async () => {
    mailer.failure = Object.assign(new Error('Email address is not verified.'), {
      name: 'MessageRejected',
    });
    const result = await submit(contactBody(), 'key-00000001');

    expect(result.kind).toBe('accepted');
    expect(store.only()).toMatchObject({
      emailStatus: 'failed',
      emails: {
        sales: {
          status: 'failed',
          attempts: 1,
          error: 'MessageRejected: Email address is not verified.',
        },
      },
      pending: true,
      leaseToken: undefined,
      // Tried again at once by the next re-send run: only later failures wait longer.
      leaseUntil: START.getTime(),
    });
    expect(metrics.counts).toMatchObject({ 'EmailFailed:contact': 1, 'LeadAccepted:contact': 1 });
    expect(deps.log.error).toHaveBeenCalledWith(
      'sales e-mail failed; lead kept for re-sending',
      expect.objectContaining({ submissionId: 'id-1' }),
    );
  });

  it('still accepts when neither the e-mail nor the failure record goes through', async () => {
    mailer.failure = new Error('timeout');
    store.failRecordSends = true;
    const result = await submit(contactBody(), 'key-00000001');
    expect(result.kind).toBe('accepted');
    // Still owed and still leased to the submitting function: the re-send takes it up once
    // the lease lapses.
    expect(store.only()).toMatchObject({
      emailStatus: 'pending',
      pending: true,
      leaseToken: 'id-1',
      leaseUntil: START.getTime() + 60_000,
    });
    expect(deps.log.error).toHaveBeenCalledTimes(2);
  });

  it('lets a database failure propagate for the handler to answer 503', async () => {
    store.takeRateLimit = async () => {
      throw new DependencyError('database', { cause: new Error('ECONNREFUSED') });
    };
    await expect(submit(contactBody(), 'key-00000001')).rejects.toBeInstanceOf(DependencyError);
    expect(mailer.sent).toHaveLength(0);
  });

  it('stores a honeypot submission as spam, answers as usual and mails nobody', async () => {
    const result = await submit(contactBody({ website: 'http://spam.example' }), 'key-00000001');
    expect(result).toMatchObject({ kind: 'accepted', replayed: false });
    expect(store.only()).toMatchObject({ spam: true, emailStatus: 'skipped' });
    expect(mailer.sent).toHaveLength(0);
  });

  it.each([
    ['empty', ''],
    ['null', null],
  ])('does not treat an %s honeypot as spam', async (_label, website) => {
    await submit(contactBody({ website }), 'key-00000001');
    expect(store.only().spam).toBe(false);
    expect(mailer.sent).toHaveLength(1);
  });

  it('caps the stored user agent and stores no IP hash without an IP', async () => {
    await submit(contactBody(), 'key-00000001', {
      userAgent: 'x'.repeat(2000),
      sourceIp: undefined,
    });
    const lead = store.only();
    expect(lead.userAgent).toHaveLength(512);
    expect(lead.ipHash).toBeUndefined();
    expect(lead.networkHash).toBeUndefined();
  });

  it('gives one client 20 submissions a minute over any addresses, then the same 429', async () => {
    const kinds = [];
    for (let i = 0; i < IP_RATE_LIMIT.max + 1; i++) {
      const body = contactBody({ email: `person${i}@example.com` });
      kinds.push((await submit(body, `key-ip-${i}`)).kind);
    }
    expect(kinds.slice(0, IP_RATE_LIMIT.max).every((k) => k === 'accepted')).toBe(true);
    expect(kinds.at(-1)).toBe('rate-limited');
    // The refused request does not spend its address's own allowance.
    const refused = store.windows.get(addressKey(`person${IP_RATE_LIMIT.max}@example.com`));
    expect(refused?.hits).toBe(0);
    // Another client is not affected.
    const other = await submit(contactBody({ email: 'x@example.com' }), 'key-other', {
      sourceIp: '198.51.100.1',
    });
    expect(other.kind).toBe('accepted');
  });

  it('counts an IPv6 client per /64', async () => {
    for (let i = 0; i < IP_RATE_LIMIT.max; i++) {
      await submit(contactBody({ email: `p${i}@example.com` }), `key-v6-${i}`, {
        sourceIp: `2001:db8:1:2::${(i + 1).toString(16)}`,
      });
    }
    const result = await submit(contactBody({ email: 'last@example.com' }), 'key-v6-last', {
      sourceIp: '2001:db8:1:2:ffff:ffff:ffff:ffff',
    });
    expect(result.kind).toBe('rate-limited');
  });

  it('stores a submission sent faster than a person can type as spam, answered as usual', async () => {
    const started = START.getTime() - 1_200;
    const result = await submit(contactBody({ [FORM_STARTED_FIELD]: started }), 'key-00000001');
    expect(result).toMatchObject({ kind: 'accepted', replayed: false });
    expect(store.only()).toMatchObject({
      spam: true,
      spamReason: 'too-fast',
      fillMs: 1_200,
      emailStatus: 'skipped',
      emails: {},
      pending: false,
    });
    expect(mailer.sent).toHaveLength(0);
    expect(metrics.counts).toEqual({ 'LeadSpam:contact': 1 });
  });

  it.each([
    ['a plausible fill time', START.getTime() - 45_000, false],
    ['a start in the future (a fast browser clock)', START.getTime() + 5_000, false],
    ['a start over a day ago', START.getTime() - 2 * 86_400_000, false],
    ['a malformed start', 'yesterday', false],
  ])('reads %s as no evidence of a bot', async (_label, startedAt, spam) => {
    await submit(contactBody({ [FORM_STARTED_FIELD]: startedAt }), 'key-00000001');
    expect(store.only().spam).toBe(spam);
    expect(mailer.sent).toHaveLength(1);
  });

  it('counts accepted, rejected and rate-limited submissions per form', async () => {
    await submit(contactBody({ name: 'A' }), 'key-bad');
    for (let i = 1; i <= 4; i++) await submit(contactBody(), `key-0000000${i}`);
    expect(metrics.counts).toEqual({
      'LeadRejected:contact': 1,
      'LeadAccepted:contact': 3,
      'EmailSent:contact': 3,
      'LeadRateLimited:contact': 1,
    });
  });

  it('keeps no e-mail address or message body in what it logs', async () => {
    mailer.failure = new Error('Address ada@example.com rejected');
    await submit(contactBody(), 'key-00000001');
    await submit(contactBody({ name: 'A' }), 'key-bad');
    const logged = JSON.stringify([
      vi.mocked(deps.log.info).mock.calls,
      vi.mocked(deps.log.warn).mock.calls,
      vi.mocked(deps.log.error).mock.calls,
    ]);
    expect(logged).not.toContain('ada@example.com');
    expect(logged).not.toContain('would like a demo');
    expect(logged).toContain('[address]');
  });
});

describe('submitLead: what the answer may tell the visitor', () => {
  const download = (extra: Record<string, unknown> = {}, key = 'key-dl-000001') =>
    submit({ ...sampleBody('download'), ...extra }, key, { definition: downloadForm });
  const verified = () => ({ altcha: fakeSolution() });
  const linkIn = (text: string) =>
    /https:\/\/kryon\.example\/api\/email\/report\?\S+/.exec(text)?.[0];
  const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

  it('a verified download: e-mailed, and the answer carries the very link the e-mail does', async () => {
    const result = await download(verified());

    expect(result).toMatchObject({ kind: 'accepted', confirmation: 'sent' });
    const reportUrl = (result as { reportUrl: string }).reportUrl;
    const visitor = mailer.sent.find((email) => email.tags.audience === 'visitor');
    expect(linkIn(visitor?.text ?? '')).toBe(reportUrl);
    // The link names the id the server made, never the client's idempotency key.
    expect(queryOf(reportUrl).lead).toBe(store.only().submissionId);
    expect(reportUrl).not.toContain('key-dl-000001');
    expect(verifyReportLink(queryOf(reportUrl), ['report-key'], START.getTime())).toMatchObject({
      ok: true,
    });
  });

  it('an unverified download: nothing e-mailed to the visitor, and a working link all the same', async () => {
    const result = await download();

    expect(result).toMatchObject({ kind: 'accepted', confirmation: 'not-sent' });
    const reportUrl = (result as { reportUrl: string }).reportUrl;
    expect(mailer.sent.map((email) => email.tags.audience)).toEqual(['sales']);
    expect(verifyReportLink(queryOf(reportUrl), ['report-key'], START.getTime())).toMatchObject({
      ok: true,
    });
  });

  it('past the per-address budget: not sent, link still working', async () => {
    for (let i = 0; i < 3; i++) {
      clock = new Date(START.getTime() + i * 120_000);
      expect(await download(verified(), `key-dl-budget-${i}`)).toMatchObject({
        confirmation: 'sent',
      });
    }
    clock = new Date(START.getTime() + 10 * 120_000);
    const result = await download(verified(), 'key-dl-budget-9');
    expect(result).toMatchObject({ confirmation: 'not-sent', reportUrl: expect.any(String) });
    expect(store.rows.get('download#key-dl-budget-9')?.emails.visitor).toMatchObject({
      status: 'withheld',
      reason: 'recipient-budget',
    });
  });

  it.each([
    ['a failed send (owed, retried)', new Error('Throttling'), 'pending'],
    [
      'a send waiting for the sender identity',
      new SenderNotVerifiedError({ cause: new Error('not verified') }),
      'pending',
    ],
    [
      'a refusal for good',
      new PermanentSendError('rejected', { cause: new Error('MessageRejected') }),
      'not-sent',
    ],
  ] as const)('%s: %s', async (_label, failure, confirmation) => {
    mailer.failure = failure;
    mailer.failFor = (email) => email.tags.audience === 'visitor';

    const result = await download(verified());

    expect(result).toMatchObject({ kind: 'accepted', confirmation, reportUrl: expect.any(String) });
  });

  describe("a lead to SES's mailbox simulator (a verify run, the canary) is synthetic", () => {
    const simulator = 'success+verify-1@simulator.amazonses.com';

    it('e-mails the simulator, never sales, is marked synthetic, counted apart and gone in a day', async () => {
      const result = await download({ ...verified(), email: simulator });

      expect(result).toMatchObject({ kind: 'accepted', confirmation: 'sent' });
      expect(mailer.sent.map((email) => [email.tags.audience, email.to])).toEqual([
        ['visitor', [simulator]],
      ]);
      const lead = store.only();
      expect(lead.synthetic).toBe(true);
      expect(lead.emails.sales).toEqual({ status: 'withheld', reason: 'synthetic', attempts: 0 });
      expect(lead.emailStatus).toBe('sent');
      expect(lead.expiresAt).toBe(START.getTime() / 1000 + 86_400);
      expect(metrics.counts).toMatchObject({ 'SyntheticLeadAccepted:download': 1 });
      expect(metrics.counts['LeadAccepted:download']).toBeUndefined();
      // Nor is its confirmation one of the visitor stream's, which the brake follows.
      expect(metrics.counts['VisitorEmailSent:download']).toBeUndefined();
    });

    it('unverified, it is not held for the sales digest either, and spends no sales budget', async () => {
      await download({ email: simulator });

      expect(store.only().emails.sales).toMatchObject({ status: 'withheld', reason: 'synthetic' });
      expect(mailer.sent).toEqual([]);
      expect(metrics.counts['SalesEmailHeld:download']).toBeUndefined();
    });

    it("a person's address is never synthetic, whatever its local part says", async () => {
      await download({ ...verified(), email: 'success@simulator.amazonses.com.example.com' });

      expect(store.only().synthetic).toBeUndefined();
      expect(mailer.sent.map((email) => email.tags.audience).sort()).toEqual(['sales', 'visitor']);
    });
  });

  it('a replay answers from the stored lead: the same link, the same confirmation', async () => {
    const first = await download(verified());
    const again = await download(verified());
    expect(again).toEqual({ ...first, replayed: true });
  });

  it('a spam download reads like an unverified one, but its link opens nothing', async () => {
    const real = await download({}, 'key-dl-real-1');
    const spam = await download({ website: 'http://spam.example' }, 'key-dl-spam-1');

    expect(Object.keys(spam).sort()).toEqual(Object.keys(real).sort());
    expect(spam).toMatchObject({ confirmation: 'not-sent' });
    const spamUrl = (spam as { reportUrl: string }).reportUrl;
    const realUrl = (real as { reportUrl: string }).reportUrl;
    expect(Object.keys(queryOf(spamUrl))).toEqual(Object.keys(queryOf(realUrl)));
    expect(queryOf(spamUrl).sig).toHaveLength(queryOf(realUrl).sig?.length ?? 0);
    expect(verifyReportLink(queryOf(spamUrl), ['report-key'], START.getTime())).toEqual({
      ok: false,
      reason: 'invalid',
    });
  });

  it('a form without a visitor e-mail says nothing about one', async () => {
    const result = await submit(contactBody(), 'key-00000001');
    expect(result).not.toHaveProperty('confirmation');
    expect(result).not.toHaveProperty('reportUrl');
  });
});

describe('submitLead: the lead event (decision 090)', () => {
  let bus: FakeEventBus;
  beforeEach(() => {
    bus = new FakeEventBus();
    deps = { ...deps, bus };
  });

  it('publishes the accepted lead after storing it, and leaves nothing owed', async () => {
    const result = await submit(contactBody({ name: 'Ada Lovelace' }), 'key-00000001');
    expect(result.kind).toBe('accepted');
    const row = store.only();
    expect(bus.published).toHaveLength(1);
    const event = leadEvent.parse(JSON.parse(bus.published[0]?.detail ?? ''));
    expect(event).toMatchObject({
      type: 'lead.accepted',
      leadId: row.submissionId,
      form: 'contact',
      contact: { name: 'Ada Lovelace' },
    });
    expect(row.owed.size).toBe(0);
    expect(metrics.counts['LeadEventsPublished:contact']).toBe(1);
  });

  it('loses no event when the publish fails after the lead is stored: the run publishes it, with the same id', async () => {
    bus.down = true;
    const result = await submit(contactBody(), 'key-00000001');
    // The visitor's answer does not depend on the bus.
    expect(result.kind).toBe('accepted');
    expect(bus.published).toEqual([]);
    const [owed] = [...store.only().owed.values()];
    expect(owed?.type).toBe('lead.accepted');
    expect(metrics.counts['LeadEventPublishFailed:contact']).toBe(1);

    bus.down = false;
    const run = { ...deps, now: () => new Date(clock.getTime() + PUBLISH_RETRY_MS) };
    expect(await publishOwedEvents(run)).toMatchObject({ published: 1 });
    expect(bus.published.map(({ id }) => id)).toEqual([owed?.id]);
    expect(store.only().owed.size).toBe(0);
  });

  it("marks a lead held for sales' hourly digest, so a Slack channel is not flooded by scripted posts", async () => {
    deps.config = { ...deps.config, unverifiedSalesMail: { max: 1, windowMs: 3_600_000 } };
    await submit(contactBody({ email: 'first@example.com' }), 'key-00000001');
    await submit(contactBody({ email: 'second@example.com' }), 'key-00000002');
    const events = bus.published.map(({ detail }) => leadEvent.parse(JSON.parse(detail)));
    expect(events.map((event) => event.type === 'lead.accepted' && event.heldForDigest)).toEqual([
      false,
      true,
    ]);
  });

  it('publishes nothing for spam, for a synthetic lead, or for a retry of a stored lead', async () => {
    await submit(contactBody({ website: 'http://spam.example' }), 'key-spam-0001');
    await submit(contactBody({ email: 'success@simulator.amazonses.com' }), 'key-synth-001');
    expect(bus.published).toEqual([]);

    await submit(contactBody(), 'key-00000001');
    await submit(contactBody(), 'key-00000001');
    expect(bus.published).toHaveLength(1);
    for (const row of store.rows.values()) expect(row.owed.size).toBe(0);
  });
});
