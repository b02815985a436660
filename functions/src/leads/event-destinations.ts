/**
 * Where lead events go: the destinations an environment file names (a Slack channel's incoming
 * webhook, a signed webhook to a CRM, Zapier or n8n, an API that takes a key in a header),
 * which events each receives, and how a failed delivery is tried again. One definition for the
 * stack (a rule and a dead-letter queue per destination; a queue read by the delivery function,
 * or EventBridge's own API destination) and for the local bus, so both route and retry alike.
 */
import { LEAD_FORMS, type LeadForm } from '@kryon/shared/api';
import * as z from 'zod/mini';
import { LEAD_EVENT_TYPES, type LeadEventType } from './lead-events.ts';

/** The `source` of every lead event on the bus. */
export const LEAD_EVENT_SOURCE = 'kryon.leads';

export const DESTINATION_KINDS = ['slack', 'webhook', 'api'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];
/**
 * The kinds the delivery function sends, from a queue: a Slack message and a Standard Webhooks
 * signature are made at each attempt. An `api` destination is EventBridge's own API
 * destination: the rule sends the event's JSON with the connection's key, no function between.
 */
export const QUEUED_KINDS = ['slack', 'webhook'] as const;
export type QueuedKind = (typeof QUEUED_KINDS)[number];

/**
 * A destination's name: part of its queue's, rule's and alarm's names, and what
 * `webhooks:replay` and the logs call it. Lower-case letters, digits and hyphens.
 */
const NAME = /^[a-z][a-z0-9-]{0,31}$/;
/**
 * A Secrets Manager secret's name (its ARN is not needed: the stack finds it by name in its own
 * account and region). What it holds: a Slack destination's incoming-webhook URL, which is the
 * credential itself; a webhook's `whsec_` signing secret(s), preceded by the webhook's URL when
 * the environment file names none (`webhookCredential` in deliver-event.ts reads it).
 */
const SECRET_NAME = /^[A-Za-z0-9/_+=.@-]{1,512}$/;

/**
 * An SQS queue's ARN (any partition; a FIFO queue's name ends in .fifo), its parts captured:
 * partition, region, account, name. The delivery function's variable and its queue URLs.
 */
export const QUEUE_ARN =
  /^arn:(aws[a-z-]*):sqs:([a-z0-9-]+):(\d{12}):([A-Za-z0-9_-]{1,80}(?:\.fifo)?)$/;

/** The rate a destination is sent at, at most, in deliveries per second. */
export const DESTINATION_RATE = {
  /** Slack allows one message a second per incoming webhook. */
  slack: 1,
  webhook: 5,
  api: 5,
  max: 50,
} as const;

const destinationBase = {
  /** Lower-case letters, digits and hyphens, unique in the file: `sales-slack`, `hubspot`. */
  name: z
    .string()
    .check(
      z.regex(
        NAME,
        'must be 1 to 32 lower-case letters, digits and hyphens, starting with a letter',
      ),
    ),
  /**
   * The Secrets Manager secret, by name, that holds the destination's credential: created by
   * ops in the stack's account and region before the deploy, never in this file. Slack: the
   * channel's incoming-webhook URL. A webhook with a `url` here: its `whsec_` signing secret
   * (`whsec_new… whsec_old…` during a rotation). A webhook without one: its URL and its signing
   * secret(s), separated by whitespace (`https://hooks.zapier.com/hooks/catch/… whsec_…`).
   * Encrypted with the account's default `aws/secretsmanager` key: the delivery function may
   * decrypt with no other.
   */
  secret: z.string().check(z.regex(SECRET_NAME, 'must be a Secrets Manager secret name')),
  /**
   * The lead forms whose events this destination receives.
   * @default every form
   */
  forms: z.optional(
    z.array(z.enum(LEAD_FORMS)).check(z.minLength(1, 'must list at least one form')),
  ),
  /**
   * Deliveries a second at most, from 1 to 50.
   * @default 1 for Slack (its limit per incoming webhook), 5 for a webhook or an API
   */
  perSecond: z.optional(
    z
      .number()
      .check(
        z.int('must be a whole number from 1 to 50'),
        z.gte(1, 'must be a whole number from 1 to 50'),
        z.lte(DESTINATION_RATE.max, 'must be a whole number from 1 to 50'),
      ),
  ),
};

const eventList = z.array(z.enum(LEAD_EVENT_TYPES)).check(z.minLength(1, 'must list an event'));

export const slackDestination = z.strictObject({
  kind: z.literal('slack'),
  ...destinationBase,
  /**
   * The events posted to the channel.
   * @default ["lead.accepted"]: one message per lead
   */
  events: z.optional(eventList),
});

export const webhookDestination = z.strictObject({
  kind: z.literal('webhook'),
  ...destinationBase,
  /**
   * Where each event is POSTed, signed: https, or http to 127.0.0.1 for a local receiver (in
   * local.ts alone: parseEnvironment refuses it in any other file). It is in this file, the
   * template and the delivery function's configuration: leave it out for a receiver whose URL
   * is its credential (a Zapier catch hook, a Make or n8n webhook, which may not check the
   * signature), and put the URL in the secret, beside the signing secret(s).
   * @default none: the secret holds the URL, then its signing secret(s)
   */
  url: z.optional(
    z
      .string()
      .check(
        z.refine(
          (url) => webhookUrlProblem(url, { allowLoopback: true }) === undefined,
          'must be an https URL (or http://127.0.0.1 for a local receiver), with no user or password',
        ),
      ),
  ),
  /**
   * The events sent.
   * @default every event type
   */
  events: z.optional(eventList),
});

/**
 * An HTTP header's name (RFC 9110's token), as a connection's API key goes in: `x-api-key`,
 * `Authorization`.
 */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]{1,64}$/;
/**
 * A Secrets Manager version id: what `put-secret-value` answers, 32 to 64 characters (a UUID).
 */
const SECRET_VERSION = /^[A-Za-z0-9-]{32,64}$/;

export const apiDestination = z.strictObject({
  kind: z.literal('api'),
  ...destinationBase,
  /**
   * Where EventBridge POSTs each event's JSON (the signed webhooks' body, unsigned), with the
   * key in `header`: https with a public name, as API destinations require (or http to
   * 127.0.0.1, in local.ts alone, for the local receiver). Not a URL that is its own
   * credential: an API destination's endpoint is readable in the template and the console.
   */
  url: z
    .string()
    .check(
      z.refine(
        (url) => webhookUrlProblem(url, { allowLoopback: true }) === undefined,
        'must be an https URL (or http://127.0.0.1 for a local receiver), with no user or password',
      ),
    ),
  /**
   * The header the key goes in; the secret's whole value is the header's value
   * (`Bearer …` for `Authorization`).
   * @default "x-api-key"
   */
  header: z.optional(
    z.string().check(z.regex(HEADER_NAME, 'must be an HTTP header name, such as x-api-key')),
  ),
  /**
   * The version of the secret the connection holds (`aws secretsmanager put-secret-value`
   * answers it as VersionId). CloudFormation reads a secret when the reference to it changes,
   * not when the secret does: a new key reaches the connection when this changes and the stack
   * is deployed, and `npm run verify` says when the secret's current version is another.
   * Required in a deployed environment.
   * @default the secret's current version when the connection was created (local.ts only)
   */
  secretVersion: z.optional(
    z
      .string()
      .check(z.regex(SECRET_VERSION, 'must be a Secrets Manager VersionId (32 to 64 characters)')),
  ),
  /**
   * The events sent.
   * @default every event type
   */
  events: z.optional(eventList),
});

export const leadEventDestination = z.discriminatedUnion('kind', [
  slackDestination,
  webhookDestination,
  apiDestination,
]);
export type LeadEventDestinationInput = z.input<typeof leadEventDestination>;

/** The header an `api` destination's key goes in when the file names none. */
export const API_KEY_HEADER = 'x-api-key';

/** Whether the delivery function sends this destination's events (from its queue). */
export function isQueued(
  destination: Pick<LeadEventDestination, 'kind'>,
): destination is Pick<LeadEventDestination, 'kind'> & { kind: QueuedKind } {
  return destination.kind !== 'api';
}

/** A destination with its defaults filled in: what the stack and the local bus both use. */
export interface LeadEventDestination {
  name: string;
  kind: DestinationKind;
  secret: string;
  /**
   * A webhook's URL, when the environment file names it; an `api` destination's always.
   * @default none: a Slack destination's URL is in its secret, and so is a webhook's without one
   */
  url?: string;
  /** An `api` destination's header, which its key goes in. */
  header?: string;
  /** An `api` destination's pinned secret version, when the file names one. */
  secretVersion?: string;
  events: LeadEventType[];
  forms: LeadForm[];
  perSecond: number;
}

/**
 * The environment file's `leadEvents` key: the destinations, each name once.
 * @default no destination: events are published to the bus (and its archive), sent nowhere
 */
export const leadEventsFileShape = z.prefault(
  z.strictObject({
    destinations: z._default(
      z.array(leadEventDestination).check(
        z.refine((list) => new Set(list.map((d) => d.name)).size === list.length, {
          message: 'must not name two destinations alike',
        }),
      ),
      [],
    ),
  }),
  {},
);

/** A destination as the stack and the local bus use it: every default filled in. */
export function resolveDestination(input: z.output<typeof leadEventDestination>) {
  return {
    name: input.name,
    kind: input.kind,
    secret: input.secret,
    ...(input.kind !== 'slack' && input.url !== undefined ? { url: input.url } : {}),
    ...(input.kind === 'api' ? { header: input.header ?? API_KEY_HEADER } : {}),
    ...(input.kind === 'api' && input.secretVersion !== undefined
      ? { secretVersion: input.secretVersion }
      : {}),
    events: [
      ...(input.events ?? (input.kind === 'slack' ? ['lead.accepted'] : LEAD_EVENT_TYPES)),
    ] as LeadEventType[],
    forms: [...(input.forms ?? LEAD_FORMS)],
    perSecond: input.perSecond ?? DESTINATION_RATE[input.kind],
  } satisfies LeadEventDestination;
}

/** Whether a URL's host is this machine: 127.0.0.0/8, ::1 or localhost. */
export function isLoopbackHost(url: URL): boolean {
  const host = url.hostname.toLowerCase();
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(host)
  );
}

/**
 * Why a webhook URL is refused, or undefined when it is fine: https, and only with
 * `allowLoopback` (the local stack's receivers) http to 127.0.0.1. A deployed function never
 * allows it: inside Lambda, 127.0.0.1:9001 is the Runtime API.
 */
export function webhookUrlProblem(
  text: string,
  options: { allowLoopback?: boolean } = {},
): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'is not a URL';
  }
  if (url.username || url.password) return 'holds a user or password';
  if (isLoopbackHost(url)) {
    if (!options.allowLoopback)
      return 'is on this machine (loopback): only the local stack sends there';
    if (url.protocol === 'http:' && url.hostname === '127.0.0.1') return undefined;
  }
  if (url.protocol === 'https:') return undefined;
  return 'is not https';
}

/**
 * An EventBridge event pattern: the only form the rules use, exact values per key, so the
 * local bus matches it with `matchesPattern` exactly as EventBridge does
 * (https://docs.aws.amazon.com/eventbridge/latest/userguide/eb-create-pattern.html: the values
 * in an array match any one of them, and every key named must match).
 */
export interface LeadEventPattern {
  source: [typeof LEAD_EVENT_SOURCE];
  'detail-type': LeadEventType[];
  detail: { form: LeadForm[] };
}

/**
 * The rule of one destination: its events, of its forms. `lead.erased` goes to every
 * destination, whatever it listed: each event names a lead (its id at least), so every
 * destination that may have heard of a lead hears that it is erased (one that joined later
 * drops an unknown id).
 */
export function destinationPattern(destination: LeadEventDestination): LeadEventPattern {
  const types = new Set(destination.events);
  types.add('lead.erased');
  return {
    source: [LEAD_EVENT_SOURCE],
    'detail-type': LEAD_EVENT_TYPES.filter((type) => types.has(type)),
    detail: { form: [...destination.forms] },
  };
}

/** An event as the bus sees it: its envelope's source and detail-type, and the detail. */
export interface BusEvent {
  source: string;
  'detail-type': string;
  detail: { form?: unknown };
}

/** Whether EventBridge would send `event` to the rule with `pattern` (exact values only). */
export function matchesPattern(pattern: LeadEventPattern, event: BusEvent): boolean {
  return (
    (pattern.source as string[]).includes(event.source) &&
    (pattern['detail-type'] as string[]).includes(event['detail-type']) &&
    typeof event.detail.form === 'string' &&
    (pattern.detail.form as string[]).includes(event.detail.form)
  );
}

/**
 * When a failed delivery is tried again: the wait after the n-th failed attempt, in seconds
 * (the last repeats), until `maxAttempts`, which these waits spread over about a day, as
 * Standard Webhooks' senders do. After the last, the event goes to the destination's
 * dead-letter queue, whose alarm tells ops, and `npm run webhooks:replay` sends it again.
 */
export const DELIVERY_RETRY = {
  delaysSeconds: [30, 120, 600, 1800, 3600, 7200],
  maxAttempts: 17,
} as const;

/** The wait after the `attempt`-th failed attempt (1 for the first), in seconds. */
export function retryDelaySeconds(attempt: number): number {
  const { delaysSeconds } = DELIVERY_RETRY;
  return delaysSeconds[Math.min(Math.max(attempt, 1), delaysSeconds.length) - 1] ?? 0;
}

/**
 * The longest wait a receiver's Retry-After may set: the schedule's longest, 2 hours. The
 * schedule spreads 17 attempts over about a day; a receiver that asks for the longest wait at
 * every attempt stretches that to 32 hours at most (16 waits of 2 h), after which its
 * dead-letter alarm tells ops, where one asking for a day would have each attempt spend one.
 * It also keeps each wait far inside SQS's limit on a message's visibility (12 hours from its
 * receive).
 */
export const RETRY_AFTER_MAX_SECONDS: number = DELIVERY_RETRY.delaysSeconds.at(-1) ?? 0;

/** What a failed attempt's answer says of the next one (deliver-event.ts's DeliveryResult). */
export interface AttemptFailure {
  /** The receiver answered 410 Gone: it says the endpoint is gone for good. */
  gone?: true;
  /** The wait the receiver asked for with Retry-After (on a 429 or a 503), in seconds. */
  retryAfterSeconds?: number;
}

/** What follows a failed attempt, for the delivery function and the local bus alike. */
export interface NextAttempt {
  /**
   * Moved to the destination's dead letters now rather than tried again: the receiver is gone
   * (a 410, which Standard Webhooks' senders stop sending on: a day of retries would not bring
   * it back, and ops hear of it only when the dead-letter alarm fires), or this was the last
   * attempt.
   */
  deadLetter?: 'gone' | 'last attempt';
  /**
   * The wait before the next attempt: the schedule's, or the receiver's Retry-After when it
   * asks for longer, up to RETRY_AFTER_MAX_SECONDS. For a gone receiver's event, the wait
   * should it not be moved now. None after the last attempt: nothing is to wait for, and the
   * deployed queue's redrive moves the event at its next receive rather than hours later.
   */
  delaySeconds: number;
  /** Whether the receiver's Retry-After made the wait longer than the schedule's. */
  retryAfter: boolean;
}

/** What follows the `attempt`-th failed attempt (1 for the first), given what its answer said. */
export function nextAttempt(attempt: number, failure: AttemptFailure = {}): NextAttempt {
  const last = attempt >= DELIVERY_RETRY.maxAttempts;
  const schedule = last ? 0 : retryDelaySeconds(attempt);
  const asked = last
    ? 0
    : Math.min(Math.max(failure.retryAfterSeconds ?? 0, 0), RETRY_AFTER_MAX_SECONDS);
  const next = { delaySeconds: Math.max(schedule, asked), retryAfter: asked > schedule };
  if (failure.gone) return { deadLetter: 'gone', ...next };
  if (last) return { deadLetter: 'last attempt', ...next };
  return next;
}

/** Seconds from the first attempt to the last: what the alarm and the docs say a day is. */
export function retryWindowSeconds(): number {
  let total = 0;
  for (let attempt = 1; attempt < DELIVERY_RETRY.maxAttempts; attempt += 1) {
    total += retryDelaySeconds(attempt);
  }
  return total;
}

/**
 * The source of an event `npm run webhooks:replay` sends again to one `api` destination (its
 * dead letters): matched by that destination's redelivery rule alone (`redeliveryPattern`),
 * never by another destination's, never archived.
 */
export const LEAD_EVENT_REDELIVERY_SOURCE = 'kryon.leads.redelivery';

/**
 * The redelivery rule of one `api` destination: events sent again to it, named by its API
 * destination's ARN among their `resources`.
 */
export function redeliveryPattern(apiDestinationArn: string) {
  return { source: [LEAD_EVENT_REDELIVERY_SOURCE], resources: [apiDestinationArn] };
}
