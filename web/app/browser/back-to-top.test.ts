import { UI } from '@kryon/shared/constants';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { enhanceBackToTop } from './back-to-top.ts';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true });
  window.dispatchEvent(new Event('scroll'));
}

describe('enhanceBackToTop', () => {
  beforeEach(() => {
    document.body.innerHTML =
      '<main id="main" tabindex="-1"></main><button class="back-to-top" hidden></button>';
    scrollTo(0);
    window.matchMedia = vi.fn().mockReturnValue({ matches: false });
  });

  it('appears past the threshold and hides again above it', () => {
    enhanceBackToTop(document, window);
    const button = document.querySelector('button') as HTMLButtonElement;
    expect(button.hidden).toBe(true);
    scrollTo(UI.backToTopThresholdPx + 1);
    expect(button.hidden).toBe(false);
    scrollTo(UI.backToTopThresholdPx);
    expect(button.hidden).toBe(true);
  });

  it('scrolls to the top, smoothly unless motion is reduced, and moves focus to the content', () => {
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    enhanceBackToTop(document, window);
    (document.querySelector('button') as HTMLButtonElement).click();
    expect(scroll).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
    expect(document.activeElement?.id).toBe('main');
    window.matchMedia = vi.fn().mockReturnValue({ matches: true });
    (document.querySelector('button') as HTMLButtonElement).click();
    expect(scroll).toHaveBeenLastCalledWith({ top: 0, behavior: 'auto' });
  });
});
