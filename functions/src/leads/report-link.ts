import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PATHS } from '@kryon/shared/api';
import { RESEARCH_DOWNLOAD_IDS } from '@kryon/shared/research-catalogue';

/**
 * A visitor's personal, signed link to one research report: it cannot be altered, re-pointed
 * or kept working past its expiry (decision 031).
 */
export interface ReportLinkClaims {
  /**
   * The download lead's submissionId, made by the server: where the opening is recorded. Never
   * the idempotency key, which the client chose: the link goes to an address anyone can type.
   */
  lead: string;
  /** The research item's id. */
  item: string;
  /** Unix seconds after which the link is refused. */
  expiresAt: number;
}

export type ReportLinkVerdict =
  | {
      ok: true;
      claims: ReportLinkClaims;
      /**
       * What `claims.lead` is: the lead's id, or its idempotency key in a v1 link, whose branch
       * can go REPORT_LINK_DAYS after v2 was deployed (decision 050).
       */
      names: 'submission-id' | 'idempotency-key';
    }
  | { ok: false; reason: 'invalid' | 'expired' };

type Version = 'v1' | 'v2';

/** The signed string names its version, so a v1 signature can never pass for a v2 link. */
function signature(claims: ReportLinkClaims, key: string, version: Version): string {
  return createHmac('sha256', key)
    .update(`kryon-report-link/${version}\n${claims.lead}\n${claims.item}\n${claims.expiresAt}`)
    .digest('base64url');
}

/** The link's absolute URL on the API's origin. */
export function reportLinkUrl(apiOrigin: string, claims: ReportLinkClaims, key: string): string {
  const url = new URL(API_PATHS.report, apiOrigin);
  url.search = new URLSearchParams({
    lead: claims.lead,
    item: claims.item,
    expires: String(claims.expiresAt),
    sig: signature(claims, key, 'v2'),
  }).toString();
  return url.toString();
}

/** A lead named in a link: a UUID today, an idempotency key in v1 links; never anything else. */
const LEAD_PARAM = /^[A-Za-z0-9_-]{1,128}$/;

/**
 * What a presented link is worth: its signature first, then its expiry (decision 031). Any of
 * `keys` signs a genuine link, so links e-mailed before a rotation keep working (decision 035).
 */
export function verifyReportLink(
  query: Readonly<Record<string, string | undefined>>,
  keys: readonly string[],
  nowMs: number,
): ReportLinkVerdict {
  const { lead, item, expires, sig } = query;
  if (!lead || !item || !expires || !sig) return { ok: false, reason: 'invalid' };
  if (!LEAD_PARAM.test(lead) || !/^\d{1,12}$/.test(expires))
    return { ok: false, reason: 'invalid' };
  if (!(RESEARCH_DOWNLOAD_IDS as readonly string[]).includes(item)) {
    return { ok: false, reason: 'invalid' };
  }
  const claims: ReportLinkClaims = { lead, item, expiresAt: Number(expires) };
  const given = Buffer.from(sig);
  const signedAs = (version: Version) =>
    keys
      .map((key) => {
        const expected = Buffer.from(signature(claims, key, version));
        return given.length === expected.length && timingSafeEqual(given, expected);
      })
      .includes(true);
  const names = signedAs('v2') ? 'submission-id' : signedAs('v1') ? 'idempotency-key' : undefined;
  if (!names) return { ok: false, reason: 'invalid' };
  if (claims.expiresAt * 1000 <= nowMs) return { ok: false, reason: 'expired' };
  return { ok: true, claims, names };
}
