import { describe, expect, it } from 'vitest';
import { DependencyError } from '../leads/errors.ts';
import { leadRef, type StoredLead, storedLead } from '../leads/lead.ts';
import { RUNNING } from '../leads/visitor-brake.ts';
import { createLeadRequest, leadIdRequest, leadKey } from './dynamodb.ts';
import {
  brakeItem,
  parseItem,
  readItem,
  suppressionItem,
  UnreadableItemError,
} from './table-items.ts';

const KEY = leadKey('contact', 'key-00000001');

function lead(overrides: Partial<StoredLead> = {}): StoredLead {
  return {
    form: 'contact',
    submissionId: 'id-00000001',
    idempotencyKey: 'key-00000001',
    payloadHash: 'body-hash',
    createdAt: '2026-01-01T09:00:00.000Z',
    fields: { name: 'Ada', email: 'ada@example.com', message: 'Hello', topics: ['a', 'b'] },
    emailHash: 'email-hash',
    userAgent: 'Mozilla/5.0',
    ipHash: 'ip-hash',
    spam: false,
    emailStatus: 'sent',
    emails: { sales: { status: 'sent', attempts: 1, messageId: 'm-1', at: 'then' } },
    expiresAt: 2_000_000_000,
    ...overrides,
  };
}

/** The item createLead puts, as the table gives it back (undefined values are not stored). */
function stored(value: StoredLead): Record<string, unknown> {
  const item = createLeadRequest('leads', value).Item ?? {};
  return Object.fromEntries(Object.entries(item).filter(([, v]) => v !== undefined));
}

/** What readItem threw: a DependencyError, with the item's story as its cause. */
function failure(read: () => unknown): { error: DependencyError; cause: UnreadableItemError } {
  try {
    read();
  } catch (error) {
    if (error instanceof DependencyError && error.cause instanceof UnreadableItemError) {
      return { error, cause: error.cause };
    }
    throw error;
  }
  throw new Error('expected the read to fail');
}

describe('a lead item', () => {
  it('reads back the lead createLead stored, without the table bookkeeping', () => {
    const sent = lead();
    expect(readItem(storedLead, stored(sent), KEY)).toEqual(sent);

    const owed = lead({ emailStatus: 'pending', emails: {} });
    const item = stored(owed);
    expect(item).toMatchObject({ pk: KEY.pk, entity: 'lead', resendPartition: 'PENDING' });
    // The store's default lease: due at once. Nothing of the table's own is left.
    expect(readItem(storedLead, item, KEY)).toEqual({ ...owed, leaseUntil: 0 });
  });

  it('reads every optional part the code writes', () => {
    const full = lead({
      form: 'download',
      attribution: { landingPath: '/research', utmSource: 'news', referrerOrigin: 'https://a.b' },
      consent: { value: true, label: 'I agree', at: '2026-01-01T09:00:00.000Z' },
      networkHash: 'net-hash',
      spam: true,
      spamReason: 'too-fast',
      fillMs: 812,
      downloadedAt: '2026-01-02T09:00:00.000Z',
      downloadCount: 2,
      browserCheck: 'underpriced',
      emailStatus: 'failed',
      leaseToken: 'lease-1',
      leaseUntil: 1_767_000_000_000,
      emails: {
        sales: { status: 'sent', via: 'digest-count', attempts: 2, messageId: 'm-d', at: 'now' },
        visitor: {
          status: 'withheld',
          reason: 'address-complained',
          attempts: 0,
          waitingFor: 'sender-verification',
          error: 'Name: message',
          delivery: {
            outcome: 'bounced',
            bounceType: 'permanent',
            bounceSubType: 'General',
            at: '2026-01-02T09:00:00.000Z',
            messageId: 'm-v',
            rank: 4,
          },
        },
      },
    });
    expect(readItem(storedLead, stored(full), leadKey('download', 'key-00000001'))).toEqual(full);
  });

  it('reads a lead stored before its optional parts existed: no messages is none recorded', () => {
    // The first leads: no emails, consent, attribution, browser check or network, and no
    // user agent or address hash when the request had none.
    const first = {
      form: 'contact',
      submissionId: 'id-00000001',
      idempotencyKey: 'key-00000001',
      payloadHash: 'body-hash',
      createdAt: '2026-01-01T09:00:00.000Z',
      fields: { name: 'Ada' },
      emailHash: 'email-hash',
      spam: false,
      emailStatus: 'sent',
      expiresAt: 2_000_000_000,
    };
    const read = readItem(storedLead, { ...KEY, entity: 'lead', ...first }, KEY);
    expect(read).toEqual({ ...first, emails: {} });
    expect(Object.keys(read)).not.toContain('pk');
    expect(Object.keys(read)).not.toContain('entity');
  });

  it('drops what the updates leave beside a lead, which no port names', () => {
    const item = {
      ...stored(lead()),
      emailUpdatedAt: '2026-01-01T09:00:05.000Z',
      lastDownloadedAt: '2026-01-03T09:00:00.000Z',
    };
    const read = readItem(storedLead, item, KEY);
    expect(read).toEqual(lead());
    expect(read).not.toHaveProperty('emailUpdatedAt');
    expect(read).not.toHaveProperty('lastDownloadedAt');
  });

  it.each([
    ['an unknown e-mail status', { emailStatus: 'bounced' }, 'emailStatus', 'invalid_value'],
    [
      'a message status no code writes',
      { emails: { sales: { status: 'lost', attempts: 1 } } },
      'emails.sales.status',
      'invalid_value',
    ],
    ['a missing hash', { emailHash: undefined }, 'emailHash', 'invalid_type (expected string)'],
    [
      'a flag that holds an address',
      { spam: 'ada@example.com' },
      'spam',
      'invalid_type (expected boolean)',
    ],
    ['an unknown form', { form: 'newsletter' }, 'form', 'invalid_value'],
  ])('is a DependencyError, never another lead, for %s', (_label, change, path, problem) => {
    const item = { ...stored(lead()), ...change };
    const { error, cause } = failure(() => readItem(storedLead, item, KEY));

    expect(error.dependency).toBe('database');
    // The key and what is wrong where, for the log: never the visitor's data.
    expect(cause.message).toBe(
      `the item ${KEY.pk} (LEAD) is not what the code writes: ${path}: ${problem}`,
    );
    // parseItem reports the same, for the re-send to leave the lead aside (decision 078).
    expect(parseItem(storedLead, item, KEY)).toEqual({
      unreadable: { key: KEY, issue: `${path}: ${problem}` },
    });
  });

  it('names something that is no item at all', () => {
    const { cause } = failure(() => readItem(storedLead, 'a string', KEY));
    expect(cause.message).toBe(
      'the item LEAD#contact#key-00000001 (LEAD) is not what the code writes: the item: invalid_type (expected object)',
    );
  });
});

describe('a lead id item', () => {
  it('names the key of its lead', () => {
    const item = leadIdRequest('leads', lead()).Item;
    expect(readItem(leadRef, item, { pk: 'LEADID#id-00000001', sk: 'LEADID' })).toEqual({
      form: 'contact',
      idempotencyKey: 'key-00000001',
    });
  });

  it('is refused for a form no code writes', () => {
    const key = { pk: 'LEADID#id-00000001', sk: 'LEADID' };
    expect(() => readItem(leadRef, { form: 'newsletter', idempotencyKey: 'k' }, key)).toThrow(
      DependencyError,
    );
  });
});

describe('a suppression item', () => {
  const key = { pk: 'SUPPRESSED#hash-1', sk: 'SUPPRESSED' };

  it('lists what it was listed for, and a set of spellings as a list', () => {
    expect(
      readItem(
        suppressionItem,
        {
          ...key,
          entity: 'suppression',
          complained: true,
          bouncedSpellings: new Set(['t-1', 't-2']),
        },
        key,
      ),
    ).toEqual({ complained: true, bounced: false, bouncedSpellings: ['t-1', 't-2'] });
    expect(readItem(suppressionItem, { ...key, bounced: true }, key)).toEqual({
      complained: false,
      bounced: true,
      bouncedSpellings: [],
    });
  });
});

describe('the brake item', () => {
  it('reads the state and version the brake writes, and refuses a mode it never writes', () => {
    const item = { pk: 'BRAKE#visitor', sk: 'BRAKE', ...RUNNING, version: 3 };
    expect(brakeItem.parse(item)).toEqual({ ...RUNNING, version: 3 });
    expect(brakeItem.safeParse({ ...item, mode: 'off' }).success).toBe(false);
  });
});
