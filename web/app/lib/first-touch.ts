/**
 * Where a visit came from, for the lead forms to send along (docs/decisions/037): the first
 * page of the tab's visit, the other site that linked to it (origin only) and the landing
 * URL's utm_* tags. Kept in sessionStorage under one key, so it lives as long as the tab's
 * visit and never leaves the browser except inside a form the visitor sends: no cookie, no
 * third party. lib/lead-form/lead-attribution.ts reads it back.
 *
 * No zod here: this runs on every page, and the shared schema (which the server applies)
 * would cost every page the validation library.
 */
import type { Attribution } from '@kryon/shared/attribution';
import { ATTRIBUTION_LIMITS, FIRST_TOUCH_STORAGE_KEY } from '@kryon/shared/constants';

// Each utm_* parameter and the part of the attribution it fills.
const UTM = [
  ['utm_source', 'utmSource'],
  ['utm_medium', 'utmMedium'],
  ['utm_campaign', 'utmCampaign'],
  ['utm_term', 'utmTerm'],
  ['utm_content', 'utmContent'],
] as const satisfies readonly (readonly [string, keyof Attribution])[];

/** The referring page's origin when it is another http(s) site; never its path or query. */
function externalOrigin(referrer: string, own: string): string | undefined {
  try {
    const { origin, protocol } = new URL(referrer);
    return origin !== own && (protocol === 'https:' || protocol === 'http:') ? origin : undefined;
  } catch {
    // No referrer (typed address, bookmark, a policy that sends none).
    return undefined;
  }
}

/**
 * Notes the first page of the tab's visit, once: a reload, a later page or a client-side
 * navigation finds the key and leaves it. Where storage is refused (privacy modes, disabled
 * storage, a full quota) nothing is kept and nothing fails.
 */
export function recordFirstTouch(
  location: Pick<Location, 'pathname' | 'search' | 'origin'> = window.location,
  referrer: string = document.referrer,
): void {
  try {
    const storage = window.sessionStorage;
    if (storage.getItem(FIRST_TOUCH_STORAGE_KEY) !== null) return;
    const touch: Attribution = {};
    // A longer path is not one of ours, and the server would drop it anyway.
    if (location.pathname.length <= ATTRIBUTION_LIMITS.pathMax) {
      touch.landingPath = location.pathname;
    }
    const from = externalOrigin(referrer, location.origin);
    if (from) touch.referrerOrigin = from;
    const params = new URLSearchParams(location.search);
    for (const [param, part] of UTM) {
      const value = params.get(param);
      // Cut to the cap by code point, never halving an emoji: a very long tag in a crafted
      // link can then neither be refused by the server nor swell the form's request.
      if (value) touch[part] = Array.from(value).slice(0, ATTRIBUTION_LIMITS.utmMax).join('');
    }
    storage.setItem(FIRST_TOUCH_STORAGE_KEY, JSON.stringify(touch));
  } catch {
    // Storage refused: this visit goes without a first touch.
  }
}
