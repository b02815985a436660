import { describe, expect, it } from 'vitest';
import { parseHttpDate, retryAfterSeconds } from './retry-after.ts';

const NOW = new Date('2026-11-24T09:00:00.000Z');

describe('retryAfterSeconds', () => {
  it('reads delta-seconds', () => {
    expect(retryAfterSeconds('120', NOW)).toBe(120);
    expect(retryAfterSeconds(' 0 ', NOW)).toBe(0);
    expect(retryAfterSeconds('007', NOW)).toBe(7);
    // Too long for any receiver to mean: read as 2^31 s, never as Infinity.
    expect(retryAfterSeconds('9'.repeat(400), NOW)).toBe(2 ** 31);
  });

  it('reads an HTTP-date as the seconds from now to it, rounded up, 0 once past', () => {
    expect(retryAfterSeconds('Tue, 24 Nov 2026 09:05:00 GMT', NOW)).toBe(300);
    expect(retryAfterSeconds('Tue, 24 Nov 2026 09:00:00 GMT', NOW)).toBe(0);
    expect(retryAfterSeconds('Mon, 23 Nov 2026 09:00:00 GMT', NOW)).toBe(0);
    const justAfter = new Date(NOW.getTime() - 400);
    expect(retryAfterSeconds('Tue, 24 Nov 2026 09:00:01 GMT', justAfter)).toBe(2);
  });

  it('refuses anything else, never guessing', () => {
    for (const value of [
      '',
      'soon',
      '-30',
      '1.5',
      '1e3',
      '120 seconds',
      '0x10',
      '2026-11-24T09:05:00Z',
      'Tue, 24 Nov 2026 09:05:00',
      'Tue, 24 Nov 2026 09:05:00 UTC',
      'tue, 24 nov 2026 09:05:00 GMT',
      'Tue, 24 November 2026 09:05:00 GMT',
      'Tue, 4 Nov 2026 09:05:00 GMT',
      'Tue, 24 Nov 2026 9:05:00 GMT',
    ]) {
      expect(retryAfterSeconds(value, NOW), value).toBeUndefined();
    }
  });
});

describe('parseHttpDate', () => {
  it('reads the three forms a recipient must read', () => {
    const at = Date.parse('1994-11-06T08:49:37Z');
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT', NOW)).toBe(at);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT', NOW)).toBe(at);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994', NOW)).toBe(at);
    expect(parseHttpDate('Tue Nov 24 09:05:00 2026', NOW)).toBe(Date.parse('2026-11-24T09:05:00Z'));
  });

  it('reads a two-digit year as the latest with those digits not 50 years ahead', () => {
    expect(parseHttpDate('Tuesday, 24-Nov-26 09:05:00 GMT', NOW)).toBe(
      Date.parse('2026-11-24T09:05:00Z'),
    );
    expect(parseHttpDate('Wednesday, 01-Jan-76 00:00:00 GMT', NOW)).toBe(
      Date.parse('2076-01-01T00:00:00Z'),
    );
    expect(parseHttpDate('Thursday, 01-Jan-77 00:00:00 GMT', NOW)).toBe(
      Date.parse('1977-01-01T00:00:00Z'),
    );
  });

  it('refuses a day or a time that does not exist', () => {
    for (const value of [
      'Mon, 30 Feb 2026 09:00:00 GMT',
      'Mon, 00 Nov 2026 09:00:00 GMT',
      'Mon, 32 Nov 2026 09:00:00 GMT',
      'Mon, 24 Nov 2026 24:00:00 GMT',
      'Mon, 24 Nov 2026 09:60:00 GMT',
      'Mon, 24 Nov 2026 09:00:61 GMT',
      'Sun Feb 30 08:49:37 1994',
    ]) {
      expect(parseHttpDate(value, NOW), value).toBeUndefined();
    }
    // A leap second is the next minute's first.
    expect(parseHttpDate('Wed, 31 Dec 2025 23:59:60 GMT', NOW)).toBe(
      Date.parse('2026-01-01T00:00:00Z'),
    );
  });
});
