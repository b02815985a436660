import tlds from 'tlds';
import { describe, expect, it } from 'vitest';
import {
  OTHER_MAIL_DOMAINS,
  PROVIDER_DOMAINS,
  REAL_TLDS_NEAR_TARGETS,
  suggestAddress,
  TARGET_TLDS,
  typingDistance,
} from './email-typo.ts';

describe('suggestAddress', () => {
  it.each([
    ['name@gmial.com', 'name@gmail.com'],
    ['name@gmai.com', 'name@gmail.com'],
    ['name@gnail.com', 'name@gmail.com'],
    ['name@gmail.con', 'name@gmail.com'],
    ['name@gmail.co', 'name@gmail.com'],
    ['name@yaho.com', 'name@yahoo.com'],
    ['name@hotmial.com', 'name@hotmail.com'],
    ['name@hotmail.co', 'name@hotmail.com'],
    ['name@outlok.com', 'name@outlook.com'],
    ['name@icloud.con', 'name@icloud.com'],
    ['name@acme.con', 'name@acme.com'],
    ['name@acme.cmo', 'name@acme.com'],
    ['name@acme.comm', 'name@acme.com'],
    ['name@acme.ogr', 'name@acme.org'],
    ['name@acme.nte', 'name@acme.net'],
  ])('%s: did you mean %s?', (typed, meant) => {
    expect(suggestAddress(typed)).toBe(meant);
  });

  it('keeps the part before the @ exactly as typed and ignores the case of the domain', () => {
    expect(suggestAddress('  Zoë.O+tag@GMIAL.com ')).toBe('Zoë.O+tag@gmail.com');
  });

  it.each([
    // Work domains a looser configuration "corrects" to a provider or another country.
    'name@acme.com',
    'name@ibm.com',
    'name@sap.com',
    'name@acme.lu',
    'name@acme.pt',
    'name@acme.is',
    'name@acme.ac.uk',
    'name@acme.org.uk',
    'name@acme.com.br',
    'name@kryon.security',
    'name@acme.co',
    'name@acme.cm',
    'name@acme.io',
    'name@mail.acme.com',
    // Real mail providers one edit from a bigger one.
    'name@email.com',
    'name@mail.com',
    'name@ymail.com',
    'name@mac.com',
    'name@gmx.net',
    // Not an address yet.
    'name',
    'name@',
    '@gmial.com',
    'name@gmial',
    'a@b@gmial.com',
  ])('suggests nothing for %s', (typed) => {
    expect(suggestAddress(typed)).toBeUndefined();
  });

  it('suggests nothing for any listed mail domain, typed as it is', () => {
    for (const domain of [...PROVIDER_DOMAINS, ...OTHER_MAIL_DOMAINS]) {
      expect(suggestAddress(`name@${domain}`), domain).toBeUndefined();
    }
  });

  it('never corrects one real top-level domain into another', () => {
    const nearTargets = tlds
      .filter((tld) => !(TARGET_TLDS as readonly string[]).includes(tld))
      .filter((tld) => TARGET_TLDS.some((target) => typingDistance(tld, target) <= 1))
      .sort();
    expect([...REAL_TLDS_NEAR_TARGETS].sort()).toEqual(nearTargets);
  });
});

describe('typingDistance', () => {
  it('counts a swap of two neighbours as one edit', () => {
    expect(typingDistance('gmial', 'gmail')).toBe(1);
    expect(typingDistance('cmo', 'com')).toBe(1);
    expect(typingDistance('acme.com', 'me.com')).toBe(2);
    expect(typingDistance('', 'com')).toBe(3);
    expect(typingDistance('com', 'com')).toBe(0);
  });
});
