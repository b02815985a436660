import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTENT_SECURITY_POLICY } from '@kryon/shared/security-headers';
import { afterEach, describe, expect, it } from 'vitest';
import { siteChecks } from './site-checks.ts';
import { failedChecks, formatResults } from './verify-environment.ts';

/** What a site answers, per path; a test changes one part to break it. */
interface FakeSite {
  csp?: string;
  /** The missing page's status and body: a single-page fallback answers 200 with the home page. */
  missing?: { status: number; body: string };
  health?: { status: number; body: unknown };
}

const NOT_FOUND = '<html><head><title>Page not found | Kryon</title></head></html>';
let servers: Server[] = [];

async function serve(handler: Parameters<typeof createServer>[1]): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

function fakeSite(site: FakeSite = {}): Promise<string> {
  return serve((req, res) => {
    if (req.url === '/features') {
      res.writeHead(200, {
        'content-type': 'text/html',
        'content-security-policy': site.csp ?? CONTENT_SECURITY_POLICY,
      });
      res.end('<html><head><title>Features | Kryon</title></head></html>');
    } else if (req.url === '/api/email/health') {
      const health = site.health ?? {
        status: 200,
        body: { success: true, services: { database: 'up', email: 'up' } },
      };
      res.writeHead(health.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(health.body));
    } else {
      const missing = site.missing ?? { status: 404, body: NOT_FOUND };
      res.writeHead(missing.status, { 'content-type': 'text/html' });
      res.end(missing.body);
    }
  });
}

afterEach(async () => {
  await Promise.all(servers.map((server) => new Promise((done) => server.close(done))));
  servers = [];
});

const byName = async (siteUrl: string, executeApiUrl?: string) =>
  Object.fromEntries(
    (await siteChecks({ siteUrl, executeApiUrl, runId: 'test' })).map((result) => [
      `${result.name}${result.detail.includes('.png') ? ' (file)' : ''}`,
      result,
    ]),
  );

describe('siteChecks', () => {
  it('passes a site that serves its pages, its 404 and its health, HSTS skipped over http', async () => {
    const results = await siteChecks({ siteUrl: await fakeSite(), runId: 'test' });

    expect(failedChecks(results)).toEqual([]);
    expect(results.map((result) => [result.name, result.status])).toEqual([
      ['page and its headers', 'ok'],
      ['HSTS', 'skipped'],
      ['missing page is the 404', 'ok'],
      ['missing page is the 404', 'ok'],
      ['health', 'ok'],
      ['execute-api refuses', 'skipped'],
    ]);
  });

  it('fails a single-page fallback that answers a missing page 200 with the home page', async () => {
    const site = await fakeSite({ missing: { status: 200, body: '<title>Kryon</title>' } });
    const results = await byName(site);

    expect(results['missing page is the 404']).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('answered 200, not the site’s 404 page'),
    });
  });

  it('fails a page without a CSP, and one whose CSP lets inline scripts run', async () => {
    expect((await byName(await fakeSite({ csp: '' })))['page and its headers']).toMatchObject({
      status: 'fail',
      detail: 'no Content-Security-Policy header',
    });
    const weak = "default-src 'self'; script-src 'self' 'unsafe-inline'";
    expect((await byName(await fakeSite({ csp: weak })))['page and its headers']).toMatchObject({
      status: 'fail',
      detail: 'CSP lets inline scripts run',
    });
  });

  it('fails a health refused with 403, naming the origin secret; warns in the SES sandbox', async () => {
    const refused = await fakeSite({ health: { status: 403, body: { message: 'Forbidden' } } });
    expect((await byName(refused)).health).toMatchObject({
      status: 'fail',
      fix: expect.stringContaining('a 403 is a stale origin secret'),
    });
    const sandbox = await fakeSite({
      health: {
        status: 200,
        body: { success: true, services: { database: 'up', email: 'sandbox' } },
      },
    });
    expect((await byName(sandbox)).health).toMatchObject({ status: 'warn' });
  });

  it('fails an execute-api address that answers, passes one that refuses', async () => {
    const site = await fakeSite();
    const answering = await serve((_req, res) => res.end('{"success":true}'));
    expect((await byName(site, answering))['execute-api refuses']).toMatchObject({
      status: 'fail',
      detail: expect.stringContaining('answered 200'),
    });
    const refusing = await serve((_req, res) => {
      res.writeHead(403);
      res.end('{"message":"Forbidden"}');
    });
    expect((await byName(site, refusing))['execute-api refuses']).toMatchObject({ status: 'ok' });
  });
});

describe('formatResults', () => {
  it('prints one line per check and what to do under a failure', () => {
    expect(
      formatResults([
        { name: 'health', status: 'ok', detail: 'database up, email up' },
        { name: 'HSTS', status: 'fail', detail: 'no header', fix: 'Redeploy.' },
      ]),
    ).toBe('ok    health: database up, email up\nFAIL  HSTS: no header\n      → Redeploy.');
  });
});
