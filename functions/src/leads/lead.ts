/**
 * What a lead is, as the domain stores and reads it: its fields, its messages' states and the
 * outcomes SES reports of them. Each is a schema the store reads its items with (an item may
 * be older than the code, or edited by hand) and the type derived from it. No AWS type here.
 */
import { LEAD_FORMS } from '@kryon/shared/api';
import type { Attribution } from '@kryon/shared/attribution';
import * as z from 'zod/mini';

export const leadForm = z.enum(LEAD_FORMS);

/**
 * Days a synthetic lead (to SES's mailbox simulator) and its suppression entry are kept:
 * enough for a verify run to read its outcome, never long enough to pile up.
 */
export const SYNTHETIC_LEAD_DAYS = 1;

/**
 * The lead's e-mail state as a whole:
 * - `pending`: owed and not yet (or not finally) attempted;
 * - `sent`: every message the form sends went out;
 * - `failed`: a message failed and is owed: the re-send picks it up;
 * - `abandoned`: a message failed too often to try again; a person must look;
 * - `skipped`: spam, kept for review and never mailed.
 */
const emailStatus = z.enum(['pending', 'sent', 'failed', 'abandoned', 'skipped']);
export type EmailStatus = z.output<typeof emailStatus>;

/**
 * What SES reported for a sent message, strongest last: `delayed` (still trying),
 * `delivered` (the receiving server took it), `bounced` (it did not: for good when
 * `bounceType` is `permanent`), `rejected` (SES refused to deliver it after accepting it),
 * `complained` (the recipient marked it as spam).
 */
const deliveryOutcome = z.enum(['delayed', 'delivered', 'bounced', 'rejected', 'complained']);
export type DeliveryOutcome = z.output<typeof deliveryOutcome>;

const bounceType = z.enum(['permanent', 'transient', 'undetermined']);
export type BounceType = z.output<typeof bounceType>;

/** The strongest delivery event recorded for a message (leads/delivery-events.ts). */
const deliveryState = z.object({
  outcome: deliveryOutcome,
  bounceType: z.optional(bounceType),
  /** SES's subtype of a bounce, as it named it (`General`, `OnAccountSuppressionList`...). */
  bounceSubType: z.optional(z.string()),
  /** When the event happened, as SES dated it. */
  at: z.string(),
  /** The message the event was about: always the one the lead records as sent. */
  messageId: z.string(),
  /**
   * Its place in the precedence of outcomes: a later event is recorded only when it ranks
   * higher, so a repeated, late or weaker event never overwrites a stronger one.
   */
  rank: z.number(),
});
export type DeliveryState = z.output<typeof deliveryState>;

/**
 * Why the visitor's confirmation is not sent. `visitor-stream-paused`: SES refused it because
 * the visitor stream's configuration set is paused (the brake on visitor mail, or a person);
 * never retried, as a confirmation that arrives days later helps nobody.
 * `no-mail-domain`: the address's domain accepts no mail at all (MailDomainCheck answered
 * `no`), so the message could only bounce. `address-bounced`, `address-complained`: an
 * earlier e-mail of ours to it hard-bounced, or its owner marked one as spam (our
 * suppression list). `synthetic`: the sales notification of a lead to SES's mailbox simulator
 * (a verify run's or the canary's), which is nobody's lead. `sandbox`: SES refused the visitor's
 * address because the account is in its sandbox (verified addresses only); not retried.
 */
const withheldReason = z.enum([
  'unverified',
  'recipient-budget',
  'hourly-ceiling',
  'visitor-stream-paused',
  'no-mail-domain',
  'address-bounced',
  'address-complained',
  'synthetic',
  'sandbox',
]);
export type WithheldReason = z.output<typeof withheldReason>;

const messageState = z.object({
  /**
   * `withheld`: never to be sent (the visitor's confirmation without a valid browser check
   * or past a budget); `rejected`: SES refused the address for good. Neither is owed.
   * `held`: an unverified lead's sales notification past the hourly number sent one by one:
   * owed, but to the next digest of held leads, never on its own. Once a digest carrying it
   * was accepted it is `sent`, with `via: 'digest'` (listed in it) or `via: 'digest-count'`
   * (counted in it, among its client network's leads past those listed) and the digest's
   * message id.
   */
  status: z.enum(['pending', 'sent', 'failed', 'abandoned', 'withheld', 'rejected', 'held']),
  /**
   * How a sent message went out, when not on its own: listed in a digest of held leads, or
   * counted in one (its network's surplus of an hour, decision 074).
   */
  via: z.optional(z.enum(['digest', 'digest-count'])),
  /**
   * Sends that failed or went out. A send refused because the sender identity is not verified
   * yet is not one: the message waits (`waitingFor`) however long verification takes.
   */
  attempts: z.number(),
  /** Set while a pending message waits for SES to verify the sender identity. */
  waitingFor: z.optional(z.enum(['sender-verification'])),
  /** Why a message is withheld. */
  reason: z.optional(withheldReason),
  messageId: z.optional(z.string()),
  /** The last failure, as `Name: message` (never shown to the visitor). */
  error: z.optional(z.string()),
  /** When the last attempt ended. */
  at: z.optional(z.string()),
  /** What SES later said became of the sent message (its delivery events). */
  delivery: z.optional(deliveryState),
});
export type MessageState = z.output<typeof messageState>;

/** One entry per message the form sends: the sales notification and the visitor's own e-mail. */
const emails = z.object({ sales: z.optional(messageState), visitor: z.optional(messageState) });
export type Audience = keyof z.output<typeof emails>;

const spamReason = z.enum(['honeypot', 'too-fast']);
export type SpamReason = z.output<typeof spamReason>;

/**
 * What the browser check of a submission found: `verified` is a solved, signed challenge for
 * this form, in time, at no less than the price of the moment, used by no other submission;
 * anything else sends nothing to the visitor. `underpriced` is a genuine solution of a
 * challenge issued when proof of work was cheaper than it is now: the form asks for a new
 * solution and stores nothing (a lead stored before that rule may still carry it).
 */
const browserCheck = z.enum([
  'verified',
  'missing',
  'malformed',
  'invalid',
  'expired',
  'wrong-form',
  'underpriced',
  'replayed',
]);
export type BrowserCheck = z.output<typeof browserCheck>;

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

/**
 * A lead item's schema and the lead it reads as: it drops what the type does not name (the
 * table's bookkeeping, notes for people reading it). recordSends writes `emails` back whole,
 * so an attribute no schema names would not outlive a re-send (the code writes none).
 */
export const storedLead = z.pipe(
  z.object({
    form: leadForm,
    submissionId: z.string(),
    idempotencyKey: z.string(),
    /** sha-256 of the canonical request body: a reused key with another body is refused. */
    payloadHash: z.string(),
    createdAt: z.string(),
    fields: z.record(z.string(), z.unknown()),
    /**
     * Where the visit came from (landing page, referrer origin, utm_*, the form's page), when
     * the browser sent it: beside the fields, not among them, so only sales ever read it.
     */
    attribution: z.optional(attribution),
    /** sha-256 of the normalised visitor e-mail: how a privacy request finds a person's leads. */
    emailHash: z.string(),
    consent: z.optional(
      z.object({
        value: z.boolean(),
        /** The label text of the box the visitor ticked, as the form showed it. */
        label: z.string(),
        at: z.string(),
      }),
    ),
    userAgent: z.optional(z.string()),
    ipHash: z.optional(z.string()),
    /**
     * The keyed hash of the client network it came from (an IPv4 address, an IPv6 /64), as the
     * budgets count it: how the sales digest caps one network's leads. Absent on leads stored
     * before it was kept and on requests without a client address.
     */
    networkHash: z.optional(z.string()),
    spam: z.boolean(),
    /**
     * The visitor's address is at SES's mailbox simulator: a verify run's or the canary's
     * lead, never mailed to sales, left out of the export and gone within a day.
     */
    synthetic: z.optional(z.literal(true)),
    spamReason: z.optional(spamReason),
    /** Milliseconds from the form's first view to the submission, when the form said. */
    fillMs: z.optional(z.number()),
    /** When the visitor first opened the report their download link names (download form). */
    downloadedAt: z.optional(z.string()),
    /** How often they opened it. */
    downloadCount: z.optional(z.number()),
    /** The browser check's verdict; absent on leads stored before the check existed. */
    browserCheck: z.optional(browserCheck),
    emailStatus,
    /** Empty for spam; absent on leads stored before messages were recorded one by one. */
    emails: z._default(emails, () => ({})),
    /**
     * Who may send this lead's owed messages until when (epoch ms): the submitting function
     * holds it while it sends, a re-send run while it re-sends. Nobody else sends meanwhile.
     */
    leaseToken: z.optional(z.string()),
    leaseUntil: z.optional(z.number()),
    /** Unix seconds: the store deletes the lead after the retention period. */
    expiresAt: z.number(),
  }),
  // Written as undefined, so never stored: a lead always names both, as the domain sets them.
  z.transform(({ userAgent, ipHash, ...lead }) => ({ ...lead, userAgent, ipHash })),
);
export type StoredLead = z.output<typeof storedLead>;

export const leadRef = z.object({ form: leadForm, idempotencyKey: z.string() });
export type LeadRef = z.output<typeof leadRef>;

/**
 * A lead named by the id the server gave it (its submissionId), as links in e-mails to
 * visitors name it: the idempotency key is the client's choice and never leaves the server.
 */
export type LeadIdRef = Pick<StoredLead, 'form' | 'submissionId'>;

/** Why an address is on our own suppression list: it hard-bounced, or its owner complained. */
export type SuppressionReason = 'bounced' | 'complained';

/**
 * One event for our suppression list, kept per mailbox (`emailHash`); a tagged spelling's
 * hard bounce lists only that spelling (decision 073).
 */
export interface AddressSuppression {
  /** The keyed hash of the mailbox (`emailHash`). */
  mailboxHash: string;
  reason: SuppressionReason;
  /** For a bounce that stands for this spelling only: its keyed hash (`spellingHash`). */
  spellingHash?: string;
  at: string;
  /** Unix seconds: kept as long as a lead is. */
  expiresAt: number;
}

/** A mailbox's entry on our suppression list. */
export interface MailboxSuppression {
  /** Its owner marked an e-mail of ours as spam: no spelling of it is mailed. */
  complained: boolean;
  /** It hard-bounced as itself: no spelling of it is mailed. */
  bounced: boolean;
  /** The `spellingHash`es of tagged spellings that hard-bounced: only those are not mailed. */
  bouncedSpellings: string[];
}
