/**
 * A receiver's `Retry-After` header read: how long it asks a sender to wait before it tries
 * again, as delta-seconds (`120`) or as an HTTP-date (`Wed, 25 Nov 2026 09:00:00 GMT`).
 * Anything else is refused rather than guessed at: a wait a receiver did not clearly ask for
 * would only delay its events.
 */

/**
 * The statuses whose Retry-After asks a client to wait before it asks again: 429 Too Many
 * Requests (Slack's rate limit, https://api.slack.com/docs/rate-limits) and 503 Service
 * Unavailable. On a redirect the header means something else, and on any other status no
 * receiver is asking for a wait: the schedule alone decides.
 */
export const RETRY_AFTER_STATUSES: readonly number[] = [429, 503];

/**
 * The largest delta-seconds read: a greater one, which no receiver means (68 years), is read
 * as this, so a number too long for a float never becomes Infinity.
 */
const MAX_DELTA_SECONDS = 2 ** 31;

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;
const LONG_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
const MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
] as const;

const DAY = `(?:${DAYS.join('|')})`;
const MONTH = `(${MONTHS.join('|')})`;
const TIME = '(\\d{2}):(\\d{2}):(\\d{2})';
/** `Sun, 06 Nov 1994 08:49:37 GMT`: the form every sender should use. */
const IMF_FIXDATE = new RegExp(`^${DAY}, (\\d{2}) ${MONTH} (\\d{4}) ${TIME} GMT$`);
/** `Sunday, 06-Nov-94 08:49:37 GMT`: an obsolete form a recipient still reads. */
const RFC_850 = new RegExp(`^(?:${LONG_DAYS.join('|')}), (\\d{2})-${MONTH}-(\\d{2}) ${TIME} GMT$`);
/** `Sun Nov  6 08:49:37 1994`: C's asctime(), also obsolete, also still read. */
const ASCTIME = new RegExp(`^${DAY} ${MONTH} ([ \\d]\\d) ${TIME} (\\d{4})$`);

/**
 * A UTC time from its parts, as the pattern captured them, or undefined when they name none:
 * no 30 February, no hour 24. A second of 60 (a leap second) is read as the next minute's first.
 */
function utc(
  year: number,
  month: string | undefined,
  day: string | undefined,
  time: (string | undefined)[],
): number | undefined {
  const monthIndex = MONTHS.indexOf(month as (typeof MONTHS)[number]);
  const [hour, minute, second] = time.map(Number) as [number, number, number];
  const date = Number(day?.trim());
  if (monthIndex < 0 || hour > 23 || minute > 59 || second > 60) return undefined;
  // Date.UTC rolls an impossible day over into the next month: refuse it instead.
  const midnight = new Date(Date.UTC(year, monthIndex, date));
  if (midnight.getUTCMonth() !== monthIndex || midnight.getUTCDate() !== date) return undefined;
  return Date.UTC(year, monthIndex, date, hour, minute, second);
}

/**
 * An HTTP-date's time in ms, or undefined when the text is none of its three forms. A
 * two-digit year is the latest year with those digits that is not more than 50 years after
 * `now`, as a recipient must read it.
 */
export function parseHttpDate(text: string, now: Date): number | undefined {
  const fixdate = IMF_FIXDATE.exec(text);
  if (fixdate) {
    const [, day, month, year, ...time] = fixdate;
    return utc(Number(year), month, day, time);
  }
  const rfc850 = RFC_850.exec(text);
  if (rfc850) {
    const [, day, month, yy, ...time] = rfc850;
    const thisYear = now.getUTCFullYear();
    let year = thisYear - (thisYear % 100) + Number(yy);
    if (year > thisYear + 50) year -= 100;
    return utc(year, month, day, time);
  }
  const asctime = ASCTIME.exec(text);
  if (asctime) {
    const [, month, day, hour, minute, second, year] = asctime;
    return utc(Number(year), month, day, [hour, minute, second]);
  }
  return undefined;
}

/**
 * The wait a Retry-After value asks for, in whole seconds from `now` (0 for a date already
 * past), or undefined when the value is neither delta-seconds nor an HTTP-date. The value is
 * the receiver's: never logged, only the seconds read from it.
 */
export function retryAfterSeconds(value: string, now: Date): number | undefined {
  const text = value.trim();
  if (/^\d+$/.test(text)) return Math.min(Number(text), MAX_DELTA_SECONDS);
  const at = parseHttpDate(text, now);
  if (at === undefined) return undefined;
  return Math.min(Math.max(Math.ceil((at - now.getTime()) / 1000), 0), MAX_DELTA_SECONDS);
}
