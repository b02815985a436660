import { errorClass } from '../src/leads/error-class.ts';

/*
 * EventBridge's API destination, as the local bus sends an `api` destination's events: what
 * the stack's rule, connection and API destination do in AWS, with no function of ours
 * between. The body is the event's detail (the rule's InputPath), the key goes in its header
 * (the connection's API key); a POST, bound by EventBridge's own client timeout, never
 * following a redirect. No `webhook-id` header: a rule target's header values are fixed
 * strings, so a receiver drops a repeat by the body's `id`, which every retry and replay keeps.
 * Which failures it tries again is EventBridge's rule, not the delivery function's: some go to
 * the dead letters at once.
 */

/** EventBridge gives an API destination this long to answer; past it, the attempt failed. */
export const API_DESTINATION_TIMEOUT_MS = 5_000;

/** The user agent EventBridge's API destinations send: a receiver may tell them by it. */
export const API_DESTINATION_USER_AGENT = 'Amazon/EventBridge/ApiDestinations';

export interface ApiDestinationRequest {
  url: string;
  /** The header the key goes in (`x-api-key` unless the destination names another). */
  header: string;
  /** The secret's whole value: the header's value. */
  key: string;
  /** The event's detail, sent as its JSON. */
  detail: Record<string, unknown>;
  /** @default API_DESTINATION_TIMEOUT_MS */
  timeoutMs?: number;
}

/**
 * One attempt's outcome: delivered, or why not and whether EventBridge tries it again (else
 * the event goes to the dead letters now).
 */
export type ApiDestinationResult =
  | { ok: true; status: number }
  | { ok: false; reason: string; retry: boolean; status?: number };

/**
 * Whether EventBridge tries an answer again: 401, 407, 409, 429 and any 5xx are taken as
 * passing (a key being rotated, a busy receiver); any other status is the receiver's final word.
 */
export function isRetriedStatus(status: number): boolean {
  return [401, 407, 409, 429].includes(status) || (status >= 500 && status < 600);
}

/**
 * Sends one event to an API destination once, as EventBridge does. A 2xx is delivered; a
 * timeout, a network error or a status `isRetriedStatus` takes is tried again; any other
 * status (a redirect, a 400, a 404) is not.
 */
export async function invokeApiDestination(
  request: ApiDestinationRequest,
  fetchImpl: typeof fetch = fetch,
): Promise<ApiDestinationResult> {
  const timeoutMs = request.timeoutMs ?? API_DESTINATION_TIMEOUT_MS;
  let response: Response;
  try {
    response = await fetchImpl(request.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': API_DESTINATION_USER_AGENT,
        [request.header]: request.key,
      },
      body: JSON.stringify(request.detail),
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    // Nothing of the answer is used but its status, and a receiver's body is never kept.
    await response.body?.cancel().catch(() => {});
  } catch (error) {
    const kind = errorClass(error);
    return {
      ok: false,
      retry: true,
      reason:
        kind === 'TimeoutError'
          ? `no answer within ${timeoutMs / 1000} s (TimeoutError)`
          : `network error: ${kind}`,
    };
  }
  const { status } = response;
  if (status >= 200 && status < 300) return { ok: true, status };
  const retry = isRetriedStatus(status);
  const why = status >= 300 && status < 400 ? ': a redirect, not followed' : '';
  return {
    ok: false,
    status,
    retry,
    reason: `HTTP ${status}${why}${retry ? '' : ', not tried again'}`,
  };
}
