/** The HTTP contract between the site and the form Lambdas. */

export const API_BASE = '/api/email';

export const LEAD_FORMS = ['contact', 'partner', 'demo', 'beta-access', 'download'] as const;
export type LeadForm = (typeof LEAD_FORMS)[number];

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
