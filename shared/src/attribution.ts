/**
 * Where a lead came from: the first page of the visit, the other site that sent the visitor
 * (its origin only), the campaign tags of the landing URL, and the page the form was sent
 * from. Every lead form may carry it as `attribution`; none needs it (docs/decisions/037).
 */
import * as z from 'zod/mini';
import { ATTRIBUTION_LIMITS } from './constants.ts';
import { cleanLine, isWellFormedText } from './text.ts';

const L = ATTRIBUTION_LIMITS;

// What a browser's location.pathname holds: a slash, then percent-encoded path characters
// (RFC 3986 pchar and "/"). Spaces, quotes, angle brackets and controls never appear there,
// so one that does is not a path a browser reported. A second leading slash would read as
// a protocol-relative URL (//evil.example) to a person or a mail client.
const SITE_PATH = /^\/(?!\/)[A-Za-z0-9\-._~!$&'()*+,;=:@%/]*$/;

/** True for a path on this site as a browser reports it: `/`, then URL path characters. */
export function isSitePath(value: string): boolean {
  return value.length <= L.pathMax && SITE_PATH.test(value);
}

/**
 * True for an http(s) origin written as browsers write one (`https://news.example`,
 * `http://localhost:8080`): no path, query, user or trailing slash, host in lower case.
 */
export function isWebOrigin(value: string): boolean {
  if (value.length > L.originMax) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value;
  } catch {
    return false;
  }
}

/** The value cleaned to one line, when something is left within the cap; else undefined. */
function utmValue(value: string): string | undefined {
  // The visitor chose these (they are in the link they followed, or typed): one line of the
  // shared text rule, so no format character, control or encoded word reaches an e-mail.
  if (!isWellFormedText(value)) return undefined;
  const clean = cleanLine(value);
  return clean !== '' && clean.length <= L.utmMax ? clean : undefined;
}

const sitePath = (value: string) => (isSitePath(value) ? value : undefined);
const webOrigin = (value: string) => (isWebOrigin(value) ? value : undefined);

/** Each part, in the order exports and e-mails list them, with the rule that keeps it. */
const PARTS = {
  /** The first page of the visit (path only: a query could carry anything). */
  landingPath: sitePath,
  /** The other site the visit came from: its origin, never the page. */
  referrerOrigin: webOrigin,
  utmSource: utmValue,
  utmMedium: utmValue,
  utmCampaign: utmValue,
  utmTerm: utmValue,
  utmContent: utmValue,
  /** The page the form was sent from. */
  formPath: sitePath,
} satisfies Record<string, (value: string) => string | undefined>;

/** Where a lead came from, as stored: only the parts that were known and valid. */
export type Attribution = { [K in keyof typeof PARTS]?: string };

export const ATTRIBUTION_KEYS = Object.keys(PARTS) as (keyof Attribution)[];

/**
 * The valid parts of a submitted attribution. A part that breaks its rule is left out and
 * the rest kept: the source of a lead is a hint for marketing, and a bad hint must never
 * cost the lead itself. Anything but an object, or an object with no valid part, is none.
 */
export function keptAttribution(value: unknown): Attribution | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const kept: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const part: unknown = Object.hasOwn(value, key)
      ? (value as Record<string, unknown>)[key]
      : undefined;
    const valid = typeof part === 'string' ? PARTS[key](part) : undefined;
    if (valid !== undefined) kept[key] = valid;
  }
  return ATTRIBUTION_KEYS.some((key) => key in kept) ? kept : undefined;
}

/**
 * The `attribution` field of every lead form schema. It never refuses a lead: it keeps what
 * {@link keptAttribution} keeps, so a stored lead holds no invalid part and no empty object.
 * Plain rules rather than zod's catch and a nested object: this ships in every form page,
 * where the rules cost about half as many bytes (docs/decisions/037).
 */
export const attributionField = z.optional(z.transform(keptAttribution));
