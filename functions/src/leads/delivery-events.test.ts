import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import {
  type SentMessage,
  type SimulatedEvent,
  sesEventRecord,
} from '../../local/ses-event-records.ts';
import { FakeEventBus, FakeLeadStore } from '../../test/fake-lead-store.ts';
import {
  type DeliveryEventDeps,
  handleDeliveryEvent,
  parseSesEvent,
  streamOf,
} from './delivery-events.ts';
import { emailHash, spellingHash } from './hash.ts';
import type { StoredLead } from './lead.ts';
import { leadEvent } from './lead-events.ts';
import type { DeliveryMetrics, Log } from './ports.ts';

const SECRET = 'secret';
const NOW = new Date('2026-11-26T10:00:00.000Z');

class CountingMetrics implements DeliveryMetrics {
  readonly counts: Record<string, number> = {};
  count(metric: string, stream: string, value = 1) {
    const key = `${metric}:${stream}`;
    this.counts[key] = (this.counts[key] ?? 0) + value;
  }
  flush() {}
}

let store: FakeLeadStore;
let metrics: CountingMetrics;
let log: { info: Mock<Log['info']>; warn: Mock<Log['warn']>; error: Mock<Log['error']> };
let deps: DeliveryEventDeps;

function lead(overrides: Partial<StoredLead> = {}): StoredLead {
  return {
    form: 'download',
    submissionId: 'sub-1',
    idempotencyKey: 'key-1',
    payloadHash: 'h',
    createdAt: NOW.toISOString(),
    fields: { email: 'mei@harbour.example' },
    emailHash: emailHash(SECRET, 'mei@harbour.example'),
    userAgent: undefined,
    ipHash: undefined,
    spam: false,
    emailStatus: 'sent',
    emails: {
      sales: { status: 'sent', attempts: 1, messageId: 'msg-sales' },
      visitor: { status: 'sent', attempts: 1, messageId: 'msg-visitor' },
    },
    expiresAt: 1,
    ...overrides,
  };
}

const visitorMessage: SentMessage = {
  messageId: 'msg-visitor',
  destination: ['mei@harbour.example'],
  tags: { form: 'download', audience: 'visitor', submission: 'sub-1' },
  configurationSet: 'visitor-set',
  sentAt: NOW.toISOString(),
};

const salesMessage: SentMessage = {
  messageId: 'msg-sales',
  destination: ['sales@kryon.example'],
  tags: { form: 'download', audience: 'sales', submission: 'sub-1' },
  configurationSet: 'sales-set',
  sentAt: NOW.toISOString(),
};

const PERMANENT: SimulatedEvent = {
  type: 'Bounce',
  bounceType: 'Permanent',
  bounceSubType: 'General',
};

let seconds = 0;
/** An event record, each one second later than the one before. */
function record(message: SentMessage, event: SimulatedEvent) {
  seconds += 1;
  return sesEventRecord(message, event, new Date(NOW.getTime() + seconds * 1000).toISOString());
}

beforeEach(async () => {
  store = new FakeLeadStore();
  metrics = new CountingMetrics();
  log = { info: vi.fn<Log['info']>(), warn: vi.fn<Log['warn']>(), error: vi.fn<Log['error']>() };
  deps = {
    store,
    metrics,
    log,
    now: () => NOW,
    config: {
      hashSecret: SECRET,
      retentionDays: 30,
      recheckAfterMs: [0],
      salesConfigurationSet: 'sales-set',
      visitorConfigurationSet: 'visitor-set',
    },
  };
  await store.createLead(lead());
});

const visitorState = () => store.only().emails.visitor?.delivery;

describe('parseSesEvent', () => {
  it('reads a bounce as the documentation shows it', () => {
    const parsed = parseSesEvent(record(visitorMessage, PERMANENT));
    expect(parsed).toMatchObject({
      ok: true,
      event: {
        type: 'Bounce',
        messageId: 'msg-visitor',
        bounceType: 'permanent',
        bounceSubType: 'General',
        recipients: ['mei@harbour.example'],
      },
    });
  });

  it.each([
    [null, 'not an object'],
    [{}, 'no eventType'],
    [{ eventType: 'Open', mail: {} }, 'an event type not acted on'],
    [{ eventType: 'Bounce', mail: { tags: {} } }, 'no mail.messageId or mail.tags'],
    [
      { eventType: 'Bounce', mail: { messageId: 'm', tags: {} }, bounce: {} },
      'a bounce without bounceType',
    ],
  ])('says what is wrong with %j instead of throwing', (detail, problem) => {
    expect(parseSesEvent(detail)).toMatchObject({ ok: false, problem });
  });

  describe('a hostile or odd record: read leniently, never thrown on', () => {
    // biome-ignore lint/suspicious/noExplicitAny: a record edited into shapes no type allows
    type Editable = Record<string, any>;

    /** A record of the visitor message (a permanent bounce unless `type` says), edited. */
    function edited(edit: (detail: Editable) => void, type: SimulatedEvent = PERMANENT) {
      const detail = structuredClone(record(visitorMessage, type)) as Editable;
      edit(detail);
      return detail;
    }

    it('counts a record whose mail.tags is an array as having no tags', () => {
      const detail = edited((d) => {
        d.mail.tags = [['audience', 'visitor']];
      });
      expect(parseSesEvent(detail)).toStrictEqual({
        ok: false,
        problem: 'no mail.messageId or mail.tags',
        eventType: 'Bounce',
        tags: undefined,
      });
    });

    it('counts a record whose mail is not an object as having no mail', () => {
      expect(parseSesEvent({ eventType: 'Delivery', mail: 'msg-visitor' })).toStrictEqual({
        ok: false,
        problem: 'no mail.messageId or mail.tags',
        eventType: 'Delivery',
        tags: undefined,
      });
    });

    it('drops tag values that are not non-empty strings, and keeps the rest', () => {
      const detail = edited((d) => {
        d.mail.tags.audience = ['visitor', 7, '', null];
        d.mail.tags.form = 5;
        d.mail.tags.extra = { value: 'x' };
      });
      const parsed = parseSesEvent(detail);
      expect(parsed.ok && parsed.event.tags).toStrictEqual({
        form: [],
        audience: ['visitor'],
        submission: ['sub-1'],
        'ses:configuration-set': ['visitor-set'],
        extra: [],
      });
    });

    it('falls back to mail.destination when bouncedRecipients is not a list of addresses', () => {
      for (const bouncedRecipients of [{ emailAddress: 'a@b.example' }, 'a@b.example', [], [7]]) {
        const detail = edited((d) => {
          d.bounce.bouncedRecipients = bouncedRecipients;
          d.mail.destination = ['Mei <mei@harbour.example>', 5, ''];
        });
        const parsed = parseSesEvent(detail);
        expect(parsed.ok && parsed.event.recipients).toStrictEqual(['mei@harbour.example']);
      }
    });

    it('reads the entries of bouncedRecipients that name an address, as bare addresses', () => {
      const detail = edited((d) => {
        d.bounce.bouncedRecipients = [
          null,
          'x@y.example',
          { emailAddress: 7 },
          { emailAddress: '' },
          { emailAddress: 'Ada <ada@corp.example>', status: '5.1.1' },
        ];
      });
      const parsed = parseSesEvent(detail);
      expect(parsed.ok && parsed.event.recipients).toStrictEqual(['ada@corp.example']);
    });

    it('falls back to mail.destination for a complaint without complained recipients', () => {
      const detail = edited(
        (d) => {
          d.complaint.complainedRecipients = null;
        },
        { type: 'Complaint' },
      );
      const parsed = parseSesEvent(detail);
      expect(parsed.ok && parsed.event.recipients).toStrictEqual(['mei@harbour.example']);
    });

    it('reads an eventType that is not a string as none, and then notificationType', () => {
      expect(parseSesEvent(edited((d) => (d.eventType = 7)))).toStrictEqual({
        ok: false,
        problem: 'no eventType',
        tags: {
          form: ['download'],
          audience: ['visitor'],
          submission: ['sub-1'],
          'ses:configuration-set': ['visitor-set'],
        },
      });
      const feedback = edited((d) => {
        d.eventType = '';
        d.notificationType = 'Bounce';
      });
      expect(parseSesEvent(feedback)).toMatchObject({ ok: true, event: { type: 'Bounce' } });
    });

    it('names an unknown event type and its tags', () => {
      expect(parseSesEvent({ eventType: 'Open', mail: { tags: { a: ['b'] } } })).toStrictEqual({
        ok: false,
        problem: 'an event type not acted on',
        eventType: 'Open',
        tags: { a: ['b'] },
      });
    });

    it('says a bounce whose bounce is not an object has no bounceType, and reads an unknown one as undetermined', () => {
      expect(parseSesEvent(edited((d) => (d.bounce = ['Permanent'])))).toMatchObject({
        ok: false,
        problem: 'a bounce without bounceType',
      });
      expect(parseSesEvent(edited((d) => (d.bounce.bounceType = 5)))).toMatchObject({
        ok: false,
        problem: 'a bounce without bounceType',
      });
      const odd = parseSesEvent(
        edited((d) => {
          d.bounce.bounceType = 'Sideways';
          d.bounce.bounceSubType = 3;
        }),
      );
      expect(odd).toMatchObject({ ok: true, event: { bounceType: 'undetermined' } });
      expect(odd.ok && 'bounceSubType' in odd.event).toBe(false);
    });

    it("takes the time from the type's object, else the envelope, else the send, else the epoch", () => {
      const at = (edit: (d: Editable) => void, envelope?: string) => {
        const parsed = parseSesEvent(edited(edit, { type: 'Delivery' }), envelope);
        return parsed.ok ? parsed.event.at : undefined;
      };
      expect(at((d) => (d.delivery.timestamp = 'own'), 'envelope')).toBe('own');
      expect(at((d) => (d.delivery.timestamp = 5), 'envelope')).toBe('envelope');
      expect(at((d) => (d.delivery = 'x'), '')).toBe('');
      expect(at((d) => (d.delivery.timestamp = ''))).toBe(NOW.toISOString());
      expect(
        at((d) => {
          delete d.delivery;
          d.mail.timestamp = 12;
        }),
      ).toBe(new Date(0).toISOString());
    });

    it('ignores fields it does not read, and does not let an empty messageId through', () => {
      const detail = edited((d) => {
        d.extra = { deeply: { nested: [1, 2, 3] } };
        d.mail.commonHeaders = 'not what SES sends';
      });
      expect(parseSesEvent(detail)).toMatchObject({ ok: true });
      expect(parseSesEvent(edited((d) => (d.mail.messageId = '')))).toMatchObject({
        ok: false,
        problem: 'no mail.messageId or mail.tags',
      });
      expect(parseSesEvent(edited((d) => (d.mail.messageId = 42)))).toMatchObject({
        ok: false,
        problem: 'no mail.messageId or mail.tags',
      });
    });

    it('reads a field of a megabyte as it is', () => {
      const huge = 'x'.repeat(1_000_000);
      const parsed = parseSesEvent(
        edited((d) => {
          d.bounce.bounceSubType = huge;
          d.mail.tags.huge = [huge];
        }),
      );
      expect(parsed.ok && parsed.event.bounceSubType?.length).toBe(1_000_000);
      expect(parsed.ok && parsed.event.tags.huge?.[0]?.length).toBe(1_000_000);
      expect(parseSesEvent(edited((d) => (d.eventType = huge)))).toMatchObject({
        ok: false,
        problem: 'an event type not acted on',
        eventType: huge,
      });
    });

    it('says a record that is not an object is not one', () => {
      for (const detail of [undefined, 'Bounce', 42, [{ eventType: 'Bounce' }]]) {
        expect(parseSesEvent(detail)).toStrictEqual({ ok: false, problem: 'not an object' });
      }
    });
  });
});

describe('streamOf', () => {
  const sets = { salesConfigurationSet: 'sales-set', visitorConfigurationSet: 'visitor-set' };
  it('goes by the configuration set when it tells the streams apart', () => {
    expect(streamOf({ 'ses:configuration-set': ['visitor-set'], audience: ['sales'] }, sets)).toBe(
      'visitor',
    );
    expect(streamOf({ 'ses:configuration-set': ['sales-set'] }, sets)).toBe('sales');
  });
  it('goes by the audience tag with one set for both, or none', () => {
    const one = { salesConfigurationSet: 'set', visitorConfigurationSet: 'set' };
    expect(streamOf({ 'ses:configuration-set': ['set'], audience: ['visitor'] }, one)).toBe(
      'visitor',
    );
    expect(streamOf({ audience: ['sales-digest'] }, {})).toBe('sales');
    expect(streamOf({}, {})).toBe('unknown');
  });
});

describe('handleDeliveryEvent', () => {
  it('records a delivery on the message and counts it for its stream', async () => {
    expect(await handleDeliveryEvent(record(visitorMessage, { type: 'Delivery' }), deps)).toBe(
      'recorded',
    );
    expect(visitorState()).toMatchObject({ outcome: 'delivered', messageId: 'msg-visitor' });
    expect(metrics.counts).toEqual({ 'EmailDelivered:visitor': 1 });
  });

  it('marks a permanent bounce and puts the visitor address on the suppression list', async () => {
    await handleDeliveryEvent(record(visitorMessage, PERMANENT), deps);

    expect(visitorState()).toMatchObject({
      outcome: 'bounced',
      bounceType: 'permanent',
      bounceSubType: 'General',
    });
    expect(await store.findSuppression(emailHash(SECRET, 'Mei@Harbour.example'))).toEqual({
      complained: false,
      bounced: true,
      bouncedSpellings: [],
    });
    expect(store.suppressionEvents).toEqual([
      expect.objectContaining({ expiresAt: NOW.getTime() / 1000 + 30 * 86_400 }),
    ]);
    expect(metrics.counts).toEqual({ 'EmailBounced:visitor': 1 });
  });

  it("keeps a mailbox simulator entry a day, each labelled spelling apart (a verify run's)", async () => {
    const run = { ...visitorMessage, destination: ['complaint+run-1@simulator.amazonses.com'] };
    await handleDeliveryEvent(record(run, { type: 'Complaint' }), deps);

    expect(store.suppressionEvents).toEqual([
      expect.objectContaining({ reason: 'complained', expiresAt: NOW.getTime() / 1000 + 86_400 }),
    ]);
    const spelling = (address: string) => store.findSuppression(emailHash(SECRET, address));
    expect(await spelling('complaint+run-1@simulator.amazonses.com')).toMatchObject({
      complained: true,
    });
    // The next run's label is not this one's: its own complaint is still to be seen.
    expect(await spelling('complaint+run-2@simulator.amazonses.com')).toBeUndefined();
    // Counted apart: a test's complaint never weighs in the brake's share.
    expect(metrics.counts).toEqual({ 'EmailComplained:synthetic': 1 });
  });

  it('lists a bounce of a tagged spelling as that spelling only, never its whole mailbox', async () => {
    const tagged = { ...visitorMessage, destination: ['victim+x@corp.example'] };
    await handleDeliveryEvent(record(tagged, PERMANENT), deps);

    expect(await store.findSuppression(emailHash(SECRET, 'victim@corp.example'))).toEqual({
      complained: false,
      bounced: false,
      bouncedSpellings: [spellingHash(SECRET, 'victim+x@corp.example')],
    });
  });

  it("lists the whole mailbox for a bounce of Gmail's dotted spelling, the provider's one mailbox", async () => {
    const dotted = { ...visitorMessage, destination: ['J.Smith@googlemail.com'] };
    await handleDeliveryEvent(record(dotted, PERMANENT), deps);

    expect(await store.findSuppression(emailHash(SECRET, 'jsmith@gmail.com'))).toMatchObject({
      bounced: true,
    });
  });

  it('lists the whole mailbox for a complaint, whichever spelling drew it', async () => {
    // A complaint means the message reached the mailbox and its owner objected.
    const tagged = { ...visitorMessage, destination: ['mei+news@harbour.example'] };
    await handleDeliveryEvent(record(tagged, { type: 'Complaint' }), deps);

    expect(await store.findSuppression(emailHash(SECRET, 'mei@harbour.example'))).toEqual({
      complained: true,
      bounced: false,
      bouncedSpellings: [],
    });
  });

  it('counts a transient bounce as soft and suppresses nothing', async () => {
    await handleDeliveryEvent(
      record(visitorMessage, {
        type: 'Bounce',
        bounceType: 'Transient',
        bounceSubType: 'MailboxFull',
      }),
      deps,
    );
    expect(visitorState()).toMatchObject({ outcome: 'bounced', bounceType: 'transient' });
    expect(store.suppressions.size).toBe(0);
    expect(metrics.counts).toEqual({ 'EmailSoftBounced:visitor': 1 });
  });

  it('treats a repeated event as a no-op', async () => {
    const complaint = record(visitorMessage, { type: 'Complaint' });
    expect(await handleDeliveryEvent(complaint, deps)).toBe('recorded');
    const first = structuredClone(visitorState());
    expect(await handleDeliveryEvent(complaint, deps)).toBe('unchanged');
    expect(visitorState()).toEqual(first);
    expect(store.suppressions.get(emailHash(SECRET, 'mei@harbour.example'))?.complained).toBe(true);
  });

  it('keeps the complaint when the delivery arrives after it', async () => {
    await handleDeliveryEvent(record(visitorMessage, { type: 'Complaint' }), deps);
    expect(await handleDeliveryEvent(record(visitorMessage, { type: 'Delivery' }), deps)).toBe(
      'unchanged',
    );
    expect(visitorState()?.outcome).toBe('complained');
    // Both events still count: the metrics count what SES reported, in either order.
    expect(metrics.counts).toEqual({ 'EmailComplained:visitor': 1, 'EmailDelivered:visitor': 1 });
  });

  it('lets a stronger event replace a weaker one: delayed, delivered, then bounced', async () => {
    await handleDeliveryEvent(record(visitorMessage, { type: 'DeliveryDelay' }), deps);
    expect(visitorState()?.outcome).toBe('delayed');
    await handleDeliveryEvent(record(visitorMessage, { type: 'Delivery' }), deps);
    expect(visitorState()?.outcome).toBe('delivered');
    await handleDeliveryEvent(record(visitorMessage, PERMANENT), deps);
    expect(visitorState()?.outcome).toBe('bounced');
  });

  it('logs an unknown event type and counts it, without throwing', async () => {
    const open = { ...record(visitorMessage, { type: 'Delivery' }), eventType: 'Open' };
    expect(await handleDeliveryEvent(open, deps)).toBe('unknown');
    expect(await handleDeliveryEvent('garbage', deps)).toBe('unknown');
    expect(metrics.counts).toEqual({
      'DeliveryEventUnknown:visitor': 1,
      'DeliveryEventUnknown:unknown': 1,
    });
    expect(log.warn).toHaveBeenCalledWith(
      'SES event not understood; ignored',
      expect.objectContaining({ eventType: 'Open' }),
    );
    expect(visitorState()).toBeUndefined();
  });

  it('ignores an event for another message of the lead (an earlier send)', async () => {
    const older = { ...visitorMessage, messageId: 'msg-older' };
    expect(await handleDeliveryEvent(record(older, { type: 'Delivery' }), deps)).toBe('unmatched');
    expect(visitorState()).toBeUndefined();
    expect(metrics.counts['DeliveryEventUnmatched:visitor']).toBe(1);
  });

  it('looks once more for a message whose send its lead has not written down yet', async () => {
    const row = store.only();
    const sent = row.emails.visitor;
    row.emails.visitor = { status: 'pending', attempts: 0 };
    const original = store.recordDelivery.bind(store);
    let calls = 0;
    store.recordDelivery = async (...args) => {
      calls += 1;
      // The sender writes its sends down between the two looks.
      if (calls === 2 && sent) row.emails.visitor = sent;
      return original(...args);
    };

    expect(await handleDeliveryEvent(record(visitorMessage, { type: 'Delivery' }), deps)).toBe(
      'recorded',
    );
    expect(calls).toBe(2);
    expect(visitorState()?.outcome).toBe('delivered');
  });

  describe('with two further looks, 3 s and then 10 s later', () => {
    beforeEach(() => {
      vi.useFakeTimers();
      deps.config.recheckAfterMs = [3_000, 10_000];
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    /** The lead's visitor message is not written down until `writtenAfterMs` have passed. */
    function sendWrittenDownAfter(writtenAfterMs: number) {
      const row = store.only();
      const sent = row.emails.visitor;
      row.emails.visitor = { status: 'pending', attempts: 0 };
      setTimeout(() => {
        if (sent) row.emails.visitor = sent;
      }, writtenAfterMs);
      const original = store.recordDelivery.bind(store);
      const looks: number[] = [];
      store.recordDelivery = async (...args) => {
        looks.push(Date.now());
        return original(...args);
      };
      return looks;
    }

    it('records an event that beat the send record by more than the first wait', async () => {
      const start = Date.now();
      const looks = sendWrittenDownAfter(5_000);
      const result = handleDeliveryEvent(record(visitorMessage, { type: 'Delivery' }), deps);
      await vi.advanceTimersByTimeAsync(13_000);

      expect(await result).toBe('recorded');
      expect(looks.map((at) => at - start)).toEqual([0, 3_000, 13_000]);
      expect(visitorState()?.outcome).toBe('delivered');
      expect(metrics.counts['DeliveryEventUnmatched:visitor']).toBeUndefined();
    });

    it('stops looking once the message is found', async () => {
      const looks = sendWrittenDownAfter(1_000);
      const result = handleDeliveryEvent(record(visitorMessage, { type: 'Delivery' }), deps);
      await vi.advanceTimersByTimeAsync(3_000);

      expect(await result).toBe('recorded');
      expect(looks).toHaveLength(2);
    });

    it('counts it unmatched only after the last look', async () => {
      const looks = sendWrittenDownAfter(60_000);
      const result = handleDeliveryEvent(record(visitorMessage, { type: 'Delivery' }), deps);
      await vi.advanceTimersByTimeAsync(13_000);

      expect(await result).toBe('unmatched');
      expect(looks).toHaveLength(3);
      expect(metrics.counts['DeliveryEventUnmatched:visitor']).toBe(1);
    });
  });

  it('counts an event for an erased lead as unmatched, and does not throw', async () => {
    const gone = { ...visitorMessage, tags: { ...visitorMessage.tags, submission: 'sub-gone' } };
    expect(await handleDeliveryEvent(record(gone, { type: 'Delivery' }), deps)).toBe('unmatched');
    expect(log.warn).toHaveBeenCalled();
  });

  it('does not suppress a sales address that bounced, but logs it as an error', async () => {
    await handleDeliveryEvent(record(salesMessage, PERMANENT), deps);

    expect(store.suppressions.size).toBe(0);
    expect(store.only().emails.sales?.delivery).toMatchObject({
      outcome: 'bounced',
      bounceType: 'permanent',
    });
    expect(metrics.counts).toEqual({ 'EmailBounced:sales': 1 });
    expect(log.error).toHaveBeenCalledWith(
      'sales e-mail bounced',
      expect.objectContaining({ recipients: ['sales@kryon.example'] }),
    );
  });

  it('counts the digest, which names no lead, without looking for one', async () => {
    const digest: SentMessage = {
      ...salesMessage,
      messageId: 'msg-digest',
      tags: { form: 'download', audience: 'sales-digest' },
    };
    expect(await handleDeliveryEvent(record(digest, { type: 'Delivery' }), deps)).toBe('no-lead');
    expect(metrics.counts).toEqual({ 'EmailDelivered:sales': 1 });
  });

  it('throws when the store fails, so the event is retried', async () => {
    store.recordDelivery = () => Promise.reject(new Error('down'));
    await expect(
      handleDeliveryEvent(record(visitorMessage, { type: 'Delivery' }), deps),
    ).rejects.toThrow('down');
  });
});

describe('handleDeliveryEvent: lead events for destinations (decision 090)', () => {
  let bus: FakeEventBus;
  beforeEach(() => {
    bus = new FakeEventBus();
    deps = { ...deps, bus };
  });
  const published = () => bus.published.map(({ detail }) => leadEvent.parse(JSON.parse(detail)));

  it("publishes what became of the visitor's e-mail: delivered, then bounced, each once", async () => {
    await handleDeliveryEvent(record(visitorMessage, { type: 'DeliveryDelay' }), deps);
    const delivered = record(visitorMessage, { type: 'Delivery' });
    await handleDeliveryEvent(delivered, deps);
    await handleDeliveryEvent(delivered, deps);
    await handleDeliveryEvent(record(visitorMessage, PERMANENT), deps);
    expect(published()).toMatchObject([
      { type: 'lead.delivery', leadId: 'sub-1', form: 'download', outcome: 'delivered' },
      { type: 'lead.delivery', outcome: 'bounced', bounceType: 'permanent' },
    ]);
    expect(new Set(published().map(({ id }) => id)).size).toBe(2);
    expect(store.only().owed.size).toBe(0);
  });

  it("publishes nothing for sales' own mail or for mail to SES's mailbox simulator", async () => {
    await handleDeliveryEvent(record(salesMessage, { type: 'Delivery' }), deps);
    const simulator = { ...visitorMessage, destination: ['success@simulator.amazonses.com'] };
    await handleDeliveryEvent(record(simulator, { type: 'Delivery' }), deps);
    expect(bus.published).toEqual([]);
  });

  it('keeps the event owed on the lead when the bus is down, for the scheduled run', async () => {
    bus.down = true;
    expect(await handleDeliveryEvent(record(visitorMessage, { type: 'Complaint' }), deps)).toBe(
      'recorded',
    );
    expect([...store.only().owed.values()]).toMatchObject([{ type: 'lead.delivery' }]);
  });
});
