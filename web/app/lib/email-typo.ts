import { run } from '@zootools/email-spell-checker';

/*
 * "Did you mean …?" for an e-mail address whose domain looks mistyped. Loaded only when a
 * visitor first reaches an e-mail field (components/forms/email-suggestion.tsx imports this
 * module dynamically), so no page carries it in its initial JavaScript.
 *
 * The library's own defaults are tuned for consumer sign-ups: its fuzzy match (sift3, up to
 * 2) turns `acme.com` into `me.com`, `ibm.com` into `aim.com`, and its top-level list turns
 * `.lu`, `.pt` or `.ac.uk` into other countries. Visitors here type work addresses, and a
 * wrong suggestion costs their trust, so it is configured to be sure, not eager:
 * - a whole domain is suggested only for a big mail provider's, one edit away
 *   (a letter left out, added, changed or two swapped);
 * - a top-level domain only as `.com`, `.net` or `.org`, one edit away from one of them, and
 *   never when what was typed is a real top-level domain itself (`.co`, `.cm`, `.new` …);
 * - no second-level guessing.
 */

/** Domains of large mail providers: the only whole domains ever suggested. */
export const PROVIDER_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'yahoo.co.uk',
  'yahoo.fr',
  'yahoo.de',
  'hotmail.com',
  'hotmail.co.uk',
  'hotmail.fr',
  'hotmail.de',
  'hotmail.it',
  'outlook.com',
  'outlook.de',
  'outlook.fr',
  'icloud.com',
  'protonmail.com',
  'proton.me',
  'yandex.com',
  'yandex.ru',
  't-online.de',
  'comcast.net',
  'verizon.net',
  'sbcglobal.net',
  'bellsouth.net',
  'btinternet.com',
  'orange.fr',
  'wanadoo.fr',
  'libero.it',
  'rocketmail.com',
  'fastmail.com',
  'posteo.de',
  'mailbox.org',
] as const;

/**
 * Real mail domains one edit from a provider's, or too short to guess at: never corrected,
 * and never offered either (a three-letter name is one edit from too many companies').
 */
export const OTHER_MAIL_DOMAINS = [
  'ymail.com',
  'mail.com',
  'email.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'gmx.at',
  'web.de',
  'me.com',
  'mac.com',
  'msn.com',
  'aol.com',
  'aim.com',
  'live.com',
  'qq.com',
  'sky.com',
  'cox.net',
  'att.net',
  'zoho.com',
  'hey.com',
  'mail.ru',
] as const;

/** The top-level domains a typo is corrected to. */
export const TARGET_TLDS = ['com', 'net', 'org'] as const;

/**
 * Every real top-level domain one edit from `com`, `net` or `org`: what was typed is then
 * taken as meant. `email-typo.test.ts` derives this list from the full IANA list.
 */
export const REAL_TLDS_NEAR_TARGETS = [
  'bet',
  'bom',
  'cam',
  'cm',
  'co',
  'et',
  'mom',
  'ne',
  'nec',
  'new',
  'next',
  'ntt',
  'om',
  'ong',
  'pet',
  'vet',
] as const;

/**
 * Edits between two strings: insertions, deletions, substitutions and swaps of two
 * neighbours (optimal string alignment), the typing mistakes a suggestion is for.
 */
export function typingDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i] as number[];
      const above = d[i - 1] as number[];
      let best = Math.min(
        (above[j] as number) + 1,
        (row[j - 1] as number) + 1,
        (above[j - 1] as number) + cost,
      );
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, ((d[i - 2] as number[])[j - 2] as number) + 1);
      }
      row[j] = best;
    }
  }
  return (d[a.length] as number[])[b.length] as number;
}

const KNOWN = new Set<string>([...PROVIDER_DOMAINS, ...OTHER_MAIL_DOMAINS]);
const TOP_LEVEL = [...TARGET_TLDS, ...REAL_TLDS_NEAR_TARGETS];
const KEEP_AS_TYPED = new Set<string>(REAL_TLDS_NEAR_TARGETS);

/**
 * The library's distance, as far as a suggestion goes: a real top-level domain near a target
 * is in its list only to be matched exactly (what was typed is kept), never offered.
 */
function suggestionDistance(typed: string, candidate: string): number {
  return KEEP_AS_TYPED.has(candidate) ? Number.POSITIVE_INFINITY : typingDistance(typed, candidate);
}

/**
 * The address the visitor probably meant, or undefined when the domain does not look
 * mistyped. The part before the @ is kept exactly as typed; the domain is compared in
 * lower case.
 */
export function suggestAddress(typed: string): string | undefined {
  const email = typed.trim();
  const at = email.lastIndexOf('@');
  if (at < 1 || email.indexOf('@') !== at) return undefined;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1).toLowerCase();
  if (!domain.includes('.') || KNOWN.has(domain)) return undefined;
  const suggestion = run({
    // The library encodes and parses the whole address; only its domain answer is used, so
    // a local part it would percent-encode (é, spaces) comes back untouched.
    email: `x@${domain}`,
    domains: [...PROVIDER_DOMAINS],
    domainThreshold: 1,
    topLevelDomains: TOP_LEVEL,
    topLevelThreshold: 1,
    secondLevelDomains: [],
    distanceFunction: suggestionDistance,
  });
  if (!suggestion || suggestion.domain === domain) return undefined;
  return `${local}@${suggestion.domain}`;
}
