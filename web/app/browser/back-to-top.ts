import { UI } from '@kryon/shared/constants';

/**
 * Shows the page's back-to-top button once the visitor has scrolled past the threshold, and
 * makes it take them (and keyboard focus) back to the top of the content.
 */
export function enhanceBackToTop(document: Document, window: Window): void {
  const button = document.querySelector<HTMLButtonElement>('button.back-to-top');
  if (!button) return;
  const update = () => {
    button.hidden = window.scrollY <= UI.backToTopThresholdPx;
  };
  button.addEventListener('click', () => {
    const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    // Keyboard users continue from the top of the page, not from the vanished button.
    document.getElementById('main')?.focus({ preventScroll: true });
  });
  window.addEventListener('scroll', update, { passive: true });
  update();
}
