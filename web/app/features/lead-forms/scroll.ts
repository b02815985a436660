/** Smooth scrolling, except for visitors who asked their system for reduced motion. */
export function scrollBehavior(): ScrollBehavior {
  const reduced =
    typeof window !== 'undefined' &&
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return reduced ? 'auto' : 'smooth';
}

/**
 * Brings `section` into view (below the sticky header, through scroll-padding) and moves
 * keyboard and screen-reader focus to `focusTarget` without a second, competing scroll.
 */
export function revealSection(section: HTMLElement, focusTarget?: HTMLElement | null): void {
  if (typeof section.scrollIntoView === 'function') {
    section.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
  }
  focusTarget?.focus({ preventScroll: true });
}

/** Back to the top of the page, focus on the page's main content. */
export function revealPageTop(): void {
  document.getElementById('main')?.focus({ preventScroll: true });
  if (typeof window.scrollTo === 'function') {
    window.scrollTo({ top: 0, behavior: scrollBehavior() });
  }
}
