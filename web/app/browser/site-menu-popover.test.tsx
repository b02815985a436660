import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { headerCopy } from '../content/site-navigation.ts';
import { SiteHeader } from '../features/layout/site-header.tsx';
import { PATHS } from '../paths.ts';
import { enhanceSiteMenu } from './site-menu.ts';

// The menu script on the header the build writes, in jsdom as it is (no Popover API, as in
// Safari before 17 and Firefox before 125) and with the least of that API shimmed in.
// site-menu.test.ts covers the button's state on a bare header.

/** The header as the build writes it: the menu button and the popover nav of every link. */
function renderBuiltHeader() {
  document.body.innerHTML = renderToString(
    <MemoryRouter initialEntries={[PATHS.home]}>
      <SiteHeader />
    </MemoryRouter>,
  );
  const button = document.querySelector('button[popovertarget]') as HTMLButtonElement;
  const nav = document.getElementById(button.getAttribute('popovertarget') ?? '') as HTMLElement;
  return { button, nav };
}

describe('enhanceSiteMenu in a browser without popovers (jsdom has none)', () => {
  it('is such a browser', () => {
    expect('popover' in HTMLElement.prototype).toBe(false);
    expect('showPopover' in HTMLElement.prototype).toBe(false);
  });

  it('leaves the built menu exactly as it is, every link in it, and throws nothing', () => {
    const { nav } = renderBuiltHeader();
    const built = document.body.innerHTML;
    expect(nav.getAttribute('popover')).toBe('auto');
    expect([...nav.querySelectorAll('a')].map((link) => link.getAttribute('href'))).toEqual(
      expect.arrayContaining(headerCopy.links.map((link) => link.to)),
    );
    expect(() => enhanceSiteMenu(document)).not.toThrow();
    nav.dispatchEvent(new Event('toggle'));
    (document.querySelector('button[popovertarget]') as HTMLButtonElement).click();
    expect(document.body.innerHTML).toBe(built);
  });
});

/**
 * The least of the Popover API the script relies on: the `popover` property it detects the
 * API by, `:popover-open`, a `toggle` event on each change (the browser queues it; here it is
 * sent at once), and the browser opening a button's `popovertarget` on a click.
 */
function installPopoverShim(): () => void {
  const open = new WeakSet<Element>();
  const { matches } = Element.prototype;
  const setOpen = (element: HTMLElement, next: boolean) => {
    if (open.has(element) === next) return;
    if (next) open.add(element);
    else open.delete(element);
    element.dispatchEvent(new Event('toggle'));
  };
  const methods: Record<string, (this: HTMLElement) => void> = {
    showPopover() {
      setOpen(this, true);
    },
    hidePopover() {
      setOpen(this, false);
    },
    togglePopover() {
      setOpen(this, !open.has(this));
    },
  };
  Object.defineProperty(HTMLElement.prototype, 'popover', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('popover');
    },
  });
  for (const [name, value] of Object.entries(methods)) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, value });
  }
  Object.defineProperty(Element.prototype, 'matches', {
    configurable: true,
    writable: true,
    value(this: Element, selector: string) {
      return selector === ':popover-open' ? open.has(this) : matches.call(this, selector);
    },
  });
  const invoke = (event: Event) => {
    const button = (event.target as Element).closest('button[popovertarget]');
    const target = document.getElementById(button?.getAttribute('popovertarget') ?? '');
    if (target) methods.togglePopover?.call(target);
  };
  document.addEventListener('click', invoke);
  return () => {
    document.removeEventListener('click', invoke);
    Object.defineProperty(Element.prototype, 'matches', {
      configurable: true,
      writable: true,
      value: matches,
    });
    for (const name of ['popover', ...Object.keys(methods)]) {
      Reflect.deleteProperty(HTMLElement.prototype, name);
    }
  };
}

describe('enhanceSiteMenu in a browser with popovers (a minimal shim)', () => {
  let uninstall = () => {};
  beforeEach(() => {
    uninstall = installPopoverShim();
  });
  afterEach(() => {
    uninstall();
    document.body.innerHTML = '';
  });

  it('keeps the built menu button named and expanded as the browser opens and closes the menu', () => {
    const { button, nav } = renderBuiltHeader();
    expect(button.hasAttribute('aria-expanded')).toBe(false);
    enhanceSiteMenu(document);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe(headerCopy.menuOpenLabel);

    button.click();
    expect(nav.matches(':popover-open')).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(button.getAttribute('aria-label')).toBe(headerCopy.menuCloseLabel);

    // Light dismiss: Escape or a tap outside, which the browser handles by itself.
    nav.hidePopover();
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-label')).toBe(headerCopy.menuOpenLabel);
  });

  it('removes the shim afterwards, leaving jsdom without popovers for the other tests', () => {
    uninstall();
    expect('popover' in HTMLElement.prototype).toBe(false);
    expect('showPopover' in HTMLElement.prototype).toBe(false);
    expect(document.body.matches(':popover-open')).toBe(false);
    uninstall = installPopoverShim();
  });
});
