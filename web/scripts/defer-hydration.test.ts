// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  contentFirstProblems,
  deferHydrationHtml,
  INERT_TYPE,
  routerHydrates,
  staticPageProblems,
} from './defer-hydration.ts';

const page =
  '<html><head><link rel="modulepreload" href="/assets/a.js"/><link rel="modulepreload" href="/assets/b.js"/>' +
  '<script type="application/ld+json">{"@type":"Organization"}</script><link rel="stylesheet" href="/s.css"/></head>' +
  '<body><main>Hi</main><script defer src="/assets/inline/ctx.js"></script>' +
  '<script type="module" src="/assets/inline/entry.js"></script>' +
  '<script id="_R_" defer src="/assets/inline/r.js"></script></body></html>';

describe('deferHydrationHtml', () => {
  const out = deferHydrationHtml(page, '/assets/boot-1.js');

  it('requests no script and preloads no module before the page has painted', () => {
    expect(out).not.toContain('modulepreload');
    const live = [...out.matchAll(/<script([^>]*)>/g)]
      .map((m) => m[1] as string)
      .filter((attrs) => !attrs.includes(INERT_TYPE) && !attrs.includes('ld+json'));
    // Only the boot script, async so it blocks neither parsing nor painting.
    expect(live).toEqual([
      ' async src="/assets/boot-1.js" data-modules="/assets/a.js /assets/b.js"',
    ]);
  });

  it('keeps every script where React rendered it, as an inert placeholder in order', () => {
    const inert = [...out.matchAll(/<script type="text\/x-deferred"([^>]*)><\/script>/g)].map(
      (m) => m[1],
    );
    expect(inert).toEqual([
      ' data-src="/assets/inline/ctx.js"',
      ' data-src="/assets/inline/entry.js" data-module=""',
      ' id="_R_" data-src="/assets/inline/r.js"',
    ]);
    expect(out).toContain('<main>Hi</main>');
  });

  it('leaves structured data and styles alone', () => {
    expect(out).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>');
    expect(out).toContain('<link rel="stylesheet" href="/s.css"/>');
  });
});

describe('deferHydrationHtml, whatever form the framework writes its tags in', () => {
  // The same page as above, written differently: attribute order, quotes, letter case, no `/>`,
  // `async` on the module. Any of these defeated the regular expressions this step used to be.
  const rewritten =
    '<!DOCTYPE html><html><head><meta charSet="utf-8"/><LINK href=\'/assets/a.js\' REL=modulepreload>' +
    '<link href="/assets/b.js" rel="modulepreload" />' +
    '<script type="application/ld+json">{"@type":"Organization","name":"</x>"}</script></head>' +
    '<body><main>Hi</main><script src="/assets/inline/ctx.js" defer></script>' +
    "<script async src='/assets/inline/entry.js' type=MODULE></script>" +
    '<script defer src="/assets/inline/r.js" id="_R_"></script></body></html>';
  const out = deferHydrationHtml(rewritten, '/assets/boot-1.js', 'index.html');

  it('still removes the preloads, adds the boot script and makes every script inert', () => {
    expect(out).toBe(
      '<!DOCTYPE html><html><head><meta charSet="utf-8"/>' +
        '<script type="application/ld+json">{"@type":"Organization","name":"</x>"}</script>' +
        '<script async src="/assets/boot-1.js" data-modules="/assets/a.js /assets/b.js"></script></head>' +
        '<body><main>Hi</main><script type="text/x-deferred" data-src="/assets/inline/ctx.js"></script>' +
        '<script type="text/x-deferred" data-src="/assets/inline/entry.js" data-module=""></script>' +
        '<script type="text/x-deferred" id="_R_" data-src="/assets/inline/r.js"></script></body></html>',
    );
    expect(contentFirstProblems(out)).toEqual([]);
  });

  it('leaves every byte it does not rewrite as the framework wrote it', () => {
    const untouched = [
      '<!DOCTYPE html>',
      '<meta charSet="utf-8"/>',
      '{"@type":"Organization","name":"</x>"}',
    ];
    for (const text of untouched) expect(out).toContain(text);
  });
});

describe('deferHydrationHtml fails the build, naming the page, on markup it cannot defer', () => {
  const head = '<!DOCTYPE html><html><head><title>t</title>';
  const build = (html: string) => () =>
    deferHydrationHtml(html, '/assets/boot-1.js', 'demo/index.html');

  it('a module script with no module preload', () => {
    const html = `${head}</head><body><script type="module" src="/assets/e.js"></script></body></html>`;
    expect(build(html)).toThrow(/^demo\/index\.html: no <link rel="modulepreload">/);
  });

  it('module preloads with no module script to start', () => {
    const html = `${head}<link rel="modulepreload" href="/assets/a.js"/></head><body><script defer src="/assets/c.js"></script></body></html>`;
    expect(build(html)).toThrow(/^demo\/index\.html: no module <script> to defer/);
  });

  it('an attribute the boot script would drop', () => {
    const preload = '<link rel="modulepreload" href="/assets/a.js" crossorigin=""/>';
    const html = `${head}${preload}</head><body><script type="module" src="/assets/e.js"></script></body></html>`;
    expect(build(html)).toThrow(/^demo\/index\.html: <link> carries crossorigin/);
  });

  it('an inline script, which would run before the first paint', () => {
    const preload = '<link rel="modulepreload" href="/assets/a.js"/>';
    const html = `${head}${preload}</head><body><script>go()</script><script type="module" src="/assets/e.js"></script></body></html>`;
    expect(build(html)).toThrow(/^demo\/index\.html: an inline script/);
  });
});

describe('contentFirstProblems', () => {
  const boot = '<script async src="/assets/boot-1.js" data-modules="/assets/a.js"></script>';
  const entry = '<script type="text/x-deferred" data-src="/assets/e.js" data-module=""></script>';
  const page = (headHtml: string, bodyHtml: string) =>
    `<!DOCTYPE html><html><head>${headHtml}</head><body>${bodyHtml}</body></html>`;

  it('finds nothing wrong with a deferred page', () => {
    expect(contentFirstProblems(page(boot, entry))).toEqual([]);
  });

  it('names each way a page could load scripts before it paints', () => {
    const problems = contentFirstProblems(
      page(
        '<link rel="modulepreload" href="/assets/a.js"><link rel="preload" as="script" href="/b.js">',
        '<script type="module" src="/assets/e.js"></script><script>go()</script>',
      ),
    );
    expect(problems).toEqual([
      'a script is preloaded before the first paint: rel="modulepreload"',
      'a script is preloaded before the first paint: rel="preload"',
      'a script runs before the first paint: <script type="module" src="/assets/e.js">',
      'a script runs before the first paint: <script>',
      'no boot script',
      'no module script waits for the boot script',
    ]);
  });

  it('wants the boot script async and listing the modules', () => {
    const lazy = '<script src="/assets/boot-1.js" data-modules=""></script>';
    expect(contentFirstProblems(page(lazy, entry))).toEqual([
      'the boot script is not async',
      'the boot script lists no module',
    ]);
  });
});

describe('pages the router does not hydrate', () => {
  const site = '/assets/site-abc.js';
  const staticPage = (head: string) =>
    `<!DOCTYPE html><html lang="en"><head>${head}</head><body><p>x</p></body></html>`;

  it('are told apart by the mark the root layout writes', () => {
    expect(routerHydrates('<html lang="en" data-router=""><head></head></html>')).toBe(true);
    expect(routerHydrates(staticPage(''))).toBe(false);
  });

  it('hold when they run the site script alone, beside structured data', () => {
    const head = `<script type="application/ld+json">{}</script><script type="module" src="${site}"></script>`;
    expect(staticPageProblems(staticPage(head), site)).toEqual([]);
  });

  it('fail with a router module, a preload or no site script', () => {
    const head =
      '<link rel="modulepreload" href="/assets/entry.js"><script type="module" src="/assets/entry.js"></script>';
    expect(staticPageProblems(staticPage(head), site)).toEqual([
      'a page that hydrates no route preloads a module',
      'a page that hydrates no route runs another script: <script type="module" src="/assets/entry.js">',
      'the site script is there 0 times, not once',
    ]);
  });
});
