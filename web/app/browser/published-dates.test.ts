import { describe, expect, it } from 'vitest';
import { fillPublishedDates } from './published-dates.ts';

const AGE = '<span class="published-date__age" data-age-of="2026-11-20" hidden></span>';
const NEW = (date: string) =>
  `<span class="badge" data-new-since="${date}" data-new-within="7" hidden>NEW</span>`;

describe('fillPublishedDates', () => {
  it("writes each date's age and shows it", () => {
    document.body.innerHTML = AGE;
    fillPublishedDates(document, '2026-11-22');
    const age = document.querySelector<HTMLElement>('.published-date__age');
    expect(age?.textContent).toBe('2 days ago');
    expect(age?.hidden).toBe(false);
  });

  it('shows NEW only within its window', () => {
    document.body.innerHTML = `<p id="fresh">${NEW('2026-11-20')}</p><p id="old">${NEW('2026-10-01')}</p>`;
    fillPublishedDates(document, '2026-11-22');
    expect(document.querySelector<HTMLElement>('#fresh .badge')?.hidden).toBe(false);
    expect(document.querySelector<HTMLElement>('#old .badge')?.hidden).toBe(true);
  });

  it('fills them inside islands too, which may hydrate only when touched', () => {
    document.body.innerHTML = `<div data-island="x">${AGE}</div>`;
    fillPublishedDates(document, '2026-11-22');
    expect(document.querySelector('.published-date__age')?.textContent).toBe('2 days ago');
  });

  it('counts the dates within their window, and then shows the count', () => {
    document.body.innerHTML = `<dl><div class="metric" data-count-dates="2026-11-20 2026-09-01 2026-08-21 2026-01-05" data-count-within-months="3" hidden><dt>Recent</dt><dd data-count></dd></div></dl>`;
    fillPublishedDates(document, '2026-11-22');
    const metric = document.querySelector<HTMLElement>('.metric');
    expect(metric?.querySelector('dd')?.textContent).toBe('2');
    expect(metric?.hidden).toBe(false);
  });
});
