import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, CHALLENGE_FORM_PARAM, IDEMPOTENCY_HEADER } from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Handler } from '../local/server.ts';
import { sampleBody } from './events.ts';
import {
  emailsSentTo,
  type IntegrationEnv,
  storedLeadItem,
  uniqueEmail,
  uniqueKey,
  useEmulators,
} from './integration.ts';

/*
 * A form route under a flood, on the `npm start` path (HTTP to the local server, API Gateway
 * events to the real handlers, the emulators behind): junk from many client addresses at
 * once, and in the middle of it a real visitor's verified submission. Nothing the flood does
 * may refuse or lose the visitor's lead: no bucket shared by every visitor exists to fill
 * (decision 072). Bounded: a fixed number of requests, a few at a time, on 127.0.0.1 only.
 */
let env: IntegrationEnv;
let siteDir: string;
const servers: Server[] = [];

beforeAll(async () => {
  env = await useEmulators('flood');
  // An empty site: only the API is under test.
  siteDir = mkdtempSync(join(tmpdir(), 'kryon-flood-site-'));
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  rmSync(siteDir, { recursive: true, force: true });
});

/** The local server with the real handlers, throttled as given (the stage's by default). */
async function startServer(throttle?: { rateLimit: number; burstLimit: number }) {
  const { API_ROUTES, FALLBACK_HANDLER } = await import('../src/routes.ts');
  const { createLocalServer } = await import('../local/server.ts');
  const load = async (name: string) =>
    ((await import(`../src/handlers/${name}.ts`)) as { handler: Handler }).handler;
  const routes = new Map<string, Handler>();
  for (const route of API_ROUTES) {
    routes.set(`${route.method} ${route.path}`, await load(route.handler));
  }
  const server = createLocalServer({
    siteDir,
    routes,
    fallback: await load(FALLBACK_HANDLER),
    ...(throttle ? { throttle } : {}),
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

interface Answer {
  status: number;
  body: string;
}

/** One HTTP request from a given loopback address (the local server's client IP). */
function send(
  port: number,
  method: 'GET' | 'POST',
  path: string,
  options: { from?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const body = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        localAddress: options.from,
        headers: {
          ...(body ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** A valid research download request for `email`. */
const download = (email: string) => ({ ...sampleBody('download'), email });

/** The flood's n-th client: a loopback address of its own, 127.1.x.y. */
const floodClient = (n: number) => `127.1.${Math.floor(n / 250)}.${(n % 250) + 1}`;

/** What the site does for a visitor: fetch a challenge, solve it, the proof to send. */
async function visitorProof(port: number): Promise<string> {
  const asked = await send(port, 'GET', `${API_PATHS.challenge}?${CHALLENGE_FORM_PARAM}=download`);
  expect(asked.status).toBe(200);
  const challenge = JSON.parse(asked.body) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * A flood of `total` junk posts to the download route, `atOnce` at a time, each from its own
 * client address, and half way through a real visitor's verified download. What each was
 * answered.
 */
async function flood(port: number, total: number, atOnce: number) {
  const proof = await visitorProof(port);
  const visitor = uniqueEmail('visitor');
  const key = uniqueKey();
  const statuses = new Map<number, number>();
  let next = 0;
  let visitorAnswer: Answer | undefined;

  const worker = async () => {
    while (next < total) {
      const n = next++;
      if (n === total / 2) {
        visitorAnswer = await send(port, 'POST', API_PATHS.download, {
          body: { ...download(visitor), [CHALLENGE_FIELD]: proof },
          headers: { [IDEMPOTENCY_HEADER]: key },
        });
      }
      // Junk: a valid-looking lead without a proof, a malformed body, a forged proof.
      const kind = n % 3;
      const answer = await send(port, 'POST', API_PATHS.download, {
        from: floodClient(n),
        body:
          kind === 0
            ? download(`junk-${n}@example.com`)
            : kind === 1
              ? { name: 1 }
              : { ...download(`junk-${n}@example.com`), [CHALLENGE_FIELD]: 'eA==' },
        headers: { [IDEMPOTENCY_HEADER]: `flood-${n}-${key}` },
      });
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }
  };
  await Promise.all(Array.from({ length: atOnce }, worker));
  return { visitor, key, visitorAnswer, statuses };
}

describe('a form route under a flood from many clients', () => {
  it("still accepts a real visitor's verified download behind the stage's throttle, and answers the flood without a 5xx", async () => {
    const port = await startServer();

    const { visitor, key, visitorAnswer, statuses } = await flood(port, 400, 16);

    expect(visitorAnswer?.status).toBe(200);
    expect(JSON.parse(visitorAnswer?.body ?? '{}')).toMatchObject({
      success: true,
      confirmation: 'sent',
    });
    expect(await storedLeadItem(env, 'download', key)).toMatchObject({
      browserCheck: 'verified',
      emails: { sales: { status: 'sent' }, visitor: { status: 'sent' } },
    });
    expect(await emailsSentTo(env.sesUrl, visitor)).toHaveLength(1);
    expect([...statuses.keys()].every((status) => status < 500)).toBe(true);
    expect([...statuses.values()].reduce((a, b) => a + b, 0)).toBe(400);
  }, 120_000);

  it('lost the visitor behind a route bucket sized for the expected traffic (5 a second, burst 10), as before', async () => {
    // The throttle each form route had until decision 072: the same flood fills it, and the
    // visitor's submission is answered 429 like the junk.
    const port = await startServer({ rateLimit: 5, burstLimit: 10 });

    const { key, visitorAnswer, statuses } = await flood(port, 200, 16);

    expect(visitorAnswer?.status).toBe(429);
    expect(await storedLeadItem(env, 'download', key)).toBeUndefined();
    expect(statuses.get(429)).toBeGreaterThan(150);
  }, 120_000);
});
