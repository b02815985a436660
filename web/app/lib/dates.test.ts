import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  daysBetween,
  formatLongDate,
  isPublishedWithin,
  isWithinMonths,
  localIsoDate,
  NEW_WITHIN_DAYS,
  relativeDate,
} from './dates.ts';
import { useToday } from './use-today.ts';

describe('formatLongDate', () => {
  it('writes the US long format, whatever the time zone', () => {
    expect(formatLongDate('2026-10-14')).toBe('October 14, 2026');
    expect(formatLongDate('2026-01-01')).toBe('January 1, 2026');
    expect(formatLongDate('2024-02-29')).toBe('February 29, 2024');
  });

  it('leaves text that is not a date as it is', () => {
    expect(formatLongDate('soon')).toBe('soon');
    expect(formatLongDate('2026-02-30')).toBe('2026-02-30');
  });
});

describe('relativeDate', () => {
  const today = '2026-11-22';
  it.each([
    ['2026-11-22', 'Today'],
    ['2026-11-25', 'Today'],
    ['2026-11-21', 'Yesterday'],
    ['2026-11-20', '2 days ago'],
    ['2026-11-16', '6 days ago'],
    ['2026-11-15', '1 week ago'],
    ['2026-11-08', '2 weeks ago'],
    ['2026-10-24', '4 weeks ago'],
    ['2026-10-23', '1 month ago'],
    ['2026-09-23', '2 months ago'],
    ['2025-11-23', '12 months ago'],
    ['2025-11-22', '1 year ago'],
    ['2023-11-22', '3 years ago'],
  ])('%s is "%s"', (date, label) => {
    expect(relativeDate(date, today)).toBe(label);
  });

  it('counts calendar days across a month and a year boundary', () => {
    expect(relativeDate('2026-12-31', '2027-01-01')).toBe('Yesterday');
    expect(daysBetween('2026-02-28', '2026-03-01')).toBe(1);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
  });

  it('gives no label for an invalid date', () => {
    expect(relativeDate('not-a-date', today)).toBe('');
  });
});

describe('isPublishedWithin (the NEW label)', () => {
  it('is true from the publication day up to and including the last day of the window', () => {
    expect(isPublishedWithin('2026-11-22', '2026-11-22', NEW_WITHIN_DAYS.intelligence)).toBe(true);
    expect(isPublishedWithin('2026-11-15', '2026-11-22', NEW_WITHIN_DAYS.intelligence)).toBe(true);
    expect(isPublishedWithin('2026-11-14', '2026-11-22', NEW_WITHIN_DAYS.intelligence)).toBe(false);
    expect(isPublishedWithin('2026-10-23', '2026-11-22', NEW_WITHIN_DAYS.archive)).toBe(true);
    expect(isPublishedWithin('2026-10-22', '2026-11-22', NEW_WITHIN_DAYS.archive)).toBe(false);
  });

  it('is false for a date in the future or an invalid date', () => {
    expect(isPublishedWithin('2026-11-23', '2026-11-22', 7)).toBe(false);
    expect(isPublishedWithin('nope', '2026-11-22', 7)).toBe(false);
  });
});

describe('isWithinMonths', () => {
  it('counts back calendar months from today', () => {
    expect(isWithinMonths('2026-08-22', '2026-11-22', 3)).toBe(true);
    expect(isWithinMonths('2026-08-21', '2026-11-22', 3)).toBe(false);
    expect(isWithinMonths('2026-11-23', '2026-11-22', 3)).toBe(false);
    expect(isWithinMonths('2025-10-14', '2026-01-15', 3)).toBe(false);
    expect(isWithinMonths('2025-10-15', '2026-01-15', 3)).toBe(true);
  });
});

describe('today', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is the local calendar date', () => {
    expect(localIsoDate(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });

  it('is known once rendered in the browser', () => {
    vi.useFakeTimers({ now: new Date(2026, 10, 22, 12) });
    const { result } = renderHook(() => useToday());
    expect(result.current).toBe('2026-11-22');
  });
});
