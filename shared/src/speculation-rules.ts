/**
 * The site's speculation rules, written once: the web build writes them to a file
 * (web/react-router.config.ts), and CloudFront (infra) and the local server (functions/local)
 * name that file in a `Speculation-Rules` header on every site response and serve it with the
 * content type browsers require. A header and a file, not an inline
 * `<script type="speculationrules">`, so the CSP keeps allowing no inline script
 * (shared/src/security-headers.ts). Decision 062 says why the rules are these.
 */

/** Where the build writes the rules, and the URL the header names. */
export const SPECULATION_RULES_PATH = '/speculation-rules.json';

/** Browsers ignore a rules file served with any other type. */
export const SPECULATION_RULES_CONTENT_TYPE = 'application/speculationrules+json';

export const SPECULATION_RULES_HEADER = 'Speculation-Rules';

/** The header's value is a list of quoted URL strings (a structured field). */
export const SPECULATION_RULES_HEADER_VALUE = JSON.stringify(SPECULATION_RULES_PATH);

/** Headers for every site response (pages and files alike: browsers read this one on pages). */
export const SITE_NAVIGATION_HEADERS: Readonly<Record<string, string>> = {
  [SPECULATION_RULES_HEADER]: SPECULATION_RULES_HEADER_VALUE,
};

/** How soon a rule acts: `moderate` is on hover (about 200 ms) or on pointer down. */
export type SpeculationEagerness = 'immediate' | 'eager' | 'moderate' | 'conservative';

/** The `where` of a document rule: which links on the page it applies to. */
export type DocumentRulePredicate =
  | { readonly and: readonly DocumentRulePredicate[] }
  | { readonly or: readonly DocumentRulePredicate[] }
  | { readonly not: DocumentRulePredicate }
  | { readonly href_matches: string }
  | { readonly selector_matches: string };

/** A rule over the links of the page (`source: document`), not a fixed list of URLs. */
export interface DocumentRule {
  readonly source: 'document';
  readonly where: DocumentRulePredicate;
  readonly eagerness: SpeculationEagerness;
}

/**
 * A rule set that only prefetches. Prerendering would run a page's scripts before the visitor
 * asked for it: analytics would count visits nobody made, and first-touch attribution would
 * be recorded from a page the visitor may never open (decision 062).
 */
export interface SpeculationRuleSet {
  readonly prefetch: readonly DocumentRule[];
  readonly prerender?: never;
}

/**
 * URL patterns of links that are not pages of the site, relative to the site's origin. The API
 * does things when asked (a report link records that its lead opened it); files are not
 * documents a visitor navigates between. Every page has a clean URL without a dot.
 */
export const NOT_PREFETCHED_HREFS = [
  '/api/*',
  '/.well-known/*',
  // Any path with an extension: the feed, sitemap.xml, robots.txt, PDFs, images, data files.
  '/*.*',
] as const;

/** Links the page marks as not to be followed, or as downloads rather than pages. */
export const NOT_PREFETCHED_SELECTORS = ['[rel~=nofollow]', '[download]'] as const;

export const SPECULATION_RULES: SpeculationRuleSet = {
  prefetch: [
    {
      source: 'document',
      where: {
        and: [
          // Same origin: relative to the rules file, which the site itself serves.
          { href_matches: '/*' },
          ...NOT_PREFETCHED_HREFS.map((href) => ({ not: { href_matches: href } })),
          ...NOT_PREFETCHED_SELECTORS.map((selector) => ({
            not: { selector_matches: selector },
          })),
        ],
      },
      eagerness: 'moderate',
    },
  ],
};

/** The rules file's text, as the build writes it. */
export function speculationRulesJson(rules: SpeculationRuleSet = SPECULATION_RULES): string {
  return `${JSON.stringify(rules, null, 2)}\n`;
}
