import { createHash, createHmac } from 'node:crypto';

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * Client IPs are personal data: only a keyed hash is stored, so a leaked table does not
 * reveal them and the hashes cannot be reversed by hashing the IPv4 space.
 */
export function keyedHash(secret: string, value: string): string {
  return createHmac('sha256', secret).update(value).digest('hex');
}

/** Lower-cased and without a `+tag`, so `Ada+1@x.io` and `ada@x.io` share one budget. */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at).replace(/\+.*$/, '');
  return `${local}${lower.slice(at)}`;
}
