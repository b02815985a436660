/**
 * `npm run bench -w web`: the site's figures. JavaScript and CSS bytes each key page loads
 * (raw and gzip, from the prerendered HTML), then Lighthouse (mobile emulation, Debian's
 * Chromium) on those pages served by `npm start`, the median of several runs because LCP varies
 * run to run. Prints a table; asserts nothing (tests assert behaviour).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const web = resolve(fileURLToPath(new URL('..', import.meta.url)));
const client = join(web, 'build', 'client');
const PORT = 3200;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PAGES = [
  '/',
  '/features',
  '/contact',
  '/security-intelligence',
  '/security-intelligence/identity-risks/long-lived-access-keys',
];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function htmlFile(path: string) {
  return join(client, path === '/' ? '' : path, 'index.html');
}

/** Every script and stylesheet a page loads up front: src, modulepreload and stylesheet links. */
function pageAssets(path: string) {
  const html = readFileSync(htmlFile(path), 'utf8');
  const refs = [
    ...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g),
  ].map((m) => m[1] as string);
  const totals = { js: 0, jsGzip: 0, css: 0, cssGzip: 0 };
  for (const ref of new Set(refs)) {
    const body = readFileSync(join(client, ref));
    const gz = gzipSync(body).length;
    if (ref.endsWith('.css')) {
      totals.css += body.length;
      totals.cssGzip += gz;
    } else {
      totals.js += body.length;
      totals.jsGzip += gz;
    }
  }
  return { ...totals, html: gzipSync(readFileSync(htmlFile(path))).length };
}

async function startProduct(): Promise<ChildProcess> {
  const child = spawn('npm', ['start'], {
    cwd: resolve(web, '..'),
    env: {
      ...process.env,
      PORT: String(PORT),
      DYNAMODB_PORT: String(PORT + 5000),
      SES_PORT: String(PORT + 5005),
      DATA_DIR: join(tmpdir(), 'kryon-bench-web'),
      REBUILD: '1',
    },
    stdio: process.env.BENCH_VERBOSE ? 'inherit' : 'ignore',
    detached: true,
  });
  for (let i = 0; i < 480; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/email/health`)).ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('npm start did not come up');
}

const product = await startProduct();
const stop = () => {
  if (product.pid) process.kill(-product.pid, 'SIGTERM');
};
process.on('exit', stop);

try {
  if (!existsSync(htmlFile('/'))) throw new Error('no build');
  console.log('\nBytes each page loads up front (gzip in brackets)\n');
  for (const path of PAGES) {
    const a = pageAssets(path);
    console.log(
      `${path.padEnd(62)} JS ${kb(a.js).padStart(9)} (${kb(a.jsGzip).padStart(8)})  CSS ${kb(a.css).padStart(8)} (${kb(a.cssGzip).padStart(7)})  HTML (${kb(a.html)})`,
    );
  }

  console.log(`\nLighthouse 12, mobile emulation, median of ${RUNS} runs\n`);
  console.log(`${'page'.padEnd(62)} perf  a11y  best   seo   LCP      TBT     CLS`);
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
  });
  try {
    for (const path of PAGES) {
      const runs: {
        perf: number;
        a11y: number;
        best: number;
        seo: number;
        lcp: number;
        tbt: number;
        cls: number;
      }[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const result = await lighthouse(`http://127.0.0.1:${PORT}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`no Lighthouse result for ${path}`);
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? 0;
        runs.push({
          perf: score('performance'),
          a11y: score('accessibility'),
          best: score('best-practices'),
          seo: score('seo'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        });
      }
      const m = (key: keyof (typeof runs)[number]) => median(runs.map((r) => r[key]));
      console.log(
        `${path.padEnd(62)} ${String(m('perf')).padStart(4)}  ${String(m('a11y')).padStart(4)}  ${String(m('best')).padStart(4)}  ${String(m('seo')).padStart(4)}  ${`${(m('lcp') / 1000).toFixed(2)} s`.padStart(7)}  ${`${m('tbt').toFixed(0)} ms`.padStart(6)}  ${m('cls').toFixed(3)}`,
      );
    }
  } finally {
    await chrome.kill();
  }
} finally {
  stop();
}
