import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  GetSuppressedDestinationCommand,
  NotFoundException,
  PutSuppressedDestinationCommand,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import type { LeadForm } from '@kryon/shared/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalEventBus } from '../local/event-bus.ts';
import { type SesWithEvents, startSesWithEvents } from '../local/ses-events.ts';
import {
  createDynamoLeadStore,
  erasedLeadKey,
  leadIdKey,
  leadKey,
  suppressionKey,
} from '../src/adapters/dynamodb.ts';
import { emailHash, sha256, spellingHash } from '../src/leads/hash.ts';
import type { StoredLead } from '../src/leads/lead.ts';
import { leadEvent } from '../src/leads/lead-events.ts';
import { bodyOf, contactBody, contactEvent, type Handler } from '../test/events.ts';
import { type IntegrationEnv, uniqueKey, useEmulators } from '../test/integration.ts';
import { main, rateCounterFilter } from './leads-erase.ts';
import { captureIo } from './lib/capture-io.ts';

let env: IntegrationEnv;
let doc: DynamoDBDocumentClient;
/** The local SES with the account suppression list SES v2 serves (the plain emulator has none). */
let ses: SesWithEvents;
let sesClient: SESv2Client;
const saved = { ...process.env };
// The secret useEmulators gives the handlers; the command reads it from the environment too.
const hashOf = (email: string) => emailHash('integration-secret', email);
const suppressedOf = (email: string) => suppressionKey(hashOf(email));
/** The counter keys an address's submissions and confirmations have left in the table. */
async function countersOf(hash: string): Promise<string[]> {
  const out = await doc.send(
    new ScanCommand({ TableName: env.tableName, ...rateCounterFilter(hash), ConsistentRead: true }),
  );
  return (out.Items ?? []).map((item) => String(item.pk)).sort();
}

function lead(form: LeadForm, id: string, fields: Record<string, unknown>, extra = {}) {
  const email = String(fields.workEmail ?? fields.email);
  return {
    form,
    submissionId: id,
    idempotencyKey: `key-${id}`,
    payloadHash: sha256(id),
    createdAt: `2026-11-0${id.slice(-1)}T10:00:00.000Z`,
    fields,
    emailHash: hashOf(email),
    userAgent: 'vitest',
    ipHash: 'ip',
    spam: false,
    emailStatus: 'sent',
    expiresAt: 2_000_000_000,
    ...extra,
  } as StoredLead;
}

async function exists(key: { pk: string; sk: string }): Promise<boolean> {
  const out = await doc.send(new GetCommand({ TableName: env.tableName, Key: key }));
  return out.Item !== undefined;
}

const ada = {
  contact: lead('contact', 'ada-1', { name: 'Ada', email: 'ada@example.com' }),
  demo: lead('demo', 'ada-2', { fullName: 'Ada', workEmail: 'ada+demo@example.com' }),
  // Stored before leads carried emailHash: found by its address field.
  legacy: lead(
    'partner',
    'ada-3',
    { name: 'Ada', email: 'Ada+partners@Example.com' },
    { emailHash: undefined },
  ),
};
const bob = lead('contact', 'bob-4', { name: 'Bob', email: 'bob@example.com' });
const keyOf = (l: StoredLead) => leadKey(l.form, l.idempotencyKey);

beforeAll(async () => {
  env = await useEmulators('erase');
  doc = DynamoDBDocumentClient.from(env.dynamo);
  ses = await startSesWithEvents({ port: 0, deliver: async () => undefined, publishEvents: false });
  process.env.AWS_ENDPOINT_URL_SESV2 = ses.url;
  sesClient = new SESv2Client({});
  // SES itself listed her demo spelling when a confirmation to it bounced.
  await sesClient.send(
    new PutSuppressedDestinationCommand({ EmailAddress: 'ada+demo@example.com', Reason: 'BOUNCE' }),
  );
  const store = createDynamoLeadStore(env.dynamo, env.tableName);
  for (const l of [ada.contact, ada.demo, ada.legacy, bob]) await store.createLead(l);
  // Earlier e-mails bounced or drew a complaint: the list is kept per mailbox, so Ada's demo
  // address (with its +tag) and her bounced newsletter spelling are in her mailbox's entry.
  for (const [email, reason, spellingOnly] of [
    ['ada@example.com', 'bounced', false],
    ['ada+demo@example.com', 'complained', false],
    ['ada+news@example.com', 'bounced', true],
    ['bob@example.com', 'bounced', false],
  ] as const) {
    await store.suppressAddress({
      mailboxHash: hashOf(email),
      reason,
      ...(spellingOnly ? { spellingHash: spellingHash('integration-secret', email) } : {}),
      at: '2026-11-01T10:00:00.000Z',
      expiresAt: 2_000_000_000,
    });
  }
  for (const email of ['ada@example.com', 'bob@example.com']) {
    const hash = hashOf(email);
    // Submissions from two networks, one verified; the older single key; the confirmations.
    const keys = [
      `email#${hash}#unverified#network-a`,
      `email#${hash}#verified#network-b`,
      `email#${hash}`,
      `visitor-mail#${hash}`,
    ];
    for (const key of keys) {
      await store.takeRateLimit({
        key,
        max: 3,
        windowMs: 60_000,
        nowMs: Date.now(),
      });
    }
  }
});

afterAll(async () => {
  sesClient?.destroy();
  await ses?.close();
  process.env = { ...saved };
});

async function onSesList(address: string): Promise<boolean> {
  try {
    await sesClient.send(new GetSuppressedDestinationCommand({ EmailAddress: address }));
    return true;
  } catch (error) {
    if (error instanceof NotFoundException) return false;
    throw error;
  }
}

describe('leads:erase', () => {
  it('lists every submission of the person and deletes nothing without --yes', async () => {
    const io = captureIo();
    expect(await main(['--email', 'ADA+x@Example.com', '--table', env.tableName], io)).toBe(0);
    const out = io.stdout();
    expect(out).toContain(`for ada@example.com (emailHash ${hashOf('ada@example.com')})`);
    expect(out).toContain('3 submissions found:');
    expect(out).toMatch(/contact +2026-11-01T10:00:00\.000Z +ada-1 .*\(matched by emailHash\)/);
    expect(out).toMatch(/demo +2026-11-02T10:00:00\.000Z +ada-2 .*\(matched by emailHash\)/);
    expect(out).toMatch(/partner +2026-11-03T10:00:00\.000Z +ada-3 .*\(matched by email field\)/);
    expect(out).not.toContain('bob-4');
    expect(out).toContain('Rate-limit counters for this address: 4');
    // One entry for her mailbox, holding what each of its spellings did.
    expect(out).toContain(
      'On our suppression list: yes (complained, bounced, 1 tagged spelling bounced)',
    );
    expect(out).toContain(
      "On SES's account suppression list in us-east-1: ada+demo@example.com (BOUNCE)",
    );
    expect(out).toContain(
      'Dry run: nothing was deleted. Run again with --yes to delete 3 submissions and 4 rate-limit counters and 1 suppression entry and 1 SES suppression list entry.',
    );
    expect(await onSesList('ada+demo@example.com')).toBe(true);
    for (const l of Object.values(ada)) expect(await exists(keyOf(l))).toBe(true);
    expect(await countersOf(hashOf('ada@example.com'))).toHaveLength(4);
  });

  it('without the hash secret finds the submissions by their address fields alone', async () => {
    const secret = process.env.IP_HASH_SECRET;
    delete process.env.IP_HASH_SECRET;
    try {
      const io = captureIo();
      expect(await main(['--email', 'ada@example.com', '--table', env.tableName], io)).toBe(0);
      expect(io.stdout()).toContain('by address only: set IP_HASH_SECRET');
      expect(io.stdout()).toContain('3 submissions found:');
      expect(io.stdout()).toContain('Rate-limit counters for this address: none');
    } finally {
      process.env.IP_HASH_SECRET = secret;
    }
  });

  it('with --yes deletes them and the counter, and nobody else', async () => {
    const io = captureIo();
    expect(await main(['--email', 'ada@example.com', '--yes', '--table', env.tableName], io)).toBe(
      0,
    );
    expect(io.stdout()).toContain(
      "Deleted 3 submissions and 4 rate-limit counters and 1 suppression entry, and took 1 address off SES's account suppression list in us-east-1.",
    );
    expect(await onSesList('ada+demo@example.com')).toBe(false);
    // What it cannot reach, said every time.
    expect(io.stdout()).toContain('AWS Backup recovery');
    for (const l of Object.values(ada)) expect(await exists(keyOf(l))).toBe(false);
    expect(await exists(suppressedOf('ada@example.com'))).toBe(false);
    expect(await exists(suppressedOf('ada+demo@example.com'))).toBe(false);
    expect(await exists(suppressedOf('bob@example.com'))).toBe(true);
    expect(await countersOf(hashOf('ada@example.com'))).toEqual([]);
    for (const l of Object.values(ada)) expect(await exists(leadIdKey(l.submissionId))).toBe(false);
    expect(await exists(leadIdKey(bob.submissionId))).toBe(true);
    expect(await exists(keyOf(bob))).toBe(true);
    expect(await countersOf(hashOf('bob@example.com'))).toHaveLength(4);

    const again = captureIo();
    await main(['--email', 'ada@example.com', '--yes', '--table', env.tableName], again);
    expect(again.stdout()).toContain('Nothing stored for this address.');
  });

  it('erases what the contact handler stored, its rate-limit counter included', async () => {
    const { handler } = (await import('../src/handlers/contact.ts')) as { handler: Handler };
    const response = await handler(
      contactEvent(contactBody({ email: 'Carol+web@Example.com' }), uniqueKey()),
    );
    expect(bodyOf(response)).toMatchObject({ success: true });
    const carol = hashOf('carol@example.com');
    expect(await countersOf(carol)).toHaveLength(1);

    // The local default: the running stack's DynamoDB on DYNAMODB_PORT, table TABLE_NAME.
    process.env.DYNAMODB_PORT = new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '').port;
    const io = captureIo();
    await main(['--email', 'carol@example.com', '--yes'], io);
    expect(io.stdout()).toContain(`Searched local table ${env.tableName} (the running local stack`);
    expect(io.stdout()).toContain('1 submission found:');
    expect(io.stdout()).toContain('Deleted 1 submission and 1 rate-limit counter.');
    expect(await countersOf(carol)).toEqual([]);

    const check = captureIo();
    await main(['--email', 'carol@example.com'], check);
    expect(check.stdout()).toContain('Nothing stored for this address.');
  });

  it('tells the destinations first (lead.erased, one per lead they may have had), and deletes nothing the bus refused', async () => {
    const store = createDynamoLeadStore(env.dynamo, env.tableName);
    const dee = lead('contact', 'dee-5', { name: 'Dee', email: 'dee@example.com' });
    const spam = lead(
      'contact',
      'dee-6',
      { name: 'Dee', email: 'dee@example.com' },
      { spam: true },
    );
    for (const l of [dee, spam]) await store.createLead(l);
    const dir = mkdtempSync(join(tmpdir(), 'erase-bus-'));
    const bus = await startLocalEventBus({
      port: 0,
      dir,
      destinations: [],
      deliver: async () => ({ ok: true, status: 200 }),
    });
    try {
      process.env.LEAD_EVENT_BUS_NAME = bus.busName;
      // A bus that does not answer: nothing deleted, and the command says why.
      process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = 'http://127.0.0.1:9';
      const down = captureIo();
      expect(
        await main(['--email', 'dee@example.com', '--yes', '--table', env.tableName], down),
      ).toBe(1);
      expect(down.stderr()).toContain('did not take the erase event');
      expect(await exists(keyOf(dee))).toBe(true);
      expect(await exists(erasedLeadKey('dee-5'))).toBe(false);

      process.env.AWS_ENDPOINT_URL_EVENTBRIDGE = bus.url;
      const io = captureIo();
      expect(
        await main(['--email', 'dee@example.com', '--yes', '--table', env.tableName], io),
      ).toBe(0);
      expect(io.stdout()).toContain(
        'Told the lead-event destinations (lead.erased) about 1 submission.',
      );
      expect(await exists(keyOf(dee))).toBe(false);
      expect(await exists(keyOf(spam))).toBe(false);
      // The id alone stays, so no copy of its events is sent again; spam was never announced.
      expect(await exists(erasedLeadKey('dee-5'))).toBe(true);
      expect(await exists(erasedLeadKey('dee-6'))).toBe(false);
      // Spam never reached a destination: only the real lead's erase is published.
      expect(bus.archived().map((e) => [e['detail-type'], leadEvent.parse(e.detail)])).toEqual([
        [
          'lead.erased',
          expect.objectContaining({ type: 'lead.erased', leadId: 'dee-5', form: 'contact' }),
        ],
      ]);
    } finally {
      delete process.env.LEAD_EVENT_BUS_NAME;
      delete process.env.AWS_ENDPOINT_URL_EVENTBRIDGE;
      await bus.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
