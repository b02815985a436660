import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { E2E_BUILD_DIR } from '../playwright.config.ts';
import {
  contentFirstProblems,
  routerHydrates,
  staticPageProblems,
} from '../scripts/defer-hydration.ts';
import { htmlFiles } from '../scripts/externalize-inline-scripts.ts';
import { attribute, elements, parseHtml } from '../scripts/html-tree.ts';
import { expect, test } from './fixtures.ts';

/*
 * Content first (docs/decisions/025-content-first-hydration.md), checked on the build this run
 * serves: every page paints before it requests a script, and what its boot script starts is
 * there to start. A framework upgrade that changes its markup shows here, not in a slower site.
 */
const client = join(fileURLToPath(new URL('..', import.meta.url)), E2E_BUILD_DIR, 'client');

/** The site script every page loads (app/browser/site.ts), as the build named it. */
const SITE_SCRIPT = /^\/assets\/site-[\w-]+\.js$/;

/** The scripts a page's boot script loads: its own file, the modules it lists, the placeholders'. */
function scriptsOf(html: string): string[] {
  const urls: string[] = [];
  for (const script of elements(parseHtml(html, false))) {
    if (script.tagName !== 'script') continue;
    const modules = attribute(script, 'data-modules');
    if (modules !== undefined) urls.push(attribute(script, 'src') ?? '', ...modules.split(' '));
    const deferred = attribute(script, 'data-src');
    if (deferred !== undefined) urls.push(deferred);
    const src = attribute(script, 'src');
    if (attribute(script, 'type') === 'module' && src) urls.push(src);
  }
  return urls;
}

test('every page the router hydrates requests no script before it paints, every other page runs the site script alone, and every script is served', async ({
  request,
}) => {
  const files = await htmlFiles(client);
  const pages = files.map((file) => relative(client, file));
  expect(pages).toContain('index.html');
  expect(pages).toContain(join('demo', 'index.html'));
  const scripts = new Set<string>();
  for (const file of files) {
    const html = await readFile(file, 'utf8');
    if (routerHydrates(html)) {
      expect(contentFirstProblems(html), relative(client, file)).toEqual([]);
    } else {
      const site = scriptsOf(html).find((url) => SITE_SCRIPT.test(url)) ?? 'no site script';
      expect(staticPageProblems(html, site), relative(client, file)).toEqual([]);
    }
    for (const url of scriptsOf(html)) scripts.add(url);
  }
  for (const url of scripts) {
    const response = await request.get(url);
    expect(response.status(), url).toBe(200);
    expect(response.headers()['content-type'], url).toMatch(/javascript/);
  }
});

test('in the browser, only the boot script is requested before the first contentful paint', async ({
  page,
}) => {
  // A page the router hydrates: the home page runs the site script alone.
  await page.goto('/contact');
  const { paint, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ path: new URL(entry.name).pathname, start: entry.startTime })),
  }));
  expect(paint).toBeGreaterThan(0);
  const early = scripts.filter((s) => s.start < (paint ?? 0)).map((s) => s.path);
  expect(early.filter((path) => !/^\/assets\/boot-[0-9a-f]+\.js$/.test(path))).toEqual([]);
  // The page did start its scripts, after painting.
  expect(scripts.filter((s) => s.start >= (paint ?? 0)).length).toBeGreaterThan(3);
});
