/**
 * `npm start`: the whole product on one machine, no AWS account. Builds the site if no
 * build exists, starts DynamoDB (dynalite) and SES v2 (aws-ses-v2-local) in this process,
 * and serves the site and the API on PORT through the very Lambda handlers.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { RESEARCH_DOWNLOAD_IDS } from '@kryon/shared/research-catalogue';
import { API_ROUTES, FALLBACK_HANDLER } from '../src/routes.ts';
import { startDynamo, startSes } from './emulators.ts';
import { createLocalServer, type Handler } from './server.ts';
import { ensureTable } from './table.ts';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const env = process.env;
const port = Number(env.PORT ?? 3000);
const dynamoPort = Number(env.DYNAMODB_PORT ?? 8000);
const sesPort = Number(env.SES_PORT ?? 8005);
const dataDir = resolve(root, env.DATA_DIR ?? '.data');
const siteDir = resolve(root, env.SITE_DIR ?? 'web/build/client');
// The research reports the build writes beside the site, served only through personal links.
const reportsDir = resolve(root, env.REPORTS_DIR ?? join(siteDir, '..', 'reports'));
const hasReports = existsSync(join(reportsDir, `${RESEARCH_DOWNLOAD_IDS[0]}.pdf`));

if (!existsSync(join(siteDir, 'index.html')) || !hasReports || env.REBUILD === '1') {
  console.log('Building the site (first start)...');
  const build = spawnSync('npm', ['run', 'build', '-w', 'web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

mkdirSync(dataDir, { recursive: true });
const dynamo = await startDynamo({ port: dynamoPort, path: join(dataDir, 'dynamodb') });
const ses = await startSes({ port: sesPort });

// The handlers read this configuration once, when they are imported below.
Object.assign(env, {
  AWS_REGION: env.AWS_REGION ?? 'us-east-1',
  AWS_ACCESS_KEY_ID: 'local',
  AWS_SECRET_ACCESS_KEY: 'local',
  AWS_ENDPOINT_URL_DYNAMODB: dynamo.url,
  AWS_ENDPOINT_URL_SESV2: ses.url,
  TABLE_NAME: env.TABLE_NAME ?? 'kryon-leads',
  MAIL_FROM: env.MAIL_FROM ?? 'Kryon Website <no-reply@kryon.example>',
  MAIL_TO: env.MAIL_TO ?? 'sales@kryon.example',
  IP_HASH_SECRET: env.IP_HASH_SECRET ?? localSecret(join(dataDir, 'ip-hash-secret')),
  POWERTOOLS_LOG_LEVEL: env.POWERTOOLS_LOG_LEVEL ?? 'WARN',
  // CloudWatch metrics as EMF JSON lines are for AWS; locally they are noise.
  POWERTOOLS_METRICS_DISABLED: env.POWERTOOLS_METRICS_DISABLED ?? 'true',
  // Links in e-mails to visitors (the research download) point at this local site.
  SITE_ORIGIN: env.SITE_ORIGIN ?? `http://127.0.0.1:${port}`,
  REPORTS_DIR: reportsDir,
});
delete env.AWS_PROFILE;

await ensureTable(new DynamoDBClient({}), env.TABLE_NAME as string);

const handlers = new Map<string, Handler>();
for (const route of API_ROUTES) {
  handlers.set(`${route.method} ${route.path}`, await loadHandler(route.handler));
}
const server = createLocalServer({
  siteDir,
  routes: handlers,
  fallback: await loadHandler(FALLBACK_HANDLER),
});
server.listen(port, '127.0.0.1', () => {
  console.log(`
Kryon is running:
  Site and API   http://127.0.0.1:${port}
  SES inbox      ${ses.url}        (every e-mail sent, as sales read it)
  DynamoDB       ${dynamo.url}    (table ${env.TABLE_NAME}, data in ${dataDir})
Press Ctrl-C to stop.`);
});

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  server.closeAllConnections();
  await Promise.all([new Promise((r) => server.close(r)), dynamo.close(), ses.close()]);
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

async function loadHandler(name: string): Promise<Handler> {
  const mod = (await import(`../src/handlers/${name}.ts`)) as { handler: Handler };
  return mod.handler;
}

/** A per-checkout secret for hashing client IPs, kept with the local data. */
function localSecret(file: string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
