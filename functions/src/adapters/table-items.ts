/**
 * The leads table's items as they are stored, read with a schema rather than cast: what comes
 * out of the table is checked, because it may be older than the code (written before a field
 * existed) or edited by hand. Each schema accepts every item the adapters write today and
 * those written before the optional parts existed; it keeps what the domain's type names and
 * drops the rest: the table's bookkeeping (`pk`, `sk`, `entity`, `resendPartition`) and what the
 * updates leave beside a lead for people reading the table (`emailUpdatedAt`,
 * `lastDownloadedAt`), which no port type names and no code reads.
 *
 * An item that does not parse is not guessed at: readItem throws the domain's DependencyError
 * (see there).
 */
import { LEAD_FORMS } from '@kryon/shared/api';
import type { Attribution } from '@kryon/shared/attribution';
import * as z from 'zod/mini';
import { DependencyError } from '../leads/errors.ts';
import type {
  Audience,
  BounceType,
  BrowserCheck,
  ConsentRecord,
  DeliveryOutcome,
  EmailStatus,
  MailboxSuppression,
  MessageState,
  SpamReason,
  StoredLead,
  WithheldReason,
} from '../leads/lead.ts';
import type { BrakeState } from '../leads/visitor-brake.ts';

/**
 * A z.enum of every value of a union type, each written as `value: 'value'`: leaving one out,
 * or naming one the union lacks, does not compile. So a value the code starts to write is
 * never one its own reader refuses.
 */
function everyOf<T extends string>(values: { readonly [K in T]: K }) {
  return z.enum(values);
}

export const leadForm = z.enum(LEAD_FORMS);

const deliveryState = z.object({
  outcome: everyOf<DeliveryOutcome>({
    delayed: 'delayed',
    delivered: 'delivered',
    bounced: 'bounced',
    rejected: 'rejected',
    complained: 'complained',
  }),
  bounceType: z.optional(
    everyOf<BounceType>({
      permanent: 'permanent',
      transient: 'transient',
      undetermined: 'undetermined',
    }),
  ),
  bounceSubType: z.optional(z.string()),
  at: z.string(),
  messageId: z.string(),
  rank: z.number(),
});

const messageState = z.object({
  status: everyOf<MessageState['status']>({
    pending: 'pending',
    sent: 'sent',
    failed: 'failed',
    abandoned: 'abandoned',
    withheld: 'withheld',
    rejected: 'rejected',
    held: 'held',
  }),
  via: z.optional(
    everyOf<NonNullable<MessageState['via']>>({ digest: 'digest', 'digest-count': 'digest-count' }),
  ),
  attempts: z.number(),
  waitingFor: z.optional(
    everyOf<NonNullable<MessageState['waitingFor']>>({
      'sender-verification': 'sender-verification',
    }),
  ),
  reason: z.optional(
    everyOf<WithheldReason>({
      unverified: 'unverified',
      'recipient-budget': 'recipient-budget',
      'hourly-ceiling': 'hourly-ceiling',
      'visitor-stream-paused': 'visitor-stream-paused',
      'no-mail-domain': 'no-mail-domain',
      'address-bounced': 'address-bounced',
      'address-complained': 'address-complained',
    }),
  ),
  messageId: z.optional(z.string()),
  error: z.optional(z.string()),
  at: z.optional(z.string()),
  delivery: z.optional(deliveryState),
});

const emails = z.object({
  sales: z.optional(messageState),
  visitor: z.optional(messageState),
} satisfies Record<Audience, unknown>);

const attributionPart = z.optional(z.string());
const attribution = z.object({
  landingPath: attributionPart,
  referrerOrigin: attributionPart,
  utmSource: attributionPart,
  utmMedium: attributionPart,
  utmCampaign: attributionPart,
  utmTerm: attributionPart,
  utmContent: attributionPart,
  formPath: attributionPart,
} satisfies Record<keyof Attribution, unknown>);

const consent = z.object({
  value: z.boolean(),
  label: z.string(),
  at: z.string(),
} satisfies Record<keyof ConsentRecord, unknown>);

/** Every attribute of StoredLead, no more: a field added to the type and not here does not compile. */
const storedLeadShape = {
  form: leadForm,
  submissionId: z.string(),
  idempotencyKey: z.string(),
  payloadHash: z.string(),
  createdAt: z.string(),
  fields: z.record(z.string(), z.unknown()),
  attribution: z.optional(attribution),
  emailHash: z.string(),
  consent: z.optional(consent),
  // Written as undefined, so never stored (the adapter removes undefined values).
  userAgent: z.optional(z.string()),
  ipHash: z.optional(z.string()),
  networkHash: z.optional(z.string()),
  spam: z.boolean(),
  spamReason: z.optional(everyOf<SpamReason>({ honeypot: 'honeypot', 'too-fast': 'too-fast' })),
  fillMs: z.optional(z.number()),
  downloadedAt: z.optional(z.string()),
  downloadCount: z.optional(z.number()),
  browserCheck: z.optional(
    everyOf<BrowserCheck>({
      verified: 'verified',
      missing: 'missing',
      malformed: 'malformed',
      invalid: 'invalid',
      expired: 'expired',
      'wrong-form': 'wrong-form',
      underpriced: 'underpriced',
      replayed: 'replayed',
    }),
  ),
  emailStatus: everyOf<EmailStatus>({
    pending: 'pending',
    sent: 'sent',
    failed: 'failed',
    abandoned: 'abandoned',
    skipped: 'skipped',
  }),
  // Absent on leads stored before their messages were recorded one by one.
  emails: z.optional(emails),
  leaseToken: z.optional(z.string()),
  leaseUntil: z.optional(z.number()),
  expiresAt: z.number(),
} satisfies Record<keyof StoredLead, unknown>;

/**
 * A lead item (pk `LEAD#<form>#<idempotency key>`) as the domain's lead. The nested parts are
 * kept only as their types name them too; recordSends writes a lead's `emails` back whole, so
 * an attribute no type names would not outlive a re-send (the code writes none).
 */
export const storedLeadItem = z.pipe(
  z.object(storedLeadShape),
  z.transform(
    ({ userAgent, ipHash, emails, ...lead }): StoredLead => ({
      ...lead,
      userAgent,
      ipHash,
      emails: emails ?? {},
    }),
  ),
);

/** A lead id's item (pk `LEADID#<submissionId>`): the key of the lead it names. */
export const leadIdItem = z.object({ form: leadForm, idempotencyKey: z.string() });

/** A rate-limit window's item (pk `RATE#<key>`), as a count in it returns it: when it opened. */
export const rateWindowItem = z.object({ windowStart: z.number() });

/** A fixed window's count (pk `RATE#<key>#<window number>`), read with only `hits` projected. */
export const windowCountItem = z.object({ hits: z.number() });

/**
 * A mailbox's entry on our suppression list (pk `SUPPRESSED#<mailboxHash>`): a flag per reason
 * it was listed for, and the set of tagged spellings that bounced, each present only once
 * such an event came.
 */
export const suppressionItem = z.pipe(
  z.object({
    complained: z.optional(z.boolean()),
    bounced: z.optional(z.boolean()),
    bouncedSpellings: z.optional(z.set(z.string())),
  }),
  z.transform(
    ({ complained, bounced, bouncedSpellings }): MailboxSuppression => ({
      complained: complained === true,
      bounced: bounced === true,
      bouncedSpellings: bouncedSpellings ? [...bouncedSpellings] : [],
    }),
  ),
);

const isoTime = z.iso.datetime();

/**
 * The visitor brake's one item (pk `BRAKE#visitor`): its state and the version every write
 * checks. A hand-edited or older item must not be taken for a state the brake never wrote.
 */
export const brakeItem = z.object({
  version: z.number().check(z.int(), z.gte(1)),
  mode: z.enum(['running', 'paused', 'held']),
  trips: z.number().check(z.int(), z.gte(0)),
  pausedAt: z.optional(isoTime),
  pausedUntil: z.optional(isoTime),
  lastResumedAt: z.optional(isoTime),
  alarms: z.record(z.string(), z.object({ state: z.string(), at: isoTime })),
  changedBy: z.string(),
  reason: z.optional(z.string()),
  changedAt: isoTime,
} satisfies Record<keyof BrakeState | 'version', unknown>);

/**
 * Why an item could not be read: its key, and the first issue as its path, code and, for a
 * value of the wrong type, the type expected. Never zod's message (zod/mini's is only
 * "Invalid input" unless a locale is loaded) and never the value found: the log says what is
 * wrong without the visitor's data in it.
 */
export class UnreadableItemError extends Error {
  constructor(key: { pk: string; sk: string }, issue: z.core.$ZodIssue | undefined) {
    const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the item';
    const what = !issue
      ? 'unreadable'
      : issue.code === 'invalid_type'
        ? `${issue.code} (expected ${issue.expected})`
        : issue.code;
    super(`the item ${key.pk} (${key.sk}) is not what the code writes: ${where}: ${what}`);
    this.name = 'UnreadableItemError';
  }
}

/**
 * The item read with its schema. One that does not parse throws the domain's DependencyError
 * ('database'), as the table being down does: a stored item the code cannot read is an
 * outage to see, never silently another value (a lead without its messages, a suppressed
 * mailbox taken for a clean one). So a submission answers 503, a re-send run fails and the
 * next one meets the lead again once its lease lapses, and a delivery event is retried by
 * EventBridge, then left in its dead-letter queue. The cause, an UnreadableItemError, names
 * the item's key and its first issue; describeError logs it with the DependencyError.
 */
export function readItem<T>(
  schema: z.ZodMiniType<T>,
  item: unknown,
  key: { pk: string; sk: string },
): T {
  const parsed = z.safeParse(schema, item);
  if (parsed.success) return parsed.data;
  throw new DependencyError('database', {
    cause: new UnreadableItemError(key, parsed.error.issues[0]),
  });
}
