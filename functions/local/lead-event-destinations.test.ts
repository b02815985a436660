import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { resolveDestination } from '../src/leads/event-destinations.ts';
import { leadErased } from '../src/leads/lead-events.ts';
import type { SlackMessage } from '../src/leads/slack-message.ts';
import {
  apiKeysOf,
  localApiDestination,
  localDelivery,
  localDeliverySettings,
  localEventSecrets,
} from './lead-event-destinations.ts';

const scratch = mkdtempSync(join(tmpdir(), 'kryon-local-secrets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let cases = 0;
function dataDir(): string {
  cases += 1;
  return join(scratch, `case-${cases}`);
}

const slack = resolveDestination({ kind: 'slack', name: 'sales-slack', secret: 'local/slack' });
const webhook = resolveDestination({
  kind: 'webhook',
  name: 'crm-webhook',
  url: 'http://127.0.0.1:8010/webhook',
  secret: 'local/webhook',
});
const api = resolveDestination({
  kind: 'api',
  name: 'crm-api',
  url: 'http://127.0.0.1:8010/api',
  secret: 'local/api',
});

describe('the local secrets of lead-event destinations', () => {
  it('make a key for an api destination, never a signing secret, and keep it', () => {
    const dir = dataDir();
    const first = localEventSecrets(dir, [slack, webhook, api]);

    expect(first['local/slack']).toMatch(/^[0-9a-f]{32}$/);
    expect(first['local/webhook']).toMatch(/^whsec_/);
    expect(first['local/api']).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(localEventSecrets(dir, [slack, webhook, api])).toEqual(first);
  });

  it("make a value again when the file changed a destination's kind, and keep a key set by hand", () => {
    const dir = dataDir();
    const asWebhook = localEventSecrets(dir, [{ kind: 'webhook', secret: 'local/api' }]);
    const file = join(dir, 'lead-event-secrets.json');

    const asApi = localEventSecrets(dir, [api]);
    expect(asApi['local/api']).not.toBe(asWebhook['local/api']);
    expect(asApi['local/api']).not.toMatch(/^whsec_/);
    // A key copied from a receiver's own settings, `Bearer …` for an Authorization header.
    writeFileSync(file, JSON.stringify({ 'local/api': 'Bearer abc.DEF-123' }));
    expect(localEventSecrets(dir, [api])['local/api']).toBe('Bearer abc.DEF-123');
    // One EventBridge's connection would refuse (a colon) is made again, as a deploy would fail.
    writeFileSync(file, JSON.stringify({ 'local/api': 'user:pass' }));
    expect(localEventSecrets(dir, [api])['local/api']).not.toBe('user:pass');
    // Back to a webhook: a key cannot sign.
    expect(localEventSecrets(dir, [webhook])['local/webhook']).toMatch(/^whsec_/);
    expect(localEventSecrets(dir, [{ kind: 'webhook', secret: 'local/api' }])['local/api']).toMatch(
      /^whsec_/,
    );
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveProperty('local/webhook');
  });

  it("give the inbox each api destination's key in its header, once", () => {
    const other = resolveDestination({
      kind: 'api',
      name: 'other-api',
      url: 'http://127.0.0.1:8010/api/other',
      secret: 'local/api',
      header: 'Authorization',
    });
    const keys = apiKeysOf([slack, webhook, api, { ...api, name: 'again' }, other], {
      'local/slack': 'token',
      'local/webhook': 'whsec_x',
      'local/api': 'key-1',
    });

    expect(keys).toEqual([
      { header: 'x-api-key', key: 'key-1' },
      { header: 'authorization', key: 'key-1' },
    ]);
  });

  it('send an api destination its key in its header, and say so when it has none', async () => {
    const seen: Headers[] = [];
    const fake = (async (_url: string, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    const invoke = localApiDestination({ secrets: { 'local/api': 'key-1' }, fetch: fake });

    expect(await invoke(api, { id: 'evt_1' })).toEqual({ ok: true, status: 200 });
    expect(seen[0]?.get('x-api-key')).toBe('key-1');
    expect(await invoke({ ...api, secret: 'local/none' }, { id: 'evt_1' })).toEqual({
      ok: false,
      retry: true,
      reason: 'no local key or URL for crm-api',
    });
  });
});

describe('the local delivery', () => {
  it("reads the delivery function's settings from the environment by its rule", () => {
    expect(localDeliverySettings({ SALES_TIME_ZONE: ' Europe/Berlin ' })).toEqual({
      sales: { timeZone: 'Europe/Berlin' },
    });
    expect(localDeliverySettings({})).toEqual({ sales: { timeZone: 'UTC' } });
    expect(() => localDeliverySettings({ SALES_TIME_ZONE: 'Mars/Olympus_Mons' })).toThrow(
      'Environment variable SALES_TIME_ZONE must be an IANA time zone',
    );
  });

  it("gives a Slack message's time in the zone it is given, as the deployed function", async () => {
    const bodies: string[] = [];
    const inbox = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        bodies.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200);
        res.end();
      });
    });
    await new Promise<void>((done) => inbox.listen(0, '127.0.0.1', done));
    try {
      const inboxUrl = `http://127.0.0.1:${(inbox.address() as AddressInfo).port}`;
      const silent = { info() {}, warn() {}, error() {} };
      const event = leadErased(
        { form: 'demo', submissionId: 'lead-1' },
        '2026-11-24T08:01:46.220Z',
      );
      for (const timeZone of ['Europe/Berlin', undefined]) {
        const deliver = localDelivery({
          destinations: [slack],
          secrets: { 'local/slack': 'token' },
          inboxUrl,
          log: silent,
          ...(timeZone === undefined ? {} : { timeZone }),
        });
        expect(await deliver({ destination: { name: slack.name, kind: 'slack' }, event })).toEqual({
          ok: true,
          status: 200,
        });
      }
      const footers = bodies.map((body) => {
        const footer = (JSON.parse(body) as SlackMessage).blocks.at(-1);
        return footer?.type === 'context' ? footer.elements[0]?.text : undefined;
      });
      expect(footers).toEqual([
        'Tue 24 Nov 2026, 09:01 CET · Demo request · Lead lead-1',
        'Tue 24 Nov 2026, 08:01 UTC · Demo request · Lead lead-1',
      ]);
    } finally {
      inbox.closeAllConnections();
      await new Promise((done) => inbox.close(done));
    }
  });
});
