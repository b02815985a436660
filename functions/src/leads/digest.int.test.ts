import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { storedEmails } from '../../local/ses-inbox.ts';
import { apiEvent, contactBody, type Handler } from '../../test/events.ts';
import { type IntegrationEnv, uniqueKey, useEmulators } from '../../test/integration.ts';
import { createDynamoLeadStore } from '../adapters/dynamodb.ts';
import type { ResendDeps } from './resend-pending.ts';

/** Unverified leads e-mailed one by one an hour in this file's stack. */
const ONE_BY_ONE = 5;

let env: IntegrationEnv;
let contact: Handler;
let resendDeps: (now: () => Date) => ResendDeps;
let resendPending: typeof import('./resend-pending.ts').resendPending;

beforeAll(async () => {
  env = await useEmulators('digest');
  process.env.UNVERIFIED_SALES_MAIL_PER_HOUR = String(ONE_BY_ONE);
  contact = ((await import('../handlers/contact.ts')) as { handler: Handler }).handler;
  const wiring = await import('../wiring.ts');
  const { readConfig, resendConfig } = await import('../config.ts');
  const config = readConfig(resendConfig);
  const site = wiring.siteSecret(await wiring.loadSecrets(config));
  resendDeps = (now) => ({ ...wiring.resendDeps(site, config), now });
  ({ resendPending } = await import('./resend-pending.ts'));
});

/** Every lead of this file's table, as stored. */
async function leads() {
  const out = await DynamoDBDocumentClient.from(env.dynamo).send(
    new ScanCommand({
      TableName: env.tableName,
      ConsistentRead: true,
      FilterExpression: 'entity = :lead',
      ExpressionAttributeValues: { ':lead': 'lead' },
    }),
  );
  // biome-ignore lint/suspicious/noExplicitAny: items as the table holds them
  return (out.Items ?? []) as Record<string, any>[];
}

/** 30 scripted posts without proof of work, each from its own address, as a flood sends. */
async function flood(run: string, count: number) {
  const addresses = Array.from({ length: count }, (_, i) => `flood-${run}-${i}@example.com`);
  for (const email of addresses) {
    const response = await contact(
      apiEvent({
        body: contactBody({ email, company: `Flood ${run} https://evil.example` }),
        headers: { 'idempotency-key': uniqueKey() },
      }),
    );
    expect(response.statusCode).toBe(200);
  }
  return addresses;
}

describe('a flood of unverified contact posts against the emulators', () => {
  it('mails the first few one by one, then one digest after the hour lists every other lead', async () => {
    const addresses = await flood('a', 30);
    const mine = (await storedEmails(env.sesUrl)).filter((email) =>
      addresses.some((address) => email.replyTo.includes(address)),
    );
    expect(mine).toHaveLength(ONE_BY_ONE);

    const stored = await leads();
    expect(stored).toHaveLength(30);
    const held = stored.filter((lead) => lead.emails.sales.status === 'held');
    expect(held).toHaveLength(30 - ONE_BY_ONE);
    for (const lead of held) {
      expect(lead).toMatchObject({ emailStatus: 'pending', resendPartition: 'PENDING' });
    }

    // The scheduled run within the hour sends nothing; the first after it sends the digest.
    expect(await resendPending(resendDeps(() => new Date()))).toMatchObject({ digests: 0 });
    const afterTheHour = new Date(Date.now() + 60 * 60 * 1000);
    const summary = await resendPending(resendDeps(() => afterTheHour));
    expect(summary).toMatchObject({ digests: 1, digested: 30 - ONE_BY_ONE, digestFailed: 0 });

    const digests = (await storedEmails(env.sesUrl)).filter(
      (email) =>
        email.subject.startsWith('Digest:') &&
        held.some((lead) => email.body.text?.includes(lead.submissionId)),
    );
    expect(digests).toHaveLength(1);
    const [digest] = digests;
    expect(digest?.subject).toBe(
      `Digest: ${30 - ONE_BY_ONE} unverified leads not e-mailed one by one`,
    );
    expect(digest?.destination.to).toEqual(['sales@kryon.example']);
    expect(digest?.body.html).not.toContain('https://evil.example');

    // Every lead accounted for: sent alone or in the digest, whose SES id it carries.
    const after = await leads();
    for (const lead of after) {
      expect(lead.emailStatus).toBe('sent');
      expect(lead).not.toHaveProperty('resendPartition');
      if (lead.emails.sales.via === 'digest') {
        expect(lead.emails.sales.messageId).toBe(digest?.messageId);
        expect(digest?.body.text).toContain(`Submission: ${lead.submissionId}\n`);
      }
    }
    expect(after.filter((lead) => lead.emails.sales.via === 'digest')).toHaveLength(
      30 - ONE_BY_ONE,
    );
  });

  it('leaves a held lead whose lease another run holds out of a digest asked for now', async () => {
    await flood('b', 3);
    const held = (await leads()).filter((lead) => lead.emails.sales.status === 'held');
    expect(held).toHaveLength(3);
    const store = createDynamoLeadStore(env.dynamo, env.tableName);
    const [first] = held;
    const now = Date.now();
    const taken = await store.claimPending(
      { form: 'contact', idempotencyKey: first?.idempotencyKey },
      { leaseToken: 'other-run', nowMs: now, leaseUntil: now + 120_000, heldOnly: true },
    );
    expect(taken?.submissionId).toBe(first?.submissionId);

    const summary = await resendPending(
      resendDeps(() => new Date()),
      { digestNow: true },
    );
    expect(summary).toMatchObject({ digests: 1, digested: 2 });
    const after = await leads();
    const stillHeld = after.filter((lead) => lead.emails.sales.status === 'held');
    expect(stillHeld.map((lead) => lead.submissionId)).toEqual([first?.submissionId]);
    expect(stillHeld[0]?.leaseToken).toBe('other-run');
  });
});
