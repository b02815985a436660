/**
 * `npm run bench -w functions`: the Lambda figures. For each handler: the esbuild bundle as
 * CDK builds it (size, gzip), its cold start (time for a fresh Node process to import it, the
 * init phase Lambda bills), then request latency through the local server against the
 * emulators with a bounded load. Prints a table; asserts nothing (tests assert behaviour).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { build } from 'esbuild';
import { startDynamo, startSes } from '../local/emulators.ts';
import { createLocalServer, type Handler } from '../local/server.ts';
import { ensureTable } from '../local/table.ts';
import { API_ROUTES, FALLBACK_HANDLER } from '../src/routes.ts';

const root = resolve(fileURLToPath(new URL('..', import.meta.url)));
const COLD_RUNS = 7;
const LOAD = { requests: 400, concurrency: 8 } as const;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] ?? 0;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const handlers = [...new Set([...API_ROUTES.map((r) => r.handler), FALLBACK_HANDLER])];
const outDir = mkdtempSync(join(tmpdir(), 'kryon-bench-'));
const lambdaEnv = {
  ...process.env,
  AWS_REGION: 'us-east-1',
  TABLE_NAME: 'bench',
  MAIL_FROM: 'bench@kryon.example',
  MAIL_TO: 'sales@kryon.example',
  POWERTOOLS_LOG_LEVEL: 'ERROR',
  AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE: '1',
};

console.log(
  '\nLambda bundles (esbuild, node22, CJS, minified, SDK bundled: as infra/lib/forms-api.ts)\n',
);
console.log('handler      size       gzip      cold start (median of 7, import only)');
for (const name of handlers) {
  const outfile = join(outDir, `${name}.cjs`);
  await build({
    entryPoints: [join(root, 'src', 'handlers', `${name}.ts`)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'cjs',
    minify: true,
    mainFields: ['module', 'main'],
    tsconfig: join(root, 'tsconfig.json'),
    logLevel: 'error',
  });
  const size = statSync(outfile).size;
  const gzip = gzipSync(readFileSync(outfile)).length;
  const colds: number[] = [];
  for (let i = 0; i < COLD_RUNS; i += 1) {
    const run = spawnSync(
      process.execPath,
      [
        '-e',
        `const t=performance.now();require(${JSON.stringify(outfile)});process.stdout.write(String(performance.now()-t))`,
      ],
      { env: lambdaEnv, encoding: 'utf8' },
    );
    colds.push(Number(run.stdout));
  }
  console.log(
    `${name.padEnd(12)} ${kb(size).padStart(9)}  ${kb(gzip).padStart(9)}  ${median(colds).toFixed(1).padStart(7)} ms`,
  );
}
rmSync(outDir, { recursive: true, force: true });

// Request latency: the local server (the same handlers) against the emulators, bounded load.
const dataDir = mkdtempSync(join(tmpdir(), 'kryon-bench-data-'));
const dynamo = await startDynamo({ port: 0, path: join(dataDir, 'dynamodb') });
const ses = await startSes({ port: 0 });
Object.assign(process.env, {
  ...lambdaEnv,
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
  AWS_ENDPOINT_URL_SESV2: ses.url,
  IP_HASH_SECRET: 'bench',
});
await ensureTable(new DynamoDBClient({}), 'bench');
const routes = new Map<string, Handler>();
for (const route of API_ROUTES) {
  const mod = (await import(`../src/handlers/${route.handler}.ts`)) as { handler: Handler };
  routes.set(`${route.method} ${route.path}`, mod.handler);
}
const fallback = ((await import(`../src/handlers/${FALLBACK_HANDLER}.ts`)) as { handler: Handler })
  .handler;
const server: Server = createLocalServer({ siteDir: dataDir, routes, fallback });
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function load(label: string, request: (i: number) => Promise<Response>) {
  const times: number[] = [];
  const statuses = new Map<number, number>();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: LOAD.concurrency }, async () => {
      while (next < LOAD.requests) {
        const i = next++;
        const t = performance.now();
        const response = await request(i);
        await response.arrayBuffer();
        times.push(performance.now() - t);
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const codes = [...statuses].map(([s, n]) => `${s}x${n}`).join(' ');
  console.log(
    `${label.padEnd(28)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms  p99 ${percentile(times, 99).toFixed(1).padStart(6)} ms  ${(LOAD.requests / seconds).toFixed(0).padStart(5)} req/s  [${codes}]`,
  );
}

console.log(
  `\nRequest latency: local server + dynalite + aws-ses-v2-local, ${LOAD.requests} requests, ${LOAD.concurrency} at a time\n`,
);
await load('GET  /api/email/health', () => fetch(`${base}/api/email/health`));
await load('POST /api/email/contact', (i) =>
  fetch(`${base}/api/email/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Mark',
      email: `bench-${i}@example.com`,
      subject: 'general',
      message: 'A benchmark message of reasonable length.',
    }),
  }),
);
await load('POST /api/email/contact (400)', () =>
  fetch(`${base}/api/email/contact`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"name":"x"}',
  }),
);

server.closeAllConnections();
await new Promise((r) => server.close(r));
await Promise.all([dynamo.close(), ses.close()]);
rmSync(dataDir, { recursive: true, force: true });
