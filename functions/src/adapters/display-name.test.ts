import { describe, expect, it } from 'vitest';
import { displayNameProblem, encodeDisplayName } from './display-name.ts';

describe('encodeDisplayName', () => {
  it('quotes a plain sender name, escaping quotes and backslashes', () => {
    expect(encodeDisplayName('Kryon Sales')).toBe('"Kryon Sales"');
    expect(encodeDisplayName('Kryon "Sales", EMEA \\ DACH')).toBe(
      '"Kryon \\"Sales\\", EMEA \\\\ DACH"',
    );
  });

  it('encodes a name beyond ASCII as RFC 2047 words of whole characters', () => {
    const name = 'Équipe commerciale Kryon 🇫🇷 — réponse sous 24 heures, promis';
    const encoded = encodeDisplayName(name);
    const words = encoded.split(' ');
    for (const word of words) {
      expect(word).toMatch(/^=\?UTF-8\?B\?[A-Za-z0-9+/=]+\?=$/);
      expect(word.length).toBeLessThanOrEqual(75);
    }
    expect(words.length).toBeGreaterThan(1);
    // Each word decodes on its own: no character's bytes are split between two words.
    const decoded = words.map((w) => {
      const bytes = Buffer.from(w.slice(10, -2), 'base64');
      const text = bytes.toString('utf8');
      expect(text).not.toContain('\ufffd');
      return text;
    });
    expect(decoded.join('')).toBe(name);
  });
});

describe('displayNameProblem', () => {
  it('says what is wrong with a sender name, or nothing', () => {
    expect(displayNameProblem('Kryon Sales')).toBeUndefined();
    expect(displayNameProblem('Équipe Kryon')).toBeUndefined();
    expect(displayNameProblem('Kryon\nSales')).toMatch(/line break/);
    expect(displayNameProblem('x@y.z')).toMatch(/address/);
  });
});
