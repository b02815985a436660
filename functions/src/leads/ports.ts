/**
 * What the lead domain needs from the outside world. Adapters implement these with the AWS
 * SDK; tests implement them with fakes. No AWS type appears here.
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

export interface RateLimitRequest {
  /** An opaque, already-hashed key such as `email#<hmac>`. */
  key: string;
  max: number;
  windowMs: number;
  nowMs: number;
}

/** One counted hit, enough to take it back if the request turns out not to count. */
export interface RateLimitTicket {
  key: string;
  windowStart: number;
}

/** What one delivery attempt leaves on the lead. */
export interface SendRecord {
  /** The lease the sender holds; the write is refused if another sender took over. */
  leaseToken: string;
  emails: Partial<Record<Audience, MessageState>>;
  emailStatus: EmailStatus;
  /** True while any message is still owed: the lead stays on the re-send list. */
  owed: boolean;
  /** While owed: not to be tried again before this (epoch ms). */
  retryAtMs?: number;
  at: string;
}

export interface PendingPage {
  leads: LeadRef[];
  /** Where the next page starts; undefined after the last one. */
  cursor?: string;
}

export interface LeadStore {
  /** The lead stored under this idempotency key, if any (strongly consistent). */
  findLead(form: LeadForm, idempotencyKey: string): Promise<StoredLead | undefined>;
  /** Stores the lead unless its key exists; false when it already did. Findable by its id. */
  createLead(lead: StoredLead): Promise<boolean>;
  /** Records a delivery attempt; false when the lease is no longer the caller's. */
  recordSends(lead: LeadRef, record: SendRecord): Promise<boolean>;
  /** Counts one hit: a ticket while the key is within its budget. Atomic across callers. */
  takeRateLimit(request: RateLimitRequest): Promise<RateLimitTicket | undefined>;
  /** Takes back a hit counted by takeRateLimit, if its window is still the running one. */
  releaseRateLimit(ticket: RateLimitTicket): Promise<void>;
  /**
   * Leads that owe a message and may be tried by `dueBy` (epoch ms), longest due first. The
   * list may lag the leads a little: claimPending is what decides.
   */
  listPending(options: { dueBy: number; limit: number; cursor?: string }): Promise<PendingPage>;
  /**
   * Takes the lease of a lead that owes a message and whose lease is free or lapsed: the
   * lead as it now stands, or undefined if it owes nothing or someone else holds it.
   */
  claimPending(
    lead: LeadRef,
    claim: {
      leaseToken: string;
      nowMs: number;
      leaseUntil: number;
      /**
       * Claims only a lead whose sales message is held for the digest, before its due time
       * too (a digest asked for now); still never one whose lease someone holds.
       */
      heldOnly?: boolean;
    },
  ): Promise<StoredLead | undefined>;
  /**
   * Records that the visitor opened the report of a download lead: the first time is kept,
   * later ones only add to the count. False when the lead does not exist (erased). The lead
   * is found by its id at once, as soon as createLead has returned (strongly consistent).
   */
  recordDownload(lead: LeadIdRef | LeadRef, at: string): Promise<boolean>;
  /**
   * Makes the lead findable by its id, as createLead does: for a lead stored before ids were
   * kept, whose e-mail, re-sent now, carries a link that names it by its id.
   */
  linkLeadId(lead: StoredLead): Promise<void>;
  /**
   * Marks a one-time token (a browser-check challenge) as used by this owner: `claimed` when
   * it was unused, `retry` when it was already this owner's (the same submission sent again),
   * `taken` when another owner has it.
   */
  claimOnce(claim: {
    key: string;
    owner: string;
    expiresAtMs: number;
  }): Promise<'claimed' | 'retry' | 'taken'>;
  /** Gives a claimed token back, if this owner still holds it (its proof was not taken). */
  releaseClaim(claim: { key: string; owner: string }): Promise<void>;
  /**
   * Records SES's word on one message of a lead found by its id: applied only when the lead
   * exists, its message to that audience is `delivery.messageId`, and no outcome of the same
   * or a higher rank is recorded yet. Says which, so a repeat is told from a stray event;
   * `not-recorded-yet` when the lead names no message to that audience yet (its sender has
   * not written the send down).
   */
  recordDelivery(
    lead: LeadIdRef,
    audience: Audience,
    delivery: DeliveryState,
  ): Promise<'recorded' | 'unchanged' | 'no-lead' | 'other-message' | 'not-recorded-yet'>;
  /**
   * Adds an event to a mailbox's entry on our suppression list; what it held stays (a
   * complaint is never downgraded to a bounce), and its expiry is renewed.
   */
  suppressAddress(suppression: AddressSuppression): Promise<void>;
  /** The mailbox's entry on our suppression list, if any (strongly consistent). */
  findSuppression(mailboxHash: string): Promise<MailboxSuppression | undefined>;
  ping(): Promise<void>;
}

/**
 * Counts in fixed windows, atomic across callers: what a rate that slides across two windows
 * is estimated from (leads/challenge-price.ts).
 */
export interface WindowCounter {
  /**
   * Adds one to the window of `windowMs` that holds `nowMs`, atomically, and only while that
   * window's count is below `below` (no bound when undefined): false when it was not.
   */
  add(key: string, windowMs: number, nowMs: number, below?: number): Promise<boolean>;
  /** Takes one back from the window that holds `nowMs` (an add that did not stand). */
  subtract(key: string, windowMs: number, nowMs: number): Promise<void>;
  /** The counts of the window that holds `nowMs` and of the one before it. */
  read(
    key: string,
    windowMs: number,
    nowMs: number,
  ): Promise<{ current: number; previous: number }>;
}

/** Issues and checks the browser check's proof-of-work challenges (ALTCHA). */
export interface ChallengeService {
  /** A signed challenge for one form at the price of the moment, as the browser receives it. */
  issue(form: LeadForm): Promise<unknown>;
  /**
   * Admits one confirmation paid for with a proof issued at `issuedLevel`: counts it towards
   * the price, atomically, only if the price with it counted is still no higher than that
   * level, so a burst of cheap proofs cannot all pass at a stale price. `admitted: false`
   * counted nothing; `giveBack` takes an admitted count back (the lead was not stored).
   */
  admitConfirmation(issuedLevel: number, nowMs: number): Promise<Admission>;
  /**
   * Checks a submitted solution against its signature, expiry and form, without the
   * single-use rule (the store decides that): the verdict, and the token that names the
   * challenge for that rule with when it stops mattering.
   */
  verify(
    payload: unknown,
    form: LeadForm,
  ): Promise<{ verdict: BrowserCheck; token?: string; expiresAtMs?: number; level?: number }>;
}

/** One confirmation's place in the challenge price's count. */
export interface Admission {
  admitted: boolean;
  /** Takes the count back; best effort, and a no-op when nothing was admitted. */
  giveBack(): Promise<void>;
}

/**
 * Whether mail to a domain can be delivered at all, as DNS says: `no` only when it is certain
 * (the domain does not exist, publishes a null MX, or has neither MX nor address records);
 * `unknown` whenever DNS did not answer clearly, which must never hold anything back.
 */
export interface MailDomainCheck {
  acceptsMail(domain: string): Promise<'yes' | 'no' | 'unknown'>;
}

export interface OutgoingEmail {
  /**
   * The sender's display name, when it is not the configured sender's own: the address
   * stays the configured one, the only one the SES identity may send as.
   */
  fromName?: string;
  to: string[];
  replyTo: string[];
  subject: string;
  text: string;
  html: string;
  /** Tags for SES event destinations (form name etc.). */
  tags: Record<string, string>;
  /**
   * Which mail stream it belongs to: e-mail to sales (notifications, digests), whose
   * delivery is vital, or e-mail to a visitor (confirmations, download links) sent to an
   * address a stranger typed, the risky half. The mailer sends each stream with its own
   * SES configuration set (docs/decisions/055-two-mail-streams.md).
   */
  stream: MailStream;
}

/** The two mail streams: see OutgoingEmail.stream. */
export type MailStream = 'sales' | 'visitor';

export interface Mailer {
  /** Throws SenderNotVerifiedError, PermanentSendError, or any other error worth a retry. */
  send(email: OutgoingEmail): Promise<{ messageId: string }>;
  /**
   * Resolves when the service answers and may send as our sender, saying what it knows of the
   * account; throws SenderNotVerifiedError when it answers but may not yet, DependencyError
   * otherwise.
   */
  ping(): Promise<MailerAccount>;
}

/** What an answering e-mail service says of the account. */
export interface MailerAccount {
  /**
   * True while the account is in the SES sandbox (it sends only to verified addresses),
   * false once it has production access, undefined when the service did not say.
   */
  sandbox?: boolean;
}

/**
 * Stops a mail stream at the e-mail service. Only the visitor stream can be stopped: its
 * reputation is the risky one (addresses strangers type), and sales mail must never be
 * paused by software. Resuming is a person's decision, so there is no resume here.
 */
export interface MailStreamBrake {
  /** Pauses the stream's sending; pausing a stream already paused is not an error. */
  pauseStream(stream: 'visitor'): Promise<void>;
}

/** The one count the brake publishes, with no form: a pause concerns every form at once. */
export interface BrakeMetrics {
  count(metric: 'VisitorStreamPaused'): void;
  /** Writes what was counted (once per invocation). */
  flush(): void;
}

/**
 * The counts the lead functions publish, each with the form as its dimension. A list, not
 * only a type, so the deployed dashboard and alarms can be checked against what is emitted.
 */
export const LEAD_METRICS = [
  'LeadAccepted',
  'LeadRejected',
  'LeadRateLimited',
  /** A proof priced below the price of the moment: nothing stored, the site solves again. */
  'LeadRepriced',
  'LeadSpam',
  'EmailSent',
  'EmailFailed',
  'EmailResent',
  'EmailAbandoned',
  /** SES refused the visitor's address for good: the lead's problem, not an outage. */
  'EmailRejected',
  /** A message waits because the sender identity is not verified for sending: not an attempt. */
  'EmailAwaitingSender',
  /** The visitor's confirmation was not sent: no valid browser check. */
  'VisitorEmailUnverified',
  /** The visitor's confirmation was not sent: the address had its e-mails for the day. */
  'VisitorEmailBudgetExceeded',
  /** The visitor's confirmation was not sent: the hourly ceiling over all forms was hit. */
  'VisitorEmailCeilingReached',
  /** The visitor's confirmation was not sent: SES refused it, the visitor stream is paused. */
  'VisitorEmailPaused',
  /** The visitor's confirmation was not sent: the address's domain accepts no mail. */
  'VisitorEmailNoMailDomain',
  /**
   * The visitor's confirmation was not sent: the address is on our suppression list (it
   * hard-bounced, or its owner complained, before).
   */
  'VisitorEmailSuppressed',
  /**
   * Leads a re-send run found due (an e-mail still owed, its retry time come): the re-send
   * backlog, counted per run, so it is absent when nothing is owed.
   */
  'ResendDue',
  /**
   * An unverified lead past the hourly number of sales e-mails sent one by one: stored, its
   * sales notification held for the next digest.
   */
  'SalesEmailHeld',
  /**
   * A digest of held leads accepted by SES: counted once, under the form of its oldest lead,
   * so the sum over forms is the number of digests sent.
   */
  'SalesDigestSent',
] as const;

export type LeadMetric = (typeof LEAD_METRICS)[number];

export interface Metrics {
  count(metric: LeadMetric, form: LeadForm, value?: number): void;
  /** Writes what was counted (once per invocation). */
  flush(): void;
}

/**
 * The counts of SES delivery events, each with the mail stream (`sales` or `visitor`) as its
 * dimension `Stream`. A list, so the deployed alarms and dashboard can be checked against it.
 */
export const DELIVERY_METRICS = [
  'EmailDelivered',
  /** A permanent bounce: the address does not take mail. */
  'EmailBounced',
  /** A transient or undetermined bounce, reported once SES stopped retrying. */
  'EmailSoftBounced',
  'EmailComplained',
  'EmailDelayed',
  /** SES accepted the message, then refused to deliver it (a virus, say). */
  'EmailRejectedBySes',
  /** An event for a lead's message that matches no stored message (erased, or an older one). */
  'DeliveryEventUnmatched',
  /** An event of a type not acted on, or one that could not be read. */
  'DeliveryEventUnknown',
] as const;

export type DeliveryMetric = (typeof DELIVERY_METRICS)[number];

/**
 * The `Stream` dimension: the stream the event's message was sent in, or `unknown` for an
 * event that names neither (a malformed one, or mail this code did not send).
 */
export type EventStream = MailStream | 'unknown';

export interface DeliveryMetrics {
  count(metric: DeliveryMetric, stream: EventStream, value?: number): void;
  /** Writes what was counted (once per invocation). */
  flush(): void;
}

/** The few log calls the domain makes; Powertools' Logger fits this shape. */
export interface Log {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
}

/**
 * The e-mail service refused a message for good (a malformed or rejected address): sending
 * it again would be refused again.
 */
export class PermanentSendError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'PermanentSendError';
  }
}

/**
 * The e-mail service will not send as our sender yet: its identity (MAIL_FROM's domain or
 * address; for visitor mail VISITOR_MAIL_FROM's, when set) is not verified for sending, as for up to 72 hours after a domain is set up, or
 * since its DNS records went missing. Nothing is wrong with the message: it must wait, not
 * use up its attempts, and go out once the identity verifies.
 */
export class SenderNotVerifiedError extends Error {
  constructor(options: { cause: unknown }) {
    super('the sender identity is not verified for sending', options);
    this.name = 'SenderNotVerifiedError';
  }
}

/**
 * The e-mail service refused a message because sending is paused on its stream's
 * configuration set. For the visitor stream that is the brake (or a person) at work: the
 * message is withheld, not retried. For the sales stream it is an outage like any other.
 */
export class StreamPausedError extends Error {
  constructor(
    readonly stream: MailStream,
    options: { cause: unknown },
  ) {
    super(`sending is paused for the ${stream} stream's configuration set`, options);
    this.name = 'StreamPausedError';
  }
}

/** A dependency (database, e-mail service) failed to answer; the request may be retried. */
export class DependencyError extends Error {
  constructor(
    readonly dependency: 'database' | 'email',
    options: { cause: unknown },
  ) {
    super(`${dependency} unavailable`, options);
    this.name = 'DependencyError';
  }
}
