/** Business constants and limits, and the API's own limits. */

export const RATE_LIMIT = {
  /**
   * Submissions accepted per e-mail address in one window: by the browser, and by the server
   * per client network, verified and unverified posts apart (spam spends none).
   */
  max: 3,
  windowMs: 60_000,
} as const;

/**
 * The server's second budget, per client IP (an IPv6 client counts per /64): wide enough for
 * an office behind one NAT address, narrow enough that one machine cannot fill the table with
 * made-up addresses. A 429 never says which budget ran out.
 */
export const IP_RATE_LIMIT = {
  max: 20,
  windowMs: 60_000,
} as const;

/**
 * The API stage's throttle: one token bucket that every visitor of every route draws from, so
 * it is sized for a flood, never for the expected traffic (decision 072). By default the
 * regional account quota API Gateway allows an HTTP API (10,000 a second, 5,000 at once); the
 * deployed stage (infra) and the local server (`npm start`) apply the same bucket.
 */
export const API_STAGE_THROTTLE = { rateLimit: 10_000, burstLimit: 5_000 } as const;

/**
 * The same quota in the regions where AWS sets it lower ("Amazon API Gateway quotas": 2,500 a
 * second, burst 1,250; the list is LOW_API_QUOTA_REGIONS in infra/lib/environment.ts).
 */
export const API_LOW_QUOTA_STAGE_THROTTLE = { rateLimit: 2_500, burstLimit: 1_250 } as const;

/**
 * The flood the API takes with every real visitor still served: no environment may throttle
 * the stage below it (the environment file is refused at synth).
 */
export const API_FLOOD_RATE = { rateLimit: 1_000, burstLimit: 500 } as const;

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

/**
 * The field every lead form sends with the time (epoch ms, the browser's clock) the visitor
 * arrived on the page. The server reads a submission sent sooner than MIN_FILL_MS after it as
 * a bot's: the normal success answer, nothing sent. Without the field nothing is concluded, so
 * older clients and API users are not penalised.
 */
export const FORM_STARTED_FIELD = 'formStartedAt';

/** The body field that carries the solved browser check (see CHALLENGE_FORM_PARAM). */
export const CHALLENGE_FIELD = 'altcha';

/**
 * A challenge is good for this long after it is issued, and once. The browser fetches a new
 * one when its own is older than this less a margin, measured on its own clock from when it
 * fetched it, so clock skew between browser and server does not matter. Minutes, so proofs
 * solved while the price is low cannot be stockpiled for a flood (docs/decisions/051).
 */
export const CHALLENGE_TTL_MS = 5 * 60_000;

/**
 * Challenges one client network may fetch a minute. A visitor needs one per form they
 * start, and one after each submission; more than this is someone collecting them.
 */
export const CHALLENGE_RATE_LIMIT = {
  max: 30,
  windowMs: 60_000,
} as const;

/**
 * Faster than this from arrival to submit is not a person filling in a form. Kept low: a
 * form can be autofilled, and a false positive costs a real lead silently
 * (docs/decisions/021).
 */
export const MIN_FILL_MS = 2_000;

/**
 * How long personal data is kept, in days: every stored lead (the database deletes it when
 * this lapses) and the request logs of the site and the API. The privacy notice states these
 * figures and the infrastructure's defaults read them from here, so a change made here
 * changes both; a deployer who overrides them per stack must change the notice too.
 */
export const DATA_RETENTION = {
  leadDays: 730,
  logDays: 90,
} as const;

/**
 * Caps on where a lead came from (shared/src/attribution.ts). Here, not beside the schema, so
 * the browser code that records a visit's first page can keep to them without loading zod.
 */
export const ATTRIBUTION_LIMITS = {
  /** A site path, landing or form page. */
  pathMax: 200,
  /** An origin: scheme, host and port. */
  originMax: 200,
  /** One utm_* value, after cleaning. */
  utmMax: 100,
} as const;

/**
 * The one sessionStorage key that holds the first page of a tab's visit. Here because two
 * browser modules use it, the one that records it on every page and the one that reads it
 * in the lead forms, and a module of their own would cost every page an extra request.
 */
export const FIRST_TOUCH_STORAGE_KEY = 'kryon:attribution:v1';

/**
 * The research archive's query parameter that names one item (`/research-archive?item=<id>`):
 * the archive opens that item's download dialog, so a visitor whose personal link expired
 * can ask again at once. Kept here rather than beside the research catalogue, so the
 * archive's list, which reads it in the browser, does not carry the catalogue with it.
 */
export const ARCHIVE_ITEM_PARAM = 'item';
