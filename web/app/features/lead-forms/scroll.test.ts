import { afterEach, describe, expect, it, vi } from 'vitest';
import { revealSection, scrollBehavior } from './scroll.ts';

function prefersReducedMotion(reduce: boolean) {
  window.matchMedia = vi.fn((query: string) => ({
    matches: reduce && query.includes('reduce'),
    media: query,
  })) as unknown as typeof window.matchMedia;
}

afterEach(() => {
  // jsdom has no matchMedia of its own.
  Reflect.deleteProperty(window, 'matchMedia');
});

describe('scrolling', () => {
  it('is smooth unless the visitor asked for reduced motion', () => {
    prefersReducedMotion(false);
    expect(scrollBehavior()).toBe('smooth');
    prefersReducedMotion(true);
    expect(scrollBehavior()).toBe('auto');
  });

  it('reveals a section and moves focus without a second scroll', () => {
    prefersReducedMotion(true);
    const section = document.createElement('section');
    const heading = document.createElement('h2');
    heading.tabIndex = -1;
    section.append(heading);
    document.body.append(section);
    section.scrollIntoView = vi.fn();
    const focus = vi.spyOn(heading, 'focus');

    revealSection(section, heading);

    expect(section.scrollIntoView).toHaveBeenCalledWith({ behavior: 'auto', block: 'start' });
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(document.activeElement).toBe(heading);
    section.remove();
  });
});
