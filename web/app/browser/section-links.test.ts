import { beforeEach, describe, expect, it, vi } from 'vitest';
import { enhanceSectionLinks } from './section-links.ts';

describe('enhanceSectionLinks', () => {
  beforeEach(() => {
    document.body.innerHTML = `<a href="#featured" data-section-link>Go</a><a href="#featured" id="plain">Plain</a>
      <section id="featured" tabindex="-1"></section>`;
    window.matchMedia = vi.fn().mockReturnValue({ matches: false });
    Element.prototype.scrollIntoView = vi.fn();
  });

  it('scrolls smoothly to the section and moves focus there', () => {
    enhanceSectionLinks(document, window);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a[data-section-link]')?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(Element.prototype.scrollIntoView).toHaveBeenCalledWith({
      behavior: 'smooth',
      block: 'start',
    });
    expect(document.activeElement?.id).toBe('featured');
  });

  it('leaves other anchors to the browser', () => {
    enhanceSectionLinks(document, window);
    const event = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.getElementById('plain')?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
  });
});
