import { createHash, createHmac } from 'node:crypto';
import { normaliseEmail } from '@kryon/shared/email';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Client IPs and e-mail addresses are personal data: only keyed hashes are stored and used
 * as counter keys, so a leaked table reveals neither, and neither can be reversed by hashing
 * the IPv4 space or a list of addresses.
 */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/**
 * The keyed hash of a visitor's mailbox (`normaliseEmail`, decision 073): what the budgets
 * count, what our suppression list is keyed by, and what a privacy request finds a person's
 * leads by. Spellings of one mailbox (case, +tags, Gmail's dots) hash alike.
 */
export function emailHash(secret: string, email: string): string {
  return keyedHash(secret, `email:${normaliseEmail(email)}`);
}

/**
 * The keyed hash of an address exactly as mail was sent to it (trimmed and lower-cased,
 * nothing dropped): a bounce of a tagged spelling is listed under its mailbox by this hash,
 * since `ada+x@` may be refused where `ada@` is a working mailbox.
 */
export function spellingHash(secret: string, email: string): string {
  return keyedHash(secret, `spelling:${email.trim().toLowerCase()}`);
}

/**
 * A key for one purpose derived from the site's secret, so one secret serves the hashes and
 * the challenge signatures without any of them being usable for another.
 */
export function derivedSecret(secret: string, purpose: string): string {
  return keyedHash(secret, `purpose:${purpose}`);
}
