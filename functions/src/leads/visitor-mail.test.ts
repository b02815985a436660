import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contactBody, sampleBody } from '../../test/events.ts';
import {
  FakeChallenges,
  FakeLeadStore,
  FakeMailer,
  FakeMetrics,
  fakeSolution,
} from '../../test/fake-lead-store.ts';
import { testLeadConfig } from '../../test/lead-config.ts';
import { PermanentSendError, StreamPausedError } from './errors.ts';
import type { FormDefinition } from './form-definition.ts';
import { contactForm } from './forms/contact.ts';
import { demoForm } from './forms/demo.ts';
import { downloadForm } from './forms/download.ts';
import { partnerForm } from './forms/partner.ts';
import { emailHash, spellingHash } from './hash.ts';
import type { MailDomainCheck } from './ports.ts';
import { type LeadDeps, submitLead } from './submit-lead.ts';
import { permitVisitorMail } from './visitor-mail.ts';

const NOW = new Date('2026-11-24T10:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let store: FakeLeadStore;
let mailer: FakeMailer;
let metrics: FakeMetrics;
let clock: Date;
let deps: LeadDeps;
let keys: number;

beforeEach(() => {
  store = new FakeLeadStore();
  mailer = new FakeMailer();
  metrics = new FakeMetrics();
  clock = NOW;
  keys = 0;
  let ids = 0;
  deps = {
    store,
    mailer,
    metrics,
    challenges: new FakeChallenges(),
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    now: () => clock,
    newId: () => `id-${++ids}`,
    config: testLeadConfig({
      hashSecret: 'secret',
      // Wide submission budgets: these tests are about the visitor-mail budgets alone.
      rateLimit: { email: { max: 1_000, windowMs: 60_000 }, ip: { max: 1_000, windowMs: 60_000 } },
      visitorMail: {
        perAddress: { max: 3, windowMs: DAY },
        perHour: { max: 5, windowMs: HOUR },
      },
    }),
  };
});

/** A demo request from `email`, with `altcha` as the browser check (none when undefined). */
function demo(email: string, altcha: unknown = fakeSolution(), key = `key-${++keys}-demo`) {
  return submit(
    demoForm,
    { ...sampleBody('demo'), workEmail: email, [CHALLENGE_FIELD]: altcha },
    key,
  );
}

async function submit(definition: FormDefinition, body: Record<string, unknown>, key: string) {
  const result = await submitLead({ definition, body, idempotencyKey: key }, deps);
  expect(result.kind).toBe('accepted');
  return store.rows.get(`${definition.form}#${key}`);
}

const visitorMails = () => mailer.sent.filter((email) => email.tags.audience === 'visitor');
const salesMails = () => mailer.sent.filter((email) => email.tags.audience === 'sales');

describe('the browser check', () => {
  it('mails the visitor when the challenge is solved, for this form, once', async () => {
    const lead = await demo('ada@acme.example');

    expect(lead?.browserCheck).toBe('verified');
    expect(lead?.emails.visitor?.status).toBe('sent');
    expect(visitorMails().map((email) => email.to)).toEqual([['ada@acme.example']]);
    expect(salesMails()[0]?.text).not.toContain('Not verified');
  });

  it.each([
    ['missing', null, 'no solution was sent'],
    ['expired', 'expired', 'the challenge had expired'],
    ['invalid', 'invalid', 'the solution was wrong'],
    ['malformed', 42, 'the solution could not be read'],
    ['wrong-form', 'form:partner:t1', 'the challenge was for another form'],
  ])(
    'keeps a lead whose check is %s, mails sales with the mark, and not the visitor',
    async (verdict, altcha, why) => {
      const lead = await demo('ada@acme.example', altcha);

      expect(lead?.browserCheck).toBe(verdict);
      expect(lead?.emails.visitor).toEqual({
        status: 'withheld',
        reason: 'unverified',
        attempts: 0,
      });
      expect(lead?.emailStatus).toBe('sent');
      expect(visitorMails()).toEqual([]);
      const sales = salesMails()[0];
      expect(sales?.text).toContain(`Not verified by the browser check: ${why}.`);
      expect(sales?.text).toContain('No e-mail was sent to the address given.');
      expect(sales?.html).toContain('Not verified by the browser check');
      expect(metrics.counts['VisitorEmailUnverified:demo']).toBe(1);
    },
  );

  it('refuses a challenge used by another submission, in any form, as replayed', async () => {
    await demo('ada@acme.example', 'ok:same-token');
    const second = await demo('eve@evil.example', 'ok:same-token');
    const third = await submit(
      partnerForm,
      { ...sampleBody('partner'), [CHALLENGE_FIELD]: 'ok:same-token' },
      'key-partner',
    );

    expect(second?.browserCheck).toBe('replayed');
    expect(third?.browserCheck).toBe('replayed');
    expect(visitorMails().map((email) => email.to)).toEqual([['ada@acme.example']]);
  });

  it('lets a retry of the same submission present its challenge again', async () => {
    const body = { ...sampleBody('demo'), [CHALLENGE_FIELD]: 'ok:retried' };
    await submitLead({ definition: demoForm, body, idempotencyKey: 'key-retry' }, deps);
    const again = await submitLead(
      { definition: demoForm, body, idempotencyKey: 'key-retry' },
      deps,
    );

    expect(again).toMatchObject({ kind: 'accepted', replayed: true });
    expect(store.only().browserCheck).toBe('verified');
    expect(visitorMails()).toHaveLength(1);
  });

  it('records the verdict on a form that sends the visitor nothing, and marks it for sales', async () => {
    await submit(contactForm, { ...contactBody(), [CHALLENGE_FIELD]: fakeSolution() }, 'key-c1');
    await submit(contactForm, contactBody(), 'key-c2');

    expect(store.rows.get('contact#key-c1')?.browserCheck).toBe('verified');
    expect(store.rows.get('contact#key-c2')?.browserCheck).toBe('missing');
    expect(store.rows.get('contact#key-c2')?.emails).toEqual({
      sales: expect.objectContaining({ status: 'sent' }),
    });
    expect(salesMails()[1]?.text).toContain('Not verified by the browser check');
    expect(salesMails()[1]?.text).not.toContain('No e-mail was sent');
  });

  it('claims nothing for a submission the spam checks caught', async () => {
    const body = {
      ...sampleBody('demo'),
      website: 'http://spam.example',
      [CHALLENGE_FIELD]: 'ok:t',
    };
    await submit(demoForm, body, 'key-spam');

    expect(store.only().browserCheck).toBeUndefined();
    expect(store.onceOwners.size).toBe(0);
    expect(mailer.sent).toEqual([]);
  });
});

describe('the budgets on e-mails to visitors', () => {
  it('sends one address 3 confirmations a day, then withholds them and still mails sales', async () => {
    for (let i = 0; i < 4; i += 1) await demo('ada@acme.example');

    expect(visitorMails()).toHaveLength(3);
    expect(salesMails()).toHaveLength(4);
    const fourth = store.rows.get('demo#key-4-demo');
    expect(fourth?.emails.visitor).toEqual({
      status: 'withheld',
      reason: 'recipient-budget',
      attempts: 0,
    });
    expect(salesMails()[3]?.text).toContain('already received its confirmations for today');
    expect(metrics.counts['VisitorEmailBudgetExceeded:demo']).toBe(1);

    clock = new Date(NOW.getTime() + DAY + 1);
    await demo('ada@acme.example');
    expect(visitorMails()).toHaveLength(4);
  });

  it('counts variants of one Gmail mailbox as one recipient', async () => {
    deps.config.visitorMail.perAddress.max = 1;
    // The demo form refuses free-mail addresses, so this goes through the partner form.
    const partner = (email: string) =>
      submit(
        partnerForm,
        { ...sampleBody('partner'), email, [CHALLENGE_FIELD]: fakeSolution() },
        `k-${email}`,
      );
    await partner('john.smith@gmail.com');
    await partner('johnsmith+x@googlemail.com');

    expect(visitorMails()).toHaveLength(1);
  });

  it('stops at the hourly ceiling over all addresses and forms, and raises the metric', async () => {
    for (let i = 0; i < 6; i += 1) await demo(`person${i}@acme.example`);

    expect(visitorMails()).toHaveLength(5);
    expect(store.rows.get('demo#key-6-demo')?.emails.visitor).toMatchObject({
      status: 'withheld',
      reason: 'hourly-ceiling',
    });
    expect(metrics.counts['VisitorEmailCeilingReached:demo']).toBe(1);
    expect(salesMails()).toHaveLength(6);
    // The address the ceiling refused keeps its own daily allowance.
    const refused = `visitor-mail#${emailHash('secret', 'person5@acme.example')}`;
    expect(store.windows.get(refused)?.hits).toBe(0);

    clock = new Date(NOW.getTime() + HOUR + 1);
    await demo('later@acme.example');
    expect(visitorMails()).toHaveLength(6);
  });

  it('gives the budget hits back when the submission is a replay', async () => {
    const body = { ...sampleBody('demo'), [CHALLENGE_FIELD]: 'ok:r1' };
    await submitLead({ definition: demoForm, body, idempotencyKey: 'key-r' }, deps);
    await submitLead({ definition: demoForm, body, idempotencyKey: 'key-r' }, deps);

    expect(store.windows.get('visitor-mail#all')?.hits).toBe(1);
  });
});

/** A mail-domain check that answers from a table (`unknown` for any other domain) and logs each ask. */
function fakeMailDomains(answers: Record<string, 'yes' | 'no' | 'unknown'>) {
  const asked: string[] = [];
  const check: MailDomainCheck = {
    async acceptsMail(domain) {
      asked.push(domain);
      return answers[domain] ?? 'unknown';
    },
  };
  return { check, asked };
}

describe('a visitor address whose domain takes no mail', () => {
  it('is stored and mailed to sales; the confirmation is withheld and counted', async () => {
    const domains = fakeMailDomains({ 'acme.example': 'yes', 'gmial.example': 'no' });
    deps.mailDomains = domains.check;

    const lead = await demo('ada@gmial.example');

    expect(lead?.emails.visitor).toEqual({
      status: 'withheld',
      reason: 'no-mail-domain',
      attempts: 0,
    });
    expect(lead?.emails.sales?.status).toBe('sent');
    expect(visitorMails()).toEqual([]);
    expect(salesMails()).toHaveLength(1);
    expect(salesMails()[0]?.text).toContain("the address's domain accepts no e-mail");
    expect(metrics.counts['VisitorEmailNoMailDomain:demo']).toBe(1);
    expect(domains.asked).toEqual(['gmial.example']);
    // Withheld before any budget: the address and the ceiling keep theirs, the price is unmoved.
    expect(store.windows.get('visitor-mail#all')).toBeUndefined();
    expect(
      store.windows.get(`visitor-mail#${emailHash('secret', 'ada@gmial.example')}`),
    ).toBeUndefined();
    expect((deps.challenges as FakeChallenges).confirmations).toEqual([]);

    await demo('bob@acme.example');
    expect(visitorMails()).toHaveLength(1);
  });

  it('lets the confirmation go when DNS cannot say, or the check itself fails', async () => {
    deps.mailDomains = fakeMailDomains({}).check;
    await demo('ada@slow-dns.example');
    deps.mailDomains = {
      acceptsMail: async () => {
        throw new Error('resolver gone');
      },
    };
    await demo('bob@acme.example');

    expect(visitorMails()).toHaveLength(2);
    expect(metrics.counts['VisitorEmailNoMailDomain:demo']).toBeUndefined();
    expect(deps.log.warn).toHaveBeenCalledWith(
      'mail domain check failed; confirmation not held back',
      { error: 'Error' },
    );
  });

  it('is never looked up for a post without a verified browser check', async () => {
    const domains = fakeMailDomains({ 'gmial.example': 'no' });
    deps.mailDomains = domains.check;

    const lead = await demo('ada@gmial.example', null);

    expect(lead?.emails.visitor).toMatchObject({ status: 'withheld', reason: 'unverified' });
    expect(domains.asked).toEqual([]);
  });

  it('is asked about the domain of the address the form names, after the browser check', async () => {
    const domains = fakeMailDomains({ 'partner.example': 'no' });
    const result = await permitVisitorMail(
      {
        form: 'partner',
        browserCheck: 'verified',
        emailHash: 'h',
        spellingHash: 's',
        visitorEmail: 'first.last+x@partner.example',
        proofLevel: 0,
        nowMs: NOW.getTime(),
      },
      { ...deps, budgets: deps.config.visitorMail, mailDomains: domains.check },
    );

    expect(result).toEqual({ withheld: 'no-mail-domain', tickets: [] });
    expect(domains.asked).toEqual(['partner.example']);
    expect(store.rateLimitCalls).toBe(0);
  });

  it('is not checked at all without a check (MAIL_DOMAIN_CHECK=off)', async () => {
    delete deps.mailDomains;
    await demo('ada@gmial.example');
    expect(visitorMails()).toHaveLength(1);
  });
});

describe('an address on our suppression list', () => {
  it.each([
    ['bounced', 'address-bounced'],
    ['complained', 'address-complained'],
  ] as const)(
    'gets no confirmation once it %s, spends no budget, and sales are still mailed',
    async (reason, withheld) => {
      const hash = emailHash('secret', 'ada@acme.example');
      // Listed by another spelling of the same mailbox: a complaint or a bounce of the mailbox
      // itself stops every spelling.
      await store.suppressAddress({
        mailboxHash: emailHash('secret', 'Ada+old@Acme.example'),
        reason,
        at: NOW.toISOString(),
        expiresAt: 1,
      });

      const lead = await demo(' ada@ACME.example ');

      expect(lead?.emails.visitor).toEqual({ status: 'withheld', reason: withheld, attempts: 0 });
      expect(visitorMails()).toHaveLength(0);
      expect(salesMails()).toHaveLength(1);
      expect(metrics.counts['VisitorEmailSuppressed:demo']).toBe(1);
      expect(store.windows.get(`visitor-mail#${hash}`)).toBeUndefined();
      expect(store.windows.get('visitor-mail#all')).toBeUndefined();
    },
  );

  it('a bounced +tag spelling is withheld alone: it does not cut off the mailbox', async () => {
    // Someone typed a variant of Ada's address that her domain does not deliver; it bounced.
    await store.suppressAddress({
      mailboxHash: emailHash('secret', 'ada+x@acme.example'),
      spellingHash: spellingHash('secret', 'ada+x@acme.example'),
      reason: 'bounced',
      at: NOW.toISOString(),
      expiresAt: 1,
    });

    const own = await demo('ada@acme.example');
    expect(own?.emails.visitor).toMatchObject({ status: 'sent' });
    const variant = await demo('Ada+X@acme.example');
    expect(variant?.emails.visitor).toMatchObject({
      status: 'withheld',
      reason: 'address-bounced',
    });
    expect(visitorMails().map((email) => email.to)).toEqual([['ada@acme.example']]);
  });

  it('is not consulted for an unverified submission: that is withheld for its own reason', async () => {
    await store.suppressAddress({
      mailboxHash: emailHash('secret', 'ada@acme.example'),
      reason: 'bounced',
      at: NOW.toISOString(),
      expiresAt: 1,
    });
    const lead = await demo('ada@acme.example', '');
    expect(lead?.emails.visitor).toMatchObject({ reason: 'unverified' });
    expect(metrics.counts['VisitorEmailSuppressed:demo']).toBeUndefined();
  });
});

describe('what the challenge price counts', () => {
  it('counts each confirmation let through, and nothing that sent the visitor nothing', async () => {
    const challenges = deps.challenges as FakeChallenges;
    await demo('first@acme.example');
    await demo('second@acme.example');
    expect(challenges.confirmations).toEqual([NOW.getTime(), NOW.getTime()]);

    // Without a valid proof, past the address's budget, past the ceiling: none counts.
    await demo('nobody@acme.example', '');
    await demo('nobody@acme.example', 'invalid');
    deps.config.visitorMail.perAddress.max = 1;
    await demo('first@acme.example');
    deps.config.visitorMail.perHour.max = 2;
    await demo('third@acme.example');
    expect(challenges.confirmations).toHaveLength(2);
    expect(visitorMails()).toHaveLength(2);
  });

  it('asks for a new solution when the challenge is below the price of the moment: nothing stored, nothing mailed, no budget taken', async () => {
    const result = await submitLead(
      {
        definition: demoForm,
        body: {
          ...sampleBody('demo'),
          workEmail: 'ada@acme.example',
          [CHALLENGE_FIELD]: 'underpriced',
        },
        idempotencyKey: 'key-repriced',
      },
      deps,
    );

    expect(result.kind).toBe('repriced');
    expect(store.rows.size).toBe(0);
    expect(mailer.sent).toHaveLength(0);
    expect([...store.windows.values()].every((window) => window.hits === 0)).toBe(true);
  });

  it('refuses a proof the price passed while it was checked: nothing stored, budgets and token given back', async () => {
    const challenges = deps.challenges as FakeChallenges;
    // The price read at the door was still the proof's; the admission finds it has risen.
    challenges.priceLevel = 1;
    const proof = fakeSolution();
    const send = () =>
      submitLead(
        {
          definition: demoForm,
          body: { ...sampleBody('demo'), workEmail: 'ada@acme.example', [CHALLENGE_FIELD]: proof },
          idempotencyKey: 'key-raced',
        },
        deps,
      );

    expect((await send()).kind).toBe('repriced');
    expect(store.rows.size).toBe(0);
    expect(mailer.sent).toHaveLength(0);
    expect(challenges.confirmations).toEqual([]);
    expect([...store.windows.values()].every((window) => window.hits === 0)).toBe(true);
    // The same proof again is checked again, not waved through as a retry of its submission.
    expect((await send()).kind).toBe('repriced');
    challenges.priceLevel = 0;
    expect(await send()).toMatchObject({ kind: 'accepted', confirmation: 'sent' });
    expect(challenges.confirmations).toHaveLength(1);
  });

  it('takes no proof twice: a retry whose first attempt stored nothing goes unverified', async () => {
    const proof = fakeSolution();
    // A first attempt that claimed the proof and then stopped (a crash, or still running).
    await store.claimOnce({
      key: `challenge#${proof.split(':')[1]}`,
      owner: 'demo#key-again',
      expiresAtMs: 1,
    });

    const lead = await demo('ada@acme.example', proof, 'key-again');

    expect(lead?.browserCheck).toBe('replayed');
    expect(lead?.emails.visitor).toMatchObject({ status: 'withheld', reason: 'unverified' });
    expect((deps.challenges as FakeChallenges).confirmations).toEqual([]);
  });

  it('gives the admission back when the key was another submission’s', async () => {
    const challenges = deps.challenges as FakeChallenges;
    await demo('ada@acme.example', fakeSolution(), 'key-shared');
    expect(challenges.confirmations).toHaveLength(1);

    // Another proof, other details, the same key: refused as a conflict, its count undone.
    const other = await submitLead(
      {
        definition: demoForm,
        body: {
          ...sampleBody('demo'),
          workEmail: 'grace@acme.example',
          [CHALLENGE_FIELD]: fakeSolution(),
        },
        idempotencyKey: 'key-shared',
      },
      deps,
    );

    expect(other.kind).toBe('conflict');
    expect(challenges.confirmations).toHaveLength(1);
  });

  it('answers a retry of a stored lead whose challenge the price has since passed', async () => {
    const first = await demo('ada@acme.example', fakeSolution(), 'key-then-repriced');

    const retry = await submitLead(
      {
        definition: demoForm,
        body: {
          ...sampleBody('demo'),
          workEmail: 'ada@acme.example',
          [CHALLENGE_FIELD]: 'underpriced',
        },
        idempotencyKey: 'key-then-repriced',
      },
      deps,
    );

    expect(retry).toMatchObject({
      kind: 'accepted',
      replayed: true,
      submissionId: first?.submissionId,
    });
  });
});

describe('while the visitor stream is paused', () => {
  it("spends neither the address's budget nor the hourly ceiling on refused confirmations", async () => {
    mailer.failure = new StreamPausedError('visitor', { cause: new Error('paused') });
    mailer.failFor = (email) => email.stream === 'visitor';
    // More than the address's daily budget (3) and the hourly ceiling (5) allow.
    for (let i = 0; i < 6; i += 1) {
      const lead = await demo('ada@acme.example');
      expect(lead?.emails.visitor).toMatchObject({
        status: 'withheld',
        reason: 'visitor-stream-paused',
      });
    }
    expect(store.windows.get(`visitor-mail#${emailHash('secret', 'ada@acme.example')}`)?.hits).toBe(
      0,
    );
    expect(store.windows.get('visitor-mail#all')?.hits).toBe(0);
    expect(salesMails()).toHaveLength(6);

    // Resumed: the address gets its confirmation, as if the pause had never been.
    delete mailer.failure;
    const lead = await demo('ada@acme.example');
    expect(lead?.emails.visitor).toMatchObject({ status: 'sent' });
    expect(visitorMails()).toHaveLength(1);
  });

  it('still answers when giving the hits back fails', async () => {
    mailer.failure = new StreamPausedError('visitor', { cause: new Error('paused') });
    mailer.failFor = (email) => email.stream === 'visitor';
    store.releaseRateLimit = async () => {
      throw new Error('table unavailable');
    };
    const lead = await demo('ada@acme.example');
    expect(lead?.emails.visitor).toMatchObject({ reason: 'visitor-stream-paused' });
    expect(deps.log.warn).toHaveBeenCalledWith('could not give a rate-limit hit back', {
      error: 'Error',
    });
  });
});

describe('a visitor address that SES refuses for good', () => {
  it('is recorded as rejected, not retried, and counted apart from failures', async () => {
    mailer.failure = new PermanentSendError('refused', { cause: new Error('MessageRejected') });
    mailer.failFor = (email) => email.tags.audience === 'visitor';

    const lead = await demo('ada@acme.example');

    expect(lead?.emails.visitor).toMatchObject({ status: 'rejected', attempts: 1 });
    expect(lead?.emailStatus).toBe('sent');
    expect(lead?.pending).toBe(false);
    expect(metrics.counts['EmailRejected:demo']).toBe(1);
    expect(metrics.counts['EmailFailed:demo']).toBeUndefined();
  });

  it('is an outage when it is the sales address: kept and retried', async () => {
    mailer.failure = new PermanentSendError('refused', { cause: new Error('MessageRejected') });
    mailer.failFor = (email) => email.tags.audience === 'sales';

    const lead = await demo('ada@acme.example');

    expect(lead?.emails.sales).toMatchObject({ status: 'failed', attempts: 1 });
    expect(lead?.pending).toBe(true);
    expect(metrics.counts['EmailFailed:demo']).toBe(1);
  });
});

describe('where the lead came from', () => {
  it('reaches sales and never the visitor: none of it is in their e-mail', async () => {
    const attribution = {
      landingPath: '/security-intelligence/identity-risks/long-lived-access-keys',
      referrerOrigin: 'https://attacker.example',
      utmSource: 'Click here to claim your prize',
      utmMedium: 'phish-medium',
      utmCampaign: 'visit attacker.example now',
      utmTerm: 'urgent-term',
      utmContent: 'hostile-content',
      formPath: '/research-archive',
    };
    for (const [definition, body] of [
      [demoForm, sampleBody('demo')],
      [downloadForm, sampleBody('download')],
    ] as const) {
      mailer.sent.length = 0;
      const lead = await submit(
        definition,
        { ...body, attribution, [CHALLENGE_FIELD]: fakeSolution() },
        `key-${++keys}-attr`,
      );
      expect(lead?.attribution).toEqual(attribution);
      const [visitor] = visitorMails();
      expect(visitor).toBeDefined();
      const seen = JSON.stringify(visitor);
      for (const value of Object.values(attribution)) expect(seen).not.toContain(value);
      // Sales read it, quoted as the visitor's and with its link disabled.
      expect(salesMails()[0]?.text).toContain('visit attacker[.]example now');
    }
  });
});
