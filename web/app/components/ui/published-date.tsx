import { formatLongDate, isPublishedWithin, relativeDate, useToday } from '../../lib/dates.ts';
import './published-date.css';

/**
 * A publication date in the US long format, followed by its age ("3 days ago") once the page
 * runs in the browser: the prerendered HTML cannot know the day it will be read.
 */
export function PublishedDate({ date, label }: { date: string; label?: string }) {
  const today = useToday();
  return (
    <span className="published-date">
      {label ? <span className="visually-hidden">{label} </span> : null}
      <time dateTime={date}>{formatLongDate(date)}</time>
      {today ? <span className="published-date__age">{relativeDate(date, today)}</span> : null}
    </span>
  );
}

/** The NEW label, shown in the browser for items published within `withinDays` days. */
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
  if (!today || !isPublishedWithin(date, today, withinDays)) return null;
  return <span className="badge badge--new">{label}</span>;
}
