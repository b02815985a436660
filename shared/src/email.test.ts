import { describe, expect, it } from 'vitest';
import { normaliseEmail } from './email.ts';

describe('normaliseEmail', () => {
  it.each([
    ['Ada@Example.COM', 'ada@example.com'],
    ['  ada@example.com  ', 'ada@example.com'],
    ['ada+news@example.com', 'ada@example.com'],
    ['Ada+1+2@X.io', 'ada@x.io'],
    ['ada@example.com', 'ada@example.com'],
    ['no-at-sign', 'no-at-sign'],
  ])('%j -> %j', (input, expected) => {
    expect(normaliseEmail(input)).toBe(expected);
  });

  it('keeps a plus sign that belongs to the domain part, not the local part', () => {
    // Only the local part's +tag is dropped; what follows the last @ is kept whole.
    expect(normaliseEmail('"a@b"+x@y.io')).toBe('"a@b"@y.io');
  });
});
