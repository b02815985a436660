import { createHash, createHmac } from 'node:crypto';
import { normaliseEmail } from '@kryon/shared/email';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Client IPs and addresses are personal data: only keyed hashes are stored, so a leaked table
 * cannot be reversed by enumeration (decisions 015, 029).
 */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/**
 * The keyed hash of a visitor's mailbox, every spelling alike: what the budgets count, the
 * suppression list keys and a privacy request finds leads by (decision 073).
 */
export function emailHash(secret: string, email: string): string {
  return keyedHash(secret, `email:${normaliseEmail(email)}`);
}

/**
 * The keyed hash of an address exactly as mail was sent to it: a tagged spelling's bounce is
 * listed by it, since `ada+x@` may bounce where `ada@` works (decision 073).
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
