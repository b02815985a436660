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
 * The keyed hash of a visitor's address in its canonical form: what the budgets count and
 * what a privacy request finds a person's leads by. Variants of one mailbox (case, +tags,
 * Gmail's dots) hash alike.
 */
export function emailHash(secret: string, email: string): string {
  return keyedHash(secret, `email:${normaliseEmail(email)}`);
}

/**
 * The keyed hash of an address exactly as mail was sent to it (trimmed and lower-cased, no
 * +tag or dot stripped): what our suppression list is keyed by. A bounce says only that this
 * spelling takes no mail; many domains reject `ada+x@` while `ada@` is a real mailbox, so a
 * canonical key would let anyone who types a variant that bounces cut the owner off.
 */
export function suppressionHash(secret: string, email: string): string {
  return keyedHash(secret, `suppression:${email.trim().toLowerCase()}`);
}

/**
 * A key for one purpose derived from the site's secret, so one secret serves the hashes and
 * the challenge signatures without any of them being usable for another.
 */
export function derivedSecret(secret: string, purpose: string): string {
  return keyedHash(secret, `purpose:${purpose}`);
}
