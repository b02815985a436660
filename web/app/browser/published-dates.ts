import { isPublishedWithin, isWithinMonths, localIsoDate, relativeDate } from '../lib/dates.ts';

/**
 * Fills what the build could not know about dates (components/ui/published-date.tsx): each
 * date's age, the NEW labels of recent items, and counts of recent dates (an element with
 * `data-count-dates` and `data-count-within-months`, its number written in its
 * `[data-count]`, as the research archive's metrics panel has it). Parts React renders
 * (islands) are left to React, which computes the same from the same functions: text added
 * before it hydrates would not match what it expects to find.
 */
export function fillPublishedDates(document: Document, today = localIsoDate()): void {
  const outsideReact = (element: Element) => !element.closest('[data-island]');
  for (const age of document.querySelectorAll<HTMLElement>('[data-age-of]')) {
    const date = age.dataset.ageOf;
    if (!date || !outsideReact(age)) continue;
    age.textContent = relativeDate(date, today);
    age.hidden = false;
  }
  for (const badge of document.querySelectorAll<HTMLElement>('[data-new-since]')) {
    const date = badge.dataset.newSince;
    const within = Number(badge.dataset.newWithin);
    if (!date || !outsideReact(badge)) continue;
    badge.hidden = !isPublishedWithin(date, today, within);
  }
  for (const counted of document.querySelectorAll<HTMLElement>('[data-count-dates]')) {
    const months = Number(counted.dataset.countWithinMonths);
    const value = counted.querySelector('[data-count]');
    if (!value || !Number.isFinite(months) || !outsideReact(counted)) continue;
    const dates = (counted.dataset.countDates ?? '').split(' ').filter(Boolean);
    const count = dates.filter((date) => isWithinMonths(date, today, months)).length;
    value.textContent = count.toLocaleString('en-US');
    counted.hidden = false;
  }
}
