/**
 * What a lead is, as the domain stores and reads it: its fields, its messages' states and the
 * outcomes SES reports of them. No AWS type appears here.
 */
import type { LeadForm } from '@kryon/shared/api';
import type { Attribution } from '@kryon/shared/attribution';

/**
 * The lead's e-mail state as a whole:
 * - `pending`: owed and not yet (or not finally) attempted;
 * - `sent`: every message the form sends went out;
 * - `failed`: a message failed and is owed: the re-send picks it up;
 * - `abandoned`: a message failed too often to try again; a person must look;
 * - `skipped`: spam, kept for review and never mailed.
 */
export type EmailStatus = 'pending' | 'sent' | 'failed' | 'abandoned' | 'skipped';

/** The two messages a lead can owe: the sales notification and the visitor's own e-mail. */
export type Audience = 'sales' | 'visitor';

export interface MessageState {
  /**
   * `withheld`: never to be sent (the visitor's confirmation without a valid browser check
   * or past a budget); `rejected`: SES refused the address for good. Neither is owed.
   * `held`: an unverified lead's sales notification past the hourly number sent one by one:
   * owed, but to the next digest of held leads, never on its own. Once a digest carrying it
   * was accepted it is `sent`, with `via: 'digest'` (listed in it) or `via: 'digest-count'`
   * (counted in it, among its client network's leads past those listed) and the digest's
   * message id.
   */
  status: 'pending' | 'sent' | 'failed' | 'abandoned' | 'withheld' | 'rejected' | 'held';
  /**
   * How a sent message went out, when not on its own: listed in a digest of held leads, or
   * counted in one (its network's surplus of an hour, decision 074).
   */
  via?: 'digest' | 'digest-count';
  /**
   * Sends that failed or went out. A send refused because the sender identity is not verified
   * yet is not one: the message waits (`waitingFor`) however long verification takes.
   */
  attempts: number;
  /** Set while a pending message waits for SES to verify the sender identity. */
  waitingFor?: 'sender-verification';
  /** Why a message is withheld. */
  reason?: WithheldReason;
  messageId?: string;
  /** The last failure, as `Name: message` (never shown to the visitor). */
  error?: string;
  /** When the last attempt ended. */
  at?: string;
  /** What SES later said became of the sent message (its delivery events). */
  delivery?: DeliveryState;
}

/**
 * What SES reported for a sent message, strongest last: `delayed` (still trying),
 * `delivered` (the receiving server took it), `bounced` (it did not: for good when
 * `bounceType` is `permanent`), `rejected` (SES refused to deliver it after accepting it),
 * `complained` (the recipient marked it as spam).
 */
export type DeliveryOutcome = 'delayed' | 'delivered' | 'bounced' | 'rejected' | 'complained';

export type BounceType = 'permanent' | 'transient' | 'undetermined';

/** The strongest delivery event recorded for a message (leads/delivery-events.ts). */
export interface DeliveryState {
  outcome: DeliveryOutcome;
  bounceType?: BounceType;
  /** SES's subtype of a bounce, as it named it (`General`, `OnAccountSuppressionList`...). */
  bounceSubType?: string;
  /** When the event happened, as SES dated it. */
  at: string;
  /** The message the event was about: always the one the lead records as sent. */
  messageId: string;
  /**
   * Its place in the precedence of outcomes: a later event is recorded only when it ranks
   * higher, so a repeated, late or weaker event never overwrites a stronger one.
   */
  rank: number;
}

/** Why an address is on our own suppression list: it hard-bounced, or its owner complained. */
export type SuppressionReason = 'bounced' | 'complained';

/**
 * One event for our suppression list, which is kept per mailbox (`emailHash`, decision 073):
 * a complaint, or a hard bounce of the mailbox's own spelling, lists the whole mailbox; a
 * hard bounce of a tagged spelling (`ada+x@`) lists that spelling only, under its mailbox.
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

export type SpamReason = 'honeypot' | 'too-fast';

/**
 * What the browser check of a submission found: `verified` is a solved, signed challenge for
 * this form, in time, at no less than the price of the moment, used by no other submission;
 * anything else sends nothing to the visitor. `underpriced` is a genuine solution of a
 * challenge issued when proof of work was cheaper than it is now: the form asks for a new
 * solution and stores nothing (a lead stored before that rule may still carry it).
 */
export type BrowserCheck =
  | 'verified'
  | 'missing'
  | 'malformed'
  | 'invalid'
  | 'expired'
  | 'wrong-form'
  | 'underpriced'
  | 'replayed';

/**
 * Why the visitor's confirmation is not sent. `visitor-stream-paused`: SES refused it because
 * the visitor stream's configuration set is paused (the brake on visitor mail, or a person);
 * never retried, as a confirmation that arrives days later helps nobody.
 * `no-mail-domain`: the address's domain accepts no mail at all (MailDomainCheck answered
 * `no`), so the message could only bounce.
 */
export type WithheldReason =
  | 'unverified'
  | 'recipient-budget'
  | 'hourly-ceiling'
  | 'visitor-stream-paused'
  | 'no-mail-domain'
  /** The address hard-bounced an earlier e-mail of ours (our suppression list). */
  | 'address-bounced'
  /** The address's owner marked an earlier e-mail of ours as spam (our suppression list). */
  | 'address-complained';

export interface ConsentRecord {
  value: boolean;
  /** The label text of the box the visitor ticked, as the form showed it. */
  label: string;
  at: string;
}

export interface StoredLead {
  form: LeadForm;
  submissionId: string;
  idempotencyKey: string;
  /** sha-256 of the canonical request body: a reused key with another body is refused. */
  payloadHash: string;
  createdAt: string;
  fields: Record<string, unknown>;
  /**
   * Where the visit came from (landing page, referrer origin, utm_*, the form's page), when the
   * browser sent it: beside the fields, not among them, so only sales ever read it.
   */
  attribution?: Attribution;
  /** sha-256 of the normalised visitor e-mail: how a privacy request finds a person's leads. */
  emailHash: string;
  consent?: ConsentRecord;
  userAgent: string | undefined;
  ipHash: string | undefined;
  /**
   * The keyed hash of the client network it came from (an IPv4 address, an IPv6 /64), as the
   * budgets count it: how the sales digest caps one network's leads. Absent on leads stored
   * before it was kept and on requests without a client address.
   */
  networkHash?: string;
  spam: boolean;
  spamReason?: SpamReason;
  /** Milliseconds from the form's first view to the submission, when the form said. */
  fillMs?: number;
  /** When the visitor first opened the report their download link names (download form). */
  downloadedAt?: string;
  /** How often they opened it. */
  downloadCount?: number;
  /** The browser check's verdict; absent on leads stored before the check existed. */
  browserCheck?: BrowserCheck;
  emailStatus: EmailStatus;
  /** One entry per message the form sends; empty for spam. */
  emails: Partial<Record<Audience, MessageState>>;
  /**
   * Who may send this lead's owed messages until when (epoch ms): the submitting function
   * holds it while it sends, a re-send run while it re-sends. Nobody else sends meanwhile.
   */
  leaseToken?: string;
  leaseUntil?: number;
  /** Unix seconds: the store deletes the lead after the retention period. */
  expiresAt: number;
}

export interface LeadRef {
  form: LeadForm;
  idempotencyKey: string;
}

/**
 * A lead named by the id the server gave it (its submissionId), as links in e-mails to
 * visitors name it: the idempotency key is the client's choice and never leaves the server.
 */
export interface LeadIdRef {
  form: LeadForm;
  submissionId: string;
}
