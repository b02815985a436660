import { describe, expect, it } from 'vitest';
import { SITE_FILE_CONTENT_TYPES } from './site-files.ts';
import {
  type DocumentRulePredicate,
  NOT_PREFETCHED_SELECTORS,
  SITE_NAVIGATION_HEADERS,
  SPECULATION_RULES,
  SPECULATION_RULES_CONTENT_TYPE,
  SPECULATION_RULES_HEADER,
  SPECULATION_RULES_HEADER_VALUE,
  SPECULATION_RULES_PATH,
  speculationRulesJson,
} from './speculation-rules.ts';

const ORIGIN = 'https://kryon.example';
/** Browsers resolve an external rule set's patterns against the rules file's own URL. */
const RULES_URL = new URL(SPECULATION_RULES_PATH, ORIGIN).toString();

/** A link as the predicate sees it: its URL, and the selectors it matches (none by default). */
interface Link {
  href: string;
  matches?: readonly string[];
}

/**
 * Evaluates a `where` predicate the way the browser does for one link: URL patterns with the
 * platform's URLPattern (the same matcher the browser uses), selectors by the list the link
 * is said to match, since there is no DOM here (the browser journey checks the selectors).
 */
function applies(predicate: DocumentRulePredicate, link: Link): boolean {
  if ('and' in predicate) return predicate.and.every((p) => applies(p, link));
  if ('or' in predicate) return predicate.or.some((p) => applies(p, link));
  if ('not' in predicate) return !applies(predicate.not, link);
  if ('href_matches' in predicate) {
    return new URLPattern(predicate.href_matches, RULES_URL).test(new URL(link.href, ORIGIN));
  }
  return link.matches?.includes(predicate.selector_matches) ?? false;
}

const prefetched = (link: Link) =>
  SPECULATION_RULES.prefetch.some((rule) => applies(rule.where, link));

describe('the speculation rules', () => {
  it('are named by a header whose value is the quoted path of the rules file', () => {
    expect(SPECULATION_RULES_HEADER).toBe('Speculation-Rules');
    expect(SPECULATION_RULES_HEADER_VALUE).toBe('"/speculation-rules.json"');
    expect(SITE_NAVIGATION_HEADERS).toEqual({ 'Speculation-Rules': '"/speculation-rules.json"' });
  });

  it('are served with the content type browsers require, by both servers', () => {
    expect(SPECULATION_RULES_CONTENT_TYPE).toBe('application/speculationrules+json');
    expect(SITE_FILE_CONTENT_TYPES[SPECULATION_RULES_PATH]).toBe(SPECULATION_RULES_CONTENT_TYPE);
  });

  it('are written as JSON that reads back as the definition', () => {
    const text = speculationRulesJson();
    expect(text.endsWith('\n')).toBe(true);
    expect(JSON.parse(text)).toEqual(SPECULATION_RULES);
  });

  it('only prefetch, over the links of the page, on hover', () => {
    const parsed = JSON.parse(speculationRulesJson());
    expect(Object.keys(parsed)).toEqual(['prefetch']);
    expect(parsed.prefetch).toHaveLength(1);
    expect(parsed.prefetch[0]).toMatchObject({ source: 'document', eagerness: 'moderate' });
  });

  it.each([
    '/',
    '/features',
    '/security-intelligence/identity-risks',
    '/security-intelligence/identity-risks/long-lived-access-keys',
    '/research-archive',
    '/contact?utm_source=newsletter',
    '/features#pricing',
    `${ORIGIN}/privacy`,
  ])('prefetch the page %s', (href) => {
    expect(prefetched({ href })).toBe(true);
  });

  it.each([
    '/api/email/report?lead=L1&item=x&expires=1&sig=abc',
    '/api/email/health',
    '/api/email/challenge?form=demo',
    '/security-intelligence/feed.xml',
    '/sitemap.xml',
    '/robots.txt',
    '/.well-known/security.txt',
    '/reports/kev-exposure-prioritization.pdf',
    '/og/attack-paths.png',
    '/features.data',
    '/speculation-rules.json',
    'https://other.example/features',
  ])('never prefetch %s, which is not a page of the site', (href) => {
    expect(prefetched({ href })).toBe(false);
  });

  it.each(NOT_PREFETCHED_SELECTORS)('never prefetch a page link marked %s', (selector) => {
    expect(prefetched({ href: '/features' })).toBe(true);
    expect(prefetched({ href: '/features', matches: [selector] })).toBe(false);
  });
});
