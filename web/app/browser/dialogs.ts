import { backdropPress } from '../lib/backdrop-press.ts';
import { keepTabInside } from '../lib/focusable.ts';

/**
 * Page dialogs (components/ui/page-dialog.tsx) open and close by themselves where the browser
 * has invoker commands (`command`, `commandfor`) and light dismiss (`closedby="any"`). This
 * does the same in browsers that lack either, and in every browser keeps Tab inside an open
 * page dialog, where it would otherwise leave for the browser's own controls. Dialogs React
 * draws (components/ui/dialog.tsx) keep their own Tab and are left alone.
 */
export function enhanceDialogs(document: Document, window: Window & typeof globalThis): void {
  const { Element, HTMLButtonElement, HTMLDialogElement } = window;

  const dialogNamedBy = (button: HTMLButtonElement) => {
    const target = document.getElementById(button.getAttribute('commandfor') ?? '');
    return target instanceof HTMLDialogElement ? target : null;
  };

  /**
   * The open `closedby="any"` dialog a pointer event fell outside of. A click on the backdrop
   * is dispatched to the dialog itself: the target is the dialog, the point is off its box.
   */
  const lightDismissTarget = (event: MouseEvent) => {
    const dialog = event.target;
    if (!(dialog instanceof HTMLDialogElement) || !dialog.open) return null;
    if (dialog.getAttribute('closedby') !== 'any') return null;
    const box = dialog.getBoundingClientRect();
    const inside =
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom;
    return inside ? null : dialog;
  };

  if (!('command' in HTMLButtonElement.prototype)) {
    document.addEventListener('click', (event) => {
      if (event.defaultPrevented || !(event.target instanceof Element)) return;
      const button = event.target.closest<HTMLButtonElement>('button[commandfor]');
      const dialog = button && !button.disabled ? dialogNamedBy(button) : null;
      if (!button || !dialog) return;
      const command = button.getAttribute('command');
      if (command === 'show-modal' && !dialog.open) dialog.showModal();
      else if ((command === 'close' || command === 'request-close') && dialog.open) dialog.close();
    });
  }

  if (!('closedBy' in HTMLDialogElement.prototype)) {
    // A press that starts and ends outside the panel closes it (lib/backdrop-press.ts).
    const press = backdropPress(lightDismissTarget);
    document.addEventListener('pointerdown', press.pointerDown);
    document.addEventListener('click', (event) => press.click(event)?.close());
  }

  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || !(event.target instanceof Element)) return;
    const dialog = event.target.closest('dialog.page-dialog[open]');
    if (dialog) keepTabInside(dialog, event, event.target);
  });
}
