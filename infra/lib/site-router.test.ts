import { rmSync } from 'node:fs';
import { dirname } from 'node:path';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CONTEXT_SCRIPT,
  dataScript,
  FEATURES_STYLE,
  HELLO_HASH,
  routeModuleScript,
  SITE_FILES,
  writeSiteFixture,
} from '../test/site-fixture.ts';
import {
  cspDirective,
  loadFunction,
  roundTrip,
  viewerRequest,
  viewerResponse,
} from './cloudfront-function.ts';
import { buildCsp, cspHash, type PageInlineSources, scanSite } from './csp.ts';
import {
  assertFunctionSize,
  assertRoutesBuild,
  CLOUDFRONT_FUNCTION_MAX_BYTES,
  KEY_VALUE_STORE_LIMITS,
  keyValueStoreData,
  type SiteRouterOptions,
  scanSiteFiles,
  siteRouterCode,
  siteRouteTable,
} from './site-router.ts';
import { StaticSite } from './static-site.ts';

/** The router with the route table of a build directory, as static-site.ts deploys them. */
function routerFor(dir: string, options: SiteRouterOptions = {}) {
  return loadFunction(siteRouterCode(options), siteRouteTable(scanSite(dir), scanSiteFiles(dir)));
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
  const handler = routerFor(dir);

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
    '/favicon.svg',
    '/og/attack-paths.png',
    '/og/attack-paths/x.png',
    '/speculation-rules.json',
  ])('leaves the file %s of the build untouched', (uri) => {
    expect(viewerRequest(handler, uri)).toBe(uri);
  });

  it.each([
    '/no-such-page',
    '/security-intelligence/attack-paths/unknown',
    '/features/extra',
    '/404',
    '/pricing.html',
    '/no-such-page/index.html',
    '/og/attack-paths/unknown.png',
  ])('sends the unknown page %s to the 404 page', (uri) => {
    expect(viewerRequest(handler, uri)).toBe('/404/index.html');
  });
});

describe('site router: viewer response', () => {
  const dir = writeSiteFixture();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pages = scanSite(dir);
  const handler = routerFor(dir);
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
  const handler = loadFunction(siteRouterCode(), siteRouteTable([]));

  it('sends every page and file to the 404 page and answers 404', () => {
    expect(viewerRequest(handler, '/features')).toBe('/404/index.html');
    expect(viewerResponse(handler, '/features').statusCode).toBe(404);
    expect(viewerRequest(handler, '/robots.txt')).toBe('/404/index.html');
  });
});

describe('site router size', () => {
  /** A site of `count` articles, each with its page and its share image, as the build has. */
  function articles(count: number) {
    const slug = (i: number) => `article-number-${i}-with-a-long-descriptive-slug`;
    const pages: PageInlineSources[] = [
      { path: '/', file: 'index.html', scriptHashes: [], styleHashes: [] },
      { path: '/404', file: '404/index.html', scriptHashes: [], styleHashes: [] },
      ...Array.from({ length: count }, (_, i) => ({
        path: `/security-intelligence/attack-paths/${slug(i)}`,
        file: `security-intelligence/attack-paths/${slug(i)}/index.html`,
        scriptHashes: [],
        styleHashes: [],
      })),
    ];
    const files = [
      '/robots.txt',
      ...pages.slice(2).map((_, i) => `/og/attack-paths/${slug(i)}.png`),
    ];
    return { pages, files, slug };
  }
  const API = 'https://api.kryon.example';

  it('generates the same code, under CloudFront’s limit, for no page and for 1,000 articles', () => {
    const code = siteRouterCode({ connectOrigins: [API] });
    expect(Buffer.byteLength(code)).toBeLessThan(CLOUDFRONT_FUNCTION_MAX_BYTES / 4);
    expect(() => assertFunctionSize(code)).not.toThrow();
    // The code takes no pages at all: only the route table grows with the content.
    expect(siteRouterCode({ connectOrigins: [API] })).toBe(code);
    const { pages, files } = articles(1_000);
    expect(() => assertRoutesBuild(code, siteRouteTable(pages, files), pages, files)).not.toThrow();
  });

  describe('with 1,000 articles', () => {
    const { pages, files, slug } = articles(1_000);
    const table = siteRouteTable(pages, files);
    const handler = loadFunction(siteRouterCode({ connectOrigins: [API] }), table);

    it('keeps its route table within what a key value store imports', () => {
      expect(Object.keys(table)).toHaveLength(pages.length + files.length);
      const bytes = Buffer.byteLength(keyValueStoreData(table));
      expect(bytes).toBeLessThan(KEY_VALUE_STORE_LIMITS.fileBytes / 20);
    });

    it.each([
      [`/security-intelligence/attack-paths/${slug(0)}`, 0],
      [`/security-intelligence/attack-paths/${slug(999)}/`, 999],
    ])('serves the article %s from its index.html with 200 and the page policy', (uri, i) => {
      const { originUri, response } = roundTrip(handler, uri);
      expect(originUri).toBe(`/security-intelligence/attack-paths/${slug(i)}/index.html`);
      expect(response.statusCode).toBe(200);
      expect(cspDirective(response, 'connect-src')).toEqual(["'self'", API]);
    });

    it('passes an article’s share image to the bucket', () => {
      const uri = `/og/attack-paths/${slug(500)}.png`;
      expect(roundTrip(handler, uri)).toMatchObject({
        originUri: uri,
        response: { statusCode: 200 },
      });
    });

    it.each([
      `/security-intelligence/attack-paths/${slug(1_000)}`,
      `/security-intelligence/identity-risks/${slug(0)}`,
      `/og/attack-paths/${slug(1_000)}.png`,
      '/security-intelligence/attack-paths/x.data',
      '/api/email/health',
      '/api/email/contact',
    ])('answers %s with the 404 page, status 404 and the 404 page’s policy', (uri) => {
      const { originUri, response } = roundTrip(handler, uri);
      expect(originUri).toBe('/404/index.html');
      expect(response.statusCode).toBe(404);
      expect(cspDirective(response, 'connect-src')).toEqual(["'self'", API]);
    });
  });

  it('refuses a route table CloudFront would not import, naming the entry', () => {
    const long = `/${'a'.repeat(KEY_VALUE_STORE_LIMITS.keyCharacters)}`;
    expect(() => keyValueStoreData(siteRouteTable([], [long]))).toThrow(long);
    const inline = Array.from({ length: 30 }, (_, i) => cspHash(String(i)));
    const crowded = { path: '/x', file: 'x/index.html', scriptHashes: inline, styleHashes: [] };
    expect(() => keyValueStoreData(siteRouteTable([crowded]))).toThrow(/inline scripts/);
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
      const withApi = routerFor(dir, { connectOrigins: [API] });
      const sameOrigin = routerFor(dir);
      expect(cspDirective(roundTrip(withApi, path).response, 'connect-src')).toEqual([
        "'self'",
        API,
      ]);
      expect(cspDirective(roundTrip(sameOrigin, path).response, 'connect-src')).toEqual(["'self'"]);
    },
  );

  it('gives the 404 answer the API origin too, so the not-found page’s forms work', () => {
    const withApi = routerFor(dir, { connectOrigins: [API] });
    const { response } = roundTrip(withApi, '/no-such-page');
    expect(response.statusCode).toBe(404);
    expect(cspDirective(response, 'connect-src')).toEqual(["'self'", API]);
  });
});

describe('site router: files of the build and missing files', () => {
  const dir = writeSiteFixture();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pages = scanSite(dir);
  const handler = routerFor(dir);
  const notFoundScripts = scriptSources(buildCsp(pages.find((page) => page.path === '/404')));

  it.each(pages.filter((page) => page.path !== '/404').map((page) => [page.path, page]))(
    'serves the page %s from its index.html with 200 and its own policy',
    (path, page) => {
      const { originUri, response } = roundTrip(handler, path);
      expect(originUri).toBe(`/${page.file}`);
      expect(response.statusCode).toBe(200);
      expect(scriptSources(response.headers['content-security-policy']?.value).sort()).toEqual(
        scriptSources(buildCsp(page)).sort(),
      );
    },
  );

  it.each([
    '/favicon.svg',
    '/robots.txt',
    '/sitemap.xml',
    '/security-intelligence/feed.xml',
    '/.well-known/security.txt',
    '/og/attack-paths/x.png',
  ])(
    'passes the file %s of the build to the bucket and answers 200 without a page policy',
    (uri) => {
      const { originUri, response } = roundTrip(handler, uri);
      expect(originUri).toBe(uri);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-security-policy']).toBeUndefined();
    },
  );

  it.each([
    '/favicon.ico',
    '/x.png',
    '/features/hero.png',
    '/robots.txt.bak',
    '/security-intelligence/feed.atom',
    '/.well-known/other.txt',
    '/__spa-fallback.html',
    // React Router's loader data, which the build no longer ships: of `/`, of pages, of a
    // page without a loader, of a page that was not prerendered, of no page, and React
    // Router 7's name for that of `/`
    '/_.data',
    '/features.data',
    '/security-intelligence/attack-paths/x.data',
    '/404.data',
    '/security-intelligence/attack-paths/not-prerendered.data',
    '/security-intelligence/attack-paths.data',
    '/no-such-page.data',
    '/_root.data',
    '/assets',
    '/assets/inline',
  ])('answers the missing file %s with the 404 page, status 404 and its policy', (uri) => {
    // The origin answers 200 for the 404 page the request was rewritten to, so CloudFront
    // runs viewer-response; whichever URI that event carries, the answer is the same.
    const { originUri, response } = roundTrip(handler, uri);
    expect(originUri).toBe('/404/index.html');
    for (const answer of [response, viewerResponse(handler, uri)]) {
      expect(answer.statusCode).toBe(404);
      expect(answer.statusDescription).toBe('Not Found');
      expect(scriptSources(answer.headers['content-security-policy']?.value).sort()).toEqual(
        notFoundScripts.sort(),
      );
    }
  });

  it.each([
    '/assets/entry.client-Ab12Cd34.js',
    '/assets/inline/0a1b2c3d4e5f60718293.js',
    // A chunk of an earlier build: the bucket keeps those for pages still open in a browser.
    '/assets/home-OlderBuild1.js',
  ])('passes the hashed asset %s to the bucket whether or not this build has it', (uri) => {
    expect(viewerRequest(handler, uri)).toBe(uri);
    expect(viewerResponse(handler, uri).statusCode).toBe(200);
  });
});

describe('scanSiteFiles', () => {
  const dir = writeSiteFixture();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists files below the root and in dot-directories, not pages or hashed assets', () => {
    const files = scanSiteFiles(dir);
    expect(files).toContain('/security-intelligence/feed.xml');
    expect(files).toContain('/.well-known/security.txt');
    expect(files).toContain('/robots.txt');
    expect(files.filter((file) => file.endsWith('.html') || file.startsWith('/assets/'))).toEqual(
      [],
    );
  });
});

describe('assertRoutesBuild, which synthesis runs on the real build', () => {
  const dir = writeSiteFixture();
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const pages = scanSite(dir);
  const files = scanSiteFiles(dir);

  it('accepts the router with the build’s route table', () => {
    expect(() =>
      assertRoutesBuild(siteRouterCode(), siteRouteTable(pages, files), pages, files),
    ).not.toThrow();
  });

  it('refuses a route table that would hide a page or a file of the build', () => {
    // Made without the build's files: every root file would be a 404.
    expect(() => assertRoutesBuild(siteRouterCode(), siteRouteTable(pages), pages, files)).toThrow(
      /misroute the build: .*\/robots\.txt -> \/404\/index\.html/,
    );
    // Made from fewer pages than the build has.
    const features = pages.find((page) => page.path === '/features');
    expect(features).toBeDefined();
    const fewer = pages.filter((page) => page !== features);
    expect(() =>
      assertRoutesBuild(siteRouterCode(), siteRouteTable(fewer, files), pages, files),
    ).toThrow(/\/features -> \/404\/index\.html 404/);
  });
});

describe('a synth of the site with 1,000 generated articles', () => {
  const slug = (i: number) => `generated-article-${i}-about-a-cloud-security-finding`;
  const build = (count: number) =>
    writeSiteFixture({
      ...SITE_FILES,
      ...Object.fromEntries(
        Array.from({ length: count }, (_, i) => [
          [
            `security-intelligence/attack-paths/${slug(i)}/index.html`,
            `<!DOCTYPE html><html><head><title>${i}</title></head><body><h1>${i}</h1></body></html>`,
          ],
          [`og/attack-paths/${slug(i)}.png`, 'PNG'],
        ]).flat(),
      ),
    });
  const synthSite = (siteDir: string) => {
    const stack = new Stack(new App(), 'RouterScale', {
      env: { account: '123456789012', region: 'eu-west-1' },
    });
    const site = new StaticSite(stack, 'Site', {
      siteDir,
      apiOriginDomainName: 'abc123.execute-api.eu-west-1.amazonaws.com',
      apiOriginClientCertificateArn:
        'arn:aws:acm:us-east-1:123456789012:certificate/77777777-8888-9999-0000-111111111111',
      apiOriginHeaders: { 'x-origin-verify': 'test' },
      accessLogRetention: Duration.days(90),
      logRetention: RetentionDays.THREE_MONTHS,
    });
    return { site, template: Template.fromStack(stack) };
  };
  const dirs = [build(1_000), build(1_001)];
  afterAll(() => {
    for (const dir of dirs) rmSync(dirname(dir), { recursive: true, force: true });
  });
  const [thousand, oneMore] = dirs.map(synthSite);
  const only = (template: Template, type: string) => {
    const resources = Object.values(template.findResources(type));
    expect(resources).toHaveLength(1);
    return resources[0]?.Properties as Record<string, unknown>;
  };

  it('deploys a router under 10 KB, the same code as for a site of no page', () => {
    const code = only(thousand?.template as Template, 'AWS::CloudFront::Function')
      .FunctionCode as string;
    expect(Buffer.byteLength(code)).toBeLessThan(CLOUDFRONT_FUNCTION_MAX_BYTES);
    expect(code).toBe(siteRouterCode());
  });

  it('imports the 1,000 articles and their share images into the router’s key value store', () => {
    const table = thousand?.site.routeTable ?? {};
    expect(Object.keys(table).filter((key) => key.includes('generated-article-'))).toHaveLength(
      2_000,
    );
    expect(only(thousand?.template as Template, 'AWS::CloudFront::KeyValueStore')).toMatchObject({
      ImportSource: { SourceType: 'S3' },
    });
  });

  it('answers articles, missing articles and API paths as designed', () => {
    const code = only(thousand?.template as Template, 'AWS::CloudFront::Function')
      .FunctionCode as string;
    const handler = loadFunction(code, thousand?.site.routeTable);
    expect(roundTrip(handler, `/security-intelligence/attack-paths/${slug(999)}/`)).toMatchObject({
      originUri: `/security-intelligence/attack-paths/${slug(999)}/index.html`,
      response: { statusCode: 200 },
    });
    for (const missing of [
      `/security-intelligence/attack-paths/${slug(1_000)}`,
      `/og/attack-paths/${slug(1_000)}.png`,
      '/api/email/health',
    ]) {
      expect(roundTrip(handler, missing)).toMatchObject({
        originUri: '/404/index.html',
        response: { statusCode: 404 },
      });
    }
  });

  it('replaces the store when an article is added: an import source is read only at creation', () => {
    const name = (template: Template) =>
      only(template, 'AWS::CloudFront::KeyValueStore').Name as string;
    const [before, after] = [thousand, oneMore].map((synthed) =>
      name(synthed?.template as Template),
    );
    expect(before).toMatch(/-routes-[0-9a-f]{12}-eu-west-1$/);
    expect(after).not.toBe(before);
    expect(oneMore?.site.routeTable).toHaveProperty(
      `/security-intelligence/attack-paths/${slug(1_000)}`,
    );
  });
});
