/**
 * Whether `name` is an IANA time zone this runtime knows (Europe/Berlin, UTC). Checked when
 * a function starts, so a misspelt zone fails the deployment's first call with a clear
 * message instead of every sales e-mail.
 */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formats = new Map<string, { parts: Intl.DateTimeFormat; zone: Intl.DateTimeFormat }>();

function formatsFor(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = {
      parts: new Intl.DateTimeFormat('en-GB', {
        timeZone,
        weekday: 'short',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
        timeZoneName: 'short',
      }),
      // en-GB names European zones (CET, BST) but only offsets elsewhere; en-US names
      // the American ones (EST, PDT).
      zone: new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' }),
    };
    formats.set(timeZone, found);
  }
  return found;
}

/**
 * A moment as people read it in their own zone: "Tue 24 Nov 2026, 09:01 CET". Built from
 * parts so the shape stays the same whatever punctuation the locale data uses.
 */
export function formatSalesTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const { parts, zone } = formatsFor(timeZone);
  const part = (list: Intl.DateTimeFormatPart[], type: Intl.DateTimeFormatPartTypes) =>
    list.find((p) => p.type === type)?.value ?? '';
  const p = parts.formatToParts(date);
  const gb = part(p, 'timeZoneName');
  const us = part(zone.formatToParts(date), 'timeZoneName');
  const name = /^GMT[+-]/.test(gb) && /^[A-Z]{2,5}$/.test(us) ? us : gb;
  return `${part(p, 'weekday')} ${part(p, 'day')} ${part(p, 'month')} ${part(p, 'year')}, ${part(p, 'hour')}:${part(p, 'minute')} ${name}`;
}
