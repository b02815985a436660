import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leadKey } from '../src/adapters/dynamodb.ts';
import { sampleBody } from '../test/events.ts';
import { LOCAL_DEFAULTS } from './environment.ts';
import { storedEmails } from './ses-inbox.ts';

/*
 * `npm run dev` from the repository root, as a developer runs it: Vite and the local API with
 * its emulators, on free ports of their own. A contact form posted to the dev server's port
 * must reach the handler through Vite's proxy, be stored in dynalite and mailed to the SES
 * emulator's inbox.
 */
const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const dataDir = mkdtempSync(join(tmpdir(), 'kryon-dev-loop-'));
let dev: ChildProcess | undefined;
let output = '';
let ports: { api: number; dynamo: number; ses: number; webhook: number; bus: number; dev: number };

const handedOut = new Set<number>();

/**
 * A free port below the ports the system hands out for `listen(0)` (32768 and up on Linux,
 * 49152 and up on macOS): the other test files take theirs that way, so none of them can take
 * this one in the seconds `npm run dev` needs before it binds it.
 */
async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (!handedOut.has(port) && (await bindable(port))) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('No free port between 20000 and 32000 after 100 tries');
}

function bindable(port: number): Promise<boolean> {
  return new Promise((done) => {
    const server = createServer();
    server.once('error', () => done(false));
    server.listen(port, '127.0.0.1', () => server.close(() => done(true)));
  });
}

/**
 * Polls until the API's health check answers through the URL (JSON, not the dev server's
 * fallback page), or fails with what `npm run dev` printed.
 */
async function untilHealthy(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (dev?.exitCode !== null) throw new Error(`npm run dev exited:\n${output}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) })
      .then(async (response) => {
        const text = await response.text();
        return response.ok && text.startsWith('{"success":true');
      })
      .catch(() => false);
    if (ok) return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(
    `${url} did not answer as the API's health check within ${timeoutMs} ms:\n${output}`,
  );
}

/** Stops the whole tree `npm run dev` started: npm, concurrently, tsx and Vite. */
async function stopDev(): Promise<void> {
  const child = dev;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

beforeAll(async () => {
  ports = {
    api: await freePort(),
    dynamo: await freePort(),
    ses: await freePort(),
    webhook: await freePort(),
    bus: await freePort(),
    dev: 0,
  };
  ports.dev = await freePort();
  // The child is a developer's shell, not a test: none of vitest's own variables.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !/^(VITEST|NODE_ENV$|TEST$)/.test(name)),
  );
  dev = spawn('npm', ['run', 'dev'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...env,
      PORT: String(ports.api),
      DYNAMODB_PORT: String(ports.dynamo),
      SES_PORT: String(ports.ses),
      DEV_PORT: String(ports.dev),
      // Lead events' inbox and bus too: a developer's npm start may hold 8010 and 8011.
      WEBHOOK_PORT: String(ports.webhook),
      EVENT_BUS_PORT: String(ports.bus),
      DATA_DIR: dataDir,
    },
  });
  dev.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  dev.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  // Through the proxy: both the dev server and the API are up.
  await untilHealthy(`http://127.0.0.1:${ports.dev}/api/email/health`, 60_000);
}, 70_000);

afterAll(async () => {
  await stopDev();
  rmSync(dataDir, { recursive: true, force: true });
}, 15_000);

describe('npm run dev', () => {
  it('serves the site from Vite with hot reload', async () => {
    const response = await fetch(`http://127.0.0.1:${ports.dev}/contact`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<title>Contact Kryon</title>');
    expect(html).toContain('inject-hmr-runtime');
  });

  it('stores a contact form posted to the dev server and mails it to the inbox', async () => {
    const email = `dev-loop-${randomUUID().slice(0, 8)}@example.com`;
    const idempotencyKey = `dev-loop-${randomUUID()}`;

    const response = await fetch(`http://127.0.0.1:${ports.dev}/api/email/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body: JSON.stringify({ ...sampleBody('contact'), email }),
    });

    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ success: true });
    const client = new DynamoDBClient({
      endpoint: `http://127.0.0.1:${ports.dynamo}`,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      const { Item } = await DynamoDBDocumentClient.from(client).send(
        new GetCommand({
          TableName: LOCAL_DEFAULTS.tableName,
          Key: leadKey('contact', idempotencyKey),
          ConsistentRead: true,
        }),
      );
      expect(Item).toMatchObject({ form: 'contact', fields: { email }, emailStatus: 'sent' });
    } finally {
      client.destroy();
    }
    const inbox = await storedEmails(`http://127.0.0.1:${ports.ses}`);
    const mine = inbox.filter((message) => message.replyTo.includes(email));
    expect(mine).toHaveLength(1);
    expect(mine[0]?.destination.to).toEqual([LOCAL_DEFAULTS.mailTo]);
  });
});
