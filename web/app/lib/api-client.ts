import {
  API_PATHS,
  apiErrorSchema,
  CHALLENGE_FORM_PARAM,
  CHALLENGE_REPRICED,
  type FieldErrors,
  IDEMPOTENCY_HEADER,
  type LeadForm,
  type SubmissionAccepted,
  submissionAcceptedSchema,
} from '@kryon/shared/api';
import { CHALLENGE_FIELD, RATE_LIMIT, REQUEST } from '@kryon/shared/constants';
import { normaliseEmail } from '@kryon/shared/email';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import * as z from 'zod/mini';
import { SITE } from '../site-config.ts';

/** Why a submission failed, so a form can choose where to show it. */
export type FailureKind =
  | 'client-rate-limited'
  | 'network'
  | 'timeout'
  | 'rate-limited'
  | 'validation'
  | 'server'
  | 'other';

export type SubmitResult =
  | { ok: true; data: SubmissionAccepted }
  | {
      ok: false;
      kind: FailureKind;
      message: string;
      fieldErrors?: FieldErrors;
      status?: number;
      /** The server's machine-readable reason, where the client acts on it. */
      reason?: typeof CHALLENGE_REPRICED;
    };

/** What a submission may ask of the form while it is under way. */
export interface SubmitHooks {
  /**
   * A fresh browser-check proof at the price of the moment, for a server that answered that
   * the proof sent was priced before a rise (`challenge-repriced`); undefined sends without.
   */
  reprove?: () => Promise<string | undefined>;
  /** The server is busy: the same submission goes again in `retryInMs`. */
  onBusy?: (retryInMs: number) => void;
}

/** What forms call to send a submission; tests pass their own. */
export type Submit = (
  form: LeadForm,
  payload: object,
  email: string,
  hooks?: SubmitHooks,
) => Promise<SubmitResult>;

export interface ApiClientOptions {
  /** Origin prefix for API paths; empty means the site's own origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  newKey?: () => string;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
  /** Tries again after a 429 or 503 (the server busy), waiting as `busyDelayMs` says. */
  busyRetries?: number;
  /** A number in [0, 1): the jitter of the waits after a busy answer. */
  random?: () => number;
}

/**
 * How long to wait before sending again after the server said it is busy (429, 503). The
 * server's own `Retry-After` when it gives one within `BUSY.maxWaitMs`; otherwise (API
 * Gateway's and the WAF's answers carry none) 1, 2, 4 s by attempt. Plus up to one second of
 * jitter, so that visitors refused together do not all come back at the same instant.
 * Undefined: a wait longer than the visitor should sit through; the form says to try later.
 */
export function busyDelayMs(
  retryAfter: string | null,
  attemptNo: number,
  random: () => number,
): number | undefined {
  const jitter = Math.floor(random() * 1_000);
  if (retryAfter !== null && /^\d+$/.test(retryAfter.trim())) {
    const ms = Number(retryAfter.trim()) * 1_000;
    return ms <= BUSY.maxWaitMs ? ms + jitter : undefined;
  }
  return 1_000 * 2 ** attemptNo + jitter;
}

/** The waits a busy server may ask of a visitor's submission. */
export const BUSY = {
  /** Tries again after a busy answer, at most. */
  retries: 3,
  /**
   * The longest `Retry-After` waited for in the page: a wait the form can call "a few
   * seconds". Longer (the per-client budgets answer a minute) is answered at once, with the
   * visitor's input kept.
   */
  maxWaitMs: 10_000,
} as const;

/** Raised inside one attempt when the 10 s budget runs out. */
class TimeoutError extends Error {}

/**
 * The client's rate limit: at most 3 submissions per e-mail in a window that starts with the
 * first one and restarts once 60 s have passed. The server enforces the same limit; this one
 * spares a visitor a round trip and answers in their own words.
 */
export function createRateLimiter(now: () => number, max = RATE_LIMIT.max) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    tryAcquire(email: string): boolean {
      const id = normaliseEmail(email);
      const t = now();
      const current = windows.get(id);
      if (!current || t - current.start >= RATE_LIMIT.windowMs) {
        windows.set(id, { start: t, count: 1 });
        return true;
      }
      if (current.count >= max) return false;
      current.count += 1;
      return true;
    },
  };
}

/**
 * An error to show: a list joins with commas, a string stays, anything empty is "unexpected"
 * (the product's rule for error messages). The API answers a string; a list is what a proxy
 * or a future API could answer, and it still reads as a sentence.
 */
export function formatError(error: unknown): string {
  if (Array.isArray(error)) {
    const parts = error.filter((e): e is string => typeof e === 'string' && e.trim() !== '');
    return parts.length > 0 ? parts.join(', ') : ERROR_MESSAGES.unexpected;
  }
  if (typeof error === 'string' && error.trim() !== '') return error;
  return ERROR_MESSAGES.unexpected;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createApiClient(options: ApiClientOptions = {}) {
  const {
    baseUrl = '',
    sleep = defaultSleep,
    now = Date.now,
    newKey = () => crypto.randomUUID(),
    timeoutMs = REQUEST.timeoutMs,
    retries = REQUEST.retries,
    retryDelayMs = REQUEST.retryDelayMs,
    busyRetries = BUSY.retries,
    random = Math.random,
  } = options;
  // Looked up at call time so tests and browsers that replace fetch late are honoured.
  const doFetch: typeof fetch = (...args) => (options.fetch ?? globalThis.fetch)(...args);
  const limiter = createRateLimiter(now);

  async function attempt(url: string, body: string, key: string): Promise<Response> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new TimeoutError()), timeoutMs);
    try {
      return await doFetch(url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          [IDEMPOTENCY_HEADER]: key,
        },
        body,
        signal: controller.signal,
      });
    } catch (error) {
      if (controller.signal.aborted) throw new TimeoutError();
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * Sends one submission, always with the same Idempotency-Key, so a retry that reaches the
   * server twice is still stored and mailed once:
   * - network failures (no answer at all) are retried up to 3 times, 1 s apart;
   * - a busy server (429, 503) is not a refusal: the same submission goes again after its
   *   `Retry-After` (or 1, 2, 4 s), with jitter, up to 3 times, and `hooks.onBusy` lets the
   *   form say so; only then is the visitor told to try later, their input still in the form;
   * - a proof priced before the price rose (`challenge-repriced`, nothing stored) is replaced
   *   once by `hooks.reprove`'s fresh one, or dropped, and the submission sent again.
   * Timeouts and other HTTP errors are answered at once: the request may have been received,
   * and the visitor should not wait another 10 s per retry.
   */
  async function submit(
    form: LeadForm,
    payload: object,
    email: string,
    hooks: SubmitHooks = {},
  ): Promise<SubmitResult> {
    if (!limiter.tryAcquire(email)) {
      return { ok: false, kind: 'client-rate-limited', message: ERROR_MESSAGES.clientRateLimited };
    }
    const url = `${baseUrl}${API_PATHS[form]}`;
    let body = JSON.stringify(payload);
    const key = newKey();
    let networkTries = 0;
    let busyTries = 0;
    let reproved = false;

    for (;;) {
      let response: Response;
      try {
        response = await attempt(url, body, key);
      } catch (error) {
        if (error instanceof TimeoutError) {
          return { ok: false, kind: 'timeout', message: ERROR_MESSAGES.timeout };
        }
        if (networkTries < retries) {
          networkTries += 1;
          await sleep(retryDelayMs);
          continue;
        }
        return { ok: false, kind: 'network', message: ERROR_MESSAGES.network };
      }
      if ((response.status === 429 || response.status === 503) && busyTries < busyRetries) {
        const wait = busyDelayMs(response.headers.get('retry-after'), busyTries, random);
        if (wait !== undefined) {
          busyTries += 1;
          hooks.onBusy?.(wait);
          await sleep(wait);
          continue;
        }
      }
      const result = await readAnswer(response);
      if (!result.ok && result.reason === CHALLENGE_REPRICED && !reproved) {
        reproved = true;
        const proof = await hooks.reprove?.().catch(() => undefined);
        const { [CHALLENGE_FIELD]: _stale, ...rest } = payload as Record<string, unknown>;
        body = JSON.stringify(proof === undefined ? rest : { ...rest, [CHALLENGE_FIELD]: proof });
        continue;
      }
      return result;
    }
  }

  /**
   * Asks for a browser check to solve before `form` is sent (the challenge route). Resolves
   * with the parsed JSON of a 2xx answer, unread: the form's check session reads it with
   * challengeSchema (lead-form/challenge-session.ts). Rejects on anything else: an HTTP error
   * (an older API without the route answers 404), no answer, or none within the request
   * budget. Nothing is retried: a form whose check failed is sent without one, and asks again
   * after that.
   */
  async function fetchChallenge(form: LeadForm, signal?: AbortSignal): Promise<unknown> {
    const url = `${baseUrl}${API_PATHS.challenge}?${new URLSearchParams({ [CHALLENGE_FORM_PARAM]: form })}`;
    const controller = new AbortController();
    const abort = () => controller.abort(signal?.reason);
    if (signal?.aborted) abort();
    signal?.addEventListener('abort', abort, { once: true });
    const timer = setTimeout(() => controller.abort(new TimeoutError()), timeoutMs);
    try {
      const response = await doFetch(url, {
        headers: { Accept: 'application/json' },
        // Each challenge is issued once; a cached one would be refused as already used.
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok) throw new Error(`challenge: HTTP ${response.status}`);
      return await response.json();
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', abort);
    }
  }

  return { submit, fetchChallenge };
}

/**
 * What the API answered, read with the shared schemas of its answers (@kryon/shared/api). An
 * answer that is neither an accepted one nor a refusal (not JSON, not an object, or one that
 * says it succeeded but lacks its id or time) is read as an answer that says nothing: the
 * visitor is told from its HTTP status alone.
 */
async function readAnswer(response: Response): Promise<SubmitResult> {
  const answer: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    const accepted = z.safeParse(submissionAcceptedSchema, answer);
    if (accepted.success) return { ok: true, data: accepted.data };
  }
  const status = response.status;
  if (status === 429)
    return { ok: false, kind: 'rate-limited', status, message: ERROR_MESSAGES.rateLimited };
  const refusal = z.safeParse(apiErrorSchema, answer);
  const fields: z.infer<typeof apiErrorSchema> = refusal.success ? refusal.data : {};
  if (fields.reason === CHALLENGE_REPRICED) {
    return {
      ok: false,
      kind: 'other',
      status,
      reason: CHALLENGE_REPRICED,
      message: formatError(fields.message),
    };
  }
  if (status >= 500) return { ok: false, kind: 'server', status, message: ERROR_MESSAGES.server };

  const fieldErrors = fields.details;
  // The API, the WAF and API Gateway itself all answer errors with `message` (ApiError).
  const message =
    fields.message === undefined
      ? `HTTP ${status}: ${response.statusText || 'Error'}`
      : formatError(fields.message);
  return {
    ok: false,
    kind: fieldErrors ? 'validation' : 'other',
    status,
    message,
    ...(fieldErrors ? { fieldErrors } : {}),
  };
}

/** The client every page uses: same origin, so CloudFront and the local server need no CORS. */
export const apiClient = createApiClient({ baseUrl: SITE.apiOrigin });
