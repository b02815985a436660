/** A card is marked NEW within 7 days of publication on the index, 30 on the archive. */
export const NEW_WITHIN_DAYS = { intelligence: 7, archive: 30 } as const;

const MS_PER_DAY = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar date (YYYY-MM-DD) as a day number; NaN when it is not a real date. */
function dayNumber(isoDate: string): number {
  if (!ISO_DATE.test(isoDate)) return Number.NaN;
  const time = Date.parse(`${isoDate}T00:00:00Z`);
  // Date.parse rolls 2026-02-30 over to March 2; a date that does not round-trip is invalid.
  if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== isoDate) {
    return Number.NaN;
  }
  return Math.floor(time / MS_PER_DAY);
}

/** Whole calendar days from `from` to `to` (negative when `from` is later). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/**
 * The visitor's own calendar date, not UTC's: an article dated today should read "Today"
 * in the evening in California too.
 */
export function localIsoDate(date: Date = new Date()): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** Dates display in US long format, e.g. "October 14, 2026". */
export function formatLongDate(isoDate: string): string {
  const day = dayNumber(isoDate);
  return Number.isNaN(day) ? isoDate : longDate.format(new Date(day * MS_PER_DAY));
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * Relative date labels: Today, Yesterday, N days ago (under 7 days), N weeks ago (under 30),
 * N months ago (under 365), else N years ago. A date after `today` (a visitor's clock that
 * runs behind) reads "Today" rather than a negative age.
 */
export function relativeDate(isoDate: string, today: string): string {
  const days = daysBetween(isoDate, today);
  if (Number.isNaN(days)) return '';
  if (days <= 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  if (days < 365) return plural(Math.floor(days / 30), 'month');
  return plural(Math.floor(days / 365), 'year');
}

/** The NEW label: published no more than `days` days before `today` (and not in the future). */
export function isPublishedWithin(isoDate: string, today: string, days: number): boolean {
  const age = daysBetween(isoDate, today);
  return age >= 0 && age <= days;
}

/** Whether a date falls in the last `months` months up to today ("Recent publications": 3). */
export function isWithinMonths(isoDate: string, today: string, months: number): boolean {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const start = new Date(Date.UTC(year, month - 1 - months, day));
  const startIso = start.toISOString().slice(0, 10);
  return daysBetween(startIso, isoDate) >= 0 && daysBetween(isoDate, today) >= 0;
}
