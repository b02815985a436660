import { describe, expect, it } from 'vitest';
import { formatSalesTime, isTimeZone } from './sales-time.ts';

describe('formatSalesTime', () => {
  const at = '2026-11-24T08:01:46.220Z';

  it.each([
    ['UTC', 'Tue 24 Nov 2026, 08:01 UTC'],
    ['Europe/Berlin', 'Tue 24 Nov 2026, 09:01 CET'],
    ['Europe/London', 'Tue 24 Nov 2026, 08:01 GMT'],
    ['America/New_York', 'Tue 24 Nov 2026, 03:01 EST'],
    ['Asia/Kolkata', 'Tue 24 Nov 2026, 13:31 GMT+5:30'],
  ])('writes the time in %s for people', (zone, expected) => {
    expect(formatSalesTime(at, zone)).toBe(expected);
  });

  it('follows daylight saving time and the date line', () => {
    expect(formatSalesTime('2026-07-24T23:59:00.000Z', 'Europe/Berlin')).toBe(
      'Sat 25 Jul 2026, 01:59 CEST',
    );
    expect(formatSalesTime('2026-07-24T23:59:00.000Z', 'America/Los_Angeles')).toBe(
      'Fri 24 Jul 2026, 16:59 PDT',
    );
  });

  it('writes midnight as 00, not 24', () => {
    expect(formatSalesTime('2026-11-24T00:00:00.000Z', 'UTC')).toBe('Tue 24 Nov 2026, 00:00 UTC');
  });

  it('leaves a value that is not a time as it is', () => {
    expect(formatSalesTime('not a time', 'UTC')).toBe('not a time');
  });
});

describe('isTimeZone', () => {
  it('knows IANA names and refuses the rest', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Europe/Berlinn')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });
});
