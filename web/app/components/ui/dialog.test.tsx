import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Dialog } from './dialog.tsx';

// jsdom has no modal dialog API: showModal and close only toggle `open` here, as a browser
// would, so the tests cover what the component does around them.
const showModal = vi.fn(function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
});
const close = vi.fn(function (this: HTMLDialogElement) {
  this.removeAttribute('open');
});

beforeEach(() => {
  HTMLDialogElement.prototype.showModal = showModal;
  HTMLDialogElement.prototype.close = close;
});
afterEach(() => {
  cleanup();
  showModal.mockClear();
  close.mockClear();
});

function Harness({ onClose }: { onClose?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open details
      </button>
      <button type="button">Elsewhere</button>
      {open ? (
        <Dialog
          labelledBy="dialog-title"
          closeLabel="Close"
          onClose={() => {
            onClose?.();
            setOpen(false);
          }}
        >
          <h2 id="dialog-title">Kryon Core</h2>
          <p>Posture and compliance.</p>
          <a href="/request-access">Request Private Access</a>
        </Dialog>
      ) : null}
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<Harness />);
  const trigger = screen.getByRole('button', { name: 'Open details' });
  await user.click(trigger);
  return { user, trigger, dialog: screen.getByRole('dialog', { name: 'Kryon Core' }) };
}

describe('Dialog', () => {
  it('opens as a modal dialog named by its title, with focus on the close button', async () => {
    const { dialog } = await openDialog();
    expect(showModal).toHaveBeenCalledTimes(1);
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.getAttribute('aria-labelledby')).toBe('dialog-title');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Close' }));
  });

  it('closes with the close button and returns focus to the trigger', async () => {
    const { user, trigger } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(close).toHaveBeenCalledTimes(1);
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on Escape and on the native cancel request', async () => {
    const { user, trigger } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    const dialog = screen.getByRole('dialog');
    const cancel = new Event('cancel', { cancelable: true });
    fireEvent(dialog, cancel);
    expect(cancel.defaultPrevented).toBe(true);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes on a click on the backdrop but not on a click inside the panel', async () => {
    const { dialog } = await openDialog();
    const text = screen.getByText('Posture and compliance.');

    fireEvent.pointerDown(text);
    fireEvent.click(text);
    expect(screen.queryByRole('dialog')).not.toBeNull();

    // A drag from the panel that ends outside it is not a backdrop click either.
    fireEvent.pointerDown(text);
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).not.toBeNull();

    fireEvent.pointerDown(dialog);
    fireEvent.click(dialog);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = await openDialog();
    const closeButton = screen.getByRole('button', { name: 'Close' });
    const link = screen.getByRole('link', { name: 'Request Private Access' });

    await user.tab();
    expect(document.activeElement).toBe(link);
    await user.tab();
    expect(document.activeElement).toBe(closeButton);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(link);
  });

  it('asks the parent to close when the browser closes the dialog itself', async () => {
    const onClose = vi.fn();
    const user = userEvent.setup();
    render(<Harness onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open details' }));
    fireEvent(screen.getByRole('dialog'), new Event('close'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ignores every close request while closing is disabled', async () => {
    const onClose = vi.fn();
    render(
      <Dialog labelledBy="busy-title" closeLabel="Close" onClose={onClose} closeDisabled>
        <h2 id="busy-title">Sending</h2>
      </Dialog>,
    );
    const user = userEvent.setup();
    const closeButton = screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement;
    expect(closeButton.disabled).toBe(true);
    await user.keyboard('{Escape}');
    fireEvent(screen.getByRole('dialog'), new Event('cancel', { cancelable: true }));
    fireEvent.pointerDown(screen.getByRole('dialog'));
    fireEvent.click(screen.getByRole('dialog'));
    expect(onClose).not.toHaveBeenCalled();
  });

  it('still shows its content where the modal API is missing', async () => {
    // @ts-expect-error: simulating a browser without HTMLDialogElement.showModal.
    HTMLDialogElement.prototype.showModal = undefined;
    const { dialog } = await openDialog();
    expect(dialog.hasAttribute('open')).toBe(true);
  });
});
