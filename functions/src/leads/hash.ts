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
