import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PATHS, IDEMPOTENCY_KEY_PATTERN } from '@kryon/shared/api';
import { RESEARCH_DOWNLOAD_IDS } from '@kryon/shared/research-catalogue';

/**
 * A visitor's personal link to one research report: it names the lead (its idempotency
 * key) and the report, carries an expiry, and is signed with an HMAC, so it cannot be
 * altered, pointed at another report or kept working past its expiry.
 */
export interface ReportLinkClaims {
  /** The download lead's idempotency key: where the opening is recorded. */
  lead: string;
  /** The research item's id. */
  item: string;
  /** Unix seconds after which the link is refused. */
  expiresAt: number;
}

export type ReportLinkVerdict =
  | { ok: true; claims: ReportLinkClaims }
  | { ok: false; reason: 'invalid' | 'expired' };

function signature(claims: ReportLinkClaims, key: string): string {
  return createHmac('sha256', key)
    .update(`kryon-report-link/v1\n${claims.lead}\n${claims.item}\n${claims.expiresAt}`)
    .digest('base64url');
}

/** The link's absolute URL on the API's origin. */
export function reportLinkUrl(apiOrigin: string, claims: ReportLinkClaims, key: string): string {
  const url = new URL(API_PATHS.report, apiOrigin);
  url.search = new URLSearchParams({
    lead: claims.lead,
    item: claims.item,
    expires: String(claims.expiresAt),
    sig: signature(claims, key),
  }).toString();
  return url.toString();
}

/**
 * What a presented link is worth: its signature first (an altered, truncated or re-pointed
 * link is invalid whatever it says), then its expiry. A link signed with any of `keys` is
 * genuine: links are signed with the current key, and e-mailed ones signed before a
 * rotation must keep working for their days.
 */
export function verifyReportLink(
  query: Readonly<Record<string, string | undefined>>,
  keys: readonly string[],
  nowMs: number,
): ReportLinkVerdict {
  const { lead, item, expires, sig } = query;
  if (!lead || !item || !expires || !sig) return { ok: false, reason: 'invalid' };
  if (!IDEMPOTENCY_KEY_PATTERN.test(lead) || !/^\d{1,12}$/.test(expires))
    return { ok: false, reason: 'invalid' };
  if (!(RESEARCH_DOWNLOAD_IDS as readonly string[]).includes(item)) {
    return { ok: false, reason: 'invalid' };
  }
  const claims: ReportLinkClaims = { lead, item, expiresAt: Number(expires) };
  const given = Buffer.from(sig);
  const matches = keys.map((key) => {
    const expected = Buffer.from(signature(claims, key));
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!matches.includes(true)) return { ok: false, reason: 'invalid' };
  if (claims.expiresAt * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims };
}
