import { formatLongDate, isPublishedWithin, relativeDate } from '../../lib/dates.ts';
import { useToday } from '../../lib/use-today.ts';
import './published-date.css';

/*
 * The HTML is rendered at build time and cannot know the day it will be read, so what depends
 * on today (a date's age, the NEW label) is left empty and hidden in it, carrying the date it
 * needs. The site script fills them on every page, islands included (an island may hydrate
 * only when touched): app/browser/published-dates.ts. Once React runs it computes the same
 * from the same functions; until then it accepts what the site script wrote
 * (suppressHydrationWarning, on these elements only).
 */

/** A publication date in the US long format, followed by its age ("3 days ago"). */
export function PublishedDate({ date, label }: { date: string; label?: string }) {
  const today = useToday();
  return (
    <span className="published-date">
      {label ? <span className="visually-hidden">{label} </span> : null}
      <time dateTime={date}>{formatLongDate(date)}</time>
      <span
        className="published-date__age"
        data-age-of={date}
        hidden={!today}
        suppressHydrationWarning
      >
        {today ? relativeDate(date, today) : ''}
      </span>
    </span>
  );
}

/** The NEW label, for items published within `withinDays` days. */
export function NewBadge({
  date,
  withinDays,
  label,
}: {
  date: string;
  withinDays: number;
  label: string;
}) {
  const today = useToday();
  return (
    <span
      className="badge badge--new"
      data-new-since={date}
      data-new-within={withinDays}
      hidden={!today || !isPublishedWithin(date, today, withinDays)}
      suppressHydrationWarning
    >
      {label}
    </span>
  );
}
