import {
  SPECULATION_RULES_CONTENT_TYPE,
  SPECULATION_RULES_HEADER_VALUE,
  SPECULATION_RULES_PATH,
} from '@kryon/shared/speculation-rules';
import { expect, test } from './fixtures.ts';

/*
 * Navigation between pages stays fast without client-side routing: every page names a rules
 * file in its Speculation-Rules header (no inline script for the CSP to allow), Chromium
 * prefetches a page's same-origin links on hover under those rules, and a navigation from one
 * page to the next cross-fades with the header held still (web/app/styles/base.css).
 */

const PAGES = [
  '/',
  '/features',
  '/security-intelligence/identity-risks/long-lived-access-keys',
  '/contact',
  '/no-such-page',
];

for (const path of PAGES) {
  test(`${path} names the speculation rules file in its response`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.headers()['speculation-rules']).toBe(SPECULATION_RULES_HEADER_VALUE);
    expect(SPECULATION_RULES_HEADER_VALUE).toBe(`"${SPECULATION_RULES_PATH}"`);
  });
}

test('the rules file is served as speculation rules: prefetch on hover, never the API', async ({
  request,
}) => {
  const response = await request.get(SPECULATION_RULES_PATH);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe(SPECULATION_RULES_CONTENT_TYPE);
  const rules = JSON.parse(await response.text());
  // Prefetch only: a prerendered page would run its scripts for a visit nobody made.
  expect(Object.keys(rules)).toEqual(['prefetch']);
  expect(rules.prefetch).toHaveLength(1);
  expect(rules.prefetch[0]).toMatchObject({ source: 'document', eagerness: 'moderate' });
  expect(rules.prefetch[0].where.and).toContainEqual({ not: { href_matches: '/api/*' } });
});

test('the rules cover the pages a page links to, and no API, file, nofollow or download link', async ({
  page,
  request,
}) => {
  const rules = await (await request.get(SPECULATION_RULES_PATH)).json();
  await page.goto('/');
  // The browser's own URLPattern and selector matching decide, as they do for the real rules.
  const covered = await page.evaluate(
    ({ rules, rulesPath }) => {
      type Predicate =
        | { and: Predicate[] }
        | { or: Predicate[] }
        | { not: Predicate }
        | { href_matches: string }
        | { selector_matches: string };
      const base = new URL(rulesPath, location.href).href;
      const applies = (p: Predicate, link: HTMLAnchorElement): boolean => {
        if ('and' in p) return p.and.every((q) => applies(q, link));
        if ('or' in p) return p.or.some((q) => applies(q, link));
        if ('not' in p) return !applies(p.not, link);
        if ('href_matches' in p) return new URLPattern(p.href_matches, base).test(link.href);
        return link.matches(p.selector_matches);
      };
      const prefetched = (link: HTMLAnchorElement) =>
        (rules.prefetch as { where: Predicate }[]).some((rule) => applies(rule.where, link));
      const probe = (href: string, attributes: Record<string, string> = {}) => {
        const link = document.createElement('a');
        link.href = href;
        for (const [name, value] of Object.entries(attributes)) link.setAttribute(name, value);
        return prefetched(link);
      };
      const nav = [...document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Main"] a')];
      return {
        navLinks: nav.length,
        navPrefetched: nav.filter(prefetched).map((link) => new URL(link.href).pathname),
        navSkipped: nav.filter((link) => !prefetched(link)).map((link) => link.href),
        excluded: {
          report: probe('/api/email/report?lead=L1&item=x&expires=1&sig=s'),
          health: probe('/api/email/health'),
          feed: probe('/security-intelligence/feed.xml'),
          sitemap: probe('/sitemap.xml'),
          robots: probe('/robots.txt'),
          securityTxt: probe('/.well-known/security.txt'),
          pdf: probe('/reports/report.pdf'),
          nofollow: probe('/features', { rel: 'external nofollow' }),
          download: probe('/features', { download: '' }),
          otherSite: probe('https://other.example/features'),
        },
        page: probe('/features?utm_source=x'),
      };
    },
    { rules, rulesPath: SPECULATION_RULES_PATH },
  );
  expect(covered.navLinks).toBeGreaterThan(0);
  expect(covered.navSkipped).toEqual([]);
  expect(covered.navPrefetched).toContain('/features');
  expect(covered.page).toBe(true);
  for (const [name, prefetched] of Object.entries(covered.excluded)) {
    expect(prefetched, name).toBe(false);
  }
});

test('Chromium takes the rules from the header and prefetches a page link on hover', async ({
  page,
}) => {
  // DevTools' Preload domain reports each rule set the page loaded, with any parse error.
  const cdp = await page.context().newCDPSession(page);
  const ruleSets: { url?: string; errorType?: string; errorMessage?: string }[] = [];
  cdp.on('Preload.ruleSetUpdated', ({ ruleSet }) => ruleSets.push(ruleSet));
  await cdp.send('Preload.enable');
  const prefetches: string[] = [];
  page.on('request', (request) => {
    if (request.headers()['sec-purpose']?.startsWith('prefetch')) prefetches.push(request.url());
  });

  await page.goto('/');
  await expect
    .poll(() => ruleSets.map((set) => set.url))
    .toContain(new URL(SPECULATION_RULES_PATH, page.url()).href);
  for (const set of ruleSets) expect(set.errorType, set.errorMessage).toBeUndefined();
  expect(prefetches).toEqual([]);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Features' })
    .hover();
  await expect.poll(() => prefetches).toContain(new URL('/features', page.url()).href);
});

const NAVIGATIONS = [
  { reducedMotion: 'no-preference', transition: 'yes', name: 'cross-fades' },
  { reducedMotion: 'reduce', transition: 'no', name: 'does not animate when motion is reduced' },
] as const;

for (const { reducedMotion, transition, name } of NAVIGATIONS) {
  test(`a page-to-page navigation ${name}, the header under a name of its own`, async ({
    page,
  }) => {
    await page.emulateMedia({ reducedMotion });
    // Each page records whether it was revealed by a cross-document view transition.
    await page.addInitScript(() => {
      addEventListener('pagereveal', (event) => {
        const { viewTransition } = event as Event & { viewTransition: unknown };
        sessionStorage.setItem(`e2e-vt:${location.pathname}`, viewTransition ? 'yes' : 'no');
      });
    });
    await page.goto('/contact');
    // A plain link, so the navigation loads a new document whatever the page's own links do.
    await page.evaluate(() => {
      const link = document.createElement('a');
      link.href = '/features';
      link.id = 'plain-link';
      link.textContent = 'Features';
      document.body.prepend(link);
    });
    await page.locator('#plain-link').click();
    await expect(page).toHaveURL('/features');
    await expect
      .poll(() => page.evaluate(() => sessionStorage.getItem('e2e-vt:/features')))
      .toBe(transition);
    await expect(page.locator('.site-header')).toHaveCSS('view-transition-name', 'site-header');
  });
}
