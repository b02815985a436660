/**
 * One lead event to one destination, once: a Slack channel's incoming webhook (the message of
 * slack-message.ts) or a webhook signed per Standard Webhooks (decision 089). Whether and when
 * to try again is the caller's: the queue's (lead-event-queue.ts) or the local worker's.
 *
 * A Slack destination's URL is its credential: anyone who has it posts to the channel. So is
 * a Zapier, Make or n8n webhook's, which may not check the signature: such a webhook names no
 * URL in the environment file and keeps it in its secret, beside its signing secret(s). A URL
 * from a secret is read for each attempt and never put in a log, a reason or a metric; nor is
 * any response body, which is the receiver's and may echo what it was sent.
 */
import { errorClass } from './error-class.ts';
import {
  type AttemptFailure,
  isLoopbackHost,
  type QueuedKind,
  webhookUrlProblem,
} from './event-destinations.ts';
import type { LeadEvent } from './lead-events.ts';
import type { Log, SignWebhook } from './ports.ts';
import { RETRY_AFTER_STATUSES, retryAfterSeconds } from './retry-after.ts';
import { slackEventMessage } from './slack-message.ts';

/** What a delivery needs of a destination: lead-event-delivery's variable and the local bus. */
export interface DeliveryDestination {
  name: string;
  kind: QueuedKind;
  /**
   * A webhook's URL, when the environment file names it; a Slack destination's is its
   * credential, in its secret, and so is a webhook's that the file does not name.
   */
  url?: string;
}

export interface DeliveryAttempt {
  destination: DeliveryDestination;
  /** An event the `leadEvent` schema parsed. */
  event: LeadEvent;
  /**
   * The event's JSON as it was published, sent to a webhook byte for byte (keys a newer
   * publisher added included); built from `event` when not given.
   */
  body?: string;
  /** Which attempt this is, from 1 (SQS's receive count), for the log line alone. */
  attempt?: number;
}

export type DeliveryResult =
  | { ok: true; status: number }
  /** Nothing to send to this destination (a Slack channel is not told of a digest's lead). */
  | { ok: true; skipped: string }
  | ({
      ok: false;
      status?: number;
      /** Why, in words safe for a log: a status or an error class, never a URL or a body. */
      reason: string;
    } & AttemptFailure);

/**
 * One POST. Throws on a network error or when `timeoutMs` passes; never follows a redirect.
 * Of the answer only its status and its Retry-After header, as received: no other header and
 * no body, which are the receiver's and may echo what it was sent.
 */
export type HttpPost = (request: {
  url: string;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
}) => Promise<{ status: number; retryAfter?: string }>;

/** A webhook's credential as its secret holds it (`webhookCredential` reads the value). */
export interface WebhookCredential {
  kind: 'webhook';
  /** Every signing secret the value holds: two during a rotation, the new one first. */
  secrets: string[];
  /**
   * The URL, when the secret holds it: a receiver whose URL is its credential (Zapier, Make,
   * n8n), which the environment file then does not name. Never logged, like a Slack URL.
   */
  url?: string;
}

/** A destination's credential as its secret holds it. */
export type DestinationCredential = { kind: 'slack'; url: string } | WebhookCredential;

/**
 * A secret's value that cannot be used, thrown by `webhookCredential`: its message says what is
 * wrong in words that never hold any part of the value, so a reason may carry it.
 */
export class SecretValueError extends Error {
  override name = 'SecretValueError';
}

const WHSEC = 'whsec_';

/**
 * A webhook secret's value read, as the delivery function (src/wiring.ts), the local bus and
 * `npm run verify` all read it: words separated by whitespace, each one starting with `whsec_`
 * a signing secret (two during a rotation, new first), and at most one that parses as a URL the
 * webhook's URL: `https://hooks.zapier.com/hooks/catch/… whsec_…`. Anything else refuses the
 * whole value: a SecretValueError whose message never repeats it. The signing secrets' form is
 * the signer's to check, the URL's `webhookUrlProblem`'s (at each delivery).
 */
export function webhookCredential(value: string): WebhookCredential {
  const words = value.split(/\s+/).filter(Boolean);
  if (words.length === 0) throw new SecretValueError('is empty');
  const secrets: string[] = [];
  let url: string | undefined;
  for (const [index, word] of words.entries()) {
    if (word.startsWith(WHSEC)) secrets.push(word);
    else if (URL.canParse(word)) {
      if (url !== undefined) throw new SecretValueError('holds more than one URL');
      url = word;
    } else {
      throw new SecretValueError(
        `holds a word (${index + 1} of ${words.length}) that is neither a ${WHSEC} signing secret nor a URL`,
      );
    }
  }
  if (secrets.length === 0) throw new SecretValueError(`holds no ${WHSEC} signing secret`);
  return { kind: 'webhook', secrets, ...(url === undefined ? {} : { url }) };
}

export interface DeliverEventDeps {
  post: HttpPost;
  credential: (destination: DeliveryDestination) => Promise<DestinationCredential>;
  now: () => Date;
  log: Log;
  /** Signs a webhook's body with every secret (adapters/webhook-signer.ts: `signWebhook`). */
  sign: SignWebhook;
  /** The IANA zone a Slack message gives times in (the sales e-mail's); UTC unless given. */
  timeZone?: string;
  /**
   * Whether the lead was erased (leads:erase leaves its id): then only its lead.erased event
   * is sent, never a copy of another one a retry, a dead letter or a replay still holds.
   */
  isErased?: (leadId: string) => Promise<boolean>;
  /**
   * Whether a Slack secret or a webhook URL may be http://127.0.0.1: only the local bus
   * (local/lead-event-destinations.ts) sends there. Never deployed: inside Lambda,
   * 127.0.0.1:9001 is the Runtime API. Default false.
   */
  allowLoopback?: boolean;
}

/**
 * How long a destination has to answer. Standard Webhooks' senders wait "a few seconds" (Svix:
 * 15 s); Slack answers in well under one. Short enough that a batch of a slow receiver's
 * events fits in one run of the function.
 */
export const DELIVERY_TIMEOUT_MS = 10_000;

export const USER_AGENT = 'Kryon-Webhooks/1';

const SLACK_PREFIX = 'https://hooks.slack.com/';

/**
 * Why a Slack secret is refused, or undefined: it must be an incoming webhook's URL, or, with
 * `allowLoopback` (the local stack), the local inbox's (http://127.0.0.1:<port>/...). The
 * reason never repeats the value.
 */
export function slackUrlProblem(
  value: string,
  options: { allowLoopback?: boolean } = {},
): string | undefined {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'is not a URL';
  }
  if (url.username || url.password) return 'holds a user or password';
  if (value.startsWith(SLACK_PREFIX) && url.hostname === 'hooks.slack.com' && url.port === '') {
    return url.pathname.length > 1 ? undefined : 'has no path';
  }
  if (isLoopbackHost(url) && !options.allowLoopback) {
    return 'is on this machine (loopback): only the local stack sends there';
  }
  if (url.protocol === 'http:' && url.hostname === '127.0.0.1' && url.port !== '') {
    return undefined;
  }
  return `is not an ${SLACK_PREFIX} URL`;
}

type Request = { url: string; headers: Record<string, string>; body: string };

/** The request of one attempt, or why there is none (a credential that cannot be used). */
function requestOf(
  attempt: DeliveryAttempt,
  credential: DestinationCredential,
  deps: DeliverEventDeps,
): Request | { refused: string } {
  const { destination, event } = attempt;
  if (credential.kind !== destination.kind) {
    return { refused: `its secret is for a ${credential.kind} destination` };
  }
  if (credential.kind === 'slack') {
    const problem = slackUrlProblem(credential.url, { allowLoopback: deps.allowLoopback });
    if (problem) return { refused: `its secret ${problem}` };
    const message = slackEventMessage(event, { timeZone: deps.timeZone ?? 'UTC' });
    return {
      url: credential.url,
      headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT },
      body: JSON.stringify(message),
    };
  }
  // One place for the URL: the environment file's, or the secret's, never both.
  if (destination.url !== undefined && credential.url !== undefined) {
    return {
      refused: 'its URL is both in the environment file and in its secret: keep it in one of them',
    };
  }
  const url = destination.url ?? credential.url;
  if (!url) return { refused: 'it has no URL, in the environment file or in its secret' };
  const problem = webhookUrlProblem(url, { allowLoopback: deps.allowLoopback });
  if (problem) {
    return {
      refused: `${destination.url === undefined ? "its secret's URL" : 'its URL'} ${problem}`,
    };
  }
  let signed: ReturnType<SignWebhook>;
  try {
    signed = deps.sign(credential.secrets, {
      id: event.id,
      body: attempt.body ?? JSON.stringify(event),
      at: deps.now(),
    });
  } catch (error) {
    // The signer's messages name a secret by its place alone, never its value.
    return { refused: error instanceof Error ? error.message : 'its secret cannot sign' };
  }
  return {
    url,
    headers: { ...signed.headers, 'user-agent': USER_AGENT },
    body: signed.body,
  };
}

/**
 * Sends one event to one destination, once. A 2xx is delivered; anything else (a redirect
 * too: never followed, since the destination chose the URL), a timeout, a network error or a
 * credential that cannot be used is a failure, with a reason a log may carry. A failure says
 * what the receiver asked of the next attempt: none at all (410 Gone: `gone`), or not before
 * its Retry-After (429, 503: `retryAfterSeconds`); the caller's schedule (`nextAttempt`,
 * event-destinations.ts) decides.
 */
export async function deliverLeadEvent(
  attempt: DeliveryAttempt,
  deps: DeliverEventDeps,
): Promise<DeliveryResult> {
  const result = await attemptDelivery(attempt, deps);
  const fields = {
    destination: attempt.destination.name,
    eventId: attempt.event.id,
    type: attempt.event.type,
    ...(attempt.attempt === undefined ? {} : { attempt: attempt.attempt }),
    ...('status' in result && result.status !== undefined ? { status: result.status } : {}),
    ...(!result.ok && result.retryAfterSeconds !== undefined
      ? { retryAfterSeconds: result.retryAfterSeconds }
      : {}),
    ...(!result.ok && result.gone ? { gone: true } : {}),
  };
  if (result.ok && 'skipped' in result) {
    deps.log.info('lead event not sent to this destination', { ...fields, why: result.skipped });
  } else if (result.ok) deps.log.info('lead event delivered', fields);
  else deps.log.warn('lead event not delivered', { ...fields, reason: result.reason });
  return result;
}

async function attemptDelivery(
  attempt: DeliveryAttempt,
  deps: DeliverEventDeps,
): Promise<DeliveryResult> {
  const { destination, event } = attempt;
  // Scripted posts past the hour's budget reach sales in one digest an hour: a channel that
  // posted each one would be the flood the digest exists to stop.
  if (destination.kind === 'slack' && event.type === 'lead.accepted' && event.heldForDigest) {
    return { ok: true, skipped: 'held for the sales digest' };
  }
  if (event.type !== 'lead.erased' && deps.isErased) {
    let erased: boolean;
    try {
      erased = await deps.isErased(event.leadId);
    } catch (error) {
      // Never sent without knowing: tried again on the schedule.
      return {
        ok: false,
        reason: `could not check whether the lead was erased: ${errorClass(error)}`,
      };
    }
    if (erased) return { ok: true, skipped: 'the lead was erased' };
  }
  let credential: DestinationCredential;
  try {
    credential = await deps.credential(attempt.destination);
  } catch (error) {
    // A value that cannot be used says why (never the value); any other error only its class.
    return {
      ok: false,
      reason:
        error instanceof SecretValueError
          ? `refused: its secret ${error.message}`
          : `its secret could not be read: ${errorClass(error)}`,
    };
  }
  const request = requestOf(attempt, credential, deps);
  if ('refused' in request) return { ok: false, reason: `refused: ${request.refused}` };
  let answer: Awaited<ReturnType<HttpPost>>;
  try {
    answer = await deps.post({ ...request, timeoutMs: DELIVERY_TIMEOUT_MS });
  } catch (error) {
    const kind = errorClass(error);
    return {
      ok: false,
      reason:
        kind === 'TimeoutError'
          ? `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s (TimeoutError)`
          : `network error: ${kind}`,
    };
  }
  const { status } = answer;
  if (status >= 200 && status < 300) return { ok: true, status };
  // The receiver says the endpoint is gone for good (Slack: the channel was archived): no
  // retry mends that, a person must.
  if (status === 410) return { ok: false, status, reason: 'HTTP 410: gone', gone: true };
  const reason = statusReason(status);
  if (!RETRY_AFTER_STATUSES.includes(status) || answer.retryAfter === undefined) {
    return { ok: false, status, reason };
  }
  const seconds = retryAfterSeconds(answer.retryAfter, deps.now());
  // A value that is neither a number of seconds nor a date asks for nothing: the schedule
  // decides. Said in the reason, never repeated: it is the receiver's.
  if (seconds === undefined) {
    return { ok: false, status, reason: `${reason} (its Retry-After unreadable, ignored)` };
  }
  return { ok: false, status, reason, retryAfterSeconds: seconds };
}

function statusReason(status: number): string {
  if (status >= 300 && status < 400) return `HTTP ${status}: a redirect, not followed`;
  if (status === 429) return 'HTTP 429: rate limited';
  return `HTTP ${status}`;
}
