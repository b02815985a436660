import {
  ConditionalCheckFailedException,
  DescribeTableCommand,
  type DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  type GetCommandInput,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { LeadForm } from '@kryon/shared/api';
import * as z from 'zod/mini';
import { DependencyError } from '../leads/errors.ts';
import {
  type AddressSuppression,
  type Audience,
  type DeliveryState,
  type LeadIdRef,
  type LeadRef,
  leadForm,
  leadRef,
  type StoredLead,
  storedLead,
} from '../leads/lead.ts';
import type {
  LeadStore,
  OwedEvent,
  PendingPage,
  RateLimitRequest,
  RateLimitTicket,
  SendRecord,
  WindowCounter,
} from '../leads/ports.ts';
import { OWED_EVENT_GRACE_MS } from '../leads/publish-events.ts';
import {
  parseItem,
  rateWindowItem,
  readItem,
  suppressionItem,
  windowCountItem,
} from './table-items.ts';
import { EVENTS_PARTITION, LEADS_TABLE, PENDING_PARTITION } from './table-schema.ts';

/**
 * One table holds every form's leads and the rate-limit counters:
 * - lead:    pk `LEAD#<form>#<idempotency key>`, sk `LEAD`
 * - lead id: pk `LEADID#<submissionId>`,         sk `LEADID`: names the lead's key
 * - counter: pk `RATE#<hashed key>`,              sk `RATE`
 * - fixed-window count: pk `RATE#<key>#<window number>`, sk `RATE`
 * - used one-time token (a browser-check challenge): pk `ONCE#<key>`, sk `ONCE`
 * - erased lead: pk `ERASED#<submissionId>`, sk `ERASED`: its events are sent no more
 * - suppressed mailbox (it hard-bounced or complained): pk `SUPPRESSED#<mailboxHash>`,
 *   sk `SUPPRESSED`, keyed by the mailbox (`emailHash`); a bounced tagged spelling is a
 *   `spellingHash` in its mailbox's `bouncedSpellings` set
 * Keying leads by the Idempotency-Key makes "store once" a conditional put, with no
 * transaction (dynalite has none, and none is needed). A lead that owes an e-mail is also
 * on the sparse re-send index (table-schema.ts); one that owes a lead event to the bus keeps
 * it as an attribute named by the event's id (`evt_…`: its type, form and JSON), lists the
 * ids in `eventsOwed`, and is on the sparse outbox index until none is owed. Items read back are parsed (leads/lead.ts,
 * table-items.ts), never cast: an item that does not parse is a DependencyError.
 */
export function leadKey(form: LeadForm, idempotencyKey: string) {
  return { pk: `LEAD#${form}#${idempotencyKey}`, sk: 'LEAD' };
}

/**
 * The item that names a lead's table key by its id: not an index, since a link is opened a
 * second after the lead is stored and only a table read is strongly consistent (decision 050).
 */
export function leadIdKey(submissionId: string) {
  return { pk: `LEADID#${submissionId}`, sk: 'LEADID' };
}

/** The lead a table key names; undefined for anything that is not a lead's key. */
export function parseLeadKey(pk: string): LeadRef | undefined {
  const match = /^LEAD#([^#]+)#(.+)$/.exec(pk);
  const form = z.safeParse(leadForm, match?.[1]);
  if (!match?.[2] || !form.success) return undefined;
  return { form: form.data, idempotencyKey: match[2] };
}

const INDEX = LEADS_TABLE.pendingSendsIndex;
const EVENTS_INDEX = LEADS_TABLE.pendingEventsIndex;
const EVENT_ATTRIBUTE = /^evt_[0-9a-f]{32}$/;
const owedEvent = z.object({ type: z.string(), form: leadForm, detail: z.string() });

export function createDynamoLeadStore(client: DynamoDBClient, tableName: string): LeadStore {
  const doc = DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });

  /**
   * A page of the leads a sparse list (the re-send index, the event outbox) has due by
   * `dueBy`, longest due first; the cursor is where the next page starts.
   */
  async function listDue(
    index: typeof INDEX | typeof EVENTS_INDEX,
    partition: string,
    { dueBy, limit, cursor }: { dueBy: number; limit: number; cursor?: string },
  ): Promise<PendingPage> {
    const out = await guard(() =>
      doc.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: index.name,
          KeyConditionExpression: '#partition = :partition AND #due <= :dueBy',
          ExpressionAttributeNames: {
            '#partition': index.partitionKey.name,
            '#due': index.sortKey.name,
          },
          ExpressionAttributeValues: { ':partition': partition, ':dueBy': dueBy },
          Limit: Math.max(1, limit),
          ExclusiveStartKey: cursor ? decodeCursor(cursor) : undefined,
        }),
      ),
    );
    const leads = (out.Items ?? [])
      .map((item) => parseLeadKey(String(item.pk)))
      .filter((ref): ref is LeadRef => ref !== undefined);
    return {
      leads,
      cursor: out.LastEvaluatedKey ? encodeCursor(out.LastEvaluatedKey) : undefined,
    };
  }

  /** The table key of a lead named by its key or by its id (through its id's pointer). */
  async function keyOf(lead: LeadRef | LeadIdRef): Promise<LeadRef | undefined> {
    if (!('submissionId' in lead)) return lead;
    const key = leadIdKey(lead.submissionId);
    const out = await guard(() =>
      doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true })),
    );
    const pointer = out.Item ? readItem(leadRef, out.Item, key) : undefined;
    return pointer?.form === lead.form ? pointer : undefined;
  }

  return {
    async findLead(form, idempotencyKey) {
      const key = leadKey(form, idempotencyKey);
      const out = await guard(() =>
        doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true })),
      );
      return out.Item ? readItem(storedLead, out.Item, key) : undefined;
    },

    async createLead(lead, events = []) {
      // The id first: a lead never exists that its id cannot find. A pointer left by a put
      // that then lost to a retry names a lead with another id, and finds nothing.
      await guard(() => doc.send(new PutCommand(leadIdRequest(tableName, lead))));
      return conditional(() =>
        doc.send(new PutCommand(createLeadRequest(tableName, lead, events))),
      );
    },

    async recordSends(lead, record) {
      return conditional(() =>
        doc.send(new UpdateCommand(recordSendsRequest(tableName, lead, record))),
      );
    },

    listPending(page) {
      return listDue(INDEX, PENDING_PARTITION, page);
    },

    async claimPending(lead, claim) {
      try {
        const out = await guard(() =>
          doc.send(
            new UpdateCommand({
              TableName: tableName,
              Key: leadKey(lead.form, lead.idempotencyKey),
              // A held lead waits for its digest with no lease token: claimed early only
              // for a digest, and never while a run's lease on it is running.
              ConditionExpression: claim.heldOnly
                ? 'attribute_exists(resendPartition) AND emails.sales.#status = :held AND (attribute_not_exists(leaseToken) OR leaseUntil <= :now)'
                : 'attribute_exists(resendPartition) AND (attribute_not_exists(leaseUntil) OR leaseUntil <= :now)',
              UpdateExpression: 'SET leaseUntil = :until, leaseToken = :token',
              ExpressionAttributeValues: {
                ':now': claim.nowMs,
                ':until': claim.leaseUntil,
                ':token': claim.leaseToken,
                ...(claim.heldOnly ? { ':held': 'held' } : {}),
              },
              ...(claim.heldOnly ? { ExpressionAttributeNames: { '#status': 'status' } } : {}),
              ReturnValues: 'ALL_NEW',
            }),
          ),
        );
        if (!out.Attributes) return undefined;
        // Reported, not thrown: one unreadable lead must not stop the re-send (decision 078).
        const read = parseItem(storedLead, out.Attributes, leadKey(lead.form, lead.idempotencyKey));
        return 'item' in read ? read.item : read;
      } catch (error) {
        if (error instanceof ConditionFailed) return undefined;
        throw error;
      }
    },

    async takeRateLimit(request) {
      // A window opens at the first hit and lasts windowMs, as the client's limit does.
      // Two conditional writes make it atomic without a transaction: open a new window if
      // none is running, else count within the running one while under the budget.
      if (
        await conditional(() => doc.send(new UpdateCommand(openWindowRequest(tableName, request))))
      ) {
        return { key: request.key, windowStart: request.nowMs };
      }
      try {
        const out = await guard(() =>
          doc.send(new UpdateCommand(countInWindowRequest(tableName, request))),
        );
        const window = readItem(rateWindowItem, out.Attributes, rateKey(request.key));
        return { key: request.key, windowStart: window.windowStart };
      } catch (error) {
        if (error instanceof ConditionFailed) return undefined;
        throw error;
      }
    },

    async releaseRateLimit(ticket: RateLimitTicket) {
      // Only within the window the hit was counted in: a later window owes it nothing.
      await conditional(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: rateKey(ticket.key),
            ConditionExpression: 'windowStart = :start AND hits > :zero',
            UpdateExpression: 'ADD hits :minusOne',
            ExpressionAttributeValues: {
              ':start': ticket.windowStart,
              ':zero': 0,
              ':minusOne': -1,
            },
          }),
        ),
      );
    },

    async recordDownload(lead, at, firstEvent) {
      const ref = await keyOf(lead);
      if (!ref) return false;
      // By id: only the lead that has it (a pointer whose lead lost a race names another).
      const exists =
        'submissionId' in lead
          ? 'attribute_exists(pk) AND submissionId = :id'
          : 'attribute_exists(pk)';
      const id = 'submissionId' in lead ? { ':id': lead.submissionId } : {};
      if (firstEvent) {
        // The first opening and its event in one write; a later one only counts.
        const owing = owe([firstEvent], Date.parse(at));
        const first = await conditional(() =>
          doc.send(
            new UpdateCommand({
              TableName: tableName,
              Key: leadKey(ref.form, ref.idempotencyKey),
              ConditionExpression: `${exists} AND attribute_not_exists(downloadedAt)`,
              UpdateExpression: `SET downloadedAt = :at, lastDownloadedAt = :at, downloadCount = :one, ${owing.set} ADD ${owing.add}`,
              ExpressionAttributeNames: owing.names,
              ExpressionAttributeValues: { ':at': at, ':one': 1, ...id, ...owing.values },
            }),
          ),
        );
        if (first) return 'first';
      }
      let before: Record<string, unknown> | undefined;
      const counted = await conditional(async () => {
        const out = await doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: leadKey(ref.form, ref.idempotencyKey),
            ConditionExpression: exists,
            UpdateExpression:
              'SET downloadedAt = if_not_exists(downloadedAt, :at), lastDownloadedAt = :at ADD downloadCount :one',
            ExpressionAttributeValues: { ':at': at, ':one': 1, ...id },
            ReturnValues: 'UPDATED_OLD',
          }),
        );
        before = out.Attributes;
      });
      if (!counted) return false;
      return before?.downloadedAt === undefined ? 'first' : 'again';
    },

    async linkLeadId(lead) {
      await guard(() => doc.send(new PutCommand(leadIdRequest(tableName, lead))));
    },

    async claimOnce(claim) {
      let previous: Record<string, unknown> | undefined;
      const claimed = await conditional(async () => {
        const out = await doc.send(new PutCommand(claimOnceRequest(tableName, claim)));
        previous = out.Attributes;
      });
      if (!claimed) return 'taken';
      return previous ? 'retry' : 'claimed';
    },

    async releaseClaim(claim) {
      await conditional(() =>
        doc.send(
          new DeleteCommand({
            TableName: tableName,
            Key: onceKey(claim.key),
            ConditionExpression: '#owner = :owner',
            ExpressionAttributeNames: { '#owner': 'owner' },
            ExpressionAttributeValues: { ':owner': claim.owner },
          }),
        ),
      );
    },

    async recordDelivery(lead, audience, delivery, event) {
      const idKey = leadIdKey(lead.submissionId);
      const out = await guard(() =>
        doc.send(new GetCommand({ TableName: tableName, Key: idKey, ConsistentRead: true })),
      );
      const ref = out.Item ? readItem(leadRef, out.Item, idKey) : undefined;
      if (!ref || ref.form !== lead.form) return 'no-lead';
      const applied = await conditional(() =>
        doc.send(
          new UpdateCommand(
            recordDeliveryRequest(tableName, ref, lead.submissionId, audience, delivery, event),
          ),
        ),
      );
      if (applied) return 'recorded';
      // Refused: read why, so a repeat is told from an event that matches nothing.
      const key = leadKey(ref.form, ref.idempotencyKey);
      const stored = await guard(() =>
        doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true })),
      );
      const found = stored.Item ? readItem(storedLead, stored.Item, key) : undefined;
      if (!found || found.submissionId !== lead.submissionId) return 'no-lead';
      const message = found.emails[audience];
      if (!message?.messageId) return 'not-recorded-yet';
      return message.messageId === delivery.messageId ? 'unchanged' : 'other-message';
    },

    listOwedEvents(page) {
      return listDue(EVENTS_INDEX, EVENTS_PARTITION, page);
    },

    async readOwedEvents(lead) {
      const key = leadKey(lead.form, lead.idempotencyKey);
      const out = await guard(() =>
        doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true })),
      );
      return owedEventsOf(out.Item);
    },

    async clearOwedEvents(named, ids) {
      const lead = await keyOf(named);
      if (!lead) return;
      // In order: the second takes the lead off the list only once the first left it owing
      // nothing.
      for (const request of clearOwedEventsRequests(tableName, lead, ids)) {
        await conditional(() => doc.send(new UpdateCommand(request)));
      }
    },

    async deferOwedEvents(named, dueAt) {
      const lead = await keyOf(named);
      if (!lead) return;
      await conditional(() =>
        doc.send(
          new UpdateCommand({
            TableName: tableName,
            Key: leadKey(lead.form, lead.idempotencyKey),
            ConditionExpression: 'attribute_exists(eventsOwed)',
            UpdateExpression: 'SET eventsPartition = :partition, eventsDueAt = :due',
            ExpressionAttributeValues: { ':partition': EVENTS_PARTITION, ':due': dueAt },
          }),
        ),
      );
    },

    async suppressAddress(suppression) {
      await guard(() =>
        doc.send(new UpdateCommand(suppressAddressRequest(tableName, suppression))),
      );
    },

    async findSuppression(mailboxHash) {
      const out = await guard(() =>
        doc.send(new GetCommand(suppressionRequest(tableName, mailboxHash))),
      );
      return out.Item
        ? readItem(suppressionItem, out.Item, suppressionKey(mailboxHash))
        : undefined;
    },

    async ping() {
      await guard(() => client.send(new DescribeTableCommand({ TableName: tableName })));
    },
  };
}

/**
 * Counts in fixed windows (window number = floor(ms / windowMs)), one item per window, kept
 * by the table's expiry for two windows after it ends. Reads are eventually consistent: the
 * estimate they feed is a rate, and a count a second late changes nothing.
 */
export function createDynamoWindowCounter(
  client: DynamoDBClient,
  tableName: string,
): WindowCounter {
  const doc = DynamoDBDocumentClient.from(client);
  return {
    async add(key, windowMs, nowMs, below) {
      // No count is below a bound of 0 or less, a window never counted in included (whose
      // condition, `attribute_not_exists(hits)`, would otherwise take one add).
      if (below !== undefined && below <= 0) return false;
      return conditional(() =>
        doc.send(new UpdateCommand(addToWindowRequest(tableName, key, windowMs, nowMs, below))),
      );
    },
    async subtract(key, windowMs, nowMs) {
      const index = Math.floor(nowMs / windowMs);
      await guard(() =>
        doc
          .send(
            new UpdateCommand({
              TableName: tableName,
              Key: rateKey(`${key}#${index}`),
              UpdateExpression: 'ADD hits :minus',
              ConditionExpression: 'hits > :zero',
              ExpressionAttributeValues: { ':minus': -1, ':zero': 0 },
            }),
          )
          .catch((error: unknown) => {
            // Already at nothing (the window expired and was made anew): nothing to take back.
            if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return;
            throw error;
          }),
      );
    },
    async read(key, windowMs, nowMs) {
      const index = Math.floor(nowMs / windowMs);
      const [current, previous] = await Promise.all(
        [index, index - 1].map(async (i) => {
          const request = readWindowRequest(tableName, key, i);
          const out = await guard(() => doc.send(new GetCommand(request)));
          return out.Item ? readItem(windowCountItem, out.Item, rateKey(`${key}#${i}`)).hits : 0;
        }),
      );
      return { current: current ?? 0, previous: previous ?? 0 };
    },
  };
}

function onceKey(key: string) {
  return { pk: `ONCE#${key}`, sk: 'ONCE' };
}

function rateKey(key: string) {
  return { pk: `RATE#${key}`, sk: 'RATE' };
}

/*
 * The requests the store sends on a lead's way in, built here and nowhere else: the store
 * above sends them, and the benchmark's SDK floor (scripts/lib/bench-floor.ts) sends the very
 * same, so the floor cannot drift from what a handler does.
 */

/** The lead as the table holds it: keyed, and on the re-send list while it owes an e-mail. */
function leadItem(lead: StoredLead, events: readonly OwedEvent[] = []): Record<string, unknown> {
  const owed = lead.emailStatus === 'pending' || lead.emailStatus === 'failed';
  return {
    ...leadKey(lead.form, lead.idempotencyKey),
    entity: 'lead',
    ...lead,
    // On the re-send list from the start: if this function dies before it records its
    // sends, the lead comes back once its lease lapses.
    ...(owed ? { resendPartition: PENDING_PARTITION, leaseUntil: lead.leaseUntil ?? 0 } : {}),
    // Its events owed from the start too: if this function dies before it publishes them,
    // the scheduled run does.
    ...(events.length > 0
      ? {
          ...Object.fromEntries(
            events.map(({ id, type, form, detail }) => [id, { type, form, detail }]),
          ),
          eventsOwed: new Set(events.map(({ id }) => id)),
          eventsPartition: EVENTS_PARTITION,
          eventsDueAt: Date.parse(lead.createdAt) + OWED_EVENT_GRACE_MS,
        }
      : {}),
  };
}

/**
 * The parts of an update that make events owed on a lead: each under its id, its id in the
 * set, the lead on the outbox list, due after the grace from `atMs`.
 */
function owe(events: readonly OwedEvent[], atMs: number) {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {
    ':owedIds': new Set(events.map(({ id }) => id)),
    ':eventsPartition': EVENTS_PARTITION,
    ':eventsDue': atMs + OWED_EVENT_GRACE_MS,
  };
  const sets = events.map(({ id, type, form, detail }, i) => {
    names[`#owed${i}`] = id;
    values[`:owed${i}`] = { type, form, detail };
    return `#owed${i} = :owed${i}`;
  });
  return {
    set: [
      ...sets,
      'eventsPartition = :eventsPartition',
      'eventsDueAt = if_not_exists(eventsDueAt, :eventsDue)',
    ].join(', '),
    add: 'eventsOwed :owedIds',
    names,
    values,
  };
}

/** The events an item owes, read from the attributes its `eventsOwed` names. */
function owedEventsOf(item: Record<string, unknown> | undefined): {
  events: OwedEvent[];
  unreadable: string[];
} {
  const ids = item?.eventsOwed;
  const events: OwedEvent[] = [];
  const unreadable: string[] = [];
  if (!item || !(ids instanceof Set)) return { events, unreadable };
  for (const id of ids) {
    const parsed = z.safeParse(owedEvent, typeof id === 'string' ? item[id] : undefined);
    if (typeof id === 'string' && EVENT_ATTRIBUTE.test(id) && parsed.success) {
      events.push({ id, ...parsed.data });
    } else unreadable.push(String(id));
  }
  return { events, unreadable };
}

/**
 * Clears published events off a lead, then takes it off the outbox list if it owes none: DynamoDB
 * drops a set emptied by DELETE, and an event owed meanwhile put the lead back on the list in
 * its own write, so the second update never drops an event still owed.
 */
export function clearOwedEventsRequests(
  tableName: string,
  lead: LeadRef,
  ids: readonly string[],
): UpdateCommandInput[] {
  const key = leadKey(lead.form, lead.idempotencyKey);
  const wanted = [...new Set(ids)].filter((id) => EVENT_ATTRIBUTE.test(id));
  const names = Object.fromEntries(wanted.map((id, i) => [`#e${i}`, id]));
  return [
    ...(wanted.length > 0
      ? [
          {
            TableName: tableName,
            Key: key,
            ConditionExpression: 'attribute_exists(pk)',
            UpdateExpression: `REMOVE ${Object.keys(names).join(', ')} DELETE eventsOwed :ids`,
            ExpressionAttributeNames: names,
            ExpressionAttributeValues: { ':ids': new Set(wanted) },
          },
        ]
      : []),
    {
      TableName: tableName,
      Key: key,
      ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(eventsOwed)',
      UpdateExpression: 'REMOVE eventsPartition, eventsDueAt',
    },
  ];
}

/** Points the lead's id at its key; kept as long as the lead. */
export function leadIdRequest(tableName: string, lead: StoredLead): PutCommandInput {
  return {
    TableName: tableName,
    Item: {
      ...leadIdKey(lead.submissionId),
      entity: 'lead-id',
      form: lead.form,
      idempotencyKey: lead.idempotencyKey,
      expiresAt: lead.expiresAt,
    },
  };
}

/** Stores a lead once: a second put with the same Idempotency-Key is refused. */
export function createLeadRequest(
  tableName: string,
  lead: StoredLead,
  events: readonly OwedEvent[] = [],
): PutCommandInput {
  return {
    TableName: tableName,
    Item: leadItem(lead, events),
    ConditionExpression: 'attribute_not_exists(pk)',
  };
}

/** Records what was sent, if this sender still holds the lead's lease. */
export function recordSendsRequest(
  tableName: string,
  lead: LeadRef,
  record: SendRecord,
): UpdateCommandInput {
  const owed = record.owed;
  return {
    TableName: tableName,
    Key: leadKey(lead.form, lead.idempotencyKey),
    ConditionExpression: 'leaseToken = :token',
    UpdateExpression: owed
      ? 'SET emails = :emails, emailStatus = :status, emailUpdatedAt = :at, leaseUntil = :retryAt REMOVE leaseToken'
      : 'SET emails = :emails, emailStatus = :status, emailUpdatedAt = :at REMOVE leaseToken, leaseUntil, resendPartition',
    ExpressionAttributeValues: {
      ':token': record.leaseToken,
      ':emails': record.emails,
      ':status': record.emailStatus,
      ':at': record.at,
      ...(owed ? { ':retryAt': record.retryAtMs ?? 0 } : {}),
    },
  };
}

/**
 * Puts a lead whose e-mail was abandoned back on the re-send list, due now, with the messages
 * `requeuedEmails` made; only while it is still abandoned, so a run that sent it meanwhile
 * is never undone.
 */
export function requeueRequest(
  tableName: string,
  lead: LeadRef,
  emails: StoredLead['emails'],
  nowMs: number,
): UpdateCommandInput {
  return {
    TableName: tableName,
    Key: leadKey(lead.form, lead.idempotencyKey),
    ConditionExpression: 'emailStatus = :abandoned',
    UpdateExpression:
      'SET emails = :emails, emailStatus = :failed, resendPartition = :partition, leaseUntil = :now REMOVE leaseToken',
    ExpressionAttributeValues: {
      ':abandoned': 'abandoned',
      ':failed': 'failed',
      ':emails': emails,
      ':partition': PENDING_PARTITION,
      ':now': nowMs,
    },
  };
}

/** Opens a rate-limit window with its first hit, if none is running on the key. */
export function openWindowRequest(
  tableName: string,
  request: RateLimitRequest,
): UpdateCommandInput {
  return {
    TableName: tableName,
    Key: rateKey(request.key),
    ConditionExpression: 'attribute_not_exists(pk) OR windowStart <= :cutoff',
    UpdateExpression: 'SET hits = :one, windowStart = :now, expiresAt = :expires, entity = :entity',
    ExpressionAttributeValues: {
      ':cutoff': request.nowMs - request.windowMs,
      ':now': request.nowMs,
      ':one': 1,
      ':expires': Math.ceil((request.nowMs + request.windowMs) / 1000) + 3600,
      ':entity': 'rate-limit',
    },
  };
}

/** Counts a hit in the running window while the key is under its budget. */
export function countInWindowRequest(
  tableName: string,
  request: RateLimitRequest,
): UpdateCommandInput {
  return {
    TableName: tableName,
    Key: rateKey(request.key),
    ConditionExpression: 'windowStart > :cutoff AND hits < :max',
    UpdateExpression: 'ADD hits :one',
    ExpressionAttributeValues: {
      ':cutoff': request.nowMs - request.windowMs,
      ':max': request.max,
      ':one': 1,
    },
    ReturnValues: 'ALL_NEW',
  };
}

/** Reads the count of window number `index` (eventually consistent: the count of a rate). */
function readWindowRequest(tableName: string, key: string, index: number): GetCommandInput {
  return { TableName: tableName, Key: rateKey(`${key}#${index}`), ProjectionExpression: 'hits' };
}

/**
 * Adds one to the fixed window that holds nowMs, only while its count is below `below` when
 * given (checked and added in one conditional write); the item expires two windows after it
 * ends.
 */
export function addToWindowRequest(
  tableName: string,
  key: string,
  windowMs: number,
  nowMs: number,
  below?: number,
): UpdateCommandInput {
  const index = Math.floor(nowMs / windowMs);
  return {
    TableName: tableName,
    Key: rateKey(`${key}#${index}`),
    UpdateExpression: 'ADD hits :one SET expiresAt = :expires, entity = :entity',
    ...(below === undefined
      ? {}
      : { ConditionExpression: 'attribute_not_exists(hits) OR hits < :below' }),
    ExpressionAttributeValues: {
      ':one': 1,
      ':expires': Math.ceil(((index + 3) * windowMs) / 1000),
      ':entity': 'window-count',
      ...(below === undefined ? {} : { ':below': below }),
    },
  };
}

/** Claims a one-time token (a browser-check challenge) for its owner; a retry of the owner passes. */
export function claimOnceRequest(
  tableName: string,
  claim: { key: string; owner: string; expiresAtMs: number },
): PutCommandInput {
  return {
    TableName: tableName,
    Item: {
      ...onceKey(claim.key),
      entity: 'one-time-token',
      owner: claim.owner,
      // Kept past the token's own expiry; after that the token is refused anyway.
      expiresAt: Math.ceil(claim.expiresAtMs / 1000) + 3600,
    },
    ConditionExpression: 'attribute_not_exists(pk) OR #owner = :owner',
    ExpressionAttributeNames: { '#owner': 'owner' },
    ExpressionAttributeValues: { ':owner': claim.owner },
    // The old item, when there was one, says the owner claimed it before: a retry.
    ReturnValues: 'ALL_OLD',
  };
}

/**
 * Records SES's word on one message of a lead, only for the message it names and only when
 * nothing as strong is recorded: the rank, not the arrival, decides (decision 057).
 */
function recordDeliveryRequest(
  tableName: string,
  lead: LeadRef,
  submissionId: string,
  audience: Audience,
  delivery: DeliveryState,
  event?: OwedEvent,
): UpdateCommandInput {
  // Due from when it is recorded, not when SES dated it (often more than a minute before): the
  // scheduled run leaves it to this function's own publish.
  const owing = event && owe([event], Date.now());
  return {
    TableName: tableName,
    Key: leadKey(lead.form, lead.idempotencyKey),
    ConditionExpression:
      'submissionId = :id AND emails.#audience.messageId = :messageId AND (attribute_not_exists(emails.#audience.#delivery) OR emails.#audience.#delivery.#rank < :rank)',
    UpdateExpression: owing
      ? `SET emails.#audience.#delivery = :delivery, ${owing.set} ADD ${owing.add}`
      : 'SET emails.#audience.#delivery = :delivery',
    ExpressionAttributeNames: {
      '#audience': audience,
      '#delivery': 'delivery',
      '#rank': 'rank',
      ...owing?.names,
    },
    ExpressionAttributeValues: {
      ':id': submissionId,
      ':messageId': delivery.messageId,
      ':rank': delivery.rank,
      ':delivery': delivery,
      ...owing?.values,
    },
  };
}

/**
 * What an erased lead leaves: its id alone, no personal data, kept while a copy of its events
 * may still be sent (the bus's archive, 30 days; a queue or dead-letter queue, 14 days), so a
 * retry, a dead letter moved back or a replay never sends an erased lead again (decision 090).
 */
export const ERASED_LEAD_DAYS = 45;

export function erasedLeadKey(submissionId: string) {
  return { pk: `ERASED#${submissionId}`, sk: 'ERASED' };
}

/** Marks a lead id as erased, until ERASED_LEAD_DAYS after `nowMs`. */
export function erasedLeadRequest(
  tableName: string,
  submissionId: string,
  nowMs: number,
): PutCommandInput {
  return {
    TableName: tableName,
    Item: {
      ...erasedLeadKey(submissionId),
      entity: 'erased-lead',
      expiresAt: Math.floor(nowMs / 1000) + ERASED_LEAD_DAYS * 86_400,
    },
  };
}

/** Whether a lead id was erased: what the lead-event delivery asks before each send. */
export function createErasedLeadCheck(
  client: DynamoDBClient,
  tableName: string,
): (submissionId: string) => Promise<boolean> {
  const doc = DynamoDBDocumentClient.from(client);
  return async (submissionId) => {
    const key = erasedLeadKey(submissionId);
    const out = await guard(() =>
      doc.send(new GetCommand({ TableName: tableName, Key: key, ConsistentRead: true })),
    );
    return out.Item !== undefined;
  };
}

export function suppressionKey(mailboxHash: string) {
  return { pk: `SUPPRESSED#${mailboxHash}`, sk: 'SUPPRESSED' };
}

/**
 * Adds one event to a mailbox's entry on our suppression list, creating or renewing it: one
 * update that only ever sets a flag or adds a spelling, so nothing listed is ever taken back
 * (a complaint stays a complaint) and concurrent events for one mailbox all count.
 */
function suppressAddressRequest(
  tableName: string,
  suppression: AddressSuppression,
): UpdateCommandInput {
  const renew = 'SET #entity = :entity, #at = :at, #expiresAt = :expiresAt';
  const names = { '#entity': 'entity', '#at': 'at', '#expiresAt': 'expiresAt' };
  const values = {
    ':entity': 'suppression',
    ':at': suppression.at,
    ':expiresAt': suppression.expiresAt,
  };
  const key = suppressionKey(suppression.mailboxHash);
  if (suppression.spellingHash) {
    return {
      TableName: tableName,
      Key: key,
      UpdateExpression: `${renew} ADD #spellings :spelling`,
      ExpressionAttributeNames: { ...names, '#spellings': 'bouncedSpellings' },
      ExpressionAttributeValues: { ...values, ':spelling': new Set([suppression.spellingHash]) },
    };
  }
  return {
    TableName: tableName,
    Key: key,
    UpdateExpression: `${renew}, #listed = :listed`,
    ExpressionAttributeNames: { ...names, '#listed': suppression.reason },
    ExpressionAttributeValues: { ...values, ':listed': true },
  };
}

/** Reads a mailbox's entry on our suppression list (before a confirmation goes to it). */
export function suppressionRequest(tableName: string, mailboxHash: string): GetCommandInput {
  return { TableName: tableName, Key: suppressionKey(mailboxHash), ConsistentRead: true };
}

function encodeCursor(key: Record<string, unknown>): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

/** A page's cursor: the index's last evaluated key, as listPending encoded it. */
const cursorKey = z.record(z.string(), z.unknown());

function decodeCursor(cursor: string): Record<string, unknown> {
  return z.parse(cursorKey, JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
}

class ConditionFailed extends Error {}

/** Runs a conditional write: true if it applied, false if its condition did not hold. */
export async function conditional(write: () => Promise<unknown>): Promise<boolean> {
  try {
    await guard(write);
    return true;
  } catch (error) {
    if (error instanceof ConditionFailed) return false;
    throw error;
  }
}

/** SDK failures become the domain's DependencyError; a failed condition is not a failure. */
export async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (
      error instanceof ConditionalCheckFailedException ||
      (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException'
    ) {
      throw new ConditionFailed();
    }
    throw new DependencyError('database', { cause: error });
  }
}
