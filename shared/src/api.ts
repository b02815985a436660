/** The HTTP contract between the site and the form Lambdas. */
import * as z from 'zod/mini';

export const API_BASE = '/api/email';

export const LEAD_FORMS = ['contact', 'partner', 'demo', 'beta-access', 'download'] as const;
export type LeadForm = (typeof LEAD_FORMS)[number];

/** Whether a name read from a request, a tag or a key is one of the forms. */
export function isLeadForm(value: string | undefined): value is LeadForm {
  return (LEAD_FORMS as readonly (string | undefined)[]).includes(value);
}

export const API_PATHS = {
  contact: `${API_BASE}/contact`,
  partner: `${API_BASE}/partner`,
  demo: `${API_BASE}/demo`,
  'beta-access': `${API_BASE}/beta-access`,
  download: `${API_BASE}/download`,
  health: `${API_BASE}/health`,
  status: `${API_BASE}/status`,
  challenge: `${API_BASE}/challenge`,
  /** A visitor's personal, signed, expiring link to the research report they asked for. */
  report: `${API_BASE}/report`,
} as const satisfies Record<LeadForm | 'health' | 'status' | 'challenge' | 'report', string>;

/**
 * The browser check (proof of work, ALTCHA's open protocol): `GET challenge?form=<form>`
 * answers an altcha-lib v2 `Challenge` (`{ parameters, signature }`) signed for that form;
 * the browser solves it in a Web Worker and sends, in the submission's CHALLENGE_FIELD,
 * base64 of the JSON `{ challenge, solution }`. Without a valid one the lead is still taken,
 * but nothing is mailed to the address it names.
 */
export const CHALLENGE_FORM_PARAM = 'form';

/** Sent with every submission attempt; a retry of the same attempt reuses it. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** What the API takes as an idempotency key: 8 to 128 letters, digits, `-` or `_`. */
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;

/** Field errors keyed by field name, each with the messages for that field. */
export type FieldErrors = Record<string, string[]>;

/**
 * FieldErrors: an object whose every key holds a list of messages. Written as an object with
 * a catch-all rather than z.record, which would bring 2.5 kB more of zod into the form pages.
 */
export const fieldErrorsSchema = z.catchall(z.object({}), z.array(z.string()));

/**
 * What became of the e-mail a form sends to the address the visitor typed, as far as the
 * request knows: `sent`, `pending` (not out yet; it is retried and may still arrive) or
 * `not-sent` (withheld or refused: it will not arrive).
 */
export const CONFIRMATIONS = ['sent', 'pending', 'not-sent'] as const;
export type Confirmation = (typeof CONFIRMATIONS)[number];

export interface SubmissionAccepted {
  success: true;
  message: string;
  submissionId: string;
  timestamp: string;
  /** Forms that e-mail the visitor: what became of that e-mail. Absent for the others. */
  confirmation?: Confirmation;
  /**
   * The research download: the visitor's personal, signed, expiring report link, the same
   * one the e-mail carries, so the report is theirs whether or not the e-mail went.
   */
  reportUrl?: string;
}

/**
 * Why a submission's browser check was not taken: the price of proof of work rose after its
 * challenge was issued. Nothing was stored; the site solves a fresh challenge at the new price
 * and sends the same submission again at once.
 */
export const CHALLENGE_REPRICED = 'challenge-repriced';

export interface ApiError {
  success: false;
  message: string;
  details?: FieldErrors;
  /** A machine-readable reason where a client acts on it (CHALLENGE_REPRICED). */
  reason?: typeof CHALLENGE_REPRICED;
}

export type SubmissionResponse = SubmissionAccepted | ApiError;

/**
 * True for the report link of an accepted answer as the API makes it: an absolute http(s)
 * address of the report route. It goes into a page's <a href>, so never a `javascript:` URL,
 * a relative path or another route.
 */
function isReportUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === API_PATHS.report
    );
  } catch {
    return false;
  }
}

/**
 * `schema`, or `fallback` in place of anything it refuses: z.catch's effect, without the
 * 3 kB (gzip) more of zod that z.catch brings into every page that sends a form.
 */
function orElse<T extends z.ZodMiniType, F>(schema: T, fallback: F) {
  return z.union([schema, z.transform((): F => fallback)]);
}

/**
 * An accepted submission's answer, as a client reads it. Its parts every answer has must be
 * there; an optional part that breaks its rule (a confirmation this client does not know, as a
 * newer API could send, or a report link that is not one) is dropped and the answer kept, as
 * the visitor's submission was taken all the same. Parts the contract does not name are
 * dropped too.
 */
export const submissionAcceptedSchema = z.pipe(
  z.object({
    success: z.literal(true),
    message: z.string(),
    submissionId: z.string(),
    timestamp: z.string(),
    confirmation: z.optional(orElse(z.enum(CONFIRMATIONS), undefined)),
    reportUrl: z.optional(orElse(z.string().check(z.refine(isReportUrl)), undefined)),
  }),
  z.transform(
    ({ confirmation, reportUrl, ...answer }): SubmissionAccepted => ({
      ...answer,
      ...(confirmation ? { confirmation } : {}),
      ...(reportUrl ? { reportUrl } : {}),
    }),
  ),
);

/**
 * A refusal, as a client reads it: the API's ApiError, or the `{ message }` that the WAF or
 * API Gateway answer in its place, so every part is optional. An answer that says it
 * succeeded is not one. Each part is read on its own, and one that breaks its rule is left
 * out, the others kept: field errors that are not lists of text, a reason this client does
 * not act on. A message that is not text (or a list of text, as a proxy could answer) reads
 * as an empty one, which a client shows as an unexpected error; only an answer without any
 * message is answered with its HTTP status.
 */
export const apiErrorSchema = z.object({
  success: z.optional(z.literal(false)),
  message: z.optional(orElse(z.union([z.string(), z.array(orElse(z.string(), ''))]), '')),
  details: z.optional(orElse(fieldErrorsSchema, undefined)),
  reason: z.optional(orElse(z.literal(CHALLENGE_REPRICED), undefined)),
});

export interface HealthResponse {
  success: boolean;
  services: { database: ServiceState; email: EmailState };
  /** When this answer was made. */
  timestamp: string;
  /**
   * When the probe behind `services` ran (ISO 8601): a warm function reuses one probe for
   * 45 s (decision 056), so it may be up to that much older than `timestamp`.
   */
  checkedAt?: string;
}

export type ServiceState = 'up' | 'down';

/**
 * `unverified`: SES answers but will not send as our sender yet (its identity is not verified
 * for sending). Leads are still stored; their e-mails wait and go out once it verifies.
 * `sandbox`: SES sends, but the account is still in the SES sandbox, so mail reaches only
 * verified addresses: sales (verified as the deploy steps say) get every lead, visitors'
 * confirmations fail. Health answers 200 with it (decision 056). A visitor stream the brake
 * paused is not a state health tells: only ops may know it (decision 075).
 */
export type EmailState = ServiceState | 'unverified' | 'sandbox';

/** Whether leads can be taken and mailed now; deliberately nothing about the deployment. */
export interface StatusResponse {
  success: boolean;
  email: ServiceState;
  storage: ServiceState;
  timestamp: string;
}
