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

const sitePath = z.string().check(z.refine(isSitePath));
const webOrigin = z.string().check(z.refine(isWebOrigin));
// The visitor chose these (they are in the link they followed, or typed): one line of the
// shared text rule, so no format character, control or encoded word reaches an e-mail.
const utmValue = z
  .string()
  .check(
    z.refine(isWellFormedText, { abort: true }),
    z.overwrite(cleanLine),
    z.minLength(1),
    z.maxLength(L.utmMax),
  );

// A value that fails its rule is left out, and the rest is kept: the source of a lead is a
// hint for marketing, and a bad hint must never cost the lead itself.
const kept = <T extends z.ZodMiniType<string, string>>(schema: T) =>
  z.catch(z.optional(schema), undefined);

const attributionObject = z.object({
  /** The first page of the visit (path only: a query could carry anything). */
  landingPath: kept(sitePath),
  /** The other site the visit came from: its origin, never the page. */
  referrerOrigin: kept(webOrigin),
  utmSource: kept(utmValue),
  utmMedium: kept(utmValue),
  utmCampaign: kept(utmValue),
  utmTerm: kept(utmValue),
  utmContent: kept(utmValue),
  /** The page the form was sent from. */
  formPath: kept(sitePath),
});

/** Where a lead came from, as stored: only the parts that were known and valid. */
export type Attribution = {
  [K in keyof z.output<typeof attributionObject>]?: string;
};

/** The names of the parts, in the order exports and e-mails list them. */
export const ATTRIBUTION_KEYS = Object.keys(attributionObject.shape) as (keyof Attribution)[];

function known(value: z.output<typeof attributionObject>): Attribution | undefined {
  const parts = Object.entries(value).filter(([, part]) => part !== undefined);
  return parts.length > 0 ? (Object.fromEntries(parts) as Attribution) : undefined;
}

/**
 * The `attribution` field of every lead form schema. It never refuses a lead: a value of the
 * wrong type becomes undefined, each part that breaks its rule is dropped, and an object
 * left with no part is no attribution at all, so a stored lead holds no empty object.
 */
export const attributionField = z.catch(
  z.optional(z.pipe(attributionObject, z.transform(known))),
  undefined,
);
