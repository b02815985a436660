import { createHash } from 'node:crypto';
import { rmSync } from 'node:fs';
import { CONTENT_SECURITY_POLICY } from '@kryon/shared/security-headers';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CONTEXT_SCRIPT,
  dataScript,
  FEATURES_STYLE,
  HELLO_HASH,
  HELLO_SCRIPT,
  routeModuleScript,
  writeSiteFixture,
} from '../test/site-fixture.ts';
import {
  API_CSP,
  buildCsp,
  CSP_POLICY_MAX_LENGTH,
  cspHash,
  inlineScripts,
  scanSite,
} from './csp.ts';

/** An independent oracle: Node's own SHA-256, formatted as a CSP source. */
function expectedHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('cspHash', () => {
  it('matches the published hash of a known script', () => {
    expect(cspHash(HELLO_SCRIPT)).toBe(HELLO_HASH);
  });

  it('hashes the text as the browser sees it after newline normalisation', () => {
    expect(cspHash('a();\r\nb();\rc();')).toBe(expectedHash('a();\nb();\nc();'));
  });

  it('hashes UTF-8 bytes', () => {
    expect(cspHash('document.title = "Kryon — Sicherheit";')).toBe(
      expectedHash('document.title = "Kryon — Sicherheit";'),
    );
  });
});

describe('inlineScripts', () => {
  it('takes classic and module inline scripts and skips external scripts and data blocks', () => {
    const html = [
      '<script>one()</script>',
      '<script type="module" async="">two()</script>',
      '<script src="/assets/x.js"></script>',
      '<script type="application/ld+json">{"a":1}</script>',
      '<script type="application/json">{"b":2}</script>',
      "<SCRIPT TYPE='text/javascript'>three()</SCRIPT >",
      '<script data-src="/not-a-src.js">four()</script>',
    ].join('');
    expect(inlineScripts(html)).toEqual(['one()', 'two()', 'three()', 'four()']);
  });

  it('keeps the exact text between the tags, whitespace included', () => {
    expect(inlineScripts('<script>\n  run();\n</script>')).toEqual(['\n  run();\n']);
  });
});

describe('scanSite', () => {
  const dir = writeSiteFixture();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pages = scanSite(dir);
  const byPath = new Map(pages.map((page) => [page.path, page]));

  it('lists every prerendered page by clean URL, and only index.html files', () => {
    expect(pages.map((page) => page.path)).toEqual([
      '/',
      '/404',
      '/features',
      '/security-intelligence/attack-paths/x',
    ]);
    expect(byPath.get('/features')?.file).toBe('features/index.html');
  });

  it('hashes each page’s executable inline scripts in document order', () => {
    expect(byPath.get('/')?.scriptHashes).toEqual([
      HELLO_HASH,
      expectedHash(CONTEXT_SCRIPT),
      expectedHash(routeModuleScript('home')),
      expectedHash(dataScript('home')),
    ]);
    expect(byPath.get('/security-intelligence/attack-paths/x')?.scriptHashes).toEqual([
      expectedHash(CONTEXT_SCRIPT),
      expectedHash(routeModuleScript('article')),
      expectedHash(dataScript('x')),
    ]);
  });

  it('hashes inline style elements', () => {
    expect(byPath.get('/features')?.styleHashes).toEqual([expectedHash(FEATURES_STYLE)]);
    expect(byPath.get('/')?.styleHashes).toEqual([]);
  });

  it('finds no pages in a directory that does not exist', () => {
    expect(scanSite(`${dir}/missing`)).toEqual([]);
  });
});

describe('buildCsp', () => {
  it('is the shared policy when a page has no inline script or style', () => {
    expect(buildCsp()).toBe(CONTENT_SECURITY_POLICY);
  });

  it('allows scripts from the site and the given hashes only, never unsafe-inline', () => {
    const csp = buildCsp({ scriptHashes: [HELLO_HASH] });
    expect(directives(csp).get('script-src')).toEqual(["'self'", HELLO_HASH]);
    expect(csp).not.toContain("'unsafe-eval'");
    expect(directives(csp).get('script-src')).not.toContain("'unsafe-inline'");
  });

  it('adds style element hashes to style-src and leaves the other directives alone', () => {
    const parsed = directives(buildCsp({ styleHashes: ["'sha256-x'"] }));
    expect(parsed.get('style-src')).toEqual(["'self'", "'sha256-x'"]);
    expect(parsed.get('script-src')).toEqual(["'self'"]);
  });

  it('states the directives the site relies on', () => {
    const parsed = directives(buildCsp());
    expect(parsed.get('default-src')).toEqual(["'self'"]);
    expect(parsed.get('img-src')).toEqual(["'self'", 'data:']);
    expect(parsed.get('connect-src')).toEqual(["'self'"]);
    expect(parsed.get('frame-ancestors')).toEqual(["'none'"]);
    expect(parsed.get('base-uri')).toEqual(["'self'"]);
    expect(parsed.get('form-action')).toEqual(["'self'"]);
    expect(parsed.get('object-src')).toEqual(["'none'"]);
    // Only attribute styles may be inline (shared/src/security-headers.ts says why).
    const inline = [...parsed].filter(([, values]) => values.includes("'unsafe-inline'"));
    expect(inline.map(([name]) => name)).toEqual(['style-src-attr']);
  });

  it('fits the CloudFront response headers policy limit without page hashes', () => {
    expect(buildCsp().length).toBeLessThanOrEqual(CSP_POLICY_MAX_LENGTH);
    expect(API_CSP).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
