import type { LeadForm } from '@kryon/shared/api';
import { DependencyError } from '../src/leads/errors.ts';
import type {
  AddressSuppression,
  Audience,
  BrowserCheck,
  DeliveryState,
  LeadIdRef,
  LeadRef,
  MailboxSuppression,
  StoredLead,
} from '../src/leads/lead.ts';
import type {
  ChallengeService,
  LeadEventBus,
  LeadStore,
  Mailer,
  Metrics,
  OutgoingEmail,
  OwedEvent,
  RateLimitRequest,
  RateLimitTicket,
  SendRecord,
  WindowCounter,
} from '../src/leads/ports.ts';
import { OWED_EVENT_GRACE_MS } from '../src/leads/publish-events.ts';

/**
 * A lead as the fake holds it; `unreadable`: the issue its item's schema would report;
 * `owed`: the events it owes the bus, and when the outbox list has them due.
 */
type Row = StoredLead & {
  pending: boolean;
  unreadable?: string;
  owed: Map<string, OwedEvent>;
  /** Owed events whose stored form does not read: listed, never published or cleared. */
  unreadableOwed?: Set<string>;
  eventsDueAt?: number;
};

/** A new owed event waits this long for the list, as in the adapter. */
const GRACE_MS = OWED_EVENT_GRACE_MS;

/**
 * The table as the DynamoDB adapter promises it behaves, in memory: conditional put, the
 * lease-guarded record of sends, the pending list and its claim, the rate-limit windows.
 * test/lead-store-contract.ts holds it and the real adapter (on dynalite) to the same
 * promises: where they differ, the adapter is right and this fake is changed.
 */
export class FakeLeadStore implements LeadStore {
  readonly rows = new Map<string, Row>();
  readonly windows = new Map<string, { start: number; hits: number }>();
  rateLimitCalls = 0;
  /** Runs just before createLead stores, to stage a concurrent request. */
  beforeCreate?: (lead: StoredLead) => void;
  failRecordSends = false;

  async findLead(form: LeadForm, idempotencyKey: string) {
    const row = this.rows.get(`${form}#${idempotencyKey}`);
    // As the adapter's readItem: an item it cannot read is a DependencyError.
    if (row?.unreadable)
      throw new DependencyError('database', { cause: new Error(row.unreadable) });
    return row ? toLead(row) : undefined;
  }

  /**
   * Stores the lead as createLead does, as an item whose `emailStatus` is one the code never
   * writes: what the adapter reports for it (test/lead-store-contract.ts).
   */
  async storeUnreadable(lead: StoredLead) {
    await this.createLead(lead);
    const row = this.rows.get(rowKey(lead));
    if (row) row.unreadable = 'emailStatus: invalid_value';
  }

  async createLead(lead: StoredLead, events: readonly OwedEvent[] = []) {
    this.beforeCreate?.(lead);
    const key = `${lead.form}#${lead.idempotencyKey}`;
    if (this.rows.has(key)) return false;
    const owed = lead.emailStatus === 'pending' || lead.emailStatus === 'failed';
    this.rows.set(key, {
      ...structuredClone(lead),
      pending: owed,
      ...(owed ? { leaseUntil: lead.leaseUntil ?? 0 } : {}),
      owed: new Map(events.map((event) => [event.id, structuredClone(event)])),
      ...(events.length > 0 ? { eventsDueAt: Date.parse(lead.createdAt) + GRACE_MS } : {}),
    });
    return true;
  }

  /** Owes an event on a row in the write that records what it is about, as the adapter. */
  private owe(row: Row, event: OwedEvent | undefined, atMs: number) {
    if (!event) return;
    row.owed.set(event.id, structuredClone(event));
    row.eventsDueAt ??= atMs + GRACE_MS;
  }

  async listOwedEvents(options: { dueBy: number; limit: number; cursor?: string }) {
    return this.page(
      (row) => row.eventsDueAt !== undefined && row.eventsDueAt <= options.dueBy,
      (row) => row.eventsDueAt ?? 0,
      options,
    );
  }

  async readOwedEvents(lead: LeadRef) {
    const row = this.rows.get(rowKey(lead));
    return {
      events: row ? [...row.owed.values()].map((event) => structuredClone(event)) : [],
      unreadable: [...(row?.unreadableOwed ?? [])],
    };
  }

  /** Owes an event as no code writes it (edited by hand): what the adapter reports for it. */
  async oweUnreadableEvent(lead: LeadRef, id: string, dueAt: number) {
    const row = this.rows.get(rowKey(lead));
    if (!row) return;
    row.unreadableOwed = new Set([...(row.unreadableOwed ?? []), id]);
    row.eventsDueAt = dueAt;
  }

  private named(lead: LeadRef | LeadIdRef): Row | undefined {
    return 'submissionId' in lead
      ? [...this.rows.values()].find(
          (r) => r.form === lead.form && r.submissionId === lead.submissionId,
        )
      : this.rows.get(rowKey(lead));
  }

  async clearOwedEvents(lead: LeadRef | LeadIdRef, ids: readonly string[]) {
    const row = this.named(lead);
    if (!row) return;
    for (const id of ids) row.owed.delete(id);
    // As the adapter: off the list only when nothing at all is owed, unreadable ones included.
    if (row.owed.size === 0 && !row.unreadableOwed?.size) row.eventsDueAt = undefined;
  }

  async deferOwedEvents(lead: LeadRef | LeadIdRef, dueAt: number) {
    const row = this.named(lead);
    if (row && (row.owed.size > 0 || row.unreadableOwed?.size)) row.eventsDueAt = dueAt;
  }

  async recordSends(lead: LeadRef, record: SendRecord) {
    if (this.failRecordSends) throw new DependencyError('database', { cause: new Error('down') });
    const row = this.rows.get(`${lead.form}#${lead.idempotencyKey}`);
    if (!row || row.leaseToken !== record.leaseToken) return false;
    row.emails = structuredClone(record.emails);
    row.emailStatus = record.emailStatus;
    row.leaseToken = undefined;
    // As the table's update: owing nothing takes the lead off the re-send list, still owing
    // keeps it there, and neither puts back a lead that was never on it.
    row.pending = row.pending && record.owed;
    row.leaseUntil = record.owed ? (record.retryAtMs ?? 0) : undefined;
    return true;
  }

  async listPending(options: { dueBy: number; limit: number; cursor?: string }) {
    // As a DynamoDB index query pages: ordered by (leaseUntil, key), and a cursor is the
    // position of the last item returned, so leads that leave the list meanwhile skip nothing.
    // A query's Limit is at least 1, and a full page always has a cursor, even when nothing
    // follows (DynamoDB stops at the limit without looking further): the next page is empty.
    return this.page(
      (row) => row.pending && (row.leaseUntil ?? 0) <= options.dueBy,
      (row) => row.leaseUntil ?? 0,
      options,
    );
  }

  /**
   * A page of a sparse list (the re-send index, the event outbox) as DynamoDB pages a query:
   * rows listed, ordered by (due, key), after the cursor's position.
   */
  private page(
    listed: (row: Row) => boolean,
    due: (row: Row) => number,
    options: { limit: number; cursor?: string },
  ) {
    const position = (row: Row): [number, string] => [due(row), rowKey(row)];
    const after = options.cursor ? (JSON.parse(options.cursor) as [number, string]) : undefined;
    const rows = [...this.rows.values()]
      .filter(listed)
      .filter((row) => !after || comparePositions(position(row), after) > 0)
      .sort((a, b) => comparePositions(position(a), position(b)));
    const limit = Math.max(1, options.limit);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      leads: page.map((row) => ({ form: row.form, idempotencyKey: row.idempotencyKey })),
      cursor: last && page.length === limit ? JSON.stringify(position(last)) : undefined,
    };
  }

  async claimPending(
    lead: LeadRef,
    claim: { leaseToken: string; nowMs: number; leaseUntil: number; heldOnly?: boolean },
  ) {
    const row = this.rows.get(`${lead.form}#${lead.idempotencyKey}`);
    if (!row?.pending) return undefined;
    const lapsed = (row.leaseUntil ?? 0) <= claim.nowMs;
    if (claim.heldOnly) {
      if (row.emails.sales?.status !== 'held' || (row.leaseToken && !lapsed)) return undefined;
    } else if (!lapsed) return undefined;
    row.leaseToken = claim.leaseToken;
    row.leaseUntil = claim.leaseUntil;
    if (row.unreadable) {
      const key = { pk: `LEAD#${rowKey(row)}`, sk: 'LEAD' };
      return { unreadable: { key, issue: row.unreadable } };
    }
    return toLead(row);
  }

  async takeRateLimit(request: RateLimitRequest): Promise<RateLimitTicket | undefined> {
    this.rateLimitCalls += 1;
    const window = this.windows.get(request.key);
    if (!window || window.start <= request.nowMs - request.windowMs) {
      this.windows.set(request.key, { start: request.nowMs, hits: 1 });
      return { key: request.key, windowStart: request.nowMs };
    }
    if (window.hits >= request.max) return undefined;
    window.hits += 1;
    return { key: request.key, windowStart: window.start };
  }

  async releaseRateLimit(ticket: RateLimitTicket) {
    const window = this.windows.get(ticket.key);
    if (window && window.start === ticket.windowStart && window.hits > 0) window.hits -= 1;
  }

  async recordDownload(lead: LeadIdRef | LeadRef, at: string, firstEvent?: OwedEvent) {
    const row =
      'submissionId' in lead
        ? [...this.rows.values()].find(
            (r) => r.form === lead.form && r.submissionId === lead.submissionId,
          )
        : this.rows.get(`${lead.form}#${lead.idempotencyKey}`);
    if (!row) return false;
    const first = row.downloadedAt === undefined;
    if (first) this.owe(row, firstEvent, Date.parse(at));
    row.downloadedAt ??= at;
    row.downloadCount = (row.downloadCount ?? 0) + 1;
    return first ? ('first' as const) : ('again' as const);
  }

  /** Ids made findable again by linkLeadId (the fake finds every lead by its id anyway). */
  readonly linkedIds: string[] = [];

  async linkLeadId(lead: StoredLead) {
    this.linkedIds.push(lead.submissionId);
  }

  readonly onceOwners = new Map<string, string>();

  async claimOnce(claim: { key: string; owner: string; expiresAtMs: number }) {
    const owner = this.onceOwners.get(claim.key);
    if (owner !== undefined && owner !== claim.owner) return 'taken' as const;
    this.onceOwners.set(claim.key, claim.owner);
    return owner === undefined ? ('claimed' as const) : ('retry' as const);
  }

  async releaseClaim(claim: { key: string; owner: string }) {
    if (this.onceOwners.get(claim.key) === claim.owner) this.onceOwners.delete(claim.key);
  }

  async recordDelivery(
    lead: LeadIdRef,
    audience: Audience,
    delivery: DeliveryState,
    event?: OwedEvent,
  ) {
    const row = [...this.rows.values()].find(
      (r) => r.form === lead.form && r.submissionId === lead.submissionId,
    );
    if (!row) return 'no-lead' as const;
    const message = row.emails[audience];
    if (!message?.messageId) return 'not-recorded-yet' as const;
    if (message.messageId !== delivery.messageId) return 'other-message' as const;
    if (message.delivery && message.delivery.rank >= delivery.rank) return 'unchanged' as const;
    message.delivery = structuredClone(delivery);
    this.owe(row, event, Date.now());
    return 'recorded' as const;
  }

  readonly suppressions = new Map<string, MailboxSuppression>();
  /** Every event added to the list, as given. */
  readonly suppressionEvents: AddressSuppression[] = [];

  async suppressAddress(suppression: AddressSuppression) {
    this.suppressionEvents.push(structuredClone(suppression));
    const entry = this.suppressions.get(suppression.mailboxHash) ?? {
      complained: false,
      bounced: false,
      bouncedSpellings: [],
    };
    if (suppression.spellingHash) {
      if (!entry.bouncedSpellings.includes(suppression.spellingHash)) {
        entry.bouncedSpellings.push(suppression.spellingHash);
      }
    } else if (suppression.reason === 'complained') entry.complained = true;
    else entry.bounced = true;
    this.suppressions.set(suppression.mailboxHash, entry);
  }

  async findSuppression(mailboxHash: string) {
    const found = this.suppressions.get(mailboxHash);
    return found ? structuredClone(found) : undefined;
  }

  async ping() {}

  /** The one stored lead, as the table holds it. */
  only(): Row {
    const [row, ...others] = [...this.rows.values()];
    if (!row || others.length > 0) throw new Error(`expected one lead, found ${this.rows.size}`);
    return row;
  }
}

function rowKey(lead: LeadRef): string {
  return `${lead.form}#${lead.idempotencyKey}`;
}

function comparePositions(a: [number, string], b: [number, string]): number {
  return a[0] - b[0] || a[1].localeCompare(b[1]);
}

function toLead(row: Row): StoredLead {
  const {
    pending: _pending,
    unreadable: _unreadable,
    owed: _owed,
    unreadableOwed: _unreadableOwed,
    eventsDueAt: _eventsDueAt,
    ...lead
  } = structuredClone(row);
  return lead;
}

/**
 * Fixed-window counts in memory, as the table's counters keep them (createDynamoWindowCounter):
 * one count per window number (floor(ms / windowMs)), added to only while below the bound,
 * never taken below zero.
 */
export class FakeWindowCounter implements WindowCounter {
  readonly counts = new Map<string, number>();

  async add(key: string, windowMs: number, nowMs: number, below?: number) {
    const id = `${key}#${Math.floor(nowMs / windowMs)}`;
    const count = this.counts.get(id);
    if (below !== undefined && (count ?? 0) >= below) return false;
    this.counts.set(id, (count ?? 0) + 1);
    return true;
  }

  async subtract(key: string, windowMs: number, nowMs: number) {
    const id = `${key}#${Math.floor(nowMs / windowMs)}`;
    const count = this.counts.get(id) ?? 0;
    if (count > 0) this.counts.set(id, count - 1);
  }

  async read(key: string, windowMs: number, nowMs: number) {
    const index = Math.floor(nowMs / windowMs);
    return {
      current: this.counts.get(`${key}#${index}`) ?? 0,
      previous: this.counts.get(`${key}#${index - 1}`) ?? 0,
    };
  }
}

export class FakeMailer implements Mailer {
  readonly sent: OutgoingEmail[] = [];
  /** Every send fails with this while it is set. */
  failure?: Error;
  /** Only sends to these addresses fail (e.g. the visitor's), while it is set. */
  failFor?: (email: OutgoingEmail) => boolean;

  async send(email: OutgoingEmail) {
    if (this.failure && (!this.failFor || this.failFor(email))) throw this.failure;
    this.sent.push(email);
    return { messageId: `msg-${this.sent.length}` };
  }

  async ping() {
    return {};
  }
}

export class FakeMetrics implements Metrics {
  readonly counts: Record<string, number> = {};
  flushes = 0;

  count(metric: string, form: string, value = 1) {
    const key = `${metric}:${form}`;
    this.counts[key] = (this.counts[key] ?? 0) + value;
  }

  flush() {
    this.flushes += 1;
  }
}

/**
 * The browser check without proof of work: a payload `ok:<token>` is a valid solution for
 * any form, `form:<form>:<token>` one for that form only, and any other non-empty value is
 * answered with that verdict name if it is one (`expired`, `invalid`...). The real service
 * (adapters/altcha.ts) has its own tests.
 */
export class FakeChallenges implements ChallengeService {
  /** The confirmations counted (admitted and not given back), by the time given. */
  readonly confirmations: number[] = [];
  /** Set: confirmations paid below this level are refused, as after a rise of the price. */
  priceLevel = 0;

  async admitConfirmation(issuedLevel: number, nowMs: number) {
    if (issuedLevel < this.priceLevel) {
      return { admitted: false, giveBack: async () => undefined };
    }
    this.confirmations.push(nowMs);
    return {
      admitted: true,
      giveBack: async () => {
        const at = this.confirmations.indexOf(nowMs);
        if (at >= 0) this.confirmations.splice(at, 1);
      },
    };
  }

  async issue() {
    return { parameters: {}, signature: 'fake' };
  }

  async verify(payload: unknown, form: string) {
    if (payload === undefined || payload === null || payload === '') {
      return { verdict: 'missing' as BrowserCheck };
    }
    if (typeof payload !== 'string') return { verdict: 'malformed' as BrowserCheck };
    const [kind, a, b] = payload.split(':');
    if (kind === 'ok' && a)
      return { verdict: 'verified' as BrowserCheck, token: a, expiresAtMs: 1 };
    if (kind === 'form' && a && b) {
      return a === form
        ? { verdict: 'verified' as BrowserCheck, token: b, expiresAtMs: 1 }
        : { verdict: 'wrong-form' as BrowserCheck };
    }
    const named: BrowserCheck[] = [
      'malformed',
      'invalid',
      'expired',
      'wrong-form',
      'underpriced',
      'replayed',
    ];
    return { verdict: named.find((verdict) => verdict === payload) ?? 'invalid' };
  }
}

let solved = 0;
/** A fresh valid solution for FakeChallenges. */
export function fakeSolution(): string {
  solved += 1;
  return `ok:solution-${solved}`;
}

/**
 * The lead-event bus in memory: what it took, in order. `down` makes every publish throw (the
 * call failed); `refuse` names ids it answers as failed entries, as PutEvents does.
 */
export class FakeEventBus implements LeadEventBus {
  readonly published: OwedEvent[] = [];
  down = false;
  readonly refuse = new Set<string>();

  async publish(events: readonly OwedEvent[]) {
    if (this.down) throw new Error('EventBridge is unreachable');
    const failed = events.filter(({ id }) => this.refuse.has(id)).map(({ id }) => id);
    this.published.push(...events.filter(({ id }) => !this.refuse.has(id)));
    return { failed };
  }
}
