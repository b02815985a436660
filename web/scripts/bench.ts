/**
 * `npm run bench:web`: the site's figures. Builds the site, serves the build on 127.0.0.1 the
 * way CloudFront does (clean URLs, compression), and prints for each key page: Lighthouse
 * mobile scores (median of BENCH_RUNS, default 3, because LCP varies run to run), LCP, TBT,
 * CLS and the JavaScript it loads up front; then the LCP of the same page with every script
 * removed, the floor no design can beat, and the ratio of the two. Asserts nothing.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import compression from 'compression';
import lighthouse from 'lighthouse';
import sirv from 'sirv';
import { researchItems } from '../app/content/research-items.ts';
import { researchReports } from '../app/content/research-reports.ts';
import { SITE } from '../app/site-config.ts';
import { CHROMIUM_ARGS } from './chromium.ts';
import { applyEdits, attribute, elements, parseHtml, scriptKind, sourceSpan } from './html-tree.ts';
import { buildReports } from './reports/build-reports.ts';

const web = resolve(fileURLToPath(new URL('..', import.meta.url)));
const client = join(web, 'build', 'client');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ALL_PAGES = [
  '/',
  '/features',
  '/what-we-are',
  '/security-intelligence',
  '/security-intelligence/identity-risks/long-lived-access-keys',
  '/demo',
  '/request-access',
];
/** BENCH_PAGES=/,/features measures only those pages. */
const PAGES = process.env.BENCH_PAGES?.split(',') ?? ALL_PAGES;
/** Pages under this prefix are served with every script removed. */
const FLOOR = '/__floor';
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const htmlFile = (path: string) => join(client, path === '/' ? '' : path, 'index.html');

/**
 * JavaScript the page loads to become interactive, gzip: the boot script, the modules it
 * preloads and the scripts it brings to life (scripts/defer-hydration.ts), read with the
 * same HTML parser, so a change in how the framework writes a tag cannot shrink the figure.
 */
function initialJsGzip(path: string): number {
  const refs = new Set<string>();
  for (const script of elements(parseHtml(readFileSync(htmlFile(path), 'utf8'), false))) {
    if (script.tagName !== 'script') continue;
    const modules = attribute(script, 'data-modules')?.split(' ') ?? [];
    for (const ref of [attribute(script, 'src'), attribute(script, 'data-src'), ...modules]) {
      if (ref) refs.add(ref);
    }
  }
  if (refs.size === 0) throw new Error(`${path} names no script: its initial JS would read 0 KB`);
  return [...refs].reduce((sum, ref) => sum + gzipSync(readFileSync(join(client, ref))).length, 0);
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
      files(req, res, () => {
        res.statusCode = 404;
        res.end();
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
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
  chromeFlags: CHROME_FLAGS,
});
try {
  console.log(`\nLighthouse 13, mobile emulation, median of ${RUNS} runs; JS = initial, gzip\n`);
  console.log(
    `${'page'.padEnd(60)} perf a11y best  seo     LCP    TBT   CLS   JS gz   floor LCP  ratio`,
  );
  for (const path of PAGES) {
    const runs: Run[] = [];
    const floors: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      runs.push(await audit(chrome.port, `${site.origin}${path}`));
      floors.push((await audit(chrome.port, `${site.origin}${FLOOR}${path}`)).lcp);
    }
    const m = (key: keyof Run) => median(runs.map((r) => r[key]));
    const floor = median(floors);
    console.log(
      [
        path.padEnd(60),
        String(m('perf')).padStart(4),
        String(m('a11y')).padStart(4),
        String(m('best')).padStart(4),
        String(m('seo')).padStart(4),
        `${(m('lcp') / 1000).toFixed(2)} s`.padStart(7),
        `${m('tbt').toFixed(0)} ms`.padStart(6),
        m('cls').toFixed(3).padStart(5),
        kb(initialJsGzip(path)).padStart(8),
        `${(floor / 1000).toFixed(2)} s`.padStart(10),
        (m('lcp') / floor).toFixed(2).padStart(6),
      ].join(' '),
    );
  }
} finally {
  await chrome.kill();
  site.close();
}
