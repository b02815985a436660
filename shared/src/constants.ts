/** Business constants and limits of spec section 9, and the API's own limits. */

export const RATE_LIMIT = {
  /** Submissions accepted per e-mail address in one window (client and server). */
  max: 3,
  windowMs: 60_000,
} as const;

export const REQUEST = {
  timeoutMs: 10_000,
  retries: 3,
  retryDelayMs: 1_000,
} as const;

/** Largest request body the API reads; larger bodies are refused with 413. */
export const MAX_BODY_BYTES = 64 * 1024;

export const UI = {
  backToTopThresholdPx: 300,
  featuresScrollOffsetPx: 80,
  scrollAfterNavigationMs: 100,
  searchDebounceMs: 300,
  fieldCheckDelayMs: 300,
  demoPromptDelayMs: 500,
  modalAnimationMs: 400,
} as const;

/** Response promises shown to the visitor and repeated in confirmation e-mails. */
export const RESPONSE_PROMISE = {
  contact: '24 hours',
  demo: '24 hours',
  partner: '2-3 business days',
  beta: '2-5 business days',
  download: '2-3 minutes',
} as const;

/**
 * The name of the hidden honeypot input every lead form renders. People never see or fill
 * it; a bot that fills it gets the normal success answer and nothing is sent.
 */
export const HONEYPOT_FIELD = 'website';
