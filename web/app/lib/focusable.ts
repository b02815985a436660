const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** What Tab can reach inside `root`, in document order: what a dialog wraps focus around. */
export function focusableIn(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[inert]'),
  );
}

/**
 * Keeps Tab inside an open dialog: past its last control focus wraps to the first, and
 * Shift+Tab from the first (or from the dialog itself) to the last. The top layer keeps focus
 * off the page, but Tab could still leave for the browser's own controls.
 */
export function keepTabInside(
  dialog: Element,
  event: Pick<KeyboardEvent, 'key' | 'shiftKey' | 'preventDefault'>,
  active: Element | null,
): void {
  if (event.key !== 'Tab') return;
  const items = focusableIn(dialog);
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  if (event.shiftKey && (active === first || active === dialog)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}
