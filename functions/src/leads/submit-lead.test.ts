import type { LeadForm } from '@kryon/shared/api';
import { RATE_LIMIT } from '@kryon/shared/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contactBody } from '../../test/events.ts';
import { contactForm } from './forms.ts';
import { keyedHash, normaliseEmail, sha256 } from './hash.ts';
import {
  DependencyError,
  type EmailStatus,
  type LeadStore,
  type Mailer,
  type OutgoingEmail,
  type RateLimitRequest,
  type StoredLead,
} from './ports.ts';
import { type LeadDeps, type SubmitLeadRequest, submitLead } from './submit-lead.ts';

type RecordedLead = StoredLead & {
  emailMessageId?: string;
  emailError?: string;
  emailAttempts?: number;
};

/** The table as the DynamoDB adapter promises it behaves, in memory. */
class FakeLeadStore implements LeadStore {
  readonly leads = new Map<string, RecordedLead>();
  readonly windows = new Map<string, { start: number; hits: number }>();
  rateLimitCalls = 0;
  /** Runs just before createLead stores, to stage a concurrent request. */
  beforeCreate?: (lead: StoredLead) => void;
  failRecordEmail = false;

  async findLead(form: LeadForm, idempotencyKey: string) {
    const lead = this.leads.get(`${form}#${idempotencyKey}`);
    return lead ? structuredClone(lead) : undefined;
  }

  async createLead(lead: StoredLead) {
    this.beforeCreate?.(lead);
    const key = `${lead.form}#${lead.idempotencyKey}`;
    if (this.leads.has(key)) return false;
    this.leads.set(key, structuredClone(lead));
    return true;
  }

  async recordEmail(
    lead: Pick<StoredLead, 'form' | 'idempotencyKey'>,
    outcome: { status: EmailStatus; messageId?: string; error?: string; at: string },
  ) {
    if (this.failRecordEmail) throw new DependencyError('database', { cause: new Error('down') });
    const stored = this.leads.get(`${lead.form}#${lead.idempotencyKey}`);
    if (!stored) throw new Error('recordEmail on a missing lead');
    stored.emailStatus = outcome.status;
    stored.emailMessageId = outcome.messageId;
    stored.emailError = outcome.error;
    stored.emailAttempts = (stored.emailAttempts ?? 0) + 1;
  }

  async takeRateLimit(request: RateLimitRequest) {
    this.rateLimitCalls += 1;
    const window = this.windows.get(request.key);
    if (!window || window.start <= request.nowMs - request.windowMs) {
      this.windows.set(request.key, { start: request.nowMs, hits: 1 });
      return true;
    }
    if (window.hits >= request.max) return false;
    window.hits += 1;
    return true;
  }

  async ping() {}

  only(): RecordedLead {
    const [lead, ...others] = [...this.leads.values()];
    if (!lead || others.length > 0) throw new Error(`expected one lead, found ${this.leads.size}`);
    return lead;
  }
}

class FakeMailer implements Mailer {
  readonly sent: OutgoingEmail[] = [];
  failure?: Error;

  async send(email: OutgoingEmail) {
    if (this.failure) throw this.failure;
    this.sent.push(email);
    return { messageId: `msg-${this.sent.length}` };
  }

  async ping() {}
}

const START = new Date('2025-03-04T10:00:00.000Z');
let store: FakeLeadStore;
let mailer: FakeMailer;
let clock: Date;
let ids: number;
let deps: LeadDeps;

beforeEach(() => {
  store = new FakeLeadStore();
  mailer = new FakeMailer();
  clock = START;
  ids = 0;
  deps = {
    store,
    mailer,
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    now: () => clock,
    newId: () => `id-${++ids}`,
    config: {
      recipients: ['sales@kryon.example'],
      retentionDays: 730,
      ipHashSecret: 'ip-secret',
      siteOrigin: 'https://kryon.example',
      rateLimit: RATE_LIMIT,
      successMessage: 'Thanks',
    },
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
      emailHash: sha256('ada@example.com'),
      ipHash: keyedHash('ip-secret', '203.0.113.7'),
      userAgent: 'Mozilla/5.0',
      spam: false,
      emailStatus: 'sent',
      emailMessageId: 'msg-1',
      emailAttempts: 1,
      expiresAt: START.getTime() / 1000 + 730 * 86_400,
    });
    // The raw client IP is personal data and is never stored.
    expect(JSON.stringify(lead)).not.toContain('203.0.113.7');
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.sent[0]).toMatchObject({
      to: ['sales@kryon.example'],
      replyTo: ['ada+news@example.com'],
      subject: 'Contact: Request Demo from Ada Lovelace (Analytical Engines)',
    });
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
    expect(store.leads.size).toBe(0);
    expect(store.rateLimitCalls).toBe(0);
    expect(mailer.sent).toHaveLength(0);
  });

  it('accepts 3 submissions per e-mail in 60 s, refuses the 4th, and accepts again later', async () => {
    const kinds = [];
    for (let i = 1; i <= 4; i++) {
      kinds.push((await submit(contactBody(), `key-0000000${i}`)).kind);
    }
    expect(kinds).toEqual(['accepted', 'accepted', 'accepted', 'rate-limited']);
    expect(store.leads.size).toBe(3);
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
    expect(new Set([...store.windows.keys()])).toEqual(
      new Set([`email#${sha256(normaliseEmail('ada@example.com'))}`]),
    );
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
    expect(store.leads.size).toBe(1);
    expect(store.rateLimitCalls).toBe(1);
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
    expect(store.leads.size).toBe(1);
    expect(mailer.sent).toHaveLength(1);
  });

  it('answers as the winner when a concurrent request stored the same key first', async () => {
    store.beforeCreate = (lead) => {
      store.beforeCreate = undefined;
      store.leads.set(`${lead.form}#${lead.idempotencyKey}`, {
        ...lead,
        submissionId: 'winner',
        createdAt: '2025-03-04T09:59:59.000Z',
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
      emailError: 'MessageRejected: Email address is not verified.',
      emailAttempts: 1,
    });
    expect(deps.log.error).toHaveBeenCalledWith(
      'sales e-mail failed; lead kept for re-sending',
      expect.objectContaining({ submissionId: 'id-1' }),
    );
  });

  it('still accepts when neither the e-mail nor the failure record goes through', async () => {
    mailer.failure = new Error('timeout');
    store.failRecordEmail = true;
    const result = await submit(contactBody(), 'key-00000001');
    expect(result.kind).toBe('accepted');
    expect(store.only().emailStatus).toBe('pending');
    expect(deps.log.error).toHaveBeenCalledTimes(2);
  });

  it('lets a database failure propagate for the handler to answer 503', async () => {
    store.findLead = async () => {
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
  });
});
