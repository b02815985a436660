import type { ReactNode } from 'react';
import { Icon } from './icon.tsx';
import './dialog.css';
import './page-dialog.css';

/**
 * What a button needs to open the page dialog `id` as a modal: an invoker command the
 * browser runs itself (the site script stands in where it cannot; app/browser/dialogs.ts).
 */
export function opensDialog(id: string) {
  return {
    type: 'button',
    command: 'show-modal',
    commandfor: id,
    'aria-haspopup': 'dialog',
  } as const;
}

export interface PageDialogProps {
  id: string;
  /** The id of the element that names the dialog, usually its heading. */
  labelledBy: string;
  describedBy?: string;
  /** The close button's accessible name. */
  closeLabel: string;
  /** Extra class of the dialog, which is the panel. */
  className?: string;
  children: ReactNode;
}

/**
 * A modal dialog that is part of the page as built, closed until a button opens it
 * (`opensDialog`). The browser does the rest: showModal puts it in the top layer and makes the
 * page inert, focus goes to its first control and back to the opener on close, Escape and
 * the close button close it, and `closedby="any"` closes it on a click outside the panel.
 * No framework runs, so the content is in the HTML whether or not a script ever does.
 */
export function PageDialog({
  id,
  labelledBy,
  describedBy,
  closeLabel,
  className,
  children,
}: PageDialogProps) {
  return (
    <dialog
      id={id}
      className={['page-dialog', className].filter(Boolean).join(' ')}
      closedby="any"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    >
      <div className="dialog__bar">
        <button
          type="button"
          className="dialog__close"
          command="close"
          commandfor={id}
          aria-label={closeLabel}
        >
          <Icon name="close" size={22} />
        </button>
      </div>
      {children}
    </dialog>
  );
}
