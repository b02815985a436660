// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { externalizeHtml } from './externalize-inline-scripts.ts';

describe('externalizeHtml', () => {
  it('moves inline scripts to hashed files in order, keeping their attributes', () => {
    const written = new Map<string, string>();
    const html =
      '<head><script>var a=1;</script><script type="module" async="">import "/x.js";</script></head>' +
      '<body><script id="_R_">go()</script></body>';

    const out = externalizeHtml(html, (name, code) => written.set(name, code));

    const srcs = [...out.matchAll(/<script([^>]*)><\/script>/g)].map((m) => m[1]);
    expect(srcs).toHaveLength(3);
    // Deferred scripts and modules share one queue in document order: none blocks painting.
    expect(srcs[0]).toMatch(/^ defer src="\/assets\/inline\/[0-9a-f]{20}\.js"$/);
    // No `async` on the module: React 19 would skip it as a hoistable resource when hydrating.
    expect(srcs[1]).toMatch(/^ type="module" src="\/assets\/inline\/[0-9a-f]{20}\.js"$/);
    expect(srcs[2]).toMatch(/^ id="_R_" defer src=/);
    expect([...written.values()]).toEqual(['var a=1;', 'import "/x.js";', 'go()']);
    expect(out).not.toMatch(/<script[^>]*>[^<]+<\/script>/);
  });

  it('leaves external scripts and JSON-LD data alone, and reuses files for equal code', () => {
    const written: string[] = [];
    const html =
      '<script src="/a.js"></script><script type="application/ld+json">{"@type":"Organization"}</script>' +
      '<script>same()</script><script>same()</script>';

    const out = externalizeHtml(html, (name) => written.push(name));

    expect(out).toContain('<script src="/a.js"></script>');
    expect(out).toContain('<script type="application/ld+json">{"@type":"Organization"}</script>');
    expect(new Set(written).size).toBe(1);
  });

  it('finds scripts however their tags are written, and reads their code as a browser does', () => {
    const written = new Map<string, string>();
    const html =
      "<head><SCRIPT type='MODULE' async>import '/x.js';</SCRIPT>" +
      '<script defer id=_R_ >if (a < b && c) go("</div>")</script></head>';

    const out = externalizeHtml(html, (name, code) => written.set(name, code));

    const srcs = [...out.matchAll(/<script([^>]*)><\/script>/g)].map((m) => m[1]);
    expect(srcs[0]).toMatch(/^ type="MODULE" src="\/assets\/inline\/[0-9a-f]{20}\.js"$/);
    expect(srcs[1]).toMatch(/^ defer="" id="_R_" src="\/assets\/inline\/[0-9a-f]{20}\.js"$/);
    expect([...written.values()]).toEqual(["import '/x.js';", 'if (a < b && c) go("</div>")']);
  });

  it('leaves data blocks of any type inline, and fails the build on an inline import map', () => {
    const template = '<script type="text/x-template"><p>{{ x }}</p></script>';
    expect(externalizeHtml(template, () => {})).toBe(template);

    const importMap = '<script type="importmap">{"imports":{}}</script>';
    expect(() => externalizeHtml(importMap, () => {}, undefined, 'demo/index.html')).toThrow(
      /^demo\/index\.html: an inline <script type="importmap"> cannot move to a file/,
    );
  });
});
