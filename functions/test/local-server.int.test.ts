import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERROR_MESSAGES, SUCCESS_MESSAGES } from '@kryon/shared/messages';
import {
  SPECULATION_RULES_HEADER_VALUE,
  SPECULATION_RULES_PATH,
  speculationRulesJson,
} from '@kryon/shared/speculation-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handler } from '../local/server.ts';
import { contactBody } from './events.ts';
import {
  emailsTo,
  type IntegrationEnv,
  uniqueEmail,
  uniqueKey,
  useEmulators,
} from './integration.ts';

/*
 * The `npm start` path: HTTP requests become API Gateway 2.0 events for the same handlers,
 * next to the prerendered site, on one port.
 */
let env: IntegrationEnv;
let server: Server;
let base: string;
let siteDir: string;

beforeAll(async () => {
  env = await useEmulators('local');
  const { API_ROUTES, FALLBACK_HANDLER } = await import('../src/routes.ts');
  const { createLocalServer } = await import('../local/server.ts');
  const load = async (name: string) =>
    ((await import(`../src/handlers/${name}.ts`)) as { handler: Handler }).handler;

  siteDir = mkdtempSync(join(tmpdir(), 'kryon-site-'));
  mkdirSync(join(siteDir, '404'));
  mkdirSync(join(siteDir, 'contact'));
  writeFileSync(join(siteDir, 'index.html'), '<h1>Home</h1>');
  writeFileSync(join(siteDir, 'contact', 'index.html'), '<h1>Get in touch</h1>');
  writeFileSync(join(siteDir, '404', 'index.html'), '<h1>Page not found</h1>');
  mkdirSync(join(siteDir, '.well-known'));
  mkdirSync(join(siteDir, 'security-intelligence'));
  writeFileSync(join(siteDir, '.well-known', 'security.txt'), 'Contact: mailto:s@x.example\n');
  writeFileSync(join(siteDir, 'security-intelligence', 'feed.xml'), '<feed/>');
  writeFileSync(join(siteDir, SPECULATION_RULES_PATH.slice(1)), speculationRulesJson());
  writeFileSync(join(siteDir, '.env'), 'SECRET=1\n');

  const routes = new Map<string, Handler>();
  for (const route of API_ROUTES)
    routes.set(`${route.method} ${route.path}`, await load(route.handler));
  server = createLocalServer({ siteDir, routes, fallback: await load(FALLBACK_HANDLER) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  base = `http://127.0.0.1:${address.port}`;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
  rmSync(siteDir, { recursive: true, force: true });
});

function post(path: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
}

describe('the local server', () => {
  it('takes a contact submission over HTTP through to the SES inbox', async () => {
    const email = uniqueEmail('local');
    const response = await post('/api/email/contact', JSON.stringify(contactBody({ email })), {
      'Idempotency-Key': uniqueKey(),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toMatchObject({
      success: true,
      message: SUCCESS_MESSAGES.contact,
    });
    expect(await emailsTo(env.sesUrl, email)).toHaveLength(1);
  });

  it('answers health with both emulators up', async () => {
    const response = await fetch(`${base}/api/email/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
  });

  it('answers unknown API paths with 404 JSON and wrong methods with 405 JSON', async () => {
    const missing = await fetch(`${base}/api/email/unknown`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await missing.json()).toEqual({ success: false, message: ERROR_MESSAGES.notFound });

    const wrong = await fetch(`${base}/api/email/contact`);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(await wrong.json()).toEqual({
      success: false,
      message: ERROR_MESSAGES.methodNotAllowed,
    });
  });

  it('refuses non-JSON with 415 and bodies over 64 KB with 413', async () => {
    const form = await post('/api/email/contact', 'name=Ada', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(form.status).toBe(415);
    const large = await post('/api/email/contact', JSON.stringify({ message: 'x'.repeat(70_000) }));
    expect(large.status).toBe(413);
    expect(await large.json()).toEqual({ success: false, message: ERROR_MESSAGES.bodyTooLarge });
  });

  it('serves prerendered pages by clean URL and a real 404 page otherwise', async () => {
    const page = await fetch(`${base}/contact`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Get in touch');
    const missing = await fetch(`${base}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await missing.text()).toContain('Page not found');
  });

  it('serves the feed and security.txt with their own content types', async () => {
    const feed = await fetch(`${base}/security-intelligence/feed.xml`);
    expect(feed.status).toBe(200);
    expect(feed.headers.get('content-type')).toBe('application/atom+xml; charset=utf-8');
    const securityTxt = await fetch(`${base}/.well-known/security.txt`);
    expect(securityTxt.status).toBe(200);
    expect(securityTxt.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await securityTxt.text()).toContain('Contact: mailto:');
  });

  it('names the speculation rules on pages, the 404 page included, as CloudFront does', async () => {
    for (const path of ['/', '/contact', '/no-such-page']) {
      const response = await fetch(`${base}${path}`);
      expect(response.headers.get('speculation-rules'), path).toBe(SPECULATION_RULES_HEADER_VALUE);
    }
  });

  it('serves the speculation rules with the content type browsers require', async () => {
    const rules = await fetch(`${base}${SPECULATION_RULES_PATH}`);
    expect(rules.status).toBe(200);
    expect(rules.headers.get('content-type')).toBe('application/speculationrules+json');
    expect(await rules.json()).toMatchObject({ prefetch: [{ eagerness: 'moderate' }] });
  });

  it('serves /.well-known/ but no other dotfile of the build', async () => {
    const hidden = await fetch(`${base}/.env`);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toContain('SECRET');
  });
});
