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
  // One network's flood below posts faster than a client's default budget allows.
  process.env.IP_RATE_LIMIT_PER_MINUTE = '1000';
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

/**
 * Scripted posts without proof of work, each from its own client address unless `sourceIp`
 * names one for every post, as a flood sends them.
 */
async function flood(
  run: string,
  count: number,
  sourceIp?: (i: number) => string,
  company = `Flood ${run} https://evil.example`,
) {
  const addresses = Array.from({ length: count }, (_, i) => `flood-${run}-${i}@example.com`);
  for (const [i, email] of addresses.entries()) {
    const response = await contact(
      apiEvent({
        body: contactBody({ email, company }),
        headers: { 'idempotency-key': uniqueKey() },
        ...(sourceIp ? { sourceIp: sourceIp(i) } : {}),
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
    expect(taken).toMatchObject({ submissionId: first?.submissionId });

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

  it("lists real leads before one network's flood and counts the flood on one line, in the next digest", async () => {
    const junkIp = (i: number) => `2001:db8:bad:7:${(i + 1).toString(16)}::1`;
    // The attacker's first posts take whatever is left of the hour's one-by-one e-mails.
    await flood('c-first', ONE_BY_ONE, junkIp, 'Junk c');
    await flood('c-real', 5, undefined, 'Real c');
    await flood('c-junk', 60, junkIp, 'Junk c');

    const mine = (await leads()).filter((lead) => String(lead.fields.company).endsWith(' c'));
    const held = mine.filter((lead) => lead.emails.sales.status === 'held');
    const real = held
      .filter((lead) => lead.fields.company === 'Real c')
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
    const junk = held.filter((lead) => lead.fields.company === 'Junk c');
    expect(real).toHaveLength(5);
    expect(new Set(junk.map((lead) => lead.networkHash)).size).toBe(1);
    expect(junk.length).toBeGreaterThanOrEqual(60);

    const afterTheHour = new Date(Date.now() + 60 * 60 * 1000);
    const summary = await resendPending(resendDeps(() => afterTheHour));
    expect(summary).toMatchObject({ digests: 1, digestDeferred: 0, digestFailed: 0 });
    expect(summary.digestCounted).toBe(junk.length - 5);

    const [digest] = (await storedEmails(env.sesUrl)).filter(
      (email) =>
        email.subject.startsWith('Digest:') &&
        real.some((lead) => email.body.text?.includes(lead.submissionId)),
    );
    const ids = [...(digest?.body.text ?? '').matchAll(/^ {3}Submission: (.+)$/gm)].map(
      (m) => m[1],
    );
    const heldIds = new Set(held.map((lead) => lead.submissionId));
    const listedOfMine = ids.filter((id) => id && heldIds.has(id));
    // All five real leads and the network's first five, oldest first.
    const realIds = real.map((lead) => lead.submissionId);
    expect(listedOfMine.filter((id) => realIds.includes(id as string))).toEqual(realIds);
    expect(listedOfMine).toHaveLength(10);
    const createdAt = new Map(held.map((lead) => [lead.submissionId, lead.createdAt as string]));
    const times = listedOfMine.map((id) => createdAt.get(id as string) ?? '');
    expect(times).toEqual([...times].sort());
    const label = `network ${String(junk[0]?.networkHash).slice(0, 8)}`;
    expect(digest?.body.text).toContain(
      `And ${junk.length - 5} more from one client network (${label})`,
    );

    // Every held lead of mine went out in that digest: listed, or counted on the line.
    const after = (await leads()).filter((lead) => heldIds.has(lead.submissionId));
    for (const lead of after) {
      expect(lead.emailStatus).toBe('sent');
      expect(lead).not.toHaveProperty('resendPartition');
      expect(lead.emails.sales.messageId).toBe(digest?.messageId);
    }
    expect(after.filter((lead) => lead.emails.sales.via === 'digest-count')).toHaveLength(
      junk.length - 5,
    );
  });
});
