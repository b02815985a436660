/**
 * Links marked `data-section-link` scroll to their section, smoothly unless the visitor
 * prefers less motion, and move keyboard focus there (the section takes focus with
 * tabindex="-1"). A plain anchor would only scroll: the next Tab would start from the link.
 */
export function enhanceSectionLinks(document: Document, window: Window): void {
  document.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const link = (event.target as Element | null)?.closest?.('a[data-section-link]');
    const id = link?.getAttribute('href')?.slice(1);
    const target = id ? document.getElementById(decoded(id)) : null;
    if (!target) return;
    event.preventDefault();
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    target.focus({ preventScroll: true });
  });
}

/** A fragment as an id; a malformed escape is taken as written. */
function decoded(fragment: string): string {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return fragment;
  }
}
