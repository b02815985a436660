import { isPublishedWithin, isWithinMonths, localIsoDate, relativeDate } from '../lib/dates.ts';

/**
 * Fills what the build could not know about dates (components/ui/published-date.tsx): each
 * date's age, the NEW labels of recent items, and counts of recent dates (an element with
 * `data-count-dates` and `data-count-within-months`, its number written in its
 * `[data-count]`, as the research archive's metrics panel has it). Inside islands too, which
 * may hydrate only when touched: React's date components accept what is written here and,
 * once live, compute the same from the same functions (components/ui/published-date.tsx).
 */
export function fillPublishedDates(document: Document, today = localIsoDate()): void {
  for (const age of document.querySelectorAll<HTMLElement>('[data-age-of]')) {
    const date = age.dataset.ageOf;
    if (!date) continue;
    age.textContent = relativeDate(date, today);
    age.hidden = false;
  }
  for (const badge of document.querySelectorAll<HTMLElement>('[data-new-since]')) {
    const date = badge.dataset.newSince;
    const within = Number(badge.dataset.newWithin);
    if (!date) continue;
    badge.hidden = !isPublishedWithin(date, today, within);
  }
  for (const counted of document.querySelectorAll<HTMLElement>('[data-count-dates]')) {
    const months = Number(counted.dataset.countWithinMonths);
    const value = counted.querySelector('[data-count]');
    if (!value || !Number.isFinite(months)) continue;
    const dates = (counted.dataset.countDates ?? '').split(' ').filter(Boolean);
    const count = dates.filter((date) => isWithinMonths(date, today, months)).length;
    value.textContent = count.toLocaleString('en-US');
    counted.hidden = false;
  }
}
