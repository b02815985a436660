import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoLeadStore } from '../src/adapters/dynamodb.ts';
import type { StoredLead } from '../src/leads/lead.ts';
import type { LeadStore } from '../src/leads/ports.ts';
import { type IntegrationEnv, useEmulators } from '../test/integration.ts';
import { main } from './leads-resend.ts';
import { captureIo } from './lib/capture-io.ts';

/*
 * `leads:resend -- --requeue --table <name>`, as ops run it against a deployed table, here
 * against dynalite through the same SDK path: an abandoned sales notification is owed again
 * and on the re-send list; everything else is left as it is.
 */
let env: IntegrationEnv;
let store: LeadStore;
const saved = { ...process.env };

function lead(key: string, emails: StoredLead['emails'], emailStatus: StoredLead['emailStatus']) {
  return {
    form: 'contact',
    submissionId: `sub-${key}`,
    idempotencyKey: key,
    payloadHash: 'hash',
    createdAt: '2026-11-20T10:00:00.000Z',
    fields: { name: 'Ada', email: 'ada@example.com' },
    emailHash: 'email-hash',
    userAgent: undefined,
    ipHash: undefined,
    spam: false,
    emailStatus,
    emails,
    expiresAt: 2_000_000_000,
  } as StoredLead;
}

beforeAll(async () => {
  env = await useEmulators('requeue');
  store = createDynamoLeadStore(env.dynamo, env.tableName);
  const abandoned = { status: 'abandoned' as const, attempts: 14, error: 'Throttling: slow down' };
  await store.createLead(lead('key-abandoned-1', { sales: abandoned }, 'abandoned'));
  await store.createLead(
    lead(
      'key-visitor-only',
      { sales: { status: 'sent', attempts: 1 }, visitor: abandoned },
      'abandoned',
    ),
  );
  await store.createLead(
    lead('key-sent-000001', { sales: { status: 'sent', attempts: 1 } }, 'sent'),
  );
});

afterAll(() => {
  process.env = { ...saved };
});

describe('leads:resend --requeue against a table', () => {
  it('owes an abandoned sales notification again, due now, and touches nothing else', async () => {
    const io = captureIo();
    const before = Date.now();
    expect(await main(['--requeue', '--table', env.tableName], io)).toBe(0);

    expect(io.stdout()).toContain('Re-queued the sales notification of 1 lead');
    expect(io.stdout()).toContain('contact sub-key-abandoned-1');
    const requeued = await store.findLead('contact', 'key-abandoned-1');
    expect(requeued).toMatchObject({
      emailStatus: 'failed',
      emails: { sales: { status: 'failed', attempts: 0 } },
    });
    // On the re-send list, due at once.
    const { leads } = await store.listPending({ dueBy: Date.now() + 1_000, limit: 10 });
    expect(leads.map((ref) => ref.idempotencyKey)).toEqual(['key-abandoned-1']);
    expect(requeued?.leaseUntil).toBeGreaterThanOrEqual(before);
    // A confirmation is not re-sent days late; a sent lead is left alone.
    expect(await store.findLead('contact', 'key-visitor-only')).toMatchObject({
      emailStatus: 'abandoned',
      emails: { visitor: { status: 'abandoned' } },
    });
    expect((await store.findLead('contact', 'key-sent-000001'))?.emailStatus).toBe('sent');

    // Run again: nothing left to re-queue.
    const again = captureIo();
    await main(['--requeue', '--table', env.tableName], again);
    expect(again.stdout()).toContain('has an abandoned sales notification');
  });

  it('refuses to send from here to a deployed table', async () => {
    await expect(main(['--table', env.tableName], captureIo())).rejects.toThrow(
      'With --table only --requeue applies',
    );
  });
});
