// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { deferHydrationHtml, INERT_TYPE } from './defer-hydration.ts';

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
