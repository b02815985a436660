import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LOCAL_EVENT_BUS_NAME } from './event-bus.ts';

/**
 * The local environment, built in one place for every command that runs the handlers on this
 * machine: `npm start`, `npm run dev`, `npm run invoke` and the `leads:*` tools. A variable
 * set to an empty string counts as unset, so `PORT= npm start` means the default.
 */

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export interface LocalSettings {
  /** The local server: the site and `/api` (`npm start`), or `/api` alone (`npm run dev`). */
  port: number;
  dynamoPort: number;
  sesPort: number;
  /** The local webhook inbox (local/webhook-inbox.ts): where local lead events are delivered. */
  webhookPort: number;
  /** The local EventBridge of lead events (local/event-bus.ts), the handlers' publish endpoint. */
  eventBusPort: number;
  /**
   * Multiplies the waits between a lead event's delivery attempts (LEAD_EVENT_RETRY_SCALE):
   * 1, the default, waits as deployed (30 s, 2 min, 10 min...); 0.01 tries a dead receiver
   * 17 times in about 15 minutes.
   */
  leadEventRetryScale: number;
  /** The Vite dev server of `npm run dev`, which proxies `/api` to `port`. */
  devPort: number;
  /** DynamoDB data and the local site secret; resolved against the repository root. */
  dataDir: string;
  /** The prerendered site `npm start` serves. */
  siteDir: string;
  /** The research reports the build writes beside the site, served only through personal links. */
  reportsDir: string;
  tableName: string;
  /**
   * The origin links in e-mails point at: the site this command serves (the local server,
   * or the Vite dev server under `npm run dev`), unless SITE_ORIGIN says otherwise.
   */
  siteOrigin: string;
  /**
   * Whether the SES emulator publishes each message's delivery events to the delivery-events
   * handler, as SES does deployed (`SES_EVENTS=off` stops it: what `npm run verify -- local`
   * must then report as a missing delivery outcome).
   */
  sesEvents: boolean;
}

export const LOCAL_DEFAULTS = {
  port: 3000,
  dynamoPort: 8000,
  sesPort: 8005,
  webhookPort: 8010,
  eventBusPort: 8011,
  devPort: 5173,
  dataDir: '.data',
  siteDir: 'web/build/client',
  tableName: 'kryon-leads',
  mailFrom: 'Kryon Website <no-reply@kryon.example>',
  mailTo: 'sales@kryon.example',
} as const;

export function localSettings(
  env: NodeJS.ProcessEnv = process.env,
  options: { dev?: boolean } = {},
): LocalSettings {
  const port = portOf(env, 'PORT', LOCAL_DEFAULTS.port);
  const devPort = portOf(env, 'DEV_PORT', LOCAL_DEFAULTS.devPort);
  const siteDir = resolve(repoRoot, value(env, 'SITE_DIR') ?? LOCAL_DEFAULTS.siteDir);
  return {
    port,
    dynamoPort: portOf(env, 'DYNAMODB_PORT', LOCAL_DEFAULTS.dynamoPort),
    sesPort: portOf(env, 'SES_PORT', LOCAL_DEFAULTS.sesPort),
    webhookPort: portOf(env, 'WEBHOOK_PORT', LOCAL_DEFAULTS.webhookPort),
    eventBusPort: portOf(env, 'EVENT_BUS_PORT', LOCAL_DEFAULTS.eventBusPort),
    leadEventRetryScale: retryScaleOf(env),
    devPort,
    dataDir: resolve(repoRoot, value(env, 'DATA_DIR') ?? LOCAL_DEFAULTS.dataDir),
    siteDir,
    reportsDir: resolve(repoRoot, value(env, 'REPORTS_DIR') ?? join(siteDir, '..', 'reports')),
    tableName: value(env, 'TABLE_NAME') ?? LOCAL_DEFAULTS.tableName,
    siteOrigin: value(env, 'SITE_ORIGIN') ?? `http://127.0.0.1:${options.dev ? devPort : port}`,
    sesEvents: sesEventsOf(env),
  };
}

function retryScaleOf(env: NodeJS.ProcessEnv): number {
  const given = value(env, 'LEAD_EVENT_RETRY_SCALE');
  if (given === undefined) return 1;
  const scale = Number(given);
  if (!Number.isFinite(scale) || scale <= 0 || scale > 1) {
    throw new Error(
      `LEAD_EVENT_RETRY_SCALE is "${given}": it must be a number above 0, at most 1 (the default).`,
    );
  }
  return scale;
}

function sesEventsOf(env: NodeJS.ProcessEnv): boolean {
  const given = value(env, 'SES_EVENTS');
  if (given === undefined || given === 'on') return true;
  if (given === 'off') return false;
  throw new Error(`SES_EVENTS is "${given}": it must be on (the default) or off.`);
}

/** Where the emulators answer for this command: its own, or those of a running `npm start`. */
export interface LocalEndpoints {
  dynamoUrl: string;
  /** Unset for a command that sends no e-mail. */
  sesUrl?: string;
  /** The local event bus; unset, the one `npm start` runs on EVENT_BUS_PORT. */
  eventBusUrl?: string;
}

/**
 * The environment the handlers read once, on import: the emulators' endpoints with local
 * credentials, the table, the sender and sales, the site secret kept in DATA_DIR, the site
 * origin and the reports. Pointing at real AWS is this configuration, never a code change.
 */
export function handlerEnvironment(
  settings: LocalSettings,
  endpoints: LocalEndpoints,
  env: NodeJS.ProcessEnv = process.env,
): Record<string, string> {
  const values: Record<string, string> = {
    AWS_REGION: value(env, 'AWS_REGION') ?? 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: endpoints.dynamoUrl,
    TABLE_NAME: settings.tableName,
    MAIL_FROM: value(env, 'MAIL_FROM') ?? LOCAL_DEFAULTS.mailFrom,
    MAIL_TO: value(env, 'MAIL_TO') ?? LOCAL_DEFAULTS.mailTo,
    IP_HASH_SECRET: localSiteSecret(settings.dataDir, env),
    SITE_ORIGIN: settings.siteOrigin,
    REPORTS_DIR: settings.reportsDir,
    POWERTOOLS_LOG_LEVEL: value(env, 'POWERTOOLS_LOG_LEVEL') ?? 'WARN',
    // CloudWatch metrics as EMF JSON lines are for AWS; locally they are noise.
    POWERTOOLS_METRICS_DISABLED: value(env, 'POWERTOOLS_METRICS_DISABLED') ?? 'true',
    // This machine has no DNS to the internet: every lookup would wait for its timeout, and
    // every address would pass anyway (`unknown`).
    MAIL_DOMAIN_CHECK: value(env, 'MAIL_DOMAIN_CHECK') ?? 'off',
  };
  if (endpoints.sesUrl) values.AWS_ENDPOINT_URL_SESV2 = endpoints.sesUrl;
  // Lead events go to the local bus, like the SES endpoint above (the SDK reads
  // AWS_ENDPOINT_URL_<service> per service); with none running, a publish fails and the
  // event stays owed on its lead, as when EventBridge refuses it.
  values.AWS_ENDPOINT_URL_EVENTBRIDGE =
    endpoints.eventBusUrl ?? `http://127.0.0.1:${settings.eventBusPort}`;
  values.LEAD_EVENT_BUS_NAME = LOCAL_EVENT_BUS_NAME;
  return values;
}

/**
 * Sets the handler environment on this process before any handler is imported. A shell's
 * AWS_PROFILE goes: its credentials must never reach a local run.
 */
export function applyHandlerEnvironment(
  values: Record<string, string>,
  env: NodeJS.ProcessEnv = process.env,
): void {
  Object.assign(env, values);
  delete env.AWS_PROFILE;
}

/**
 * The local site secret (the handlers' IP_HASH_SECRET): kept in DATA_DIR so the keyed hashes
 * of stored leads stay the same across restarts, unless the environment sets one.
 */
export function localSiteSecret(dataDir: string, env: NodeJS.ProcessEnv = process.env): string {
  const given = value(env, 'IP_HASH_SECRET');
  if (given) return given;
  const file = join(dataDir, 'ip-hash-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

function value(env: NodeJS.ProcessEnv, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

function portOf(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = value(env, name);
  if (!raw) return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${name} must be a port number, not ${JSON.stringify(raw)}`);
  }
  return port;
}
