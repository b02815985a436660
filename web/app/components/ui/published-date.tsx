import { formatLongDate, isPublishedWithin, relativeDate } from '../../lib/dates.ts';
import { useToday } from '../../lib/use-today.ts';
import './published-date.css';

/*
 * The HTML is rendered at build time and cannot know the day it will be read, so what depends
 * on today (a date's age, the NEW label) is left empty and hidden in it, carrying the date it
 * needs. Where React runs (an island), it fills them once hydrated; on a page that runs no
 * framework, the site script does (app/browser/published-dates.ts).
 */

/** A publication date in the US long format, followed by its age ("3 days ago"). */
export function PublishedDate({ date, label }: { date: string; label?: string }) {
  const today = useToday();
  return (
    <span className="published-date">
      {label ? <span className="visually-hidden">{label} </span> : null}
      <time dateTime={date}>{formatLongDate(date)}</time>
      {today ? (
        <span className="published-date__age">{relativeDate(date, today)}</span>
      ) : (
        <span className="published-date__age" data-age-of={date} hidden />
      )}
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
  if (!today) {
    return (
      <span className="badge badge--new" data-new-since={date} data-new-within={withinDays} hidden>
        {label}
      </span>
    );
  }
  if (!isPublishedWithin(date, today, withinDays)) return null;
  return <span className="badge badge--new">{label}</span>;
}
