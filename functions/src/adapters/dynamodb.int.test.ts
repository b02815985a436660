import { beforeAll, describe, expect, it } from 'vitest';
import { type IntegrationEnv, useEmulators } from '../../test/integration.ts';
import type { DeliveryState, StoredLead } from '../leads/lead.ts';
import type { LeadStore } from '../leads/ports.ts';
import { createDynamoLeadStore, createDynamoWindowCounter } from './dynamodb.ts';

let store: LeadStore;
let env: IntegrationEnv;

beforeAll(async () => {
  env = await useEmulators('once');
  store = createDynamoLeadStore(env.dynamo, env.tableName);
});

const expiresAtMs = Date.now() + 60_000;

describe('claimOnce against dynalite', () => {
  it('gives a token to its first owner, says a second claim of that owner is a retry, and never gives it to another', async () => {
    const claim = (owner: string) => store.claimOnce({ key: 'challenge#t1', owner, expiresAtMs });

    expect(await claim('demo#key-a')).toBe('claimed');
    expect(await claim('demo#key-a')).toBe('retry');
    expect(await claim('demo#key-b')).toBe('taken');
    expect(await claim('partner#key-a')).toBe('taken');
  });

  it('lets exactly one of 20 concurrent owners have a token', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.claimOnce({ key: 'challenge#t2', owner: `demo#key-${i}`, expiresAtMs }),
      ),
    );
    expect(results.filter((result) => result === 'claimed')).toHaveLength(1);
    expect(results.filter((result) => result === 'taken')).toHaveLength(19);
  });

  it('gives a token back only for the owner that holds it, and then it is claimed anew', async () => {
    const claim = (owner: string) => store.claimOnce({ key: 'challenge#t3', owner, expiresAtMs });
    expect(await claim('demo#key-a')).toBe('claimed');

    await store.releaseClaim({ key: 'challenge#t3', owner: 'demo#key-b' });
    expect(await claim('demo#key-b')).toBe('taken');
    await store.releaseClaim({ key: 'challenge#t3', owner: 'demo#key-a' });
    expect(await claim('demo#key-a')).toBe('claimed');
  });
});

describe('the window counter against dynalite', () => {
  it('adds below a bound in one conditional write, under concurrency, and takes one back', async () => {
    const counter = createDynamoWindowCounter(env.dynamo, env.tableName);
    const windowMs = 600_000;
    const at = 5_000 * windowMs + 10;

    const added = await Promise.all(
      Array.from({ length: 12 }, () => counter.add('bounded', windowMs, at, 5)),
    );

    expect(added.filter(Boolean)).toHaveLength(5);
    expect(await counter.read('bounded', windowMs, at)).toEqual({ current: 5, previous: 0 });
    expect(await counter.add('bounded', windowMs, at)).toBe(true);
    await counter.subtract('bounded', windowMs, at);
    expect((await counter.read('bounded', windowMs, at)).current).toBe(5);
  });
});

describe('finding a lead by its id against dynalite', () => {
  const lead = (submissionId: string, idempotencyKey: string) =>
    ({
      form: 'download',
      submissionId,
      idempotencyKey,
      payloadHash: 'h',
      createdAt: new Date().toISOString(),
      fields: {},
      emailHash: 'e',
      userAgent: undefined,
      ipHash: undefined,
      spam: false,
      emailStatus: 'sent',
      emails: {},
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    }) as StoredLead;

  it('records an opening on the lead its id names, at once, and on no other', async () => {
    expect(await store.createLead(lead('id-winner-0001', 'key-race-0001'))).toBe(true);
    // A retry that loses the conditional put still leaves its id behind: it must find nothing.
    expect(await store.createLead(lead('id-loser-0001', 'key-race-0001'))).toBe(false);
    const at = new Date().toISOString();

    expect(
      await store.recordDownload({ form: 'download', submissionId: 'id-loser-0001' }, at),
    ).toBe(false);
    expect(
      await store.recordDownload({ form: 'download', submissionId: 'id-winner-0001' }, at),
    ).toBe('first');
    expect(
      await store.recordDownload({ form: 'contact', submissionId: 'id-winner-0001' }, at),
    ).toBe(false);
    expect(
      await store.recordDownload({ form: 'download', submissionId: 'id-unknown-01' }, at),
    ).toBe(false);
    const stored = await store.findLead('download', 'key-race-0001');
    expect(stored).toMatchObject({ submissionId: 'id-winner-0001', downloadCount: 1 });
  });
});

describe('fixed-window counts against dynalite', () => {
  it('adds atomically into the window of the moment and reads it with the one before', async () => {
    const { dynamo, tableName } = await useEmulators('windows');
    const counter = createDynamoWindowCounter(dynamo, tableName);
    const W = 600_000;
    const t = 3_000 * W + 1_000;
    await Promise.all(Array.from({ length: 25 }, () => counter.add('rate-a', W, t - W)));
    await Promise.all(Array.from({ length: 7 }, () => counter.add('rate-a', W, t)));
    await counter.add('rate-b', W, t);

    expect(await counter.read('rate-a', W, t + 5_000)).toEqual({ current: 7, previous: 25 });
    expect(await counter.read('rate-a', W, t + W)).toEqual({ current: 0, previous: 7 });
    expect(await counter.read('rate-c', W, t)).toEqual({ current: 0, previous: 0 });
  });
});

describe('delivery outcomes against dynalite', () => {
  const sent = (submissionId: string, idempotencyKey: string) =>
    ({
      form: 'download',
      submissionId,
      idempotencyKey,
      payloadHash: 'h',
      createdAt: new Date().toISOString(),
      fields: {},
      emailHash: 'e',
      userAgent: undefined,
      ipHash: undefined,
      spam: false,
      emailStatus: 'sent',
      emails: {
        sales: { status: 'sent', attempts: 1, messageId: 'm-sales' },
        visitor: { status: 'sent', attempts: 1, messageId: 'm-visitor' },
      },
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
    }) as StoredLead;
  const state = (outcome: DeliveryState['outcome'], rank: number, messageId = 'm-visitor') => ({
    outcome,
    rank,
    messageId,
    at: '2026-11-26T10:00:00.000Z',
  });
  const ref = { form: 'download', submissionId: 'id-delivery-01' } as const;

  it('keeps the strongest outcome of the message the lead names, whatever the order', async () => {
    await store.createLead(sent('id-delivery-01', 'key-delivery-01'));

    expect(await store.recordDelivery(ref, 'visitor', state('complained', 5))).toBe('recorded');
    expect(await store.recordDelivery(ref, 'visitor', state('complained', 5))).toBe('unchanged');
    expect(await store.recordDelivery(ref, 'visitor', state('delivered', 2))).toBe('unchanged');
    expect(await store.recordDelivery(ref, 'visitor', state('delivered', 2, 'm-old'))).toBe(
      'other-message',
    );
    expect(await store.recordDelivery(ref, 'sales', state('delivered', 2, 'm-sales'))).toBe(
      'recorded',
    );
    expect(
      await store.recordDelivery(
        { form: 'download', submissionId: 'id-gone' },
        'visitor',
        state('delivered', 2),
      ),
    ).toBe('no-lead');

    const stored = await store.findLead('download', 'key-delivery-01');
    expect(stored?.emails.visitor).toMatchObject({
      status: 'sent',
      messageId: 'm-visitor',
      delivery: { outcome: 'complained', rank: 5 },
    });
    expect(stored?.emails.sales?.delivery).toMatchObject({ outcome: 'delivered' });
  });

  it('says when the lead names no message to that audience yet', async () => {
    const lead = sent('id-delivery-02', 'key-delivery-02');
    lead.emails.visitor = { status: 'pending', attempts: 0 };
    await store.createLead(lead);
    expect(
      await store.recordDelivery(
        { form: 'download', submissionId: 'id-delivery-02' },
        'visitor',
        state('delivered', 2),
      ),
    ).toBe('not-recorded-yet');
  });

  it('keeps a mailbox on the suppression list: every event adds, none takes back', async () => {
    const entry = { mailboxHash: 'hash-1', at: 'now', expiresAt: 2_000_000_000 };
    expect(await store.findSuppression('hash-1')).toBeUndefined();
    await store.suppressAddress({ ...entry, reason: 'complained' });
    await store.suppressAddress({ ...entry, reason: 'bounced', spellingHash: 'tagged-1' });
    // Events for one mailbox at once (two recipients of one bounce): both are kept.
    await Promise.all([
      store.suppressAddress({ ...entry, reason: 'bounced', spellingHash: 'tagged-2' }),
      store.suppressAddress({ ...entry, reason: 'bounced', spellingHash: 'tagged-1' }),
      store.suppressAddress({ ...entry, reason: 'bounced' }),
    ]);
    const found = await store.findSuppression('hash-1');
    expect(found).toMatchObject({ complained: true, bounced: true });
    expect(found?.bouncedSpellings.sort()).toEqual(['tagged-1', 'tagged-2']);

    await store.suppressAddress({ ...entry, mailboxHash: 'hash-2', reason: 'bounced' });
    expect(await store.findSuppression('hash-2')).toEqual({
      complained: false,
      bounced: true,
      bouncedSpellings: [],
    });
  });
});
