import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { backdropPress } from '../../lib/backdrop-press.ts';
import { keepTabInside } from '../../lib/focusable.ts';
import { Icon } from './icon.tsx';
import './dialog.css';

export interface DialogProps {
  /** The id of the element that names the dialog, usually its heading. */
  labelledBy: string;
  describedBy?: string;
  /** The close button's accessible name. */
  closeLabel: string;
  onClose: () => void;
  /** While true (e.g. a submit in flight) the close button is disabled and nothing closes. */
  closeDisabled?: boolean;
  /** Where focus goes back to on close; by default the element focused before opening. */
  returnFocusTo?: HTMLElement | null;
  /** Extra class of the panel. */
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: showModal() puts it in the top layer and
 * makes the rest of the page inert. Being rendered means being open; the parent unmounts it
 * to close it, and every way of closing (close button, Escape, backdrop) asks the parent
 * through `onClose`, so the parent's state stays the single source of truth.
 */
export function Dialog({
  labelledBy,
  describedBy,
  closeLabel,
  onClose,
  closeDisabled = false,
  returnFocusTo,
  className,
  children,
}: DialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const onCloseRef = useRef(onClose);
  const closeDisabledRef = useRef(closeDisabled);
  const returnFocusRef = useRef(returnFocusTo);
  const mounted = useRef(false);
  // The dialog element fills the viewport: a press on it, outside the panel, is on the
  // backdrop (lib/backdrop-press.ts says which presses close).
  const [press] = useState(() =>
    backdropPress((event: MouseEvent<HTMLDialogElement>) =>
      event.target === event.currentTarget ? event.currentTarget : null,
    ),
  );

  useLayoutEffect(() => {
    onCloseRef.current = onClose;
    closeDisabledRef.current = closeDisabled;
    returnFocusRef.current = returnFocusTo;
  });

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    mounted.current = true;
    const previouslyFocused =
      document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Environments without the modal API (old browsers, jsdom) still show the content.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    closeRef.current?.focus();
    return () => {
      mounted.current = false;
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      else dialog.removeAttribute('open');
      const target = returnFocusRef.current ?? previouslyFocused;
      if (target?.isConnected) target.focus({ preventScroll: true });
    };
  }, []);

  const requestClose = () => {
    if (mounted.current && !closeDisabledRef.current) onCloseRef.current();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Escape') {
      // Handled here rather than by the native cancel, which some browsers skip when
      // Escape is pressed twice without other interaction.
      event.preventDefault();
      event.stopPropagation();
      requestClose();
      return;
    }
    if (dialogRef.current) keepTabInside(dialogRef.current, event, document.activeElement);
  };

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        requestClose();
      }}
      onClose={requestClose}
      onPointerDown={press.pointerDown}
      onClick={(event) => {
        if (press.click(event)) requestClose();
      }}
    >
      <div className={['dialog__panel', className].filter(Boolean).join(' ')}>
        <div className="dialog__bar">
          <button
            ref={closeRef}
            type="button"
            className="dialog__close"
            aria-label={closeLabel}
            disabled={closeDisabled}
            onClick={requestClose}
          >
            <Icon name="close" size={22} />
          </button>
        </div>
        {children}
      </div>
    </dialog>
  );
}
