import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/*
 * A miniature prerendered build shaped like React Router's output: per page a shared
 * context script, a per-route module script and a per-page data script. It is written to a
 * temp dir at test time because the lint tool would otherwise reformat the HTML (and so
 * change the hashes the tests assert).
 */

/** MDN's CSP example: this exact script text hashes to HELLO_HASH. */
export const HELLO_SCRIPT = "alert('Hello, world.');";
export const HELLO_HASH = "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='";

export const CONTEXT_SCRIPT =
  'window.__reactRouterContext = {"basename":"/","ssr":false,"isSpaMode":false};';

export function routeModuleScript(route: string): string {
  return [
    'import "/assets/manifest-0a1b2c3d.js";',
    'import * as route0 from "/assets/root-Xy98Zw76.js";',
    `import * as route1 from "/assets/${route}-Mn87Op65.js";`,
    `window.__reactRouterRouteModules = {"root":route0,"routes/${route}":route1};`,
    'import("/assets/entry.client-Ab12Cd34.js");',
  ].join('\n');
}

export function dataScript(page: string): string {
  return `window.__reactRouterContext.streamController.enqueue("[\\"${page}\\"]");`;
}

export const FEATURES_STYLE = '.hero{color:#0b1f3a}';

function page(title: string, body: string, head = ''): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

export const SITE_FILES: Record<string, string> = {
  'index.html': page(
    'Kryon',
    [
      '<h1 style="margin:0">Home</h1>',
      `<script>${HELLO_SCRIPT}</script>`,
      `<script>${CONTEXT_SCRIPT}</script>`,
      `<script type="module" async="">${routeModuleScript('home')}</script>`,
      '<script src="/assets/analytics-Zz11Yy22.js"></script>',
      `<script>${dataScript('home')}</script>`,
    ].join(''),
    '<script type="application/ld+json">{"@type":"Organization","name":"Kryon"}</script>',
  ),
  'features/index.html': page(
    'Features | Kryon',
    [
      '<h1>Features</h1>',
      `<script>${CONTEXT_SCRIPT}</script>`,
      `<script type="module" async="">${routeModuleScript('features')}</script>`,
      `<script>${dataScript('features')}</script>`,
    ].join(''),
    `<style>${FEATURES_STYLE}</style>`,
  ),
  'security-intelligence/attack-paths/x/index.html': page(
    'Attack path X | Kryon',
    [
      '<h1>Attack path X</h1>',
      `<script>${CONTEXT_SCRIPT}</script>`,
      `<script type="module" async="">${routeModuleScript('article')}</script>`,
      `<script>${dataScript('x')}</script>`,
    ].join(''),
  ),
  '404/index.html': page(
    'Page Not Found | Kryon',
    [
      '<h1>Page Not Found</h1>',
      `<script>${CONTEXT_SCRIPT}</script>`,
      `<script>${dataScript('404')}</script>`,
    ].join(''),
  ),
  '__spa-fallback.html': page('Kryon', `<script>${CONTEXT_SCRIPT}</script>`),
  // No loader data (`/x.data`, `/_.data`): the web build deletes it, as no page fetches it.
  'assets/entry.client-Ab12Cd34.js': 'export const entry = true;\n',
  'assets/root-Xy98Zw76.css': 'body{margin:0}\n',
  'assets/inline/0a1b2c3d4e5f60718293.js': 'window.x = 1;\n',
  'robots.txt': 'User-agent: *\nAllow: /\n',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'sitemap.xml': '<?xml version="1.0"?><urlset/>',
  // Files below the root, one in a dot-directory.
  'security-intelligence/feed.xml': '<?xml version="1.0"?><feed/>',
  '.well-known/security.txt': 'Contact: mailto:security@kryon.example\n',
  // The speculation rules the pages' Speculation-Rules header names, at the root.
  'speculation-rules.json': '{"prefetch":[]}\n',
  // Share images the build draws per category and per article, in folders of their own.
  'og/attack-paths.png': 'PNG',
  'og/attack-paths/x.png': 'PNG',
};

/**
 * Writes the fixture build to a fresh temp dir, `<build>/client` with one research report in
 * `<build>/reports` beside it as the web build lays them out, and returns the client path.
 */
export function writeSiteFixture(files: Record<string, string> = SITE_FILES): string {
  const build = mkdtempSync(join(tmpdir(), 'kryon-build-'));
  const dir = join(build, 'client');
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    writeFileSync(join(dir, file), content);
  }
  mkdirSync(join(build, 'reports'));
  writeFileSync(join(build, 'reports', 'kev-exposure-prioritization.pdf'), '%PDF-1.7\n');
  return dir;
}
