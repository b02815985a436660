/**
 * The islands a page at `pathname` hydrates: all of them, but an island placed with
 * `hydrateUnder` only where the address starts with that path (the 404 page needs React only
 * to tell apart addresses under the security intelligence section).
 */
export function islandsToHydrate(document: Document, pathname: string): HTMLElement[] {
  return [...document.querySelectorAll<HTMLElement>('[data-island]')].filter((island) => {
    const under = island.dataset.hydrateUnder;
    return under === undefined || pathname.startsWith(under);
  });
}
