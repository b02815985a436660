import { rmSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { afterAll, describe, expect, it } from 'vitest';
import { cspDirective, loadFunction, roundTrip } from '../test/cloudfront-function.ts';
import {
  CONTEXT_SCRIPT,
  dataScript,
  FEATURES_STYLE,
  HELLO_HASH,
  routeModuleScript,
  writeSiteFixture,
} from '../test/site-fixture.ts';
import { buildCsp, cspHash, type PageInlineSources, scanSite } from './csp.ts';
import {
  assertFunctionSize,
  CLOUDFRONT_FUNCTION_MAX_BYTES,
  siteRouterCode,
} from './site-router.ts';

interface Headers {
  [name: string]: { value: string };
}
interface CfRequest {
  method: string;
  uri: string;
  querystring: Record<string, unknown>;
  headers: Headers;
  cookies: Record<string, unknown>;
}
interface CfResponse {
  statusCode: number;
  statusDescription: string;
  headers: Headers;
  cookies: Record<string, unknown>;
}
type Handler = (event: unknown) => CfRequest | CfResponse;

/** Loads the generated code the way CloudFront does: a script that defines `handler`. */
function load(code: string): Handler {
  return runInNewContext(`${code}\nhandler`, {}) as Handler;
}

function request(uri: string): CfRequest {
  return { method: 'GET', uri, querystring: {}, headers: {}, cookies: {} };
}

function viewerRequest(handler: Handler, uri: string): string {
  const out = handler({
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: '192.0.2.1' },
    request: request(uri),
  }) as CfRequest;
  return out.uri;
}

function viewerResponse(handler: Handler, uri: string, statusCode = 200): CfResponse {
  return handler({
    version: '1.0',
    context: { eventType: 'viewer-response' },
    viewer: { ip: '192.0.2.1' },
    request: request(uri),
    response: { statusCode, statusDescription: 'OK', headers: {}, cookies: {} },
  }) as CfResponse;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

function scriptSources(csp: string | undefined): string[] {
  const directive = csp?.split('; ').find((part) => part.startsWith('script-src '));
  return directive?.split(' ').slice(1) ?? [];
}

describe('site router: viewer request', () => {
  const dir = writeSiteFixture();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const handler = load(siteRouterCode(scanSite(dir)));

  it.each([
    ['/', '/index.html'],
    ['/features', '/features/index.html'],
    ['/features/', '/features/index.html'],
    ['/security-intelligence/attack-paths/x', '/security-intelligence/attack-paths/x/index.html'],
  ])('maps the clean URL %s to %s', (uri, expected) => {
    expect(viewerRequest(handler, uri)).toBe(expected);
  });

  it.each([
    '/assets/entry.client-Ab12Cd34.js',
    '/robots.txt',
    '/features/index.html',
    '/features.data',
    '/favicon.svg',
  ])('leaves %s (it has a file extension) untouched', (uri) => {
    expect(viewerRequest(handler, uri)).toBe(uri);
  });

  it.each([
    '/no-such-page',
    '/security-intelligence/attack-paths/unknown',
    '/features/extra',
    '/404',
    '/pricing.html',
    '/no-such-page/index.html',
  ])('sends the unknown page %s to the 404 page', (uri) => {
    expect(viewerRequest(handler, uri)).toBe('/404/index.html');
  });
});

describe('site router: viewer response', () => {
  const dir = writeSiteFixture();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pages = scanSite(dir);
  const handler = load(siteRouterCode(pages));
  const page = (path: string) => pages.find((p) => p.path === path) as PageInlineSources;

  it('keeps 200 for a known page and gives it a CSP with exactly its own script hashes', () => {
    const response = viewerResponse(handler, '/security-intelligence/attack-paths/x');
    expect(response.statusCode).toBe(200);
    const csp = response.headers['content-security-policy']?.value;
    expect(scriptSources(csp).sort()).toEqual(
      [
        "'self'",
        cspHash(CONTEXT_SCRIPT),
        cspHash(routeModuleScript('article')),
        cspHash(dataScript('x')),
      ].sort(),
    );
    expect(scriptSources(csp)).not.toContain(cspHash(dataScript('home')));
  });

  it('builds the same policy as buildCsp for the page, directive by directive', () => {
    for (const path of ['/', '/features', '/404', '/security-intelligence/attack-paths/x']) {
      const csp = viewerResponse(handler, path).headers['content-security-policy']?.value ?? '';
      const expected = buildCsp(page(path));
      const normalise = (value: string) =>
        value
          .split('; ')
          .map((directive) => directive.split(' ').sort().join(' '))
          .sort();
      expect(normalise(csp)).toEqual(normalise(expected));
    }
  });

  it('allows the home page its known inline script and no unsafe-inline script', () => {
    const csp = viewerResponse(handler, '/').headers['content-security-policy']?.value;
    expect(scriptSources(csp)).toContain(HELLO_HASH);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  });

  it('adds a page’s inline style element hash to style-src', () => {
    const csp = viewerResponse(handler, '/features').headers['content-security-policy']?.value;
    expect(csp).toMatch(new RegExp(`style-src 'self' ${escapeRegExp(cspHash(FEATURES_STYLE))}`));
  });

  it.each(['/pricing.html', '/no-such-page/index.html'])(
    'answers the unknown .html path %s with 404 and the 404 page’s policy',
    (uri) => {
      const response = viewerResponse(handler, uri);
      expect(response.statusCode).toBe(404);
      expect(scriptSources(response.headers['content-security-policy']?.value)).toContain(
        cspHash(dataScript('404')),
      );
    },
  );

  it('answers 404 with the 404 page’s policy for an unknown page', () => {
    const response = viewerResponse(handler, '/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(response.statusDescription).toBe('Not Found');
    expect(scriptSources(response.headers['content-security-policy']?.value)).toContain(
      cspHash(dataScript('404')),
    );
  });

  it('answers 404 for /404 itself and for its index.html', () => {
    expect(viewerResponse(handler, '/404').statusCode).toBe(404);
    expect(viewerResponse(handler, '/404/index.html').statusCode).toBe(404);
  });

  it('turns S3’s 403 for a missing file into 404 and adds no page policy', () => {
    const response = viewerResponse(handler, '/assets/missing-123.js', 403);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('leaves a found asset alone', () => {
    const response = viewerResponse(handler, '/assets/entry.client-Ab12Cd34.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBeUndefined();
  });

  it('gives a page requested by its index.html the page’s policy', () => {
    const response = viewerResponse(handler, '/features/index.html');
    expect(response.statusCode).toBe(200);
    expect(scriptSources(response.headers['content-security-policy']?.value)).toContain(
      cspHash(dataScript('features')),
    );
  });
});

describe('site router without a build', () => {
  const handler = load(siteRouterCode([]));

  it('sends every page to the 404 page and answers 404', () => {
    expect(viewerRequest(handler, '/features')).toBe('/404/index.html');
    expect(viewerResponse(handler, '/features', 403).statusCode).toBe(404);
  });
});

describe('site router size', () => {
  it('fits CloudFront’s limit for a site of 80 pages with unique data scripts', () => {
    const pages: PageInlineSources[] = Array.from({ length: 80 }, (_, i) => ({
      path: `/security-intelligence/attack-paths/article-number-${i}-with-a-long-slug`,
      file: `security-intelligence/attack-paths/article-number-${i}-with-a-long-slug/index.html`,
      scriptHashes: [
        cspHash(CONTEXT_SCRIPT),
        cspHash(routeModuleScript('article')),
        cspHash(dataScript(String(i))),
      ],
      styleHashes: [],
    }));
    const code = siteRouterCode(pages);
    expect(Buffer.byteLength(code)).toBeLessThanOrEqual(CLOUDFRONT_FUNCTION_MAX_BYTES);
    expect(() => assertFunctionSize(code)).not.toThrow();
  });

  it('refuses code over the limit with a message that says what to do', () => {
    expect(() => assertFunctionSize('x'.repeat(CLOUDFRONT_FUNCTION_MAX_BYTES + 1))).toThrow(
      /CloudFront allows 10240/,
    );
  });
});

describe('site router: the API origin in every page’s policy', () => {
  const dir = writeSiteFixture();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pages = scanSite(dir);
  const API = 'https://api.kryon.example';

  it.each(pages.map((page) => page.path))(
    'lets %s call the API on its own name when one is given, and only itself otherwise',
    (path) => {
      const withApi = loadFunction(siteRouterCode(pages, { connectOrigins: [API] }));
      const sameOrigin = loadFunction(siteRouterCode(pages));
      expect(cspDirective(roundTrip(withApi, path).response, 'connect-src')).toEqual([
        "'self'",
        API,
      ]);
      expect(cspDirective(roundTrip(sameOrigin, path).response, 'connect-src')).toEqual(["'self'"]);
    },
  );

  it('gives the 404 answer the API origin too, so the not-found page’s forms work', () => {
    const withApi = loadFunction(siteRouterCode(pages, { connectOrigins: [API] }));
    const { response } = roundTrip(withApi, '/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(cspDirective(response, 'connect-src')).toEqual(["'self'", API]);
  });
});
