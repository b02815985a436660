import { describe, expect, it } from 'vitest';
import { derivedSecret, emailHash, keyedHash, sha256, spellingHash } from './hash.ts';

describe('sha256 and keyedHash', () => {
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

describe('emailHash', () => {
  it('gives tagged and differently cased addresses one hash', () => {
    expect(emailHash('s', 'Ada+1@x.io')).toBe(emailHash('s', 'ada@X.IO'));
  });

  it('is keyed: a dictionary of unkeyed hashes of addresses does not reverse it', () => {
    const hash = emailHash('secret-a', 'ada@x.io');
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toBe(sha256('ada@x.io'));
    expect(hash).not.toBe(emailHash('secret-b', 'ada@x.io'));
  });
});

describe('spellingHash', () => {
  it('keys the exact address: case and surrounding space aside, no spelling is merged', () => {
    expect(spellingHash('s', ' Victim@Corp.Example ')).toBe(
      spellingHash('s', 'victim@corp.example'),
    );
    expect(spellingHash('s', 'victim+x@corp.example')).not.toBe(
      spellingHash('s', 'victim@corp.example'),
    );
    expect(spellingHash('s', 'j.smith@gmail.com')).not.toBe(spellingHash('s', 'jsmith@gmail.com'));
  });

  it('is keyed, and is not the canonical emailHash', () => {
    expect(spellingHash('s', 'ada@x.io')).not.toBe(emailHash('s', 'ada@x.io'));
    expect(spellingHash('s', 'ada@x.io')).not.toBe(spellingHash('t', 'ada@x.io'));
  });
});

describe('derivedSecret', () => {
  it('gives each purpose its own key, none equal to the secret or to each other', () => {
    const signing = derivedSecret('s', 'challenge-signature');
    const keys = derivedSecret('s', 'challenge-key-signature');
    expect(signing).not.toBe(keys);
    expect(signing).not.toBe('s');
    expect(signing).toBe(derivedSecret('s', 'challenge-signature'));
  });
});
