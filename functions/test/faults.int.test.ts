import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Emulator, startDynamo, startSes } from '../local/emulators.ts';
import { type StoredEmail, storedEmails } from '../local/ses-inbox.ts';
import { ensureTable } from '../local/table.ts';
import { captureIo } from '../scripts/lib/capture-io.ts';
import { apiEvent, bodyOf, contactBody, type Handler } from './events.ts';

/*
 * Failure of the services behind the API, for real: this file runs its own emulators (the
 * shared ones serve other files meanwhile) and stops and restarts them on the same ports.
 */
let dynamo: Emulator;
let ses: Emulator;
let dataDir: string;
let handler: Handler;
const TABLE = 'leads-faults';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kryon-faults-'));
  dynamo = await startDynamo({ port: 0, path: join(dataDir, 'dynamodb') });
  ses = await startSes({ port: 0 });
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
    AWS_ENDPOINT_URL_SESV2: ses.url,
    TABLE_NAME: TABLE,
    MAIL_FROM: 'Kryon Website <no-reply@kryon.example>',
    MAIL_TO: 'sales@kryon.example',
    IP_HASH_SECRET: 'faults-secret',
    SITE_ORIGIN: 'https://www.kryon.example',
    // The test addresses' domains are made up, and this machine has no DNS to the internet.
    MAIL_DOMAIN_CHECK: 'off',
    // What `npm run leads:resend` reads to find the running local stack.
    DYNAMODB_PORT: new URL(dynamo.url).port,
    SES_PORT: new URL(ses.url).port,
    DATA_DIR: dataDir,
    // 100 unverified leads mailed one by one: the hourly digest of held ones has its own tests.
    UNVERIFIED_SALES_MAIL_PER_HOUR: '1000',
  });
  delete process.env.AWS_PROFILE;
  await ensureTable(new DynamoDBClient({}), TABLE);
  ({ handler } = await import('../src/handlers/contact.ts'));
}, 30_000);

afterAll(async () => {
  await Promise.all([dynamo.close(), ses.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

function submit(i: number) {
  return handler(
    apiEvent({
      body: contactBody({ email: `visitor${i}@example.com` }),
      headers: { 'idempotency-key': `key-fault-${i}` },
    }),
  );
}

async function inbox(): Promise<StoredEmail[]> {
  return storedEmails(ses.url);
}

async function leads() {
  const doc = DynamoDBDocumentClient.from(new DynamoDBClient({}));
  const out = await doc.send(
    new ScanCommand({
      TableName: TABLE,
      FilterExpression: 'entity = :lead',
      ExpressionAttributeValues: { ':lead': 'lead' },
    }),
  );
  return out.Items ?? [];
}

async function inBatches(count: number, size: number, run: (i: number) => Promise<unknown>) {
  for (let start = 0; start < count; start += size) {
    await Promise.all(
      Array.from({ length: Math.min(size, count - start) }, (_, k) => run(start + k)),
    );
  }
}

describe('with SES unreachable part-way through 100 submissions', () => {
  it('accepts and stores all 100, and `leads:resend` sends each owed e-mail exactly once', async () => {
    const sesPort = Number(new URL(ses.url).port);
    const statuses: number[] = [];
    await inBatches(30, 10, async (i) => statuses.push((await submit(i)).statusCode));

    await ses.close();
    await inBatches(70, 10, async (i) => statuses.push((await submit(30 + i)).statusCode));
    expect(statuses).toEqual(Array(100).fill(200));

    const stored = await leads();
    expect(stored).toHaveLength(100);
    expect(stored.filter((lead) => lead.emailStatus === 'sent')).toHaveLength(30);
    expect(stored.filter((lead) => lead.emailStatus === 'failed')).toHaveLength(70);

    ses = await startSes({ port: sesPort });
    const { main } = await import('../scripts/leads-resend.ts');
    const io = captureIo();
    expect(await main([], io)).toBe(0);
    expect(io.stdout()).toContain('re-sent: 70 (70 e-mails sent, 0 failed)');

    // The emulator's store outlives its restart: it holds the 30 sent at once and the 70
    // re-sent, one sales e-mail per visitor, none twice.
    const visitors = (await inbox()).map((email) => email.replyTo[0]).sort();
    const everyone = Array.from({ length: 100 }, (_, i) => `visitor${i}@example.com`).sort();
    expect(visitors).toEqual(everyone);
    expect((await leads()).every((lead) => lead.emailStatus === 'sent')).toBe(true);

    // A second run finds nothing owed and sends nothing.
    const again = captureIo();
    expect(await main([], again)).toBe(0);
    expect(again.stdout()).toContain('Leads due: 0');
    expect(await inbox()).toHaveLength(100);
  }, 60_000);
});

describe('with DynamoDB unreachable', () => {
  it('answers a clear 503 JSON, without internals, and sends nothing', async () => {
    const before = (await inbox()).length;
    await dynamo.close();
    try {
      const response = await submit(1_000);
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('60');
      expect(bodyOf(response)).toEqual({ success: false, message: ERROR_MESSAGES.unavailable });
      expect(response.body).not.toMatch(/ECONNREFUSED|127\.0\.0\.1|\bat\s/);
      expect(await inbox()).toHaveLength(before);
    } finally {
      dynamo = await startDynamo({
        port: Number(new URL(dynamo.url).port),
        path: join(dataDir, 'dynamodb'),
      });
    }
  }, 30_000);
});
