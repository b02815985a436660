import { UI } from '@kryon/shared/constants';

export function prefersReducedMotion(): boolean {
  return (
    typeof window.matchMedia === 'function' &&
    window.matchMedia('(prefers-reduced-motion: reduce)').matches
  );
}

/**
 * Scrolls so the element's top sits `offsetPx` below the viewport's top (below the sticky
 * header), smoothly unless the visitor prefers reduced motion, and moves focus there so
 * keyboard users continue from the section they asked for.
 */
export function scrollToSection(id: string, offsetPx: number = UI.featuresScrollOffsetPx) {
  const target = document.getElementById(id);
  if (!target) return false;
  const top = target.getBoundingClientRect().top + window.scrollY - offsetPx;
  window.scrollTo({ top: Math.max(0, top), behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
  target.focus({ preventScroll: true });
  return true;
}

/**
 * The home page's "See Kryon in Action" scrolls to the top 100 ms after navigating, once the
 * new page has rendered, whatever scroll position the browser restored.
 */
export function scrollToTopAfterNavigation(delayMs: number = UI.scrollAfterNavigationMs) {
  window.setTimeout(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, delayMs);
}
