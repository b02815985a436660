// @vitest-environment node
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type ChunkLinks, cssUrls, planTrim, scriptUrls, trimBuild } from './trim-build.ts';

const page = (head: string, body = '') =>
  `<!DOCTYPE html><html lang="en"><head><title>t</title>${head}</head><body>${body}</body></html>`;

/**
 * A small build: a page that loads a stylesheet (with a font) and the site script, which
 * imports a chunk that dynamically imports an island, which starts a worker; the framework's
 * entry and a route module nothing loads; loader data; public files.
 */
const FILES: Record<string, string> = {
  'index.html': page(
    '<link rel="stylesheet" href="/assets/style-A1.css"/>' +
      '<link rel="icon" href="/favicon.svg"/>' +
      '<script type="module" src="/assets/site-S1.js"></script>',
    '<a href="/contact">Contact</a><img src="/og-image.png" alt=""/>',
  ),
  'contact/index.html': page(
    '<link rel="stylesheet" href="../assets/style-A1.css"/>' +
      '<script type="module" src="/assets/site-S1.js"></script>',
    '<div style="background:url(/assets/hero-H1.png)"></div>',
  ),
  'assets/style-A1.css':
    '@font-face{font-family:Inter;src:url(./inter-F1.woff2) format("woff2")}' +
    '.x{filter:url(#glow);background:url("data:image/png;base64,AA")}',
  'assets/inter-F1.woff2': 'font',
  'assets/hero-H1.png': 'png',
  'assets/site-S1.js': 'import("./islands-I1.js");',
  'assets/islands-I1.js': 'import("./form-D1.js");',
  'assets/form-D1.js': 'new Worker(new URL(`/assets/worker-W1.js`, import.meta.url));',
  'assets/worker-W1.js': 'import { solve } from "./solver-V1.js"; solve();',
  'assets/solver-V1.js': 'export function solve() {}',
  'assets/entry.client-E1.js': 'import "./home-R1.js";',
  'assets/home-R1.js': 'export default 1;',
  'assets/unused-U1.js': 'import("./islands-I1.js");',
  '_.data': '[{"_1":2},"loaderData"]',
  'contact.data': '[{"_1":2},"loaderData"]',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
  'og-image.png': 'png',
  'og/attack-paths.png': 'png',
  'robots.txt': 'User-agent: *\n',
  'speculation-rules.json': '{"prefetch":[]}',
};

/** Rolldown's metadata of the browser build: the worker is an asset it references. */
const LINKS: ChunkLinks = new Map([
  ['assets/site-S1.js', ['assets/islands-I1.js']],
  ['assets/islands-I1.js', ['assets/site-S1.js', 'assets/form-D1.js']],
  ['assets/form-D1.js', ['assets/worker-W1.js']],
]);

const PAGES = ['contact/index.html', 'index.html'];

const REMOVED = [
  '_.data',
  'assets/entry.client-E1.js',
  'assets/home-R1.js',
  'assets/unused-U1.js',
  'contact.data',
];

function plan(files: Record<string, string> = FILES, links: ChunkLinks = LINKS) {
  return planTrim({
    files: Object.keys(files),
    pages: PAGES,
    read: (file) => files[file] ?? '',
    links,
  });
}

describe('planTrim', () => {
  it('keeps what the pages, the chunk graph and the stylesheets reach, and public files', () => {
    const { keep, remove } = plan();
    expect(remove).toEqual(REMOVED);
    expect(keep).toEqual(
      [
        'assets/form-D1.js',
        'assets/hero-H1.png',
        'assets/inter-F1.woff2',
        'assets/islands-I1.js',
        'assets/site-S1.js',
        'assets/solver-V1.js',
        'assets/style-A1.css',
        'assets/worker-W1.js',
        'contact/index.html',
        'favicon.svg',
        'index.html',
        'og-image.png',
        'og/attack-paths.png',
        'robots.txt',
        'speculation-rules.json',
      ].sort(),
    );
  });

  it('follows the chunk graph, not what a chunk’s text seems to name', () => {
    // The island's text names only the form; its metadata names no chunk at all.
    const links = new Map([...LINKS, ['assets/islands-I1.js', []]]);
    expect(plan(FILES, links).remove).toEqual(
      [...REMOVED, 'assets/form-D1.js', 'assets/solver-V1.js', 'assets/worker-W1.js'].sort(),
    );
  });

  it('fails, naming it, when a referenced file is missing', () => {
    const { 'assets/inter-F1.woff2': _font, ...withoutFont } = FILES;
    expect(() => plan(withoutFont)).toThrow(
      'the build references files it does not have: ' +
        'assets/inter-F1.woff2 (referenced by assets/style-A1.css)',
    );
    const { 'assets/islands-I1.js': _islands, ...withoutChunk } = FILES;
    expect(() => plan(withoutChunk)).toThrow(
      'assets/islands-I1.js (referenced by assets/site-S1.js)',
    );
    const gone = { ...FILES, 'index.html': page('<script src="/assets/gone-G1.js"></script>') };
    expect(() => plan(gone)).toThrow('assets/gone-G1.js (referenced by index.html)');
  });
});

describe('cssUrls and scriptUrls', () => {
  it('read a stylesheet’s url() and @import, quoted or not', () => {
    expect(
      cssUrls('@import "a.css";b{src:url( x.woff2 ),url(\'y.woff\')}c{d:url("z.png")}'),
    ).toEqual(['x.woff2', 'y.woff', 'z.png', 'a.css']);
  });

  it('read a script’s relative and root imports and asset URLs, not bare packages', () => {
    const js =
      'import a from "./a.js";import"../b.js";import("/assets/c.js");' +
      "import x from 'react';new URL(`/assets/w.js`,import.meta.url);";
    expect(scriptUrls(js)).toEqual(['./a.js', '../b.js', '/assets/c.js', '/assets/w.js']);
  });
});

describe('trimBuild', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('deletes the files nothing reaches and says how many bytes they were', async () => {
    dir = mkdtempSync(join(tmpdir(), 'kryon-trim-'));
    for (const [file, text] of Object.entries(FILES)) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const root = dir;
    const { removed, bytes } = await trimBuild(
      root,
      PAGES.map((file) => join(root, file)),
      LINKS,
    );
    expect(removed).toEqual(REMOVED);
    expect(bytes).toBe(REMOVED.reduce((sum, file) => sum + (FILES[file]?.length ?? 0), 0));
    const left = readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
      .sort();
    expect(left).toEqual(
      Object.keys(FILES)
        .filter((file) => !REMOVED.includes(file))
        .sort(),
    );
  });
});
