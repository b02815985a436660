/**
 * Signs a webhook delivery as the Standard Webhooks specification says
 * (https://www.standardwebhooks.com), with its reference library: any receiver that uses one of
 * the specification's libraries, or Zapier's and n8n's support for it, verifies it as is.
 * The library does the HMAC and its encoding; this adds what it leaves to the sender: checked
 * secrets, several at once during a rotation, and header values that cannot break a request.
 */
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import type { SignWebhook } from '../leads/ports.ts';

export const WEBHOOK_SECRET_PREFIX = 'whsec_';

/**
 * The key sizes the specification recommends (24 to 64 bytes): a shorter key is refused
 * rather than signed with, since a receiver would accept it as strong.
 */
const KEY_BYTES = { min: 24, max: 64 } as const;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** A header value of visible ASCII only: no space (it separates signatures), no line break. */
const HEADER_TOKEN = /^[\x21-\x7e]{1,256}$/;

/**
 * The headers of one signed delivery, as the specification names them. A type, not an
 * interface, so it is a header record `fetch` and the verifying library take as it is.
 */
export type WebhookHeaders = {
  'webhook-id': string;
  /** Integer seconds since the epoch: when it was signed (a re-delivery signs anew). */
  'webhook-timestamp': string;
  /** `v1,<base64 HMAC-SHA256>`, one per secret, separated by a space. */
  'webhook-signature': string;
  'content-type': 'application/json';
};

export interface SignedDelivery {
  headers: WebhookHeaders;
  /** The body exactly as signed: it must be sent byte for byte, never serialised again. */
  body: string;
}

export interface WebhookSigner {
  /**
   * Signs a JSON body under the message's id, which stays the same on every retry of the
   * same message (the receiver drops repeats by it), at `at` (now, by default).
   */
  sign(message: { id: string; body: string; at?: Date }): SignedDelivery;
  /** Serialises a payload and signs it: the body sent is the one signed. */
  signJson(message: { id: string; payload: unknown; at?: Date }): SignedDelivery;
}

/**
 * A signer with one secret, or several while a secret is rotated: each delivery then carries
 * one signature per secret, so a receiver that has either verifies it, and the old secret is
 * dropped once every receiver has the new one. A secret is never named in an error.
 */
export function webhookSigner(secrets: readonly string[]): WebhookSigner {
  if (secrets.length === 0) throw new Error('A webhook signer needs at least one secret');
  const keys = [...new Set(secrets)].map((secret, index) => {
    checkSecret(secret, `Webhook secret ${index + 1} of ${secrets.length}`);
    return new Webhook(secret);
  });
  const sign: WebhookSigner['sign'] = ({ id, body, at = new Date() }) => {
    if (!HEADER_TOKEN.test(id)) {
      throw new Error('A webhook id is 1 to 256 visible ASCII characters, without spaces');
    }
    if (Number.isNaN(at.getTime())) throw new Error('A webhook is signed at a valid time');
    return {
      headers: {
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
        'webhook-signature': keys.map((key) => key.sign(id, at, body)).join(' '),
        'content-type': 'application/json',
      },
      body,
    };
  };
  return {
    sign,
    signJson: ({ id, payload, at }) => sign({ id, body: JSON.stringify(payload), at }),
  };
}

/** Throws, naming the secret by `what` alone, unless it is a `whsec_` secret of a fit size. */
export function checkSecret(secret: string, what = 'The webhook secret'): void {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) {
    throw new Error(`${what} does not start with ${WEBHOOK_SECRET_PREFIX}`);
  }
  const encoded = secret.slice(WEBHOOK_SECRET_PREFIX.length);
  const bytes =
    BASE64.test(encoded) && encoded.length % 4 === 0 ? Buffer.from(encoded, 'base64').length : 0;
  if (bytes < KEY_BYTES.min || bytes > KEY_BYTES.max) {
    throw new Error(
      `${what} is not ${WEBHOOK_SECRET_PREFIX} and the base64 of ${KEY_BYTES.min} to ${KEY_BYTES.max} random bytes`,
    );
  }
}

/** A new secret in the specification's form: `whsec_` and 32 random bytes in base64. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + randomBytes(32).toString('base64');
}

/** The signing port of deliver-event.ts: signs `body` with each secret, as webhookSigner does. */
export const signWebhook: SignWebhook = (secrets, message) => webhookSigner(secrets).sign(message);
