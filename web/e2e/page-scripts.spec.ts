import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PATHS } from '../app/paths.ts';
import { E2E_BUILD_DIR } from '../playwright.config.ts';
import { htmlFiles, pageScriptProblems } from '../scripts/browser-entries.ts';
import { attribute, elements, parseHtml } from '../scripts/html-tree.ts';
import { expect, test } from './fixtures.ts';

/*
 * No page runs the router (docs/decisions/064), checked on the build this run serves: every
 * page carries the site script and nothing else that runs, the script is served, a reading page
 * loads it alone, and a page with an island loads React only for it.
 */
const client = join(fileURLToPath(new URL('..', import.meta.url)), E2E_BUILD_DIR, 'client');

function siteScriptOf(html: string): string | undefined {
  for (const script of elements(parseHtml(html, false))) {
    const src = script.tagName === 'script' ? attribute(script, 'src') : undefined;
    if (src && /^\/assets\/site-[\w-]+\.js$/.test(src)) return src;
  }
  return undefined;
}

test('every built page runs the site script alone, and the script is served', async ({
  request,
}) => {
  const files = await htmlFiles(client);
  const pages = files.map((file) => relative(client, file));
  expect(pages).toContain('index.html');
  expect(pages).toContain(join('demo', 'index.html'));
  expect(pages).not.toContain('__spa-fallback.html');
  const scripts = new Set<string>();
  for (const file of files) {
    const html = await readFile(file, 'utf8');
    const site = siteScriptOf(html) ?? 'no site script';
    expect(pageScriptProblems(html, site), relative(client, file)).toEqual([]);
    scripts.add(site);
  }
  expect(scripts.size).toBe(1);
  for (const url of scripts) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type'], url).toMatch(/javascript/);
  }
});

test('the build ships none of the router’s client files nor its loader data', async ({
  request,
}) => {
  const entries = await readdir(client, { recursive: true });
  const files = entries.map((entry) => entry.split(sep).join('/'));
  expect(files).toContainEqual(expect.stringMatching(/^assets\/site-[\w-]+\.js$/));
  expect(files.filter((file) => file.endsWith('.data'))).toEqual([]);
  expect(files.filter((file) => /^assets\/(?:entry\.client|manifest|root)-/.test(file))).toEqual(
    [],
  );
  // A loader data URL is an unknown path, as it is at the edge (infra/lib/site-router.ts).
  for (const url of ['/_.data', '/features.data']) {
    expect((await request.get(url)).status(), url).toBe(404);
  }
});

/** The paths of the scripts the page has fetched so far. */
function scriptsLoaded(page: import('@playwright/test').Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .filter((path) => path.endsWith('.js')),
  );
}

test('a reading page loads the site script alone; a page with islands loads React when one is touched', async ({
  page,
}) => {
  const siteAlone = [expect.stringMatching(/^\/assets\/site-[\w-]+\.js$/)];
  await page.goto(PATHS.privacy);
  expect(await scriptsLoaded(page)).toEqual(siteAlone);
  // The 404 page reads the address only under the security intelligence section.
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  expect(await scriptsLoaded(page)).toEqual(siteAlone);
  // Under it, the site script picks the screen from the page's templates: no React, only the
  // small code that picks it (and the modules it shares).
  await page.goto('/security-intelligence/no-such-category');
  await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
  const onNotFound = await scriptsLoaded(page);
  expect(onNotFound).toContainEqual(expect.stringMatching(/^\/assets\/not-found-[\w-]+\.js$/));
  expect(
    onNotFound.filter(
      (path) => !/^\/assets\/(site|not-found|site-config|library-types)-[\w-]+\.js$/.test(path),
    ),
  ).toEqual([]);

  // The article list waits for the visitor: its small loader, not React, until touched.
  await page.goto(PATHS.intelligence);
  const react = /\/assets\/(islands|article-library)-[\w-]+\.js$/;
  expect((await scriptsLoaded(page)).filter((path) => react.test(path))).toEqual([]);
  await page.getByRole('searchbox', { name: 'Search articles' }).focus();
  await expect(page.locator('[data-island="article-library"][data-hydrated]')).toHaveCount(1);
  const loaded = await scriptsLoaded(page);
  expect(loaded).toContainEqual(expect.stringMatching(/^\/assets\/islands-[\w-]+\.js$/));
  expect(loaded).toContainEqual(expect.stringMatching(/^\/assets\/article-library-[\w-]+\.js$/));
  // Not the router's own entry, nor another island.
  expect(loaded.filter((path) => /entry\.client|research-library|demo-request/.test(path))).toEqual(
    [],
  );
});
