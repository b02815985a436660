import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWebhookSecret, webhookSigner } from '../src/adapters/webhook-signer.ts';
import { leadEventId } from '../src/leads/lead-events.ts';
import {
  inboxPage,
  MAX_BODY_BYTES,
  slackProblem,
  startWebhookInbox,
  storedWebhooks,
  type WebhookEntry,
  type WebhookInbox,
} from './webhook-inbox.ts';

const CURRENT = newWebhookSecret();
const PREVIOUS = newWebhookSecret();
const ID = leadEventId('lead-1', 'lead.accepted');
const PAYLOAD = { version: 1, id: ID, type: 'lead.accepted', leadId: 'lead-1', form: 'demo' };

const API_KEY = 'kryon-local-api-key-0123456789abcdef';
const BEARER = 'Bearer another-api-key';

let inbox: WebhookInbox;

beforeAll(async () => {
  // The inbox of a rotation: it accepts either secret; and the keys of two API destinations.
  inbox = await startWebhookInbox({
    port: 0,
    secrets: [CURRENT, PREVIOUS],
    apiKeys: [
      { header: 'x-api-key', key: API_KEY },
      { header: 'Authorization', key: BEARER },
    ],
  });
});
afterAll(() => inbox.close());

/** A request with a Host of the test's choosing, which fetch would not send. */
function rawRequest(
  url: string,
  options: { method: string; path: string; headers: Record<string, string>; body?: string },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method, path: options.path, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

async function post(path: string, delivery: { headers: Record<string, string>; body: string }) {
  return fetch(`${inbox.url}${path}`, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });
}

describe('the webhook inbox', () => {
  it('keeps a signed delivery as verified, a tampered one as refused, and serves both', async () => {
    const signed = webhookSigner([CURRENT]).signJson({ id: ID, payload: PAYLOAD });
    const oldSecret = webhookSigner([PREVIOUS]).signJson({ id: ID, payload: PAYLOAD });
    const tampered = { ...signed, body: signed.body.replace('"demo"', '"contact"') };
    const stale = webhookSigner([CURRENT]).signJson({
      id: ID,
      payload: PAYLOAD,
      at: new Date(Date.now() - 10 * 60_000),
    });
    const stranger = webhookSigner([newWebhookSecret()]).signJson({ id: ID, payload: PAYLOAD });

    const answers = [
      await post('/hooks/crm', signed),
      await post('/hooks/crm', oldSecret),
      await post('/hooks/crm', tampered),
      await post('/hooks/crm', stale),
      await post('/', stranger),
    ];

    expect(answers.map((a) => a.status)).toEqual([204, 204, 401, 401, 401]);
    expect(await answers[2]?.json()).toEqual({ error: 'No matching signature found' });
    const store = await storedWebhooks(inbox.url);
    expect(store.map((e) => [e.seq, e.path, e.verified, e.reason, e.repeat])).toEqual([
      [1, '/hooks/crm', true, undefined, undefined],
      // The same event again, signed with the other secret: verified, and seen as a repeat.
      [2, '/hooks/crm', true, undefined, true],
      [3, '/hooks/crm', false, 'No matching signature found', undefined],
      [4, '/hooks/crm', false, 'Message timestamp too old', undefined],
      [5, '/', false, 'No matching signature found', undefined],
    ]);
    expect(store[0]).toMatchObject({
      body: signed.body,
      headers: {
        'webhook-id': ID,
        'webhook-timestamp': signed.headers['webhook-timestamp'],
        'webhook-signature': signed.headers['webhook-signature'],
        'content-type': 'application/json',
      },
    });
    expect(store[2]?.body).toBe(tampered.body);
  });

  it('refuses a delivery without the headers, and shows every delivery, escaped, at /', async () => {
    const bare = await fetch(`${inbox.url}/x`, { method: 'POST', body: '<script>1</script>' });

    expect(bare.status).toBe(401);
    expect((await storedWebhooks(inbox.url)).at(-1)).toMatchObject({
      verified: false,
      reason: 'Missing required headers',
    });
    const page = await (await fetch(inbox.url)).text();
    expect(page).toContain('Webhook inbox');
    expect(page).toContain(ID);
    expect(page).toContain('&lt;script&gt;1&lt;/script&gt;');
    expect(page).not.toContain('<script>1</script>');
  });

  it('takes Slack messages at /slack/..., as Slack answers them, and draws them as Slack would', async () => {
    const message = {
      text: 'New lead',
      blocks: [
        { type: 'header', text: { type: 'plain_text', text: 'Demo request &lt;b&gt;' } },
        {
          type: 'section',
          fields: [{ type: 'mrkdwn', text: '*Company*', verbatim: true }],
        },
      ],
    };
    const ok = await fetch(`${inbox.url}/slack/T0ken`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(message),
    });
    const empty = await fetch(`${inbox.url}/slack/T0ken`, { method: 'POST', body: '{}' });

    expect([ok.status, await ok.text()]).toEqual([200, 'ok']);
    expect([empty.status, await empty.text()]).toEqual([400, 'no_text']);
    const slack = (await storedWebhooks(inbox.url)).filter((e) => e.kind === 'slack');
    expect(slack.map((e) => [e.path, e.verified, e.reason])).toEqual([
      ['/slack/T0ken', true, undefined],
      ['/slack/T0ken', false, 'no_text'],
    ]);
    expect(JSON.parse(slack[0]?.body ?? '')).toEqual(message);
    const page = await (await fetch(inbox.url)).text();
    // Slack's entities decoded, then escaped for HTML; Kryon's mrkdwn labels in bold.
    expect(page).toContain('<div class="header">Demo request &lt;b&gt;</div>');
    expect(page).toContain('<b>Company</b>');
  });

  it('refuses Slack bodies whose blocks Slack would refuse, with invalid_blocks, and still draws the page', async () => {
    const answers = [];
    for (const body of [
      '{"blocks":[null]}',
      '{"blocks":"header"}',
      '{"text":"x","blocks":[{"type":"context"}]}',
      '{"blocks":[{"type":"section","fields":[null]}]}',
      '{"blocks":[{"type":"header","text":{"type":"plain_text"}}]}',
    ]) {
      const answer = await fetch(`${inbox.url}/slack/T0ken`, { method: 'POST', body });
      answers.push([answer.status, await answer.text()]);
    }

    expect(answers).toEqual(Array(5).fill([400, 'invalid_blocks']));
    const page = await fetch(inbox.url);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('refused</strong>: invalid_blocks');
    expect(html).not.toContain('could not be drawn');
  });

  it('takes the blocks it draws, and text with no blocks', () => {
    expect(slackProblem('{"text":"New lead"}')).toBeUndefined();
    expect(
      slackProblem(
        JSON.stringify({
          blocks: [
            { type: 'header', text: { type: 'plain_text', text: 'h' } },
            { type: 'section', text: { type: 'mrkdwn', text: 's' } },
            { type: 'section', fields: [{ type: 'mrkdwn', text: '*f*' }] },
            { type: 'context', elements: [{ type: 'mrkdwn', text: 'c' }] },
            { type: 'divider' },
          ],
        }),
      ),
    ).toBeUndefined();
    expect(slackProblem('[]')).toBe('invalid_payload');
    expect(slackProblem('{}')).toBe('no_text');
  });

  it('draws an entry it cannot draw as such, the others as ever', () => {
    const at = '2026-11-29T10:00:00.000Z';
    const stored: WebhookEntry[] = [
      // Kept as verified before the check refused such blocks: drawing it throws.
      {
        seq: 1,
        receivedAt: at,
        path: '/slack/T0ken',
        kind: 'slack',
        headers: {},
        body: '{"blocks":[null]}',
        verified: true,
      },
      {
        seq: 2,
        receivedAt: at,
        path: '/slack/T0ken',
        kind: 'slack',
        headers: {},
        body: '{"text":"<b>fine</b>"}',
        verified: true,
      },
    ];

    const page = inboxPage(stored);

    expect(page).toContain('could not be drawn');
    expect(page).toContain('{&quot;blocks&quot;:[null]}');
    expect(page).toContain('Notification: &lt;b&gt;fine&lt;/b&gt;');
    expect(page).toMatch(/<\/ol><\/body><\/html>$/);
  });

  it('refuses a body over 256 KB with 413, unkept', async () => {
    const before = (await storedWebhooks(inbox.url)).length;
    const answer = await fetch(`${inbox.url}/slack/T0ken`, {
      method: 'POST',
      body: JSON.stringify({ text: 'x'.repeat(MAX_BODY_BYTES) }),
    });

    expect(answer.status).toBe(413);
    expect(MAX_BODY_BYTES).toBe(256 * 1024);
    expect(await storedWebhooks(inbox.url)).toHaveLength(before);
  });

  it('answers anything but POST, GET / and GET /store with 405', async () => {
    expect((await fetch(`${inbox.url}/store`, { method: 'PUT' })).status).toBe(405);
  });

  it('keeps only the newest deliveries past its limit', async () => {
    const small = await startWebhookInbox({ port: 0, secrets: [CURRENT], maxEntries: 2 });
    try {
      const signer = webhookSigner([CURRENT]);
      for (const n of [1, 2, 3]) {
        const id = leadEventId(`lead-${n}`, 'lead.accepted');
        await fetch(small.url, { method: 'POST', ...signer.signJson({ id, payload: { n } }) });
      }

      expect((await storedWebhooks(small.url)).map((e) => e.seq)).toEqual([2, 3]);
    } finally {
      await small.close();
    }
  });

  it('takes a call to /api with a key it was given, in its header, and keeps it without the key', async () => {
    const body = JSON.stringify(PAYLOAD);
    const call = (path: string, headers: Record<string, string>) =>
      fetch(`${inbox.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', ...headers },
        body,
      });

    const answers = [
      await call('/api', { 'x-api-key': API_KEY }),
      await call('/api/leads', { authorization: BEARER }),
      await call('/api', { 'x-api-key': 'kryon-local-api-key-0123456789abcdeX' }),
      await call('/api', { 'x-api-key': BEARER }),
      await call('/api', {}),
    ];

    expect(answers.map((a) => a.status)).toEqual([204, 204, 401, 401, 401]);
    expect(await answers[2]?.json()).toEqual({ error: 'The key does not match' });
    const api = (await storedWebhooks(inbox.url)).filter((e) => e.kind === 'api');
    expect(api.map((e) => [e.path, e.verified, e.reason, e.repeat])).toEqual([
      ['/api', true, undefined, undefined],
      // The same event again (its body's id: an API destination sends no id header).
      ['/api/leads', true, undefined, true],
      ['/api', false, 'The key does not match', undefined],
      // A key is good only in its own header.
      ['/api', false, 'The key does not match', undefined],
      ['/api', false, 'Missing the key header (x-api-key, authorization)', undefined],
    ]);
    expect(api[0]).toMatchObject({
      body,
      headers: { 'x-api-key': '(checked)', 'content-type': 'application/json; charset=utf-8' },
    });
    expect(api[1]?.headers.authorization).toBe('(checked)');
    expect(api[2]?.headers['x-api-key']).toBe('(refused)');
    // No key is kept, refused or taken, in the store or on the page.
    const page = await (await fetch(inbox.url)).text();
    for (const text of [JSON.stringify(api), page]) {
      expect(text).not.toContain(API_KEY);
      expect(text).not.toContain('another-api-key');
    }
    expect(page).toContain('key checked');
    expect(page).toContain(`id <code>${ID}</code>`);
  });

  it('refuses every call to /api when it was given no key, and takes /apis for a webhook path', async () => {
    const bare = await startWebhookInbox({ port: 0, secrets: [CURRENT] });
    try {
      const api = await fetch(`${bare.url}/api`, {
        method: 'POST',
        headers: { 'x-api-key': API_KEY },
        body: '{}',
      });
      const other = await fetch(`${bare.url}/apis`, { method: 'POST', body: '{}' });

      expect(api.status).toBe(401);
      expect(other.status).toBe(401);
      expect((await storedWebhooks(bare.url)).map((e) => [e.kind, e.reason])).toEqual([
        ['api', 'No API key is configured'],
        ['webhook', 'Missing required headers'],
      ]);
    } finally {
      await bare.close();
    }
  });

  it('answers only by its loopback address: a rebound host name gets 403, and neither the store nor a say', async () => {
    const port = new URL(inbox.url).port;
    const before = (await storedWebhooks(inbox.url)).length;
    const signed = webhookSigner([CURRENT]).signJson({ id: ID, payload: PAYLOAD });
    const rebound = { host: `attacker.example:${port}` };

    const answers = [
      await rawRequest(inbox.url, { method: 'GET', path: '/store', headers: rebound }),
      await rawRequest(inbox.url, { method: 'GET', path: '/', headers: rebound }),
      await rawRequest(inbox.url, {
        method: 'POST',
        path: '/hooks/crm',
        headers: { ...signed.headers, ...rebound },
        body: signed.body,
      }),
      // Its loopback address on another port is another server's.
      await rawRequest(inbox.url, {
        method: 'GET',
        path: '/store',
        headers: { host: '127.0.0.1:80' },
      }),
    ];

    expect(answers.map((a) => a.status)).toEqual([403, 403, 403, 403]);
    expect(JSON.parse(answers[0]?.body ?? '')).toEqual({
      error: `The webhook inbox answers at 127.0.0.1:${port} or localhost:${port} only.`,
    });
    for (const answer of answers) expect(answer.body).not.toContain('lead.accepted');
    // Both loopback names are its own, in any case.
    for (const host of [`localhost:${port}`, `LOCALHOST:${port}`, `127.0.0.1:${port}`]) {
      const answer = await rawRequest(inbox.url, {
        method: 'GET',
        path: '/store',
        headers: { host },
      });
      expect(answer.status, host).toBe(200);
    }
    expect(await storedWebhooks(inbox.url)).toHaveLength(before);
  });

  it('keeps no credential a sender put in a header, whatever the header and the path', async () => {
    const PARTNER_KEY = 'kryon-local-partner-key-fedcba9876543210';
    const own = await startWebhookInbox({
      port: 0,
      secrets: [CURRENT],
      apiKeys: [{ header: 'X-Partner-Key', key: PARTNER_KEY }],
    });
    try {
      const signed = webhookSigner([CURRENT]).signJson({ id: ID, payload: PAYLOAD });
      const credentials = {
        authorization: 'Bearer sk_live_not_the_configured_header',
        'proxy-authorization': 'Basic cHJveHk6c2VjcmV0',
        'x-api-key': 'sk_live_a_key_for_another_api',
        cookie: 'session=sk_live_session_cookie',
      };
      const sent = [
        // The configured key with another key beside it, in a header it was not told of.
        await fetch(`${own.url}/api`, {
          method: 'POST',
          headers: { 'x-partner-key': PARTNER_KEY, ...credentials },
          body: JSON.stringify(PAYLOAD),
        }),
        // A key in the configured header's place, but on a webhook's path.
        await fetch(`${own.url}/hooks/crm`, {
          method: 'POST',
          headers: { ...signed.headers, 'x-partner-key': PARTNER_KEY, ...credentials },
          body: signed.body,
        }),
        await fetch(`${own.url}/slack/T0ken`, {
          method: 'POST',
          headers: { 'x-partner-key': PARTNER_KEY, ...credentials },
          body: '{"text":"New lead"}',
        }),
      ];

      expect(sent.map((a) => a.status)).toEqual([204, 204, 200]);
      const stored = await storedWebhooks(own.url);
      const redacted = {
        authorization: '(redacted)',
        'proxy-authorization': '(redacted)',
        'x-api-key': '(redacted)',
        cookie: '(redacted)',
      };
      expect(stored.map((e) => [e.kind, e.verified])).toEqual([
        ['api', true],
        ['webhook', true],
        ['slack', true],
      ]);
      expect(stored[0]?.headers).toMatchObject({ 'x-partner-key': '(checked)', ...redacted });
      expect(stored[1]?.headers).toMatchObject({
        'x-partner-key': '(redacted)',
        ...redacted,
        'webhook-id': ID,
      });
      expect(stored[2]?.headers).toMatchObject({ 'x-partner-key': '(redacted)', ...redacted });
      const text = JSON.stringify(stored) + (await (await fetch(own.url)).text());
      expect(text).not.toContain('sk_live');
      expect(text).not.toContain(PARTNER_KEY);
      expect(text).not.toContain('cHJveHk6c2VjcmV0');
    } finally {
      await own.close();
    }
  });

  it('will not start without a secret of the right form', async () => {
    await expect(startWebhookInbox({ port: 0, secrets: [] })).rejects.toThrow('at least one');
    await expect(startWebhookInbox({ port: 0, secrets: ['hunter2'] })).rejects.toThrow(
      'Webhook inbox secret 1 does not start with whsec_',
    );
  });
});
