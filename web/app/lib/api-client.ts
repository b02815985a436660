import {
  API_PATHS,
  CHALLENGE_FORM_PARAM,
  CONFIRMATIONS,
  type FieldErrors,
  IDEMPOTENCY_HEADER,
  type LeadForm,
  type SubmissionAccepted,
} from '@kryon/shared/api';
import { RATE_LIMIT, REQUEST } from '@kryon/shared/constants';
import { normaliseEmail } from '@kryon/shared/email';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
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
  | { ok: false; kind: FailureKind; message: string; fieldErrors?: FieldErrors; status?: number };

/** What forms call to send a submission; tests pass their own. */
export type Submit = (form: LeadForm, payload: object, email: string) => Promise<SubmitResult>;

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
}

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
   * Sends one submission. Network failures (no answer at all) are retried up to 3 times,
   * 1 s apart, with the same Idempotency-Key, so a retry that reaches the server twice is
   * still stored and mailed once. Timeouts and HTTP errors are answered at once: the request
   * may have been received, and the visitor should not wait another 10 s per retry.
   */
  async function submit(form: LeadForm, payload: object, email: string): Promise<SubmitResult> {
    if (!limiter.tryAcquire(email)) {
      return { ok: false, kind: 'client-rate-limited', message: ERROR_MESSAGES.clientRateLimited };
    }
    const url = `${baseUrl}${API_PATHS[form]}`;
    const body = JSON.stringify(payload);
    const key = newKey();

    for (let attemptNo = 0; ; attemptNo += 1) {
      let response: Response;
      try {
        response = await attempt(url, body, key);
      } catch (error) {
        if (error instanceof TimeoutError) {
          return { ok: false, kind: 'timeout', message: ERROR_MESSAGES.timeout };
        }
        if (attemptNo < retries) {
          await sleep(retryDelayMs);
          continue;
        }
        return { ok: false, kind: 'network', message: ERROR_MESSAGES.network };
      }
      return readAnswer(response);
    }
  }

  /**
   * Asks for a browser check to solve before `form` is sent (the challenge route). Resolves
   * with the parsed JSON of a 2xx answer, and rejects on anything else: an HTTP error (an older
   * API without the route answers 404), no answer, or none within the request budget. Nothing
   * is retried: a form whose check failed is sent without one, and asks again after that.
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

async function readAnswer(response: Response): Promise<SubmitResult> {
  const answer = await response.json().catch(() => undefined);
  const fields = isRecord(answer) ? answer : {};
  if (response.ok && fields.success === true) {
    return { ok: true, data: acceptedAnswer(fields) };
  }
  const status = response.status;
  if (status === 429)
    return { ok: false, kind: 'rate-limited', status, message: ERROR_MESSAGES.rateLimited };
  if (status >= 500) return { ok: false, kind: 'server', status, message: ERROR_MESSAGES.server };

  const fieldErrors = isFieldErrors(fields.details) ? fields.details : undefined;
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

/**
 * An accepted answer, with its optional parts kept only when they are what the contract says:
 * the report link goes into a page's <a href>, so only an http(s) address of the report
 * route is taken, never a `javascript:` URL or another site.
 */
function acceptedAnswer(fields: Record<string, unknown>): SubmissionAccepted {
  const { confirmation, reportUrl, ...rest } = fields;
  return {
    ...(rest as Omit<SubmissionAccepted, 'confirmation' | 'reportUrl'>),
    ...(CONFIRMATIONS.find((known) => known === confirmation)
      ? { confirmation: confirmation as SubmissionAccepted['confirmation'] }
      : {}),
    ...(isReportUrl(reportUrl) ? { reportUrl } : {}),
  };
}

function isReportUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === API_PATHS.report
    );
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isFieldErrors(value: unknown): value is FieldErrors {
  return (
    isRecord(value) &&
    Object.values(value).every((v) => Array.isArray(v) && v.every((m) => typeof m === 'string'))
  );
}

/** The client every page uses: same origin, so CloudFront and the local server need no CORS. */
export const apiClient = createApiClient({ baseUrl: SITE.apiOrigin });
