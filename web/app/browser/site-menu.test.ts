import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { enhanceSiteMenu } from './site-menu.ts';

function renderHeader() {
  document.body.innerHTML = `
    <button popovertarget="nav" aria-expanded="false" aria-label="Open menu"
      data-label-open="Open menu" data-label-close="Close menu"></button>
    <nav id="nav" popover="auto"></nav>`;
  const button = document.querySelector('button') as HTMLButtonElement;
  const nav = document.getElementById('nav') as HTMLElement;
  return { button, nav };
}

/** jsdom has no popover: the browser's state is played by `matches(':popover-open')`. */
function setOpen(nav: HTMLElement, open: boolean) {
  Object.defineProperty(nav, 'matches', {
    configurable: true,
    value: (selector: string) => selector === ':popover-open' && open,
  });
  nav.dispatchEvent(new Event('toggle'));
}

describe('enhanceSiteMenu', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    // A browser with popovers (jsdom has none).
    Object.defineProperty(HTMLElement.prototype, 'popover', { configurable: true, value: null });
  });

  afterEach(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'popover');
  });

  it('leaves the button alone in a browser without popovers, where the menu is a plain list', () => {
    Reflect.deleteProperty(HTMLElement.prototype, 'popover');
    const { button, nav } = renderHeader();
    enhanceSiteMenu(document);
    setOpen(nav, true);
    expect(button.getAttribute('aria-label')).toBe('Open menu');
  });

  it('names the button for what it will do and reports the menu state as it changes', () => {
    const { button, nav } = renderHeader();
    enhanceSiteMenu(document);
    setOpen(nav, true);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe('Close menu');
    setOpen(nav, false);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe('Open menu');
  });

  it('leaves a button whose menu is missing as it was built', () => {
    const { button, nav } = renderHeader();
    nav.remove();
    enhanceSiteMenu(document);
    expect(button.getAttribute('aria-label')).toBe('Open menu');
  });
});
