import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_DESTINATION_TIMEOUT_MS,
  API_DESTINATION_USER_AGENT,
  invokeApiDestination,
  isRetriedStatus,
} from './api-destination.ts';
import { closeServer, readBody } from './http-body.ts';

/*
 * The emulated API destination against a real receiver on 127.0.0.1: `/status/<n>` answers n
 * (a 302 with a Location to follow, which must not be followed), `/sleep` answers after a
 * second, past the timeout the tests give.
 */
const received: { path: string; headers: IncomingHttpHeaders; body: string }[] = [];
const server = createServer(async (req, res) => {
  const body = (await readBody(req)).toString('utf8');
  const path = req.url ?? '/';
  received.push({ path, headers: req.headers, body });
  if (path === '/sleep') {
    setTimeout(() => res.writeHead(200).end(), 1000).unref();
    return;
  }
  const status = Number(path.split('/')[2] ?? 200);
  res.writeHead(status, status === 302 ? { location: '/status/200' } : {});
  res.end('a body the sender never keeps');
});
let base = '';

beforeAll(async () => {
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => closeServer(server));

const DETAIL = {
  version: 1,
  id: 'evt_0123456789abcdef',
  type: 'lead.accepted',
  leadId: 'lead-1',
  form: 'demo',
  contact: { name: 'Grace “Amazing” Hopper' },
};

function send(path: string, timeoutMs?: number) {
  return invokeApiDestination({
    url: `${base}${path}`,
    header: 'x-api-key',
    key: 'local-key',
    detail: DETAIL,
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
}

describe('the emulated API destination', () => {
  it('POSTs the detail as JSON, with the key and the content type EventBridge sends', async () => {
    const result = await send('/status/200');

    expect(result).toEqual({ ok: true, status: 200 });
    const request = received.at(-1);
    expect(request?.body).toBe(JSON.stringify(DETAIL));
    expect(request?.headers).toMatchObject({
      'x-api-key': 'local-key',
      'content-type': 'application/json; charset=utf-8',
      'user-agent': API_DESTINATION_USER_AGENT,
    });
    // As the deployed rule sends it: no header of the event's own; its id is the body's.
    expect(request?.headers['webhook-id']).toBeUndefined();
  });

  it('puts the key in the header the destination names', async () => {
    const result = await invokeApiDestination({
      url: `${base}/status/204`,
      header: 'Authorization',
      key: 'Bearer local-key',
      detail: DETAIL,
    });

    expect(result.ok).toBe(true);
    expect(received.at(-1)?.headers.authorization).toBe('Bearer local-key');
    expect(received.at(-1)?.headers['x-api-key']).toBeUndefined();
  });

  it('tries 401, 409, 429 and 5xx again', async () => {
    const results = [];
    for (const status of [401, 409, 429, 500, 503]) results.push(await send(`/status/${status}`));

    expect(results).toEqual([
      { ok: false, status: 401, retry: true, reason: 'HTTP 401' },
      { ok: false, status: 409, retry: true, reason: 'HTTP 409' },
      { ok: false, status: 429, retry: true, reason: 'HTTP 429' },
      { ok: false, status: 500, retry: true, reason: 'HTTP 500' },
      { ok: false, status: 503, retry: true, reason: 'HTTP 503' },
    ]);
  });

  it('never tries a 400, a 404 or a redirect again, and never follows the redirect', async () => {
    const before = received.length;
    const results = [];
    for (const status of [400, 404, 302]) results.push(await send(`/status/${status}`));

    expect(results).toEqual([
      { ok: false, status: 400, retry: false, reason: 'HTTP 400, not tried again' },
      { ok: false, status: 404, retry: false, reason: 'HTTP 404, not tried again' },
      {
        ok: false,
        status: 302,
        retry: false,
        reason: 'HTTP 302: a redirect, not followed, not tried again',
      },
    ]);
    expect(received.slice(before).map((r) => r.path)).toEqual([
      '/status/400',
      '/status/404',
      '/status/302',
    ]);
  });

  it('tries again a receiver that answers past the timeout, and one that is not there', async () => {
    const slow = await send('/sleep', 100);
    const closed = createServer();
    await new Promise<void>((listening) => closed.listen(0, '127.0.0.1', listening));
    const port = (closed.address() as AddressInfo).port;
    await closeServer(closed);
    const gone = await invokeApiDestination({
      url: `http://127.0.0.1:${port}/api`,
      header: 'x-api-key',
      key: 'k',
      detail: DETAIL,
    });

    expect(slow).toEqual({
      ok: false,
      retry: true,
      reason: 'no answer within 0.1 s (TimeoutError)',
    });
    expect(gone).toMatchObject({ ok: false, retry: true });
    expect(gone.ok === false && gone.reason).toBe('network error: TypeError (ECONNREFUSED)');
    expect(API_DESTINATION_TIMEOUT_MS).toBe(5000);
  });

  it('uses the fetch it is given', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const fake = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      return new Response(null, { status: 202 });
    }) as typeof fetch;

    const result = await invokeApiDestination(
      { url: 'https://crm.example/api', header: 'x-api-key', key: 'k', detail: DETAIL },
      fake,
    );

    expect(result).toEqual({ ok: true, status: 202 });
    expect(calls[0]?.[0]).toBe('https://crm.example/api');
    expect(calls[0]?.[1]).toMatchObject({ method: 'POST', redirect: 'manual' });
  });

  it('retries exactly the statuses EventBridge retries', () => {
    const retried = [100, 200, 301, 400, 401, 403, 404, 407, 409, 410, 429, 500, 502, 599].filter(
      isRetriedStatus,
    );
    expect(retried).toEqual([401, 407, 409, 429, 500, 502, 599]);
  });
});
