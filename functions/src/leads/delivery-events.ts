import { isLeadForm, type LeadForm } from '@kryon/shared/api';
import { isMailboxSimulator, mailboxOf } from '@kryon/shared/email';
import { bareAddress } from '@kryon/shared/mail-address';
import * as z from 'zod/mini';
import { emailHash, spellingHash } from './hash.ts';
import type {
  Audience,
  BounceType,
  DeliveryOutcome,
  DeliveryState,
  SuppressionReason,
} from './lead.ts';
import { SYNTHETIC_LEAD_DAYS } from './lead.ts';
import { CONFIRMATION_OUTCOMES, leadDelivery } from './lead-events.ts';
import type { DeliveryMetric } from './metric-names.ts';
import type {
  DeliveryMetrics,
  EventStream,
  LeadEventBus,
  LeadEventOutbox,
  LeadRecords,
  Log,
  Metrics,
  OwedEvent,
  SuppressionList,
} from './ports.ts';
import { owedEvent, publishOwed } from './publish-events.ts';
import { SES_EVENT_TYPE_NAMES, type SesEventType } from './ses-event-types.ts';

/*
 * What became of each lead e-mail after SES accepted it, read from SES's event publishing
 * records (decision 057).
 */

/** The event types acted on (ses-event-types.ts); any other is counted as unknown and ignored. */
type EventType = SesEventType;

/** One SES event, as far as this code reads it. */
export interface SesDeliveryEvent {
  type: EventType;
  messageId: string;
  /** The message's tags, `name: [values]`, including SES's own `ses:configuration-set`. */
  tags: Record<string, string[]>;
  /** When it happened: the type object's timestamp, else the envelope's, else the send's. */
  at: string;
  bounceType?: BounceType;
  bounceSubType?: string;
  /** The addresses the event is about: bounced or complained recipients, else all of them. */
  recipients: string[];
}

export type ParsedEvent =
  | { ok: true; event: SesDeliveryEvent }
  | { ok: false; problem: string; eventType?: string; tags?: Record<string, string[]> };

/*
 * The part of an SES record this code reads, as zod schemas. SES's records are read
 * leniently: a field that is missing, not of its type, or an empty string reads as absent (a
 * list as empty, an object as undefined) rather than failing the record, so the record as a
 * whole fails only when it is not an object, and what is missing is said by parseSesEvent.
 * Fields not named here are ignored.
 */

/** A string SES filled in, else undefined. */
const text = z.catch(z.optional(z.string().check(z.minLength(1))), undefined);

/** The strings of a list, leaving out whatever else it holds; empty when it is no list. */
const texts = z.catch(
  z.pipe(
    z.array(text),
    z.transform((values) => values.filter((value) => value !== undefined)),
  ),
  [],
);

/** The addresses a bounce's or complaint's recipients name; an entry without one is left out. */
const recipients = z.catch(
  z.pipe(
    z.array(z.catch(z.object({ emailAddress: text }), {})),
    z.transform((list) => list.flatMap(({ emailAddress }) => emailAddress ?? [])),
  ),
  [],
);

/** An object of the record's, undefined when it is anything else. */
function part<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  return z.catch(z.optional(z.object(shape)), undefined);
}

const SES_RECORD = z.object({
  eventType: text,
  // Feedback sent without event publishing names the type notificationType.
  notificationType: text,
  mail: part({
    messageId: text,
    /** `name: [values]`; a value that is not a string is left out. */
    tags: z.catch(z.optional(z.record(z.string(), texts)), undefined),
    destination: texts,
    timestamp: text,
  }),
  bounce: part({
    bounceType: text,
    bounceSubType: text,
    bouncedRecipients: recipients,
    timestamp: text,
  }),
  complaint: part({ complainedRecipients: recipients, timestamp: text }),
  delivery: part({ timestamp: text }),
  deliveryDelay: part({ timestamp: text }),
  reject: part({ timestamp: text }),
});

const EVENT_TYPE = z.enum(SES_EVENT_TYPE_NAMES);

/** Where each type keeps its own details. */
const TYPE_OBJECT = {
  Delivery: 'delivery',
  Bounce: 'bounce',
  Complaint: 'complaint',
  Reject: 'reject',
  DeliveryDelay: 'deliveryDelay',
} as const satisfies Record<EventType, keyof z.infer<typeof SES_RECORD>>;

/**
 * Reads an SES event publishing record. Never throws: a record that cannot be read, or one of
 * a type not acted on, is said to be so, and the caller counts and logs it.
 */
export function parseSesEvent(detail: unknown, envelopeTime?: string): ParsedEvent {
  const read = z.safeParse(SES_RECORD, detail);
  if (!read.success) return { ok: false, problem: 'not an object' };
  const record = read.data;
  const { mail } = record;
  const eventType = record.eventType ?? record.notificationType;
  const tags = mail?.tags;
  if (!eventType) return { ok: false, problem: 'no eventType', tags };
  const known = z.safeParse(EVENT_TYPE, eventType);
  if (!known.success) return { ok: false, problem: 'an event type not acted on', eventType, tags };
  const messageId = mail?.messageId;
  if (!mail || !messageId || !tags) {
    return { ok: false, problem: 'no mail.messageId or mail.tags', eventType, tags };
  }
  const type = known.data;
  const { destination } = mail;
  let recipients = destination;
  let bounceType: BounceType | undefined;
  let bounceSubType: string | undefined;
  if (type === 'Bounce') {
    const kind = record.bounce?.bounceType;
    if (!kind) return { ok: false, problem: 'a bounce without bounceType', eventType, tags };
    bounceType =
      kind === 'Permanent' ? 'permanent' : kind === 'Transient' ? 'transient' : 'undetermined';
    bounceSubType = record.bounce?.bounceSubType;
    recipients = orAll(record.bounce?.bouncedRecipients, destination);
  } else if (type === 'Complaint') {
    recipients = orAll(record.complaint?.complainedRecipients, destination);
  }
  return {
    ok: true,
    event: {
      type,
      messageId,
      tags,
      at:
        record[TYPE_OBJECT[type]]?.timestamp ??
        envelopeTime ??
        mail.timestamp ??
        new Date(0).toISOString(),
      ...(bounceType ? { bounceType } : {}),
      ...(bounceSubType ? { bounceSubType } : {}),
      recipients: recipients.map(bareAddress),
    },
  };
}

/** The recipients the type's object names, else (none named) all of the message's. */
function orAll(named: string[] | undefined, destination: string[]): string[] {
  return named && named.length > 0 ? named : destination;
}

/**
 * The precedence of outcomes, weakest first: whatever the repeats and order of a message's
 * events, the lead keeps the strongest (decision 057).
 */
const OUTCOME_RANK = {
  delayed: 1,
  delivered: 2,
  softBounced: 3,
  bounced: 4,
  rejected: 4,
  complained: 5,
} as const;

/** What the event says of its message, as the lead records it. */
function deliveryStateOf(event: SesDeliveryEvent): DeliveryState {
  const base = { at: event.at, messageId: event.messageId };
  switch (event.type) {
    case 'Delivery':
      return { outcome: 'delivered', ...base, rank: OUTCOME_RANK.delivered };
    case 'DeliveryDelay':
      return { outcome: 'delayed', ...base, rank: OUTCOME_RANK.delayed };
    case 'Reject':
      return { outcome: 'rejected', ...base, rank: OUTCOME_RANK.rejected };
    case 'Complaint':
      return { outcome: 'complained', ...base, rank: OUTCOME_RANK.complained };
    case 'Bounce': {
      const bounceType = event.bounceType ?? 'undetermined';
      return {
        outcome: 'bounced',
        bounceType,
        ...(event.bounceSubType ? { bounceSubType: event.bounceSubType } : {}),
        ...base,
        rank: bounceType === 'permanent' ? OUTCOME_RANK.bounced : OUTCOME_RANK.softBounced,
      };
    }
  }
}

const OUTCOME_METRIC: Record<DeliveryOutcome, DeliveryMetric> = {
  delivered: 'EmailDelivered',
  delayed: 'EmailDelayed',
  rejected: 'EmailRejectedBySes',
  complained: 'EmailComplained',
  bounced: 'EmailBounced',
};

function metricOf(state: DeliveryState): DeliveryMetric {
  if (state.outcome === 'bounced' && state.bounceType !== 'permanent') return 'EmailSoftBounced';
  return OUTCOME_METRIC[state.outcome];
}

export interface DeliveryEventConfig {
  /** The site secret's current value: what an address on our suppression list is keyed by. */
  hashSecret: string;
  /** How long an address stays on our suppression list: as long as a lead is kept. */
  retentionDays: number;
  /**
   * The wait before each further look for a message the lead does not name yet: SES can report
   * before the sender writes the send down (decision 057). Their sum stays inside the timeout.
   */
  recheckAfterMs: readonly number[];
  /** The configuration sets' names (SES_CONFIGURATION_SET, SES_VISITOR_CONFIGURATION_SET). */
  salesConfigurationSet?: string;
  visitorConfigurationSet?: string;
}

export interface DeliveryEventDeps {
  store: LeadRecords &
    SuppressionList &
    Pick<LeadEventOutbox, 'clearOwedEvents' | 'deferOwedEvents'>;
  metrics: DeliveryMetrics;
  log: Log;
  config: DeliveryEventConfig;
  now: () => Date;
  /** Where lead events go (decision 090); absent, none is owed or published. */
  bus?: LeadEventBus;
  /** Counts a refused publish per form (LeadEventPublishFailed, alarmed); flushed per event. */
  leadMetrics?: Pick<Metrics, 'count' | 'flush'>;
}

/**
 * What one event came to: recorded on its lead; `unchanged` (a repeat, or weaker than what
 * the lead has); `unmatched` (its lead is gone, or the lead's message is another one); `no-lead`
 * (mail of no one lead, such as the sales digest); `unknown` (not read, or not acted on).
 */
export type DeliveryEventResult = 'recorded' | 'unchanged' | 'unmatched' | 'no-lead' | 'unknown';

/**
 * Acts on one SES event: counts it per stream, puts a visitor address that hard-bounced or
 * complained on our suppression list, shouts when a sales mailbox bounces, and records the
 * outcome on the lead whose message it was. Throws only when the store fails (so the event is
 * retried, then kept in the dead-letter queue); an event it cannot use is counted and logged.
 */
export async function handleDeliveryEvent(
  detail: unknown,
  deps: DeliveryEventDeps,
  envelopeTime?: string,
): Promise<DeliveryEventResult> {
  const { metrics, log, config } = deps;
  const parsed = parseSesEvent(detail, envelopeTime);
  if (!parsed.ok) {
    metrics.count('DeliveryEventUnknown', streamOf(parsed.tags ?? {}, config));
    log.warn('SES event not understood; ignored', {
      problem: parsed.problem,
      eventType: parsed.eventType,
    });
    return 'unknown';
  }
  const { event } = parsed;
  const stream = streamOf(event.tags, config);
  const state = deliveryStateOf(event);
  // The simulator's outcomes are a test's: never in the brake's shares or their denominator.
  const simulated = event.recipients.length > 0 && event.recipients.every(isMailboxSimulator);
  metrics.count(metricOf(state), simulated ? 'synthetic' : stream);
  const context = {
    stream,
    eventType: event.type,
    messageId: event.messageId,
    form: first(event.tags.form),
    submissionId: first(event.tags.submission),
    ...(state.bounceType
      ? { bounceType: state.bounceType, bounceSubType: state.bounceSubType }
      : {}),
  };

  const suppression = suppressionReasonOf(state);
  if (stream === 'sales' && (suppression || state.outcome === 'rejected')) {
    // Sales addresses are configuration and are never suppressed (decision 055): a bounce
    // there is a broken mailbox that loses leads, and must reach ops at once. Their own
    // addresses are no visitor's data, so the log names them.
    log.error(`sales e-mail ${SALES_WORDS[state.outcome]}`, {
      ...context,
      recipients: event.recipients,
    });
  } else if (stream === 'visitor' && suppression) {
    const nowMs = deps.now().getTime();
    // Per mailbox, but a tagged spelling's bounce lists only that spelling, so no one can cut
    // a stranger's confirmations off (decision 073).
    for (const address of event.recipients) {
      const spellingOnly = suppression === 'bounced' && mailboxOf(address).tagged;
      // A mailbox simulator entry is a verify run's: kept as long as its synthetic lead.
      const days = isMailboxSimulator(address) ? SYNTHETIC_LEAD_DAYS : config.retentionDays;
      const expiresAt = Math.floor(nowMs / 1000) + days * 86_400;
      await deps.store.suppressAddress({
        mailboxHash: emailHash(config.hashSecret, address),
        reason: suppression,
        ...(spellingOnly ? { spellingHash: spellingHash(config.hashSecret, address) } : {}),
        at: event.at,
        expiresAt,
      });
    }
    log.info('visitor address put on the suppression list', { ...context, reason: suppression });
  }

  const ref = leadOf(event.tags);
  if (!ref) return 'no-lead';
  const lead = { form: ref.form, submissionId: ref.submissionId };
  const owed = deps.bus && confirmationEvent(ref.audience, state, event.recipients, lead);
  const record = () => deps.store.recordDelivery(lead, ref.audience, state, owed);
  let result = await record();
  for (const waitMs of config.recheckAfterMs) {
    if (result !== 'not-recorded-yet') break;
    await new Promise((resolve) => setTimeout(resolve, waitMs));
    result = await record();
  }
  if (result !== 'recorded' && result !== 'unchanged') {
    metrics.count('DeliveryEventUnmatched', stream);
    log.warn(
      result === 'no-lead'
        ? 'SES event for a lead that is not stored (erased, or expired); ignored'
        : result === 'not-recorded-yet'
          ? 'SES event for a message its lead has not recorded as sent; ignored'
          : "SES event for another of the lead's messages than the one recorded; ignored",
      context,
    );
    return 'unmatched';
  }
  // Owed in the write that recorded the outcome: published now, or by the scheduled run.
  if (owed && result === 'recorded')
    await publishOwed(lead, [owed], { ...deps, metrics: deps.leadMetrics });
  return result;
}

/**
 * The lead event of what became of the visitor's e-mail, for destinations: delivered, bounced
 * or marked as spam; none for sales' own mail, a lesser outcome, or mail to SES's mailbox
 * simulator (a verify run's lead, which no destination heard of).
 */
function confirmationEvent(
  audience: Audience,
  state: DeliveryState,
  recipients: readonly string[],
  lead: { form: LeadForm; submissionId: string },
): OwedEvent | undefined {
  if (audience !== 'visitor' || recipients.some(isMailboxSimulator)) return undefined;
  const outcome = CONFIRMATION_OUTCOMES.find((name) => name === state.outcome);
  if (!outcome) return undefined;
  return owedEvent(
    leadDelivery(lead, {
      outcome,
      at: state.at,
      ...(outcome === 'bounced' && state.bounceType ? { bounceType: state.bounceType } : {}),
    }),
  );
}

const SALES_WORDS: Record<DeliveryOutcome, string> = {
  bounced: 'bounced',
  complained: 'complaint received',
  rejected: 'rejected by SES',
  delivered: 'delivered',
  delayed: 'delayed',
};

/** Only a hard bounce or a complaint says an address must not be mailed again. */
function suppressionReasonOf(state: DeliveryState): SuppressionReason | undefined {
  if (state.outcome === 'complained') return 'complained';
  if (state.outcome === 'bounced' && state.bounceType === 'permanent') return 'bounced';
  return undefined;
}

/**
 * The event's stream: the configuration set SES names when it tells the streams apart, else
 * (one set for both, as locally) our `audience` tag (decision 057).
 */
export function streamOf(
  tags: Record<string, string[]>,
  config: Pick<DeliveryEventConfig, 'salesConfigurationSet' | 'visitorConfigurationSet'>,
): EventStream {
  const set = first(tags['ses:configuration-set']);
  const { salesConfigurationSet: sales, visitorConfigurationSet: visitor } = config;
  if (set !== undefined && set !== sales && set === visitor) return 'visitor';
  if (set !== undefined && set !== visitor && set === sales) return 'sales';
  const audience = first(tags.audience);
  if (audience === 'visitor') return 'visitor';
  if (audience === 'sales' || audience === 'sales-digest') return 'sales';
  return 'unknown';
}

/** The lead and message the tags name: only a lead's own e-mail has all three. */
function leadOf(
  tags: Record<string, string[]>,
): { form: LeadForm; submissionId: string; audience: Audience } | undefined {
  const form = first(tags.form);
  const submissionId = first(tags.submission);
  const audience = first(tags.audience);
  if (!isLeadForm(form) || !submissionId || (audience !== 'sales' && audience !== 'visitor')) {
    return undefined;
  }
  return { form, submissionId, audience };
}

function first(values: string[] | undefined): string | undefined {
  return values?.[0];
}
