/**
 * The SDK floor of one lead submission, for scripts/bench.ts: the AWS requests a form's
 * handler makes, made directly, and nothing else.
 *
 * The requests are not written here. prepareFloor runs the handler's own domain code
 * (submitLead, with the form's dependencies from src/wiring.ts) against a store and a mailer
 * that build each request with the adapters' own builders (src/adapters/dynamodb.ts, ses.ts)
 * and keep it instead of sending it. So validation, hashing, the e-mails' text and every
 * request are computed before the clock runs, and the floor sends what the handler sends, in
 * its order, with what it runs in parallel run in parallel: a change to the handler's path
 * or to an adapter's request changes the floor with it (bench-floor.test.ts holds them equal).
 *
 * For a form that mails the visitor, the path is: UpdateItem (e-mail rate limit, opening a
 * window) -> UpdateItem (client rate limit) -> PutItem (the browser check's challenge, claimed
 * once) -> UpdateItem (the address's daily budget) -> UpdateItem x2 (the hourly ceiling, one
 * key for every request: the open fails on the running window, then the count) -> PutItem
 * (the lead) -> SendEmail (sales) ‖ SendEmail (visitor) -> UpdateItem (record the sends).
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  EventBridgeClient,
  PutEventsCommand,
  type PutEventsCommandInput,
} from '@aws-sdk/client-eventbridge';
import { SESv2Client, SendEmailCommand, type SendEmailCommandInput } from '@aws-sdk/client-sesv2';
import {
  DynamoDBDocumentClient,
  GetCommand,
  type GetCommandInput,
  PutCommand,
  type PutCommandInput,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import type { LeadForm } from '@kryon/shared/api';
import {
  addToWindowRequest,
  claimOnceRequest,
  clearOwedEventsRequests,
  countInWindowRequest,
  createLeadRequest,
  leadIdRequest,
  openWindowRequest,
  recordSendsRequest,
  suppressionRequest,
} from '../../src/adapters/dynamodb.ts';
import { putEventsRequest } from '../../src/adapters/event-bus.ts';
import {
  assertHeadersSafe,
  type SesMailerOptions,
  sendEmailRequest,
} from '../../src/adapters/ses.ts';
import {
  admissionLimit,
  CONFIRMATION_RATE_KEY,
  PRICE_CURVE,
} from '../../src/leads/challenge-price.ts';
import { formDefinition } from '../../src/leads/forms.ts';
import type { ChallengeService, LeadEventBus, LeadStore, Mailer } from '../../src/leads/ports.ts';
import { type LeadDeps, submitLead } from '../../src/leads/submit-lead.ts';
import { apiEvent } from '../../test/events.ts';

/** What makes one benchmark request distinct; the handler run and the floor use the same. */
export interface BenchRequest {
  /** The submission body, with the form's e-mail field set to this request's address. */
  body: Record<string, unknown>;
  sourceIp: string;
  idempotencyKey: string;
  userAgent: string;
}

/** The API Gateway event a benchmark request arrives as, at the form's route. */
export function benchEvent(form: LeadForm, request: BenchRequest) {
  return apiEvent({
    path: `/api/email/${form}`,
    body: request.body,
    headers: { 'idempotency-key': request.idempotencyKey },
    sourceIp: request.sourceIp,
    userAgent: request.userAgent,
  });
}

/** One SDK request of the handler's path. */
export type FloorRequest =
  | { kind: 'put'; input: PutCommandInput }
  | { kind: 'update'; input: UpdateCommandInput }
  | { kind: 'get'; input: GetCommandInput }
  /** A rate-limit hit: open a window, and if one is running, count in it (as the store does). */
  | { kind: 'rate-limit'; open: UpdateCommandInput; count: UpdateCommandInput }
  /**
   * The confirmation's admission to the challenge price: a conditional add. Replayed hundreds
   * of times in one window it is refused past the price's limit; a refusal costs the round
   * trip all the same, and the floor goes on to the rest of the path.
   */
  | { kind: 'admission'; input: UpdateCommandInput }
  | { kind: 'send'; input: SendEmailCommandInput }
  /** The lead's event on the bus (EventBridge PutEvents). */
  | { kind: 'publish'; input: PutEventsCommandInput };

/** One request's SDK calls: steps in order, the requests of one step in parallel. */
export interface FloorCall {
  steps: FloorRequest[][];
}

/** What the handler's wiring gives one form: its dependencies, and the mailer's options. */
export interface FloorWiring {
  deps: LeadDeps;
  tableName: string;
  /** The lead-event bus the handler publishes to, when it has one (LEAD_EVENT_BUS_NAME). */
  busName?: string;
  mail: Pick<
    SesMailerOptions,
    'from' | 'visitorFrom' | 'configurationSet' | 'visitorConfigurationSet'
  >;
}

/** The SDK calls of each form, as the bench prints them (‖ = in parallel). */
export function describeCall(call: FloorCall | undefined): string {
  if (!call) return '?';
  const name = (request: FloorRequest) =>
    ({
      put: 'Put',
      update: 'Update',
      get: 'Get',
      'rate-limit': 'Update',
      admission: 'Update',
      send: 'Send',
      publish: 'PutEvents',
    })[request.kind];
  return call.steps.map((step) => step.map(name).join(' ‖ ')).join(', ');
}

/**
 * The handler's work done ahead of time: each request run through submitLead with the form's
 * own dependencies, its SDK requests kept instead of sent. Throws if a request would not be
 * accepted as a new lead: the floor is the path of one that is.
 */
export async function prepareFloor(
  form: LeadForm,
  requests: readonly BenchRequest[],
  wiring: FloorWiring,
): Promise<FloorCall[]> {
  const definition = formDefinition(form);
  if (!definition) throw new Error(`no form definition for ${form}`);
  const calls: FloorCall[] = [];
  for (const request of requests) {
    const recorder = createRecorder(wiring);
    const result = await submitLead(
      {
        definition,
        body: request.body,
        idempotencyKey: request.idempotencyKey,
        userAgent: request.userAgent,
        sourceIp: request.sourceIp,
      },
      // Counted and logged by nobody: the handler's metrics and logs are not SDK calls.
      {
        ...wiring.deps,
        store: recorder.store,
        mailer: recorder.mailer,
        challenges: recorder.challenges(wiring.deps.challenges),
        ...(recorder.bus ? { bus: recorder.bus } : {}),
        metrics: quiet,
        log: quiet,
      },
    );
    if (result.kind !== 'accepted') throw new Error(`floor request not accepted: ${result.kind}`);
    calls.push({ steps: recorder.steps });
  }
  return calls;
}

const quiet = { count() {}, flush() {}, info() {}, warn() {}, error() {} };

/**
 * A store and a mailer that keep the adapters' requests, answering as the table and SES do
 * for a new lead. Requests made while another is still in flight belong to its step: that
 * is how the handler's parallel sends show.
 */
function createRecorder(wiring: FloorWiring) {
  const steps: FloorRequest[][] = [];
  let inFlight = 0;
  const keep = async (request: FloorRequest) => {
    if (inFlight === 0) steps.push([]);
    steps.at(-1)?.push(request);
    inFlight += 1;
    // Lets every call started in the same turn join this step before any of them answers.
    await new Promise((resolve) => setImmediate(resolve));
    inFlight -= 1;
  };
  const { tableName } = wiring;
  const offPath = (name: string) => () => {
    throw new Error(`the floor records a new lead's path; ${name} is not on it`);
  };
  const store: LeadStore = {
    findLead: async () => undefined,
    async createLead(lead, events) {
      await keep({ kind: 'put', input: leadIdRequest(tableName, lead) });
      await keep({ kind: 'put', input: createLeadRequest(tableName, lead, events) });
      return true;
    },
    async clearOwedEvents(lead, ids) {
      if ('submissionId' in lead) throw new Error('a new lead clears its events by its key');
      for (const input of clearOwedEventsRequests(tableName, lead, ids)) {
        await keep({ kind: 'update', input });
      }
    },
    async recordSends(lead, record) {
      await keep({ kind: 'update', input: recordSendsRequest(tableName, lead, record) });
      return true;
    },
    async takeRateLimit(request) {
      await keep({
        kind: 'rate-limit',
        open: openWindowRequest(tableName, request),
        count: countInWindowRequest(tableName, request),
      });
      return { key: request.key, windowStart: request.nowMs };
    },
    async claimOnce(claim) {
      await keep({ kind: 'put', input: claimOnceRequest(tableName, claim) });
      return 'claimed';
    },
    releaseClaim: offPath('releaseClaim'),
    async findSuppression(mailboxHash) {
      await keep({ kind: 'get', input: suppressionRequest(tableName, mailboxHash) });
      return undefined;
    },
    releaseRateLimit: offPath('releaseRateLimit'),
    listPending: offPath('listPending'),
    listOwedEvents: offPath('listOwedEvents'),
    readOwedEvents: offPath('readOwedEvents'),
    deferOwedEvents: offPath('deferOwedEvents'),
    claimPending: offPath('claimPending'),
    recordDownload: offPath('recordDownload'),
    linkLeadId: offPath('linkLeadId'),
    recordDelivery: offPath('recordDelivery'),
    suppressAddress: offPath('suppressAddress'),
    ping: offPath('ping'),
  };
  let sent = 0;
  const mailer: Mailer = {
    async send(email) {
      assertHeadersSafe(email);
      await keep({ kind: 'send', input: sendEmailRequest(wiring.mail, email) });
      sent += 1;
      return { messageId: `floor-message-${sent}` };
    },
    ping: offPath('ping'),
  };
  // The confirmation's admission is on the path: one conditional add. Reading the price of
  // the moment is not (a warm function reads it at most once a second, PRICE_CACHE_MS in
  // src/wiring.ts), nor the ended window's count (read once per window).
  const challenges = (real: ChallengeService): ChallengeService => ({
    issue: (form) => real.issue(form),
    verify: (payload, form) => real.verify(payload, form),
    async admitConfirmation(issuedLevel, nowMs) {
      await keep({
        kind: 'admission',
        input: addToWindowRequest(
          tableName,
          CONFIRMATION_RATE_KEY,
          PRICE_CURVE.windowMs,
          nowMs,
          admissionLimit(issuedLevel, 0, PRICE_CURVE, nowMs),
        ),
      });
      return { admitted: true, giveBack: async () => undefined };
    },
  });
  const { busName } = wiring;
  const bus: LeadEventBus | undefined = busName
    ? {
        async publish(events) {
          await keep({ kind: 'publish', input: putEventsRequest(busName, events) });
          return { failed: [] };
        },
      }
    : undefined;
  return { store, mailer, steps, challenges, bus };
}

/** Clients configured as src/wiring.ts and the adapters configure theirs. */
export function createFloor() {
  const dynamo = new DynamoDBClient({});
  const ses = new SESv2Client({});
  const eventBridge = new EventBridgeClient({});
  const doc = DynamoDBDocumentClient.from(dynamo, {
    marshallOptions: { removeUndefinedValues: true },
  });

  async function send(request: FloorRequest): Promise<void> {
    switch (request.kind) {
      case 'put':
        await doc.send(new PutCommand(request.input));
        return;
      case 'update':
        await doc.send(new UpdateCommand(request.input));
        return;
      case 'get':
        await doc.send(new GetCommand(request.input));
        return;
      case 'rate-limit':
        try {
          await doc.send(new UpdateCommand(request.open));
        } catch (error) {
          if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
          await doc.send(new UpdateCommand(request.count));
        }
        return;
      case 'admission':
        try {
          await doc.send(new UpdateCommand(request.input));
        } catch (error) {
          if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        }
        return;
      case 'send':
        await ses.send(new SendEmailCommand(request.input));
        return;
      case 'publish':
        await eventBridge.send(new PutEventsCommand(request.input));
        return;
    }
  }

  /** One request's SDK calls; resolves to 'ok' or the name of the error that stopped it. */
  async function run(call: FloorCall): Promise<string> {
    try {
      for (const step of call.steps) await Promise.all(step.map(send));
      return 'ok';
    } catch (error) {
      return error instanceof Error ? error.name : 'error';
    }
  }

  return {
    run,
    close() {
      dynamo.destroy();
      ses.destroy();
      eventBridge.destroy();
    },
  };
}
