import { UI } from '@kryon/shared/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { scrollToSection, scrollToTopAfterNavigation } from './scroll.ts';

function mockReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn().mockImplementation((query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion: reduce'),
    media: query,
  }));
}

describe('scrollToSection', () => {
  let section: HTMLElement;
  beforeEach(() => {
    section = document.createElement('section');
    section.id = 'modules';
    section.tabIndex = -1;
    document.body.append(section);
    vi.spyOn(section, 'getBoundingClientRect').mockReturnValue({ top: 600 } as DOMRect);
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 150 });
    window.scrollTo = vi.fn() as typeof window.scrollTo;
  });
  afterEach(() => section.remove());

  it('puts the section 80 px below the top, smoothly, and moves focus there', () => {
    mockReducedMotion(false);
    expect(scrollToSection('modules')).toBe(true);
    expect(window.scrollTo).toHaveBeenCalledWith({
      top: 600 + 150 - UI.featuresScrollOffsetPx,
      behavior: 'smooth',
    });
    expect(document.activeElement).toBe(section);
  });

  it('jumps without animation when the visitor prefers reduced motion', () => {
    mockReducedMotion(true);
    scrollToSection('modules');
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 670, behavior: 'auto' });
  });

  it('does nothing for a missing target, so the link can fall back to its anchor', () => {
    mockReducedMotion(false);
    expect(scrollToSection('nowhere')).toBe(false);
    expect(window.scrollTo).not.toHaveBeenCalled();
  });
});

describe('scrollToTopAfterNavigation', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('scrolls to the top 100 ms later', () => {
    vi.useFakeTimers();
    window.scrollTo = vi.fn() as typeof window.scrollTo;
    scrollToTopAfterNavigation();
    vi.advanceTimersByTime(UI.scrollAfterNavigationMs - 1);
    expect(window.scrollTo).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(window.scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'instant' });
  });
});
