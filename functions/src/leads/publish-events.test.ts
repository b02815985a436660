import { beforeEach, describe, expect, it, vi } from 'vitest';
import { contactBody } from '../../test/events.ts';
import { FakeEventBus, FakeLeadStore } from '../../test/fake-lead-store.ts';
import { contactForm } from './forms/contact.ts';
import type { StoredLead } from './lead.ts';
import { leadAccepted, leadDelivery } from './lead-events.ts';
import {
  type OutboxRunDeps,
  owedEvent,
  PUBLISH_RETRY_MS,
  publishOwed,
  publishOwedEvents,
} from './publish-events.ts';

const NOW = new Date('2026-01-01T10:00:00.000Z');
let store: FakeLeadStore;
let bus: FakeEventBus;
let deps: OutboxRunDeps;
let counts: Record<string, number>;

beforeEach(() => {
  store = new FakeLeadStore();
  bus = new FakeEventBus();
  counts = {};
  deps = {
    store,
    bus,
    metrics: {
      count: (metric, _form, value = 1) => {
        counts[metric] = (counts[metric] ?? 0) + value;
      },
    },
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    now: () => NOW,
  };
});

let n = 0;
function storedLead(createdAt = '2026-01-01T09:00:00.000Z'): StoredLead {
  n += 1;
  return {
    form: 'contact',
    submissionId: `lead-${n}`,
    idempotencyKey: `key-${n}`,
    payloadHash: 'hash',
    createdAt,
    fields: contactBody({ name: `Ada ${n}` }) as Record<string, unknown>,
    emailHash: 'email-hash',
    userAgent: undefined,
    ipHash: undefined,
    spam: false,
    emailStatus: 'sent',
    emails: {},
    expiresAt: 2_000_000_000,
  };
}

async function storeWithEvent(lead = storedLead()) {
  const event = leadAccepted(lead, contactForm);
  if (!event) throw new Error('a contact lead has an event');
  const owed = owedEvent(event);
  await store.createLead(lead, [owed]);
  return { lead, owed, ref: { form: lead.form, idempotencyKey: lead.idempotencyKey } };
}

describe('publishOwed', () => {
  it('publishes the events as owed, byte for byte, and clears them', async () => {
    const { owed, ref } = await storeWithEvent();
    expect(await publishOwed(ref, [owed], deps)).toEqual({ published: 1, failed: 0 });
    expect(bus.published).toEqual([owed]);
    expect(JSON.parse(owed.detail)).toMatchObject({ type: 'lead.accepted', id: owed.id });
    expect((await store.readOwedEvents(ref)).events).toEqual([]);
    expect(counts).toEqual({ LeadEventsPublished: 1 });
  });

  it('keeps the events owed, deferred, when the bus is down, and never throws', async () => {
    const { owed, ref } = await storeWithEvent();
    bus.down = true;
    expect(await publishOwed(ref, [owed], deps)).toEqual({ published: 0, failed: 1 });
    expect((await store.readOwedEvents(ref)).events).toEqual([owed]);
    expect((await store.listOwedEvents({ dueBy: NOW.getTime(), limit: 10 })).leads).toEqual([]);
    expect(
      (await store.listOwedEvents({ dueBy: NOW.getTime() + PUBLISH_RETRY_MS, limit: 10 })).leads,
    ).toEqual([ref]);
    expect(counts).toEqual({ LeadEventPublishFailed: 1 });
    expect(deps.log.warn).toHaveBeenCalled();
  });

  it('clears what the bus took and keeps what it refused entry by entry', async () => {
    const lead = storedLead();
    const accepted = leadAccepted(lead, contactForm);
    if (!accepted) throw new Error('a contact lead has an event');
    const owed = owedEvent(accepted);
    const delivered = owedEvent(
      leadDelivery(lead, { outcome: 'delivered', at: '2026-01-01T09:01:00.000Z' }),
    );
    await store.createLead(lead, [owed, delivered]);
    const ref = { form: lead.form, idempotencyKey: lead.idempotencyKey };
    bus.refuse.add(delivered.id);
    expect(await publishOwed(ref, [owed, delivered], deps)).toEqual({ published: 1, failed: 1 });
    expect(bus.published).toEqual([owed]);
    expect((await store.readOwedEvents(ref)).events).toEqual([delivered]);
  });

  it('publishes nothing where no bus is configured', async () => {
    const { owed, ref } = await storeWithEvent();
    const { bus: _none, ...without } = deps;
    expect(await publishOwed(ref, [owed], without)).toEqual({ published: 0, failed: 0 });
  });

  it('sends PutEvents at most ten entries at a time', async () => {
    const { ref } = await storeWithEvent();
    const many = Array.from({ length: 23 }, (_, i) => ({
      id: `evt_${String(i).padStart(32, '0')}`,
      type: 'lead.accepted',
      form: 'contact' as const,
      detail: '{}',
    }));
    const sizes: number[] = [];
    const publish = bus.publish.bind(bus);
    bus.publish = async (events) => {
      sizes.push(events.length);
      return publish(events);
    };
    await publishOwed(ref, many, deps);
    expect(sizes).toEqual([10, 10, 3]);
  });
});

describe('publishOwedEvents: the scheduled run', () => {
  it('publishes every event a failed publish left owed, then nothing on the next run', async () => {
    const stored = [await storeWithEvent(), await storeWithEvent(), await storeWithEvent()];
    bus.down = true;
    for (const { owed, ref } of stored) await publishOwed(ref, [owed], deps);
    bus.down = false;

    // Not yet due: deferred by the retry delay.
    expect(await publishOwedEvents(deps)).toEqual({
      leads: 0,
      published: 0,
      failed: 0,
      unreadable: 0,
    });
    deps.now = () => new Date(NOW.getTime() + PUBLISH_RETRY_MS);
    expect(await publishOwedEvents({ ...deps }, { pageSize: 2 })).toEqual({
      leads: 3,
      published: 3,
      failed: 0,
      unreadable: 0,
    });
    expect(bus.published.map(({ id }) => id).sort()).toEqual(
      stored.map(({ owed }) => owed.id).sort(),
    );
    expect(await publishOwedEvents(deps)).toEqual({
      leads: 0,
      published: 0,
      failed: 0,
      unreadable: 0,
    });
  });

  it('publishes the event of a lead whose function died before publishing, once its grace is over', async () => {
    const { owed } = await storeWithEvent(storedLead('2026-01-01T09:59:30.000Z'));
    expect((await publishOwedEvents(deps)).published).toBe(0);
    deps.now = () => new Date('2026-01-01T10:00:30.000Z');
    expect((await publishOwedEvents(deps)).published).toBe(1);
    expect(bus.published).toEqual([owed]);
  });

  it('stops between pages when asked to', async () => {
    await storeWithEvent();
    expect(await publishOwedEvents(deps, { shouldContinue: () => false })).toEqual({
      leads: 0,
      published: 0,
      failed: 0,
      unreadable: 0,
    });
  });

  it('publishes what it can read, logs what it cannot, and looks at that lead again a day later', async () => {
    const { owed, ref } = await storeWithEvent();
    await store.oweUnreadableEvent(ref, 'evt_ffffffffffffffffffffffffffffffff', 0);
    expect(await publishOwedEvents(deps)).toEqual({
      leads: 1,
      published: 1,
      failed: 0,
      unreadable: 1,
    });
    expect(bus.published).toEqual([owed]);
    expect(deps.log.error).toHaveBeenCalledWith(
      'a lead owes lead events that cannot be read; a person must look',
      { form: 'contact', events: ['evt_ffffffffffffffffffffffffffffffff'] },
    );
    // Not read again on every run: a day later.
    expect(await publishOwedEvents(deps)).toMatchObject({ leads: 0 });
    deps.now = () => new Date(NOW.getTime() + 86_400_000);
    expect(await publishOwedEvents(deps)).toMatchObject({ leads: 1, unreadable: 1 });
  });
});
