import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DescribeTableCommand } from '@aws-sdk/client-dynamodb';
import type { LeadForm } from '@kryon/shared/api';
import { normaliseEmail } from '@kryon/shared/email';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDynamoLeadStore, createDynamoWindowCounter } from '../src/adapters/dynamodb.ts';
import { sha256 } from '../src/leads/hash.ts';
import type { StoredLead } from '../src/leads/lead.ts';
import { type IntegrationEnv, useEmulators } from '../test/integration.ts';
import { main as backup } from './leads-backup.ts';
import { main as restore } from './leads-restore.ts';
import { captureIo } from './lib/capture-io.ts';
import { manifestPathOf } from './lib/table-backup.ts';

/*
 * The restore runbook's table-level steps, on dynalite (decision 086): leads and their
 * counters written through the real adapter, backed up with leads:backup, restored with
 * leads:restore into a fresh table, and read back through the adapter. The "deployed" path
 * (--table, --deployed) is the one exercised: the standard endpoint variable points it at
 * dynalite, as leads-export.int.test.ts does.
 */

let env: IntegrationEnv;
let scratch: string;
const saved = { ...process.env };
const NOW = Date.parse('2026-11-28T10:00:00.000Z');
const MINUTE = 60_000;
const FUTURE = Math.floor(NOW / 1000) + 730 * 86_400;

function lead(form: LeadForm, n: number, extra: Partial<StoredLead> = {}): StoredLead {
  const email = `person-${n}@northwind.example`;
  const fields =
    form === 'demo'
      ? { fullName: `Person ${n}`, workEmail: email, interestedModules: ['iam-analysis'] }
      : { name: `Person ${n}`, email, message: `Line one\n"two" ${n}` };
  return {
    form,
    submissionId: `sub-${form}-${n}-${randomUUID()}`,
    idempotencyKey: `key-${form}-${n}-${randomUUID()}`,
    payloadHash: sha256(JSON.stringify(fields)),
    createdAt: new Date(NOW - n * MINUTE).toISOString(),
    fields,
    emailHash: sha256(normaliseEmail(email)),
    userAgent: 'vitest',
    ipHash: 'ip',
    spam: false,
    emailStatus: 'sent',
    expiresAt: FUTURE,
    ...extra,
  } as StoredLead;
}

const leads = [
  lead('demo', 1, { attribution: { landingPath: '/demo', utmSource: 'newsletter' } }),
  lead('contact', 2),
  // Owes its e-mail: on the re-send index, which the restored table must rebuild.
  lead('contact', 3, { emailStatus: 'pending' }),
  lead('demo', 4, { spam: true, emailStatus: 'skipped' }),
];
/** Past its retention: DynamoDB's TTL would have removed it; a restore leaves it out. */
const expired = lead('contact', 5, { expiresAt: Math.floor(NOW / 1000) - 86_400 });
const RATE_KEY = `email#${sha256('person-1@northwind.example')}`;
const BUDGET_KEY = `visitor-mail#${sha256('person-1@northwind.example')}`;
const MAILBOX = sha256('bounced@northwind.example');

beforeAll(async () => {
  env = await useEmulators('backup');
  scratch = mkdtempSync(join(tmpdir(), 'kryon-backup-'));
  process.env.INIT_CWD = scratch;
  const store = createDynamoLeadStore(env.dynamo, env.tableName);
  for (const item of [...leads, expired]) {
    expect(await store.createLead(item)).toBe(true);
  }
  // The e-mail's rate limit: two of its three in the running window used.
  for (let i = 0; i < 2; i++) {
    expect(
      await store.takeRateLimit({ key: RATE_KEY, max: 3, windowMs: MINUTE, nowMs: NOW }),
    ).toBeDefined();
  }
  // A budget counted in fixed windows (the visitor-mail budget's kind): 4 in this hour.
  const counter = createDynamoWindowCounter(env.dynamo, env.tableName);
  for (let i = 0; i < 4; i++) expect(await counter.add(BUDGET_KEY, 60 * MINUTE, NOW)).toBe(true);
  await store.suppressAddress({
    mailboxHash: MAILBOX,
    reason: 'bounced',
    at: new Date(NOW).toISOString(),
    expiresAt: FUTURE,
  });
});

afterAll(() => {
  process.env = { ...saved };
  rmSync(scratch, { recursive: true, force: true });
});

describe('leads:backup, then leads:restore into a fresh table', () => {
  const restored = `leads-restored-${randomUUID().slice(0, 8)}`;

  it('backs up every item to a private file with a manifest', async () => {
    const io = captureIo();
    expect(await backup(['--table', env.tableName, '--out', 'leads.jsonl'], io)).toBe(0);
    const file = join(scratch, 'leads.jsonl');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(manifestPathOf(file)).mode & 0o777).toBe(0o600);
    const manifest = JSON.parse(readFileSync(manifestPathOf(file), 'utf8'));
    // 5 leads + 5 id links, the rate counter, the budget window, the suppression entry.
    expect(manifest).toMatchObject({ format: 'kryon-leads-backup', itemCount: 13 });
    expect(io.stderr()).toContain(`Backed up 13 items of DynamoDB table ${env.tableName}`);
    // DynamoDB's own JSON, one item a line: numbers keep their type.
    const first = JSON.parse(readFileSync(file, 'utf8').split('\n')[0] as string);
    expect(Object.keys(first)).toEqual(['Item']);
    expect(first.Item.pk).toHaveProperty('S');
  });

  it('refuses to overwrite a backup', async () => {
    await expect(
      backup(['--table', env.tableName, '--out', 'leads.jsonl'], captureIo()),
    ).rejects.toThrow(/EEXIST/);
  });

  it('restores into a new table: every lead and counter intact through the adapter', async () => {
    const io = captureIo();
    const code = await restore(
      ['--from', 'leads.jsonl', '--table', restored, '--deployed'],
      io,
      () => NOW,
    );
    expect(code).toBe(0);
    // The expired lead and the link from its id are left out.
    expect(io.stderr()).toContain(`Restored 11 of 13 items`);
    expect(io.stderr()).toContain(`into the new table ${restored}`);
    expect(io.stderr()).toContain('left out 2 past their expiry');

    // The same shape: keys and the re-send index.
    const { Table } = await env.dynamo.send(new DescribeTableCommand({ TableName: restored }));
    expect(Table?.KeySchema).toEqual([
      { AttributeName: 'pk', KeyType: 'HASH' },
      { AttributeName: 'sk', KeyType: 'RANGE' },
    ]);
    expect(Table?.GlobalSecondaryIndexes?.map((index) => index.IndexName)).toEqual([
      'pending-sends',
      'pending-events',
    ]);

    const store = createDynamoLeadStore(env.dynamo, restored);
    const source = createDynamoLeadStore(env.dynamo, env.tableName);
    for (const original of leads) {
      // Read back as the functions read it: what the source table gives, field for field.
      const read = await store.findLead(original.form, original.idempotencyKey);
      expect(read).toMatchObject(original);
      expect(read).toEqual(await source.findLead(original.form, original.idempotencyKey));
    }
    expect(await store.findLead(expired.form, expired.idempotencyKey)).toBeUndefined();
    // The lead that owes its e-mail is on the re-send list again.
    const pending = await store.listPending({ dueBy: NOW, limit: 10 });
    expect(pending.leads).toEqual([{ form: 'contact', idempotencyKey: leads[2]?.idempotencyKey }]);
    // Its id still finds it: a report link opened after the restore is recorded on it.
    const [first] = leads as [StoredLead];
    expect(
      await store.recordDownload(
        { form: first.form, submissionId: first.submissionId },
        new Date(NOW).toISOString(),
      ),
    ).toBe('first');
    // The rate limit goes on where it was: one left in the window, then refused.
    expect(
      await store.takeRateLimit({ key: RATE_KEY, max: 3, windowMs: MINUTE, nowMs: NOW + 1 }),
    ).toBeDefined();
    expect(
      await store.takeRateLimit({ key: RATE_KEY, max: 3, windowMs: MINUTE, nowMs: NOW + 2 }),
    ).toBeUndefined();
    // The budget's count, and the suppression entry.
    const counter = createDynamoWindowCounter(env.dynamo, restored);
    expect(await counter.read(BUDGET_KEY, 60 * MINUTE, NOW)).toEqual({ current: 4, previous: 0 });
    expect(await store.findSuppression(MAILBOX)).toMatchObject({
      bounced: true,
      complained: false,
    });
  });

  it('refuses a table that exists, and creates nothing from a backup that does not check', async () => {
    await expect(
      restore(['--from', 'leads.jsonl', '--table', restored, '--deployed'], captureIo()),
    ).rejects.toThrow(`Table ${restored} exists already`);

    const file = join(scratch, 'leads.jsonl');
    const lines = readFileSync(file, 'utf8').split('\n');
    writeFileSync(join(scratch, 'short.jsonl'), lines.slice(1).join('\n'));
    writeFileSync(manifestPathOf(join(scratch, 'short.jsonl')), readFileSync(manifestPathOf(file)));
    const never = `leads-never-${randomUUID().slice(0, 8)}`;
    await expect(
      restore(['--from', 'short.jsonl', '--table', never, '--deployed'], captureIo()),
    ).rejects.toThrow(/SHA-256 differs/);
    await expect(env.dynamo.send(new DescribeTableCommand({ TableName: never }))).rejects.toThrow(
      /not found|ResourceNotFound/i,
    );
    expect(existsSync(join(scratch, 'short.jsonl'))).toBe(true);
  });
});
