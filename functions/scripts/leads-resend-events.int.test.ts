import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalEventBus, startLocalEventBus } from '../local/event-bus.ts';
import { createDynamoLeadStore } from '../src/adapters/dynamodb.ts';
import { contactForm } from '../src/leads/forms/contact.ts';
import type { StoredLead } from '../src/leads/lead.ts';
import { leadAccepted, leadEvent } from '../src/leads/lead-events.ts';
import type { LeadStore, OwedEvent } from '../src/leads/ports.ts';
import { OWED_EVENT_GRACE_MS, owedEvent, PUBLISH_RETRY_MS } from '../src/leads/publish-events.ts';
import { contactBody } from '../test/events.ts';
import { type IntegrationEnv, uniqueKey, useEmulators } from '../test/integration.ts';
import { main } from './leads-resend.ts';
import { captureIo } from './lib/capture-io.ts';

/*
 * `npm run leads:resend` on the local stack publishes, as the scheduled run does after the
 * e-mails, the lead events a failed publish or a crash left owed (decision 090), and says so
 * on one line. Here against dynalite, the SES emulator and the local bus on EVENT_BUS_PORT,
 * with no destinations (as `npm start` runs it with lead events off): the line must be what
 * the bus and the table show afterwards.
 */
let env: IntegrationEnv;
let store: LeadStore;
let dataDir: string;
const saved = { ...process.env };
const busDirs: string[] = [];

beforeAll(async () => {
  env = await useEmulators('resend-events');
  store = createDynamoLeadStore(env.dynamo, env.tableName);
  dataDir = mkdtempSync(join(tmpdir(), 'kryon-resend-events-data-'));
  // The command takes the emulators that answer on these ports for a running `npm start`.
  Object.assign(process.env, {
    DYNAMODB_PORT: new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '').port,
    SES_PORT: new URL(env.sesUrl).port,
    DATA_DIR: dataDir,
  });
});

afterAll(() => {
  process.env = { ...saved };
  for (const dir of [dataDir, ...busDirs]) rmSync(dir, { recursive: true, force: true });
});

/** The local bus the command publishes to (EVENT_BUS_PORT), under the name given. */
async function busOnEventBusPort(busName?: string): Promise<LocalEventBus> {
  const dir = mkdtempSync(join(tmpdir(), 'kryon-resend-events-bus-'));
  busDirs.push(dir);
  const bus = await startLocalEventBus({
    port: 0,
    dir,
    destinations: [],
    // Nothing is delivered without destinations; the bus only archives what it takes.
    deliver: async () => ({ ok: true, status: 200 }),
    ...(busName ? { busName } : {}),
  });
  process.env.EVENT_BUS_PORT = new URL(bus.url).port;
  return bus;
}

/**
 * A contact lead whose e-mails went out, stored with its `lead.accepted` event owed, as the
 * form's function leaves it when its own publish failed. `ageMs`: how long ago it was stored.
 */
async function leadOwingItsEvent(ageMs: number) {
  const key = uniqueKey();
  const lead: StoredLead = {
    form: 'contact',
    submissionId: `sub-${key}`,
    idempotencyKey: key,
    payloadHash: 'hash',
    createdAt: new Date(Date.now() - ageMs).toISOString(),
    fields: contactBody(),
    emailHash: 'email-hash',
    userAgent: undefined,
    ipHash: undefined,
    spam: false,
    emailStatus: 'sent',
    emails: { sales: { status: 'sent', attempts: 1 }, visitor: { status: 'sent', attempts: 1 } },
    expiresAt: 2_000_000_000,
  };
  const event = leadAccepted(lead, contactForm);
  if (!event) throw new Error('a contact lead that is not spam has its lead.accepted event');
  const owed: OwedEvent = owedEvent(event);
  expect(await store.createLead(lead, [owed])).toBe(true);
  return { lead, owed, ref: { form: lead.form, idempotencyKey: lead.idempotencyKey } };
}

/** The leads on the outbox list due by then, by idempotency key. */
async function owingBy(dueBy: number): Promise<string[]> {
  const { leads } = await store.listOwedEvents({ dueBy, limit: 100 });
  return leads.map((ref) => ref.idempotencyKey);
}

describe('leads:resend publishes the lead events still owed', () => {
  it('publishes an event owed past the grace to the bus, clears it, and names the count', async () => {
    const bus = await busOnEventBusPort();
    try {
      const due = await leadOwingItsEvent(OWED_EVENT_GRACE_MS + 5_000);
      // Within the grace its own function may still be publishing it: the run leaves it.
      const fresh = await leadOwingItsEvent(0);

      const io = captureIo();
      expect(await main([], io)).toBe(0);

      expect(io.stdout()).toContain(
        'Lead events owed: 1 published, 0 refused by the bus (owed still).\n',
      );
      const archived = bus.archived();
      expect(archived).toHaveLength(1);
      expect(archived[0]?.source).toBe('kryon.leads');
      expect(archived[0]?.['detail-type']).toBe('lead.accepted');
      expect(leadEvent.parse(archived[0]?.detail)).toMatchObject({
        id: due.owed.id,
        type: 'lead.accepted',
        leadId: due.lead.submissionId,
        form: 'contact',
      });
      // Sent as it was owed, byte for byte: a receiver sees the same event on every publish.
      expect(archived[0]?.detail).toEqual(JSON.parse(due.owed.detail));

      expect((await store.readOwedEvents(due.ref)).events).toEqual([]);
      const later = Date.now() + OWED_EVENT_GRACE_MS + PUBLISH_RETRY_MS;
      expect(await owingBy(later)).not.toContain(due.lead.idempotencyKey);
      expect((await store.readOwedEvents(fresh.ref)).events).toEqual([fresh.owed]);
      expect(await owingBy(later)).toContain(fresh.lead.idempotencyKey);

      // Nothing is owed now: a second run publishes nothing and prints no such line.
      const again = captureIo();
      expect(await main([], again)).toBe(0);
      expect(again.stdout()).not.toContain('Lead events owed');
      expect(bus.archived()).toHaveLength(1);

      // Off the list, so the next case counts its own lead alone however long this one took.
      await store.clearOwedEvents(fresh.ref, [fresh.owed.id]);
    } finally {
      await bus.close();
    }
  });

  it('keeps an event the bus refuses owed, due again later, and says it is owed still', async () => {
    // The command publishes to the bus named kryon-lead-events; this one answers PutEvents
    // with a failed entry (ResourceNotFoundException), as EventBridge does for a wrong name.
    const bus = await busOnEventBusPort('another-bus');
    try {
      const refused = await leadOwingItsEvent(OWED_EVENT_GRACE_MS + 5_000);

      const io = captureIo();
      const startedAt = Date.now();
      await main([], io);

      expect(io.stdout()).toContain(
        'Lead events owed: 0 published, 1 refused by the bus (owed still).\n',
      );
      expect(bus.archived()).toEqual([]);
      expect((await store.readOwedEvents(refused.ref)).events).toEqual([refused.owed]);
      // Deferred, not dropped: off the list now, back on it once the retry wait is over.
      expect(await owingBy(startedAt)).not.toContain(refused.lead.idempotencyKey);
      expect(await owingBy(Date.now() + PUBLISH_RETRY_MS)).toContain(refused.lead.idempotencyKey);
    } finally {
      await bus.close();
    }
  });
});
