import { normaliseEmail } from '@kryon/shared/email';
import { describe, expect, it } from 'vitest';
import { keyedHash, sha256 } from './hash.ts';

describe('sha256 and keyedHash', () => {
  it('gives tagged and differently cased addresses one rate-limit budget', () => {
    expect(sha256(normaliseEmail('Ada+1@x.io'))).toBe(sha256(normaliseEmail('ada@X.IO')));
  });

  it('hashes to 64 hex characters, deterministically', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('keys the IP hash with the secret, so another secret gives another hash', () => {
    const a = keyedHash('secret-a', '203.0.113.7');
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(keyedHash('secret-a', '203.0.113.7'));
    expect(a).not.toBe(keyedHash('secret-b', '203.0.113.7'));
    expect(a).not.toBe(sha256('203.0.113.7'));
  });
});
