/**
 * `npm run bench:web`: the site's figures. Builds the site, serves the build on 127.0.0.1 the
 * way CloudFront does (clean URLs, compression), times the research reports the build makes,
 * then for every page of the built sitemap (and the 404 page, also at an unknown article
 * address):
 *
 * - the JavaScript it loads up front, gzip, measured in Chromium: the page is opened on a
 *   phone-sized screen, left alone until the network has been quiet for a while, and every
 *   script response it made is gzipped here, so the figure counts what the browser really
 *   fetched (the site script, module preloads, islands imported later) whatever the HTML looks
 *   like, and does not depend on the local server's compression. A page with no script reads
 *   0.0 KB. Each figure is checked against its page kind's budget (scripts/bench-targets.ts);
 * - Lighthouse mobile scores (median of BENCH_RUNS, default 1, because LCP varies run to run),
 *   LCP, TBT and CLS; for the key pages also the LCP of the same page with every script
 *   removed, the floor no design can beat, and the ratio of the two;
 *
 * each beside the baseline in scripts/bench-baseline.json. Asserts nothing: it exits 0 and
 * prints FAIL beside a page over its budget.
 *
 *   BENCH_SKIP_BUILD=1       measure the build already in web/build
 *   BENCH_RUNS=3             Lighthouse runs per page, median taken
 *   BENCH_PAGES=/,/features  run Lighthouse on those pages only (initial JS is still measured
 *                            on every page)
 *   BENCH_WRITE_BASELINE=1   write scripts/bench-baseline.json from this run, under the newest
 *                            commit that changed anything but the bench itself; pages Lighthouse
 *                            skipped keep their earlier Lighthouse figures
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import compression from 'compression';
import { XMLParser } from 'fast-xml-parser';
import lighthouse from 'lighthouse';
import { type Browser, chromium, devices } from 'playwright-core';
import sirv from 'sirv';
import { researchItems, researchReports } from '../app/content/research-items.ts';
import { NOT_FOUND_PATH } from '../app/paths.ts';
import { SITE } from '../app/site-config.ts';
import { JS_TARGET_BYTES, type PageKind, pageKind, UNKNOWN_ARTICLE_PATH } from './bench-targets.ts';
import { browserExecutable, CHROMIUM_ARGS } from './chromium.ts';
import { applyEdits, elements, parseHtml, scriptKind, sourceSpan } from './html-tree.ts';
import { buildReports } from './reports/build-reports.ts';

const web = resolve(fileURLToPath(new URL('..', import.meta.url)));
const client = join(web, 'build', 'client');
const BASELINE_FILE = join(web, 'scripts', 'bench-baseline.json');
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
/** The pages whose LCP is also compared with their no-script floor: one of each design. */
const KEY_PAGES = new Set([
  '/',
  '/features',
  '/what-we-are',
  '/security-intelligence',
  '/security-intelligence/identity-risks/long-lived-access-keys',
  '/demo',
  '/request-access',
]);
/** Pages under this prefix are served with every script removed. */
const FLOOR = '/__floor';
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];
const EXECUTABLE_PATH = browserExecutable();
/**
 * How long the network must stay quiet before a page counts as settled: past network idle,
 * so a script started late (an island loads after the site script has run) still shows up.
 */
const QUIET_MS = 1000;
/** Past this, a page that never goes quiet (a poller) is measured as it stands. */
const SETTLE_LIMIT_MS = 15_000;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const htmlFile = (path: string) => join(client, path === '/' ? '' : path, 'index.html');
const DASH = '—';

/** The built sitemap's pages as paths, so the local server answers for the site's origin. */
function sitemapPaths(): string[] {
  const xml = readFileSync(join(client, 'sitemap.xml'), 'utf8');
  const parsed = new XMLParser({ isArray: (name) => name === 'url' }).parse(xml) as {
    urlset?: { url?: { loc: string }[] };
  };
  return (parsed.urlset?.url ?? []).map((url) => new URL(url.loc).pathname);
}

interface InitialJs {
  bytes: number;
  files: number;
}

/**
 * The JavaScript a visitor's browser loads on opening the page and doing nothing, gzip: every
 * response that is a script by request type (scripts, module preloads) or by content type
 * (a module fetched another way), counted once per URL. A fresh context per page, so nothing
 * comes from the cache.
 */
async function initialJs(browser: Browser, url: string): Promise<InitialJs> {
  const context = await browser.newContext({ ...devices['Pixel 7'] });
  try {
    const page = await context.newPage();
    const sizes = new Map<string, Promise<number>>();
    let pending = 0;
    let lastActivity = performance.now();
    const settled = () => {
      pending -= 1;
      lastActivity = performance.now();
    };
    page.on('request', () => {
      pending += 1;
      lastActivity = performance.now();
    });
    page.on('requestfinished', settled);
    page.on('requestfailed', settled);
    page.on('response', (response) => {
      const type = response.request().resourceType();
      const contentType = response.headers()['content-type'] ?? '';
      if (type !== 'script' && !/javascript|ecmascript/i.test(contentType)) return;
      if (!response.ok() || sizes.has(response.url())) return;
      sizes.set(
        response.url(),
        response.body().then((body) => gzipSync(body).length),
      );
    });
    const started = performance.now();
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    while (
      (pending > 0 || performance.now() - lastActivity < QUIET_MS) &&
      performance.now() - started < SETTLE_LIMIT_MS
    ) {
      await page.waitForTimeout(100);
    }
    const bytes = await Promise.all(sizes.values());
    return { bytes: bytes.reduce((sum, n) => sum + n, 0), files: bytes.length };
  } finally {
    await context.close();
  }
}

/** The page with every script a browser would run removed; data blocks (JSON-LD) stay. */
function stripScripts(html: string): string {
  const edits = [...elements(parseHtml(html))]
    .filter((element) => element.tagName === 'script' && scriptKind(element) !== 'data')
    .map((script) => ({ ...sourceSpan(script), text: '' }));
  return applyEdits(html, edits);
}

function serve(): Promise<{ origin: string; close: () => void }> {
  const compress = compression();
  const files = sirv(client, { dev: false, extensions: ['html'] });
  type Req = Parameters<typeof compress>[0];
  type Res = Parameters<typeof compress>[1];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    compress(req as Req, res as Res, () => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname.startsWith(FLOOR)) {
        const path = url.pathname.slice(FLOOR.length) || '/';
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(stripScripts(readFileSync(htmlFile(path), 'utf8')));
        return;
      }
      // An unknown address gets the 404 page, as CloudFront answers it.
      files(req, res, () => {
        res.statusCode = 404;
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.end(readFileSync(htmlFile(NOT_FOUND_PATH), 'utf8'));
      });
    });
  });
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () =>
      done({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        close: () => server.close(),
      }),
    ),
  );
}

interface Run {
  perf: number;
  a11y: number;
  best: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
}

async function audit(port: number, url: string): Promise<Run> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`no Lighthouse result for ${url}`);
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const value = (id: string) => lhr.audits[id]?.numericValue ?? 0;
  return {
    perf: score('performance'),
    a11y: score('accessibility'),
    best: score('best-practices'),
    seo: score('seo'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

interface BaselinePage {
  jsGzipBytes: number;
  tbtMs?: number;
  perf?: number;
}

/** Figures of an earlier build to print beside this one's (BENCH_WRITE_BASELINE=1 writes it). */
interface Baseline {
  /** The newest commit that changed anything but the bench: the site the figures describe. */
  commit: string;
  date: string;
  runs: number;
  pages: Record<string, BaselinePage>;
}

function readBaseline(): Baseline | undefined {
  if (!existsSync(BASELINE_FILE)) return undefined;
  return JSON.parse(readFileSync(BASELINE_FILE, 'utf8')) as Baseline;
}

/**
 * The commit whose site this run measured. The bench's own commits (its scripts, its README
 * line) change no page, so they are skipped, and a baseline taken after them still names the
 * site's commit; uncommitted changes elsewhere are said so.
 */
function measuredCommit(): string {
  const git = (...args: string[]) =>
    spawnSync('git', args, { cwd: web, encoding: 'utf8' }).stdout.trim();
  const scope = [':(top)', ':(top,exclude)web/scripts/bench*', ':(top,exclude)README.md'];
  const commit = git('log', '-1', '--format=%h', '--', ...scope);
  const changed = git('status', '--porcelain', '--untracked-files=no', '--', ...scope);
  return changed ? `${commit}+uncommitted` : commit;
}

function kindOf(path: string): PageKind | undefined {
  try {
    return pageKind(path);
  } catch {
    return undefined;
  }
}

let buildSeconds: number | undefined;
if (process.env.BENCH_SKIP_BUILD !== '1') {
  const started = performance.now();
  const build = spawnSync('npm', ['run', 'build'], { cwd: web, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
  buildSeconds = (performance.now() - started) / 1000;
}
if (!existsSync(htmlFile('/'))) throw new Error('no build in web/build/client');

// The research reports the build generates, timed on their own: what they add to the build.
{
  const outDir = mkdtempSync(join(tmpdir(), 'kryon-bench-reports-'));
  const started = performance.now();
  const reports = await buildReports({
    items: researchItems,
    reports: researchReports,
    siteOrigin: SITE.origin,
    outDir,
  });
  const seconds = (performance.now() - started) / 1000;
  rmSync(outDir, { recursive: true, force: true });
  console.log(
    `\nResearch reports (PDF, generated by the build): ${reports.length} in ${seconds.toFixed(2)} s` +
      (buildSeconds === undefined
        ? ''
        : `; the whole build ${buildSeconds.toFixed(1)} s (target: under 30 s) ${buildSeconds < 30 ? 'pass' : 'FAIL'}`),
  );
  for (const report of reports)
    console.log(`  ${report.id.padEnd(52)} ${kb(report.bytes).padStart(9)}`);
}

const site = await serve();
// The 404 page twice: as itself, and at an unknown address under the security intelligence
// section, where it picks the screen the address calls for.
const pages = [...new Set([...sitemapPaths(), NOT_FOUND_PATH, UNKNOWN_ARTICLE_PATH])];
const requested = process.env.BENCH_PAGES?.split(',').filter(Boolean);
for (const path of requested ?? []) if (!pages.includes(path)) pages.push(path);
// Lighthouse refuses to audit a page answered with 404 (it reports every score as 0), so the
// 404 page is audited as itself, /404, which the host serves with 200.
const audited = new Set((requested ?? pages).filter((path) => path !== UNKNOWN_ARTICLE_PATH));
const baseline = readBaseline();

// Every page's initial JS first, in a browser of its own, so it never shares the CPU with
// Lighthouse's Chromium; Lighthouse does not count JS the same way (it sees only its window).
const js = new Map<string, InitialJs>();
const browser = await chromium.launch({ executablePath: EXECUTABLE_PATH, args: CHROMIUM_ARGS });
try {
  for (const path of pages) js.set(path, await initialJs(browser, `${site.origin}${path}`));
} finally {
  await browser.close();
}

const measured: Record<string, BaselinePage> = {};
const belowHundred: string[] = [];
const overBudget = new Map<PageKind | 'unknown', number>();
const chrome = await chromeLauncher.launch({
  chromePath: EXECUTABLE_PATH,
  chromeFlags: CHROME_FLAGS,
});
try {
  const width = Math.max(...pages.map((path) => path.length));
  console.log(
    `\nJS = initial JavaScript in Chromium (phone screen, no interaction), gzip; budget by page kind` +
      `\nLighthouse 13, mobile emulation, median of ${RUNS} run${RUNS === 1 ? '' : 's'}` +
      `\nbase = ${baseline ? `scripts/bench-baseline.json, ${baseline.commit} on ${baseline.date}` : 'no baseline file'}\n`,
  );
  console.log(
    `${'page'.padEnd(width)} kind       JS gz     base   budget      perf base a11y best  seo` +
      '     LCP    TBT   base   CLS  floor LCP  ratio',
  );
  for (const path of pages) {
    const { bytes } = js.get(path) ?? { bytes: 0 };
    const kind = kindOf(path);
    const budget = kind && JS_TARGET_BYTES[kind];
    const met = budget !== undefined && bytes <= budget;
    if (!met) overBudget.set(kind ?? 'unknown', (overBudget.get(kind ?? 'unknown') ?? 0) + 1);
    const base = baseline?.pages[path];
    const cells = [
      path.padEnd(width),
      (kind ?? '?').padEnd(8),
      kb(bytes).padStart(9),
      (base ? kb(base.jsGzipBytes) : DASH).padStart(8),
      (budget === undefined ? DASH : kb(budget)).padStart(8),
      met ? 'pass' : 'FAIL',
    ];
    measured[path] = { jsGzipBytes: bytes };
    if (audited.has(path)) {
      const runs: Run[] = [];
      const floors: number[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        runs.push(await audit(chrome.port, `${site.origin}${path}`));
        if (KEY_PAGES.has(path)) {
          floors.push((await audit(chrome.port, `${site.origin}${FLOOR}${path}`)).lcp);
        }
      }
      const m = (key: keyof Run) => median(runs.map((r) => r[key]));
      const floor = floors.length > 0 ? median(floors) : undefined;
      measured[path] = { jsGzipBytes: bytes, tbtMs: Math.round(m('tbt')), perf: m('perf') };
      const low = (['perf', 'a11y', 'best', 'seo'] as const)
        .filter((key) => m(key) < 100)
        .map((key) => `${key} ${m(key)}`);
      if (low.length > 0) belowHundred.push(`${path} (${low.join(', ')})`);
      cells.push(
        String(m('perf')).padStart(5),
        String(base?.perf ?? DASH).padStart(4),
        String(m('a11y')).padStart(4),
        String(m('best')).padStart(4),
        String(m('seo')).padStart(4),
        `${(m('lcp') / 1000).toFixed(2)} s`.padStart(7),
        `${m('tbt').toFixed(0)} ms`.padStart(6),
        (base?.tbtMs === undefined ? DASH : `${base.tbtMs} ms`).padStart(6),
        m('cls').toFixed(3).padStart(5),
        (floor === undefined ? DASH : `${(floor / 1000).toFixed(2)} s`).padStart(10),
        (floor === undefined ? DASH : (m('lcp') / floor).toFixed(2)).padStart(6),
      );
    }
    console.log(cells.join(' '));
  }
} finally {
  await chrome.kill();
  site.close();
}

const over = [...overBudget.values()].reduce((sum, n) => sum + n, 0);
console.log(
  `\nJS budget met by ${pages.length - over} of ${pages.length} pages` +
    (over === 0 ? '' : `; FAIL: ${[...overBudget].map(([kind, n]) => `${n} ${kind}`).join(', ')}`),
);
console.log(
  belowHundred.length === 0
    ? `Lighthouse: every category 100 on the ${audited.size} pages audited`
    : `Lighthouse below 100 (${belowHundred.length} of ${audited.size} pages audited): ${belowHundred.join('; ')}`,
);

if (process.env.BENCH_WRITE_BASELINE === '1') {
  // A narrowed run keeps the Lighthouse figures of the pages it did not audit.
  const pagesOut: Record<string, BaselinePage> = {};
  for (const [path, figures] of Object.entries(measured)) {
    const earlier = baseline?.pages[path];
    pagesOut[path] =
      figures.tbtMs === undefined && earlier?.tbtMs !== undefined
        ? { ...figures, tbtMs: earlier.tbtMs, perf: earlier.perf }
        : figures;
  }
  const out: Baseline = {
    commit: measuredCommit(),
    date: new Date().toISOString().slice(0, 10),
    runs: RUNS,
    pages: pagesOut,
  };
  writeFileSync(BASELINE_FILE, `${JSON.stringify(out, null, 2)}\n`);
  console.log(`\nBaseline written: ${BASELINE_FILE} (${out.commit}, ${out.date})`);
}
