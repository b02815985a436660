import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { checkSecret } from '../src/adapters/webhook-signer.ts';
import { escapeHtml } from '../src/leads/notification.ts';
import type { SlackMessage } from '../src/leads/slack-message.ts';
import { boundPort, closeServer, listenOnLoopback, readBody } from './http-body.ts';
import { loopbackHostProblem } from './loopback-host.ts';
import { SLACK_STYLE, slackMessageHtml } from './slack-html.ts';

/*
 * The local stand-in for a CRM, Zapier or n8n: it takes every webhook delivery, verifies it
 * as a receiver written with the Standard Webhooks library does, and keeps what arrived (like
 * the SES inbox beside it): JSON at `GET /store`, a page to read at `GET /`. A refused
 * delivery is kept too, with the reason, and answered 401, as a real receiver would: a
 * sender's fault shows here rather than vanishing.
 * It is a Slack channel too: a POST to `/slack/<token>` (a local Slack destination's
 * "incoming webhook URL") is a Slack message, answered `ok` as Slack does, or 400
 * `invalid_payload`, `no_text` without `text` or `blocks`, `invalid_blocks` with blocks Slack
 * would not take; the page draws it roughly as Slack would (an entry it cannot draw is shown
 * as such, never breaking the page).
 * It is a CRM's API too: a POST to `/api` or `/api/...` (a local `api` destination's URL) is
 * taken when its key header holds one of the keys it is given, as an API that checks a key
 * does (compared in constant time), and answered 401 otherwise. The key is never kept: the
 * stored header says only that it was checked. Nor is any other credential a sender put in a
 * header (`authorization`, `x-api-key`, a configured key header on another path...).
 * It answers only by its loopback address: the store holds lead events, which a web page in
 * the developer's browser must not read by a host name of its own that resolves here.
 */

/** One delivery as the inbox keeps it at `GET /store`. */
export interface WebhookEntry {
  /** Its place in the order of arrival, from 1. */
  seq: number;
  receivedAt: string;
  path: string;
  /**
   * `slack`: a message posted to `/slack/...`, as to a Slack incoming webhook (not signed:
   * its URL is the credential); `api`: an event posted to `/api...` with a key in a header,
   * as EventBridge's API destination sends it; `webhook`: a delivery to any other path,
   * verified.
   */
  kind: 'slack' | 'webhook' | 'api';
  /**
   * As received, but for the credentials: an `api` key header's value is `(checked)` or
   * `(refused)`, any other credential header's (`CREDENTIAL_HEADERS`, a configured key header
   * on another path) `(redacted)`; never a key.
   */
  headers: Record<string, string>;
  /** The body exactly as received: what the signature covers. */
  body: string;
  /** A webhook whose signature verified; a Slack message that Slack would take; a matching key. */
  verified: boolean;
  /**
   * Why it was refused: a webhook's in the library's words (`No matching signature found`...),
   * an API call's `The key does not match` or `Missing the key header (...)`.
   */
  reason?: string;
  /**
   * A verified delivery whose `webhook-id` (an API call's: its body's `id`) arrived verified
   * before: the same event again, as at-least-once delivery allows; a receiver drops it by
   * that id.
   */
  repeat?: boolean;
}

export interface WebhookInboxOptions {
  /** 0: any free port. */
  port: number;
  /** The `whsec_` secrets a delivery may be signed with: two during a rotation. */
  secrets: readonly string[];
  /**
   * The keys `/api` accepts, each in its header (the local `api` destinations' keys).
   * @default none: every call to `/api` is refused
   */
  apiKeys?: readonly ApiKey[];
  /** The most deliveries kept: past it, the oldest go (500). */
  maxEntries?: number;
}

/** A key an `api` destination sends, in its header: one the inbox's `/api` accepts. */
export interface ApiKey {
  /** A header's name (any case). */
  header: string;
  key: string;
}

/** What the inbox keeps of an `api` key header instead of its value. */
const API_KEY_CHECKED = '(checked)';
const API_KEY_REFUSED = '(refused)';
/** What the inbox keeps of any other credential header instead of its value. */
const REDACTED = '(redacted)';

/**
 * Headers that carry a credential whatever the path: a key sent in one the inbox was not told
 * of (a sender's mistake, another receiver's key) is no less a key, so none is stored.
 */
export const CREDENTIAL_HEADERS = [
  'authorization',
  'proxy-authorization',
  'x-api-key',
  'cookie',
] as const;

/**
 * The headers as the store keeps them: each credential header's value (`CREDENTIAL_HEADERS`
 * and the configured key headers, any case) replaced by `(redacted)`, unless `kept` already
 * replaced it (an `api` key header's `(checked)` or `(refused)`).
 */
export function redactedHeaders(
  headers: Record<string, string>,
  keyHeaders: readonly string[],
  kept: ReadonlySet<string> = new Set(),
): Record<string, string> {
  const secret = new Set<string>([
    ...CREDENTIAL_HEADERS,
    ...keyHeaders.map((name) => name.toLowerCase()),
  ]);
  const stored = { ...headers };
  for (const name of Object.keys(stored)) {
    if (secret.has(name.toLowerCase()) && !kept.has(name)) stored[name] = REDACTED;
  }
  return stored;
}

export interface WebhookInbox {
  url: string;
  entries(): WebhookEntry[];
  close(): Promise<void>;
}

/**
 * A delivery larger than this is refused (413) unread: the inbox keeps bodies in memory. An
 * event is at most a few KB; EventBridge takes 256 KB.
 */
export const MAX_BODY_BYTES = 256 * 1024;

/**
 * Whether one delivery verifies with any of the secrets: the reason of the last refusal when
 * none does. The body is not parsed here: a receiver checks the bytes, then reads them.
 */
export function verifyDelivery(
  verifiers: readonly Webhook[],
  body: string,
  headers: Record<string, string>,
): { verified: true } | { verified: false; reason: string } {
  let reason = 'No secret is configured';
  for (const verifier of verifiers) {
    try {
      verifier.verify(body, headers, { jsonParse: false });
      return { verified: true };
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
  }
  return { verified: false, reason };
}

/** The same bytes, compared in a time that does not tell how much of a guess was right. */
function sameKey(given: string, expected: string): boolean {
  // Hashed first: equal lengths for timingSafeEqual, and no length told by an early return.
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Whether a call to `/api` holds one of the keys, in that key's header, and the headers to keep
 * (every key header's value replaced: a refused value may be another real key; any other
 * credential header's too, `redactedHeaders`).
 */
export function checkApiKey(
  keys: readonly ApiKey[],
  headers: Record<string, string>,
): { verified: boolean; reason?: string; headers: Record<string, string> } {
  const names = [...new Set(keys.map((k) => k.header.toLowerCase()))];
  // Every key is compared, found or not: the time taken does not tell which one matched.
  let verified = false;
  for (const { header, key } of keys) {
    const given = headers[header.toLowerCase()];
    if (given !== undefined && sameKey(given, key)) verified = true;
  }
  const checked = { ...headers };
  for (const name of names) {
    if (checked[name] !== undefined) {
      checked[name] = verified ? API_KEY_CHECKED : API_KEY_REFUSED;
    }
  }
  // A key in a header that is not its own (`authorization` for an `x-api-key` API) is one too.
  const kept = redactedHeaders(checked, names, new Set(names));
  if (verified) return { verified, headers: kept };
  const reason =
    names.length === 0
      ? 'No API key is configured'
      : names.some((name) => headers[name] !== undefined)
        ? 'The key does not match'
        : `Missing the key header (${names.join(', ')})`;
  return { verified, reason, headers: kept };
}

/** The `id` of a JSON body (a lead event's), or undefined. */
function bodyId(body: string): string | undefined {
  try {
    const { id } = JSON.parse(body) as { id?: unknown };
    return typeof id === 'string' ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Whether a path is the inbox's API: `/api` itself or below it. */
function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

export async function startWebhookInbox(options: WebhookInboxOptions): Promise<WebhookInbox> {
  if (options.secrets.length === 0) throw new Error('The webhook inbox needs at least one secret');
  const verifiers = options.secrets.map((secret, index) => {
    checkSecret(secret, `Webhook inbox secret ${index + 1}`);
    return new Webhook(secret);
  });
  const maxEntries = options.maxEntries ?? 500;
  const entries: WebhookEntry[] = [];
  const seenIds = new Set<string>();
  let seq = 0;

  const keyHeaders = (options.apiKeys ?? []).map((k) => k.header);
  const server = createServer(async (req, res) => {
    const path = req.url?.split('?')[0] ?? '/';
    try {
      // Before anything is read or served: a rebound page gets neither the store nor a say.
      const refused = loopbackHostProblem(
        req.headers.host,
        boundPort(server, 0),
        'The webhook inbox',
      );
      if (refused) {
        res.writeHead(403, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: refused }));
        return;
      }
      if (req.method === 'GET' && path === '/store') {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify({ webhooks: entries }));
        return;
      }
      if (req.method === 'GET' && path === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(inboxPage(entries));
        return;
      }
      if (req.method !== 'POST') {
        res.writeHead(405, { allow: 'POST, GET' });
        res.end();
        return;
      }
      const raw = await readBody(req, MAX_BODY_BYTES);
      if (raw === undefined) {
        res.writeHead(413, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: `The body is over ${MAX_BODY_BYTES} bytes` }));
        return;
      }
      const body = raw.toString('utf8');
      const headers = flatHeaders(req);
      if (path.startsWith('/slack/')) {
        const problem = slackProblem(body);
        seq += 1;
        entries.push({
          seq,
          receivedAt: new Date().toISOString(),
          path,
          kind: 'slack',
          headers: redactedHeaders(headers, keyHeaders),
          body,
          verified: problem === undefined,
          ...(problem ? { reason: problem } : {}),
        });
        if (entries.length > maxEntries) entries.splice(0, entries.length - maxEntries);
        res.writeHead(problem ? 400 : 200, { 'content-type': 'text/plain' });
        res.end(problem ?? 'ok');
        return;
      }
      if (isApiPath(path)) {
        const checked = checkApiKey(options.apiKeys ?? [], headers);
        const id = bodyId(body);
        // An API destination sends no id header: the body's, as a receiver reads it. Kept apart
        // from the webhooks' ids: an event also sent as a signed webhook is no repeat here.
        const seen = id === undefined ? undefined : `api ${id}`;
        const repeat = checked.verified && seen !== undefined && seenIds.has(seen);
        if (checked.verified && seen !== undefined) seenIds.add(seen);
        seq += 1;
        entries.push({
          seq,
          receivedAt: new Date().toISOString(),
          path,
          kind: 'api',
          headers: checked.headers,
          body,
          verified: checked.verified,
          ...(checked.reason ? { reason: checked.reason } : {}),
          ...(repeat ? { repeat } : {}),
        });
        if (entries.length > maxEntries) entries.splice(0, entries.length - maxEntries);
        if (checked.verified) {
          res.writeHead(204);
          res.end();
        } else {
          res.writeHead(401, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: checked.reason }));
        }
        return;
      }
      const result = verifyDelivery(verifiers, body, headers);
      const id = headers['webhook-id'];
      const repeat = result.verified && id !== undefined && seenIds.has(id);
      if (result.verified && id !== undefined) seenIds.add(id);
      seq += 1;
      entries.push({
        seq,
        receivedAt: new Date().toISOString(),
        path,
        kind: 'webhook',
        headers: redactedHeaders(headers, keyHeaders),
        body,
        ...result,
        ...(repeat ? { repeat } : {}),
      });
      if (entries.length > maxEntries) entries.splice(0, entries.length - maxEntries);
      if (result.verified) {
        res.writeHead(204);
        res.end();
      } else {
        res.writeHead(401, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: result.reason }));
      }
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`Webhook inbox: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const port = await listenOnLoopback(server, options.port);
  return {
    url: `http://127.0.0.1:${port}`,
    entries: () => [...entries],
    close: () => closeServer(server),
  };
}

/** Every delivery the inbox at `inboxUrl` holds, oldest first. */
export async function storedWebhooks(inboxUrl: string): Promise<WebhookEntry[]> {
  const response = await fetch(`${inboxUrl}/store`);
  if (!response.ok) throw new Error(`The webhook inbox's store answered ${response.status}`);
  const { webhooks } = (await response.json()) as { webhooks: WebhookEntry[] };
  return webhooks;
}

/**
 * Why Slack would refuse this body, in its words, or undefined: an incoming webhook takes a
 * JSON object with `text` or `blocks` (https://docs.slack.dev/messaging/sending-messages-using-incoming-webhooks).
 */
export function slackProblem(body: string): string | undefined {
  let message: { text?: unknown; blocks?: unknown };
  try {
    message = JSON.parse(body) as { text?: unknown; blocks?: unknown };
  } catch {
    return 'invalid_payload';
  }
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return 'invalid_payload';
  }
  if (message.blocks !== undefined && !validBlocks(message.blocks)) return 'invalid_blocks';
  if (typeof message.text !== 'string' && message.blocks === undefined) return 'no_text';
  return undefined;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A text object as Slack takes one: `{ type: "plain_text" | "mrkdwn", text: string }`. */
const isText = (value: unknown): boolean =>
  isObject(value) &&
  (value.type === 'plain_text' || value.type === 'mrkdwn') &&
  typeof value.text === 'string';

/**
 * Whether Slack would take these blocks (else `invalid_blocks`): a list of objects, each with
 * a `type`, and those the drawing knows with what Slack requires of them (a header's text, a
 * context's elements, a section's text or fields).
 */
function validBlocks(blocks: unknown): boolean {
  if (!Array.isArray(blocks)) return false;
  return blocks.every((block) => {
    if (!isObject(block) || typeof block.type !== 'string') return false;
    switch (block.type) {
      case 'header':
        return isText(block.text);
      case 'context':
        return Array.isArray(block.elements) && block.elements.every(isObject);
      case 'section':
        return block.fields === undefined
          ? isText(block.text)
          : Array.isArray(block.fields) && block.fields.every(isText);
      default:
        return true;
    }
  });
}

/** The request's headers, one string each (lower-case names, as Node gives them). */
function flatHeaders(req: IncomingMessage): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return headers;
}

/** A JSON body indented to read; any other body as it came. */
function readable(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

/** A Slack message as Slack would show it in the channel; refused, its reason and body. */
function slackItem(entry: WebhookEntry): string {
  const heading = `#${entry.seq} · ${escapeHtml(entry.receivedAt)} · Slack <code>${escapeHtml(entry.path)}</code>`;
  if (!entry.verified) {
    return (
      `<li><p>${heading} · <strong style="color:#b91c1c">refused</strong>: ${escapeHtml(entry.reason ?? '')}</p>` +
      `<pre>${escapeHtml(readable(entry.body))}</pre></li>`
    );
  }
  const message = JSON.parse(entry.body) as SlackMessage;
  const time = entry.receivedAt.slice(11, 16);
  return `<li><p>${heading}</p>${slackMessageHtml('Slack message', message, time)}</li>`;
}

/**
 * One stored delivery as an item of the page: a Slack message drawn, a webhook or an API call
 * with its verdict.
 */
function entryItem(entry: WebhookEntry): string {
  if (entry.kind === 'slack') return slackItem(entry);
  const api = entry.kind === 'api';
  const verdict = entry.verified
    ? `<strong style="color:#15803d">${api ? 'API · key checked' : 'verified'}</strong>${entry.repeat ? ' (a repeat of an id already received)' : ''}`
    : `<strong style="color:#b91c1c">${api ? 'API · refused' : 'refused'}</strong>: ${escapeHtml(entry.reason ?? '')}`;
  return (
    `<li><p>#${entry.seq} · ${escapeHtml(entry.receivedAt)} · POST <code>${escapeHtml(entry.path)}</code> · ${verdict}</p>` +
    (api
      ? `<p>id <code>${escapeHtml(bodyId(entry.body) ?? '(none)')}</code></p>`
      : `<p>webhook-id <code>${escapeHtml(entry.headers['webhook-id'] ?? '(none)')}</code></p>`) +
    `<pre>${escapeHtml(readable(entry.body))}</pre></li>`
  );
}

/** One entry that could not be drawn: said so, its body as it came, the page still whole. */
function undrawnItem(entry: WebhookEntry, error: unknown): string {
  return (
    `<li><p>#${entry.seq} · ${escapeHtml(entry.receivedAt)} · <code>${escapeHtml(entry.path)}</code> · ` +
    `<strong style="color:#b91c1c">could not be drawn</strong>: ${escapeHtml(error instanceof Error ? error.message : String(error))}</p>` +
    `<pre>${escapeHtml(entry.body)}</pre></li>`
  );
}

/** The newest delivery first; every value escaped, as a body is whatever a sender chose. */
export function inboxPage(entries: readonly WebhookEntry[]): string {
  const items = [...entries]
    .reverse()
    .map((entry) => {
      try {
        return entryItem(entry);
      } catch (error) {
        return undrawnItem(entry, error);
      }
    })
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta http-equiv="refresh" content="5"><title>Webhook inbox</title>' +
    `<style>body{font:15px/1.4 system-ui,sans-serif;margin:2rem;max-width:60rem}li{border-top:1px solid #ccc;padding:.5rem 0}pre{background:#f4f4f5;padding:.5rem;overflow:auto;white-space:pre-wrap}${SLACK_STYLE}</style>` +
    `</head><body><h1>Webhook inbox</h1><p>${entries.length} deliveries (signed webhooks, API calls with a key, and Slack messages drawn as Slack would show them), newest first; as JSON at <a href="/store">/store</a>.</p>` +
    `<ol reversed>${items}</ol></body></html>`
  );
}
