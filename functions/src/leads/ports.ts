/**
 * What the lead domain needs from the outside world. Adapters implement these with the AWS
 * SDK; tests implement them with fakes. No AWS type appears here.
 */
import type { LeadForm } from '@kryon/shared/api';
import type {
  AddressSuppression,
  Audience,
  BrowserCheck,
  DeliveryState,
  EmailStatus,
  LeadIdRef,
  LeadRef,
  MailboxSuppression,
  MessageState,
  StoredLead,
} from './lead.ts';
import type { DeliveryMetric, LeadEventMetric, LeadMetric } from './metric-names.ts';

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

/**
 * A stored item the code cannot read (edited by hand, or older than the code): its table key
 * and its schema's first issue (path and code), never what it holds.
 */
export interface UnreadableItem {
  key: { pk: string; sk: string };
  issue: string;
}

export interface PendingPage {
  leads: LeadRef[];
  /** Where the next page starts; undefined after the last one. */
  cursor?: string;
}

/**
 * A lead event as it waits on its lead to be published: its id, its type (the bus's
 * detail-type) and the event's JSON, built once, so every publish of it sends the same bytes.
 */
export interface OwedEvent {
  id: string;
  type: string;
  form: LeadForm;
  detail: string;
}

/** The leads themselves: stored, sent, re-sent, opened and reported on by SES. */
export interface LeadRecords {
  /** The lead stored under this idempotency key, if any (strongly consistent). */
  findLead(form: LeadForm, idempotencyKey: string): Promise<StoredLead | undefined>;
  /**
   * Stores the lead unless its key exists; false when it already did. Findable by its id.
   * `events` are stored on it, owed, in the same write: a stored lead's events are never lost.
   */
  createLead(lead: StoredLead, events?: readonly OwedEvent[]): Promise<boolean>;
  /** Records a delivery attempt; false when the lease is no longer the caller's. */
  recordSends(lead: LeadRef, record: SendRecord): Promise<boolean>;
  /**
   * Leads that owe a message and may be tried by `dueBy` (epoch ms), longest due first. The
   * list may lag the leads a little: claimPending is what decides.
   */
  listPending(options: { dueBy: number; limit: number; cursor?: string }): Promise<PendingPage>;
  /**
   * Takes the lease of a lead that owes a message and whose lease is free or lapsed: the
   * lead as it now stands, or undefined if it owes nothing or someone else holds it. A lead
   * whose item does not parse is reported, not read: the lease is taken, nothing else changed.
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
  ): Promise<StoredLead | { unreadable: UnreadableItem } | undefined>;
  /**
   * Records that the visitor opened the report of a download lead: the first time is kept,
   * later ones only add to the count. False when the lead does not exist (erased). The lead
   * is found by its id at once, as soon as createLead has returned (strongly consistent).
   * `firstEvent` is owed on the lead, in the same write, only by the first opening, which
   * says `first`; a later one `again`.
   */
  recordDownload(
    lead: LeadIdRef | LeadRef,
    at: string,
    firstEvent?: OwedEvent,
  ): Promise<false | 'first' | 'again'>;
  /**
   * Makes the lead findable by its id, as createLead does: for a lead stored before ids were
   * kept, whose e-mail, re-sent now, carries a link that names it by its id.
   */
  linkLeadId(lead: StoredLead): Promise<void>;
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
    /** Owed on the lead in the same write, when the outcome is recorded. */
    event?: OwedEvent,
  ): Promise<'recorded' | 'unchanged' | 'no-lead' | 'other-message' | 'not-recorded-yet'>;
}

/**
 * The outbox of lead events (decision 090): events owed on their leads until the bus has
 * them. The submitting function publishes a new lead's event at once; the scheduled run
 * publishes whatever a failure or a crash left owed.
 */
export interface LeadEventOutbox {
  /** Leads that owe an event due by `dueBy` (epoch ms), longest due first. */
  listOwedEvents(options: { dueBy: number; limit: number; cursor?: string }): Promise<PendingPage>;
  /**
   * The events the lead owes now (none when it is gone), and the ids of those whose stored
   * form does not read (edited by hand, or older than the code): never published.
   */
  readOwedEvents(lead: LeadRef): Promise<{ events: OwedEvent[]; unreadable: string[] }>;
  /**
   * The lead owes these no more; once it owes none, it leaves the list. A lead named by its id
   * costs a read more (its id's pointer).
   */
  clearOwedEvents(lead: LeadRef | LeadIdRef, ids: readonly string[]): Promise<void>;
  /** Tried again no sooner than `dueAt` (epoch ms): the bus refused them just now. */
  deferOwedEvents(lead: LeadRef | LeadIdRef, dueAt: number): Promise<void>;
}

/** The event bus (EventBridge): where destinations' rules pick lead events up. */
export interface LeadEventBus {
  /** Publishes the events; the ids of those the bus did not take (to be tried again). */
  publish(events: readonly OwedEvent[]): Promise<{ failed: string[] }>;
}

/** The budgets' counts (leads/rate-limit.ts). */
export interface RateLimitStore {
  /** Counts one hit: a ticket while the key is within its budget. Atomic across callers. */
  takeRateLimit(request: RateLimitRequest): Promise<RateLimitTicket | undefined>;
  /** Takes back a hit counted by takeRateLimit, if its window is still the running one. */
  releaseRateLimit(ticket: RateLimitTicket): Promise<void>;
}

/** Tokens that may be used once: the browser check's challenges. */
export interface OneTimeTokens {
  /**
   * Marks a token as used by this owner: `claimed` when it was unused, `retry` when it was
   * already this owner's (the same submission sent again), `taken` when another owner has it.
   */
  claimOnce(claim: {
    key: string;
    owner: string;
    expiresAtMs: number;
  }): Promise<'claimed' | 'retry' | 'taken'>;
  /** Gives a claimed token back, if this owner still holds it (its proof was not taken). */
  releaseClaim(claim: { key: string; owner: string }): Promise<void>;
}

/** Our own list of addresses not to mail (decision 073). */
export interface SuppressionList {
  /**
   * Adds an event to a mailbox's entry on our suppression list; what it held stays (a
   * complaint is never downgraded to a bounce), and its expiry is renewed.
   */
  suppressAddress(suppression: AddressSuppression): Promise<void>;
  /** The mailbox's entry on our suppression list, if any (strongly consistent). */
  findSuppression(mailboxHash: string): Promise<MailboxSuppression | undefined>;
}

/** The leads table, by purpose; a domain function may name only the part it uses. */
export interface LeadStore
  extends LeadRecords,
    LeadEventOutbox,
    RateLimitStore,
    OneTimeTokens,
    SuppressionList {
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
   * Which mail stream it belongs to, sales or visitor (to an address a stranger typed): each
   * is sent with its own SES configuration set (decision 055).
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
 * Stops a mail stream at the e-mail service: only the visitor stream, never sales mail
 * (decision 058); the brake's own switch resumes it (VisitorStreamSwitch, decision 075).
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

export interface Metrics {
  count(metric: LeadMetric, form: LeadForm, value?: number): void;
  /** Writes what was counted (once per invocation). */
  flush(): void;
}

/**
 * The `Stream` dimension: the stream the event's message was sent in, or `unknown` for an
 * event that names neither (a malformed one, or mail this code did not send). `synthetic`:
 * mail to SES's mailbox simulator (verify runs, the canary), which SES leaves out of the
 * account's rates and so do the brake's counts.
 */
export type EventStream = MailStream | 'synthetic' | 'unknown';

export interface DeliveryMetrics {
  count(metric: DeliveryMetric, stream: EventStream, value?: number): void;
  /** Writes what was counted (once per invocation). */
  flush(): void;
}

/**
 * Signs a webhook delivery per Standard Webhooks with each of `secrets` (two during a
 * rotation): its headers, and the body exactly as signed. Throws, naming no secret, when one
 * is not a `whsec_` secret of a fit size.
 */
export type SignWebhook = (
  secrets: readonly string[],
  message: { id: string; body: string; at: Date },
) => { headers: Record<string, string>; body: string };

/** The counts of lead-event deliveries, with the destination's name as the dimension. */
export interface LeadEventMetrics {
  count(metric: LeadEventMetric, destination: string, value?: number): void;
  /** Writes what was counted (once per invocation). */
  flush(): void;
}

/** The few log calls the domain makes; Powertools' Logger fits this shape. */
export interface Log {
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
}
