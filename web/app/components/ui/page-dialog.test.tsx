import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { opensDialog, PageDialog } from './page-dialog.tsx';

afterEach(cleanup);

describe('PageDialog', () => {
  it('is built closed, named by its heading, with a close button the browser runs', () => {
    render(
      <>
        <button {...opensDialog('about')}>About</button>
        <PageDialog id="about" labelledBy="about-title" closeLabel="Close" className="extra">
          <h2 id="about-title">About us</h2>
        </PageDialog>
      </>,
    );
    const opener = screen.getByRole('button', { name: 'About' });
    expect(opener.getAttribute('type')).toBe('button');
    expect(opener.getAttribute('command')).toBe('show-modal');
    expect(opener.getAttribute('commandfor')).toBe('about');
    expect(opener.getAttribute('aria-haspopup')).toBe('dialog');

    const dialog = document.getElementById('about') as HTMLDialogElement;
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(dialog.className).toBe('page-dialog extra');
    expect(dialog.getAttribute('closedby')).toBe('any');
    expect(dialog.getAttribute('aria-labelledby')).toBe('about-title');

    const close = screen.getByRole('button', { name: 'Close', hidden: true });
    expect(close.getAttribute('command')).toBe('close');
    expect(close.getAttribute('commandfor')).toBe('about');
    expect(dialog.contains(close)).toBe(true);
  });
});
