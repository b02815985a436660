/** The HTTP contract between the site and the form Lambdas (spec section 7). */

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
} as const satisfies Record<LeadForm | 'health' | 'status', string>;

/** Sent with every submission attempt; a retry of the same attempt reuses it. */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

/** Field errors keyed by field name, each with the messages for that field. */
export type FieldErrors = Record<string, string[]>;

export interface SubmissionAccepted {
  success: true;
  message: string;
  submissionId: string;
  timestamp: string;
}

export interface ApiError {
  success: false;
  message: string;
  details?: FieldErrors;
}

export type SubmissionResponse = SubmissionAccepted | ApiError;

export interface HealthResponse {
  success: boolean;
  services: { database: ServiceState; email: ServiceState };
  timestamp: string;
}

export type ServiceState = 'up' | 'down';

export interface StatusResponse {
  success: true;
  service: 'kryon-leads';
  version: string;
  region: string;
  forms: readonly LeadForm[];
  email: { sender: string; configurationSet: string | null };
  timestamp: string;
}
