import { afterEach, describe, expect, it } from 'vitest';
import { enhanceDialogs } from './dialogs.ts';

const PAGE = `
  <button type="button" id="open" command="show-modal" commandfor="details">Kryon Graph</button>
  <button type="button" id="open-gone" command="show-modal" commandfor="nowhere">Gone</button>
  <dialog id="details" class="page-dialog" closedby="any" aria-labelledby="title">
    <button type="button" id="close" command="close" commandfor="details"><svg></svg></button>
    <h2 id="title">Kryon Graph</h2>
    <p id="text">Text</p>
    <a id="cta" href="/request-access">Request Private Access</a>
  </dialog>`;

type Support = { commands?: boolean; closedBy?: boolean };

afterEach(() => {
  document.body.innerHTML = '';
});

/**
 * A page of its own per test (a frame: its own document, window and prototypes), so each
 * test's listeners and stand-ins stay with it. jsdom has no
 * modal dialog API, invoker commands or light dismiss: showModal and close toggle `open` as a
 * browser would, and the features a browser has are added to the prototypes as it has them.
 */
function renderPage({ commands = false, closedBy = false }: Support = {}) {
  const frame = globalThis.document.createElement('iframe');
  globalThis.document.body.append(frame);
  const window = frame.contentWindow as Window & typeof globalThis;
  window.document.body.innerHTML = PAGE;
  const { HTMLButtonElement, HTMLDialogElement } = window;
  const calls: string[] = [];
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      calls.push('showModal');
      this.setAttribute('open', '');
    },
    close(this: HTMLDialogElement) {
      calls.push('close');
      this.removeAttribute('open');
    },
  });
  if (commands) Object.defineProperty(HTMLButtonElement.prototype, 'command', { value: '' });
  if (closedBy) Object.defineProperty(HTMLDialogElement.prototype, 'closedBy', { value: 'any' });
  const { document } = window;
  enhanceDialogs(document, window);
  const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
  const dialog = byId<HTMLDialogElement>('details');
  // The panel's box: 100-500 across, 100-400 down.
  dialog.getBoundingClientRect = () =>
    ({ left: 100, right: 500, top: 100, bottom: 400 }) as DOMRect;
  const press = (target: Element, x: number, y: number) => {
    const init = { bubbles: true, clientX: x, clientY: y };
    target.dispatchEvent(new window.MouseEvent('pointerdown', init));
    target.dispatchEvent(new window.MouseEvent('click', init));
  };
  const tab = (target: HTMLElement, shiftKey = false) => {
    target.focus();
    const event = new window.KeyboardEvent('keydown', {
      key: 'Tab',
      shiftKey,
      bubbles: true,
      cancelable: true,
    });
    target.dispatchEvent(event);
    return event;
  };
  return { window, document, byId, dialog, calls, press, tab };
}

describe('enhanceDialogs where the browser lacks invoker commands', () => {
  it('opens the named dialog as a modal and closes it from a click anywhere on the close button', () => {
    const { window, byId, dialog, calls } = renderPage();
    byId('open').click();
    expect(dialog.hasAttribute('open')).toBe(true);
    byId('open').click();
    expect(calls).toEqual(['showModal']);
    byId('close')
      .querySelector('svg')
      ?.dispatchEvent(new window.MouseEvent('click', { bubbles: true }));
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(calls).toEqual(['showModal', 'close']);
  });

  it('ignores a disabled button and a button whose dialog is missing', () => {
    const { byId, calls } = renderPage();
    byId<HTMLButtonElement>('open').disabled = true;
    byId('open').click();
    byId('open-gone').click();
    expect(calls).toEqual([]);
  });
});

describe('enhanceDialogs where the browser runs invoker commands', () => {
  it('leaves opening and closing to the browser', () => {
    const { byId, calls } = renderPage({ commands: true });
    byId('open').click();
    expect(calls).toEqual([]);
  });
});

describe('light dismiss where the browser lacks closedby', () => {
  it('closes on a press that starts and ends on the backdrop, outside the panel', () => {
    const { dialog, press } = renderPage({ commands: true });
    dialog.setAttribute('open', '');
    press(dialog, 40, 250);
    expect(dialog.hasAttribute('open')).toBe(false);
  });

  it('stays open for a click inside the panel, on its own padding or its content', () => {
    const { byId, dialog, press } = renderPage({ commands: true });
    dialog.setAttribute('open', '');
    press(dialog, 120, 120);
    press(byId('text'), 40, 250);
    expect(dialog.hasAttribute('open')).toBe(true);
  });

  it('stays open when a text selection started inside ends outside', () => {
    const { window, byId, dialog } = renderPage({ commands: true });
    dialog.setAttribute('open', '');
    const init = { bubbles: true, clientX: 40, clientY: 250 };
    byId('text').dispatchEvent(new window.MouseEvent('pointerdown', { ...init, clientX: 200 }));
    dialog.dispatchEvent(new window.MouseEvent('click', init));
    expect(dialog.hasAttribute('open')).toBe(true);
  });

  it('leaves a dialog without closedby="any" open', () => {
    const { dialog, press } = renderPage({ commands: true });
    dialog.removeAttribute('closedby');
    dialog.setAttribute('open', '');
    press(dialog, 40, 250);
    expect(dialog.hasAttribute('open')).toBe(true);
  });
});

describe('light dismiss where the browser has closedby', () => {
  it('leaves it to the browser', () => {
    const { dialog, press, calls } = renderPage({ commands: true, closedBy: true });
    dialog.setAttribute('open', '');
    press(dialog, 40, 250);
    expect(calls).toEqual([]);
  });
});

describe('Tab in an open page dialog', () => {
  it('wraps from the last control to the first and back', () => {
    const { document, byId, dialog, tab } = renderPage();
    dialog.setAttribute('open', '');
    expect(tab(byId('cta')).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(byId('close'));
    expect(tab(byId('close'), true).defaultPrevented).toBe(true);
    expect(document.activeElement).toBe(byId('cta'));
  });

  it('moves as usual between the first and the last control', () => {
    const { byId, dialog, tab } = renderPage();
    dialog.setAttribute('open', '');
    expect(tab(byId('close')).defaultPrevented).toBe(false);
    expect(tab(byId('cta'), true).defaultPrevented).toBe(false);
  });

  it('leaves the dialogs React draws, which keep Tab themselves', () => {
    const { byId, dialog, tab } = renderPage();
    dialog.classList.remove('page-dialog');
    dialog.setAttribute('open', '');
    expect(tab(byId('cta')).defaultPrevented).toBe(false);
  });
});
