import { FORM_STARTED_FIELD, HONEYPOT_FIELD } from '@kryon/shared/constants';
import { describe, expect, it } from 'vitest';
import { spamVerdict } from './spam.ts';

const NOW = Date.parse('2025-03-04T10:00:00.000Z');
const MIN_FILL_MS = 3_000;
const DAY_MS = 24 * 60 * 60 * 1000;

function verdict(fields: Record<string, unknown>) {
  return spamVerdict({ name: 'Ada', email: 'ada@example.com', ...fields }, NOW, MIN_FILL_MS);
}

describe('spamVerdict', () => {
  it('finds nothing in a form filled at a human pace with an empty honeypot', () => {
    expect(verdict({ [HONEYPOT_FIELD]: '', [FORM_STARTED_FIELD]: NOW - 20_000 })).toEqual({
      reason: undefined,
      fillMs: 20_000,
    });
  });

  it.each(['https://spam.example', 'x', ' ', 0, false, {}])(
    'calls a filled honeypot (%j) a bot',
    (value) => {
      expect(verdict({ [HONEYPOT_FIELD]: value }).reason).toBe('honeypot');
    },
  );

  it.each([
    ['an empty string', ''],
    ['null', null],
    ['undefined', undefined],
  ])('does not call an honeypot holding %s a bot', (_label, value) => {
    expect(verdict({ [HONEYPOT_FIELD]: value }).reason).toBeUndefined();
  });

  it('does not call a body without the honeypot field a bot', () => {
    expect(verdict({})).toEqual({ reason: undefined, fillMs: undefined });
  });

  it('gives the honeypot as the reason when the form was also sent too fast', () => {
    expect(verdict({ [HONEYPOT_FIELD]: 'x', [FORM_STARTED_FIELD]: NOW - 100 })).toEqual({
      reason: 'honeypot',
      fillMs: 100,
    });
  });

  it.each([
    ['a number', NOW - 12_345],
    ['a digit string', String(NOW - 12_345)],
  ])('reads the start time given as %s', (_label, startedAt) => {
    expect(verdict({ [FORM_STARTED_FIELD]: startedAt }).fillMs).toBe(12_345);
  });

  it('rounds a fractional start time to whole milliseconds', () => {
    expect(verdict({ [FORM_STARTED_FIELD]: NOW - 4_000.6 }).fillMs).toBe(4_001);
  });

  it('calls a form sent sooner than the minimum fill time too fast', () => {
    expect(verdict({ [FORM_STARTED_FIELD]: NOW - (MIN_FILL_MS - 1) })).toEqual({
      reason: 'too-fast',
      fillMs: MIN_FILL_MS - 1,
    });
  });

  it('calls a form sent in the very millisecond it was shown too fast', () => {
    expect(verdict({ [FORM_STARTED_FIELD]: NOW })).toEqual({ reason: 'too-fast', fillMs: 0 });
  });

  it('does not call a form sent exactly at the minimum fill time too fast', () => {
    expect(verdict({ [FORM_STARTED_FIELD]: NOW - MIN_FILL_MS })).toEqual({
      reason: undefined,
      fillMs: MIN_FILL_MS,
    });
  });

  it('uses the minimum fill time it is given', () => {
    const body = { [FORM_STARTED_FIELD]: NOW - 5_000 };
    expect(spamVerdict(body, NOW, 5_001).reason).toBe('too-fast');
    expect(spamVerdict(body, NOW, 5_000).reason).toBeUndefined();
  });

  it('accepts a start time exactly a day ago', () => {
    expect(verdict({ [FORM_STARTED_FIELD]: NOW - DAY_MS }).fillMs).toBe(DAY_MS);
  });

  it.each([
    ['in the future (a clock running ahead)', NOW + 1],
    ['far in the future', NOW + 60_000],
    ['more than a day ago', NOW - DAY_MS - 1],
    ['at the epoch', 0],
    ['a non-numeric string', 'yesterday'],
    ['a number in exponent notation', '1.7e12'],
    ['a negative digit string', `-${NOW}`],
    ['a digit string with spaces', ` ${NOW - 10_000} `],
    ['a decimal string', `${NOW - 10_000}.5`],
    ['an empty string', ''],
    ['a digit string of 17 digits', '1'.repeat(17)],
    ['a huge number', 1e300],
    ['a huge negative number', -1e300],
    ['the largest number', Number.MAX_VALUE],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['NaN', Number.NaN],
    ['a boolean', true],
    ['null', null],
    ['an array', [NOW - 100]],
    ['an object', { at: NOW - 100 }],
  ])('ignores a start time %s: no fill time, not spam', (_label, startedAt) => {
    expect(verdict({ [FORM_STARTED_FIELD]: startedAt })).toEqual({
      reason: undefined,
      fillMs: undefined,
    });
  });

  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', `{"${HONEYPOT_FIELD}":"x"}`],
    ['a number', 42],
    ['a boolean', true],
  ])('finds nothing in a body that is %s', (_label, body) => {
    expect(spamVerdict(body, NOW, MIN_FILL_MS)).toEqual({ reason: undefined, fillMs: undefined });
  });

  it('finds nothing in an array body, whatever its items hold', () => {
    const body = [{ [HONEYPOT_FIELD]: 'x', [FORM_STARTED_FIELD]: NOW }];
    expect(spamVerdict(body, NOW, MIN_FILL_MS)).toEqual({ reason: undefined, fillMs: undefined });
  });
});
