/**
 * When a press closes a modal dialog from its backdrop, the one rule of both kinds of dialog
 * (the page dialogs' fallback in browser/dialogs.ts, the React dialog in
 * components/ui/dialog.tsx): a press that starts and ends on the same dialog's backdrop
 * closes it. A drag that starts in the panel (selecting text) and ends on the backdrop does
 * not, nor one that starts on the backdrop and ends in the panel.
 *
 * Where the backdrop is depends on how the dialog is drawn, so `backdropOf` says which
 * dialog's backdrop an event fell on, if any. Feed `pointerDown` every pointerdown and
 * `click` every click; `click` answers the dialog to close.
 */
export function backdropPress<E>(backdropOf: (event: E) => HTMLDialogElement | null): {
  pointerDown: (event: E) => void;
  click: (event: E) => HTMLDialogElement | null;
} {
  let pressedOn: HTMLDialogElement | null = null;
  return {
    pointerDown: (event) => {
      pressedOn = backdropOf(event);
    },
    click: (event) => {
      const startedOn = pressedOn;
      pressedOn = null;
      const dialog = backdropOf(event);
      return dialog !== null && dialog === startedOn ? dialog : null;
    },
  };
}
