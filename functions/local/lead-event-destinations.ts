import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as z from 'zod/mini';
import { createFetchPost } from '../src/adapters/http-post.ts';
import { newWebhookSecret, signWebhook } from '../src/adapters/webhook-signer.ts';
import { readConfig } from '../src/config.ts';
import { apiKeyProblem } from '../src/leads/api-key.ts';
import {
  type DestinationCredential,
  deliverLeadEvent,
  webhookCredential,
} from '../src/leads/deliver-event.ts';
import {
  API_KEY_HEADER,
  type DestinationKind,
  type LeadEventDestination,
  leadEventsFileShape,
  resolveDestination,
} from '../src/leads/event-destinations.ts';
import type { Log } from '../src/leads/ports.ts';
import { type SettingsOf, settingsSchema } from '../src/settings.ts';
import { invokeApiDestination } from './api-destination.ts';
import type { Deliver, InvokeApi } from './event-bus.ts';
import type { ApiKey } from './webhook-inbox.ts';

/*
 * The local environment's lead-event destinations (infra/environments/local.ts's
 * `leadEvents`, read with the schema the stack reads it with) and their credentials. Deployed,
 * each destination's secret is in Secrets Manager; locally it is made at the first start and
 * kept in DATA_DIR, as the site secret is: a Slack destination's "incoming webhook URL" points
 * at the local inbox's `/slack/<random>`, a webhook's `whsec_` secret is one the local inbox
 * verifies with, an `api` destination's key is one the local inbox's `/api` accepts.
 */

const LOCAL_ENVIRONMENT = resolve(
  fileURLToPath(new URL('../../infra/environments/local.ts', import.meta.url)),
);

/**
 * The destinations of an environment file (local.ts by default), defaults filled in. The file
 * is imported as the stack's loader imports it (its default export), and only its
 * `leadEvents` key is read, with the functions' own schema of it.
 */
export async function localDestinations(
  file: string = LOCAL_ENVIRONMENT,
): Promise<LeadEventDestination[]> {
  const module = (await import(pathToFileURL(file).href)) as { default?: { leadEvents?: unknown } };
  const parsed = z.safeParse(leadEventsFileShape, module.default?.leadEvents);
  if (!parsed.success) {
    throw new Error(
      `${file}: leadEvents is not valid: ${parsed.error.issues
        .map((issue) => `${issue.path.join('.')} ${issue.message}`)
        .join('; ')}`,
    );
  }
  return parsed.data.destinations.map(resolveDestination);
}

/** The local value of each destination's secret, by the secret's name. */
export type LocalSecrets = Record<string, string>;

/**
 * The local secrets of these destinations, kept in DATA_DIR/lead-event-secrets.json: made
 * once, the same after a restart (a receiver keeps the whsec_ secret or key it was given). A
 * Slack destination's is a random path token, a webhook's a `whsec_` secret, an `api`
 * destination's a random key. A kept value that does not fit its destination's kind (the file
 * changed a destination's kind) is made again.
 */
export function localEventSecrets(
  dataDir: string,
  destinations: readonly Pick<LeadEventDestination, 'kind' | 'secret'>[],
): LocalSecrets {
  const file = join(dataDir, 'lead-event-secrets.json');
  const kept: LocalSecrets = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as LocalSecrets)
    : {};
  let added = false;
  for (const destination of destinations) {
    const current = kept[destination.secret];
    if (current !== undefined && fitsKind(destination.kind, current)) continue;
    kept[destination.secret] = newLocalSecret(destination.kind);
    added = true;
  }
  if (added) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(kept, null, 2)}\n`, { mode: 0o600 });
  }
  return kept;
}

/**
 * Whether a kept value can be this kind's secret: a webhook's signs only with `whsec_` secrets;
 * a Slack token is a path segment of the inbox's URL; an `api` key is a header's value, never a
 * signing secret (one value is never both, so a kind changed in the file gets a new one).
 */
function fitsKind(kind: DestinationKind, value: string): boolean {
  if (kind === 'webhook') return value.startsWith('whsec_');
  if (value.startsWith('whsec_')) return false;
  if (kind === 'slack') return /^[A-Za-z0-9_-]+$/.test(value);
  // What EventBridge's connection would take, and what fetch can send as a header's value.
  return apiKeyProblem(value) === undefined && API_KEY.test(value);
}

/**
 * A header value that is one visible token or several with single spaces (`Bearer …`): what a
 * local `api` key may be, set by hand to match a receiver's.
 */
const API_KEY = /^[\x21-\x7e]+( [\x21-\x7e]+)*$/;

/** A new local secret of this kind. */
function newLocalSecret(kind: DestinationKind): string {
  if (kind === 'webhook') return newWebhookSecret();
  if (kind === 'slack') return randomBytes(16).toString('hex');
  // 32 base64url characters, which could only start with whsec_ by a chance never met; made
  // again then, so the kinds' values stay apart.
  for (;;) {
    const key = randomBytes(24).toString('base64url');
    if (!key.startsWith('whsec_')) return key;
  }
}

/** The `whsec_` secrets the local webhook destinations sign with: what the inbox verifies. */
export function webhookSecretsOf(
  destinations: readonly LeadEventDestination[],
  secrets: LocalSecrets,
): string[] {
  return [
    ...new Set(destinations.flatMap((d) => (d.kind === 'webhook' && secrets[d.secret]) || [])),
  ];
}

/** The keys of the local `api` destinations, each in its header: what the inbox accepts. */
export function apiKeysOf(
  destinations: readonly LeadEventDestination[],
  secrets: LocalSecrets,
): ApiKey[] {
  const keys = new Map<string, ApiKey>();
  for (const destination of destinations) {
    const key = destination.kind === 'api' ? secrets[destination.secret] : undefined;
    if (key === undefined) continue;
    const header = (destination.header ?? API_KEY_HEADER).toLowerCase();
    keys.set(`${header} ${key}`, { header, key });
  }
  return [...keys.values()];
}

/** The inbox's own secret, for when no local destination is a webhook. */
const INBOX_SECRET = 'kryon-local/webhook-inbox';

/**
 * The `whsec_` secrets the inbox verifies with: every local webhook destination's, or, with
 * none, one of its own (it still verifies what is posted to it by hand).
 */
export function inboxSecrets(
  dataDir: string,
  destinations: readonly LeadEventDestination[],
  secrets: LocalSecrets,
): string[] {
  const found = webhookSecretsOf(destinations, secrets);
  if (found.length > 0) return found;
  const own = localEventSecrets(dataDir, [{ kind: 'webhook', secret: INBOX_SECRET }]);
  return [own[INBOX_SECRET] as string];
}

/**
 * A destination's credential, as the delivery function reads it from Secrets Manager
 * deployed: a Slack destination's incoming-webhook URL (here the local inbox's `/slack/...`),
 * a webhook's signing secrets, read by the deployed function's `webhookCredential`. A webhook
 * that names no URL has it in its secret, deployed: here the local inbox's `/webhook/<name>`,
 * put before the local signing secret.
 */
export function localCredential(
  destinations: readonly LeadEventDestination[],
  secrets: LocalSecrets,
  inboxUrl: string,
) {
  return async (destination: { name: string }): Promise<DestinationCredential> => {
    const found = destinations.find((d) => d.name === destination.name);
    const value = found && secrets[found.secret];
    if (!found || !value) throw new Error(`No local secret for destination ${destination.name}`);
    if (found.kind === 'slack') return { kind: 'slack', url: `${inboxUrl}/slack/${value}` };
    // EventBridge sends an `api` destination's events itself, never the delivery function.
    if (found.kind === 'api') throw new Error(`${found.name} is an api destination`);
    return webhookCredential(
      found.url === undefined ? `${inboxUrl}/webhook/${found.name} ${value}` : value,
    );
  };
}

/** The delivery function's log, on this console: failures only, as the handlers' WARN level. */
const consoleLog: Log = {
  info: () => {},
  warn: (message, extra) => console.warn(message, JSON.stringify(extra ?? {})),
  error: (message, extra) => console.error(message, JSON.stringify(extra ?? {})),
};

/**
 * The delivery function's settings (SALES_TIME_ZONE) read from this process's environment by
 * the rule the deployed function reads its variables with, as the local form handlers read
 * theirs: a Slack message and the sales e-mail of one lead give the same time, and a zone the
 * rule refuses stops the local stack, naming the variable.
 */
export function localDeliverySettings(
  env: NodeJS.ProcessEnv = process.env,
): SettingsOf<'lead-event-delivery'> {
  return readConfig(settingsSchema('lead-event-delivery'), env).settings;
}

/**
 * How the local bus sends an event: the delivery function's own `deliverLeadEvent`, with the
 * signer and fetch without redirects the delivery Lambda is wired with (src/wiring.ts), and
 * the local credentials in place of Secrets Manager. The same message builder, signer and
 * checks as in AWS: only where the secret comes from differs.
 */
export function localDelivery(options: {
  destinations: readonly LeadEventDestination[];
  secrets: LocalSecrets;
  inboxUrl: string;
  log?: Log;
  /** Whether a lead was erased, as the deployed function asks the table. */
  isErased?: (leadId: string) => Promise<boolean>;
  /** The zone a Slack message gives times in (`localDeliverySettings`); UTC unless given. */
  timeZone?: string;
}): Deliver {
  const post = createFetchPost();
  const credential = localCredential(options.destinations, options.secrets, options.inboxUrl);
  return (attempt) =>
    deliverLeadEvent(attempt, {
      post,
      credential,
      sign: signWebhook,
      now: () => new Date(),
      log: options.log ?? consoleLog,
      ...(options.isErased ? { isErased: options.isErased } : {}),
      ...(options.timeZone === undefined ? {} : { timeZone: options.timeZone }),
      // The local inbox is on 127.0.0.1: only here, never in the deployed function.
      allowLoopback: true,
    });
}

/**
 * How the local bus sends an `api` destination's event: EventBridge's API destination
 * emulated (`invokeApiDestination`), with the destination's local key in its header, as the
 * connection holds the secret's value in AWS.
 */
export function localApiDestination(options: {
  secrets: LocalSecrets;
  fetch?: typeof fetch;
  timeoutMs?: number;
}): InvokeApi {
  return async (destination, detail) => {
    const key = options.secrets[destination.secret];
    if (destination.kind !== 'api' || destination.url === undefined || key === undefined) {
      // A connection without its key: EventBridge cannot authorise, and tries again.
      return { ok: false, retry: true, reason: `no local key or URL for ${destination.name}` };
    }
    return invokeApiDestination(
      {
        url: destination.url,
        header: destination.header ?? API_KEY_HEADER,
        key,
        detail,
        ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
      },
      options.fetch,
    );
  };
}
