import { FIRST_TOUCH_STORAGE_KEY } from '@kryon/shared/constants';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Submit, SubmitResult } from '../../lib/api-client.ts';
import { ContactForm } from './contact-form.tsx';

/** What the form hands the API client beside the values: a re-proof and a busy notice. */
const submitHooks = expect.objectContaining({
  reprove: expect.any(Function),
  onBusy: expect.any(Function),
});

afterEach(cleanup);

const accepted: SubmitResult = {
  ok: true,
  data: {
    success: true,
    message: 'Thank you for your message. We will get back to you soon!',
    submissionId: 's-1',
    timestamp: '2026-11-22T10:00:00.000Z',
  },
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full name/), '  Ada   Lovelace ');
  await user.type(screen.getByLabelText(/Work email/), ' Ada@Example.COM ');
  await user.selectOptions(screen.getByLabelText(/Subject/), 'pricing');
  await user.type(
    screen.getByRole('textbox', { name: /Message/ }),
    'Pricing for 40 accounts, please.',
  );
}

describe('ContactForm', () => {
  it('shows an error only once the field is left, and typing clears it', async () => {
    const user = userEvent.setup();
    render(<ContactForm submit={vi.fn<Submit>()} />);
    const name = screen.getByLabelText(/Full name/);

    await user.type(name, 'A');
    expect(screen.queryByText(/minimum 2 characters/)).toBeNull();
    await user.tab();
    expect(
      await screen.findByText('Please enter your full name (minimum 2 characters)'),
    ).toBeTruthy();
    expect(name.getAttribute('aria-invalid')).toBe('true');

    await user.type(name, 'd');
    expect(screen.queryByText(/minimum 2 characters/)).toBeNull();
    expect(name.getAttribute('aria-invalid')).toBe('false');
  });

  it('on submit shows every error, focuses the first invalid field and sends nothing', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>();
    render(<ContactForm submit={submit} />);

    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(
      await screen.findByText('Please enter your full name (minimum 2 characters)'),
    ).toBeTruthy();
    expect(screen.getByText('Please enter a valid work email address')).toBeTruthy();
    expect(screen.getByText('Please choose a subject')).toBeTruthy();
    expect(screen.getByText('Message must be at least 10 characters long')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Full name/));
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the cleaned values with the honeypot, then shows success and resets', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => accepted);
    render(<ContactForm submit={submit} />);

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    const title = await screen.findByText('Message Sent Successfully!');
    const status = title.closest('[role="status"]') as HTMLElement;
    expect(status.textContent).toContain('Message Sent Successfully!');
    expect(status.textContent).toContain(
      'Thank you for your message. We will get back to you soon!',
    );
    expect(submit).toHaveBeenCalledWith(
      'contact',
      expect.objectContaining({
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject: 'pricing',
        website: '',
      }),
      'ada@example.com',
      submitHooks,
    );
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('');
  });

  it('sends where the visit came from with the lead', async () => {
    sessionStorage.setItem(
      FIRST_TOUCH_STORAGE_KEY,
      JSON.stringify({ landingPath: '/security-intelligence', utmSource: 'newsletter' }),
    );
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => accepted);
    render(<ContactForm submit={submit} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(submit).toHaveBeenCalled());
    expect(submit.mock.calls[0]?.[1]).toMatchObject({
      attribution: {
        landingPath: '/security-intelligence',
        utmSource: 'newsletter',
        formPath: window.location.pathname,
      },
    });
    sessionStorage.clear();
  });

  it('still sends the lead where storage is refused, with the form page alone', async () => {
    const denied = vi.spyOn(window, 'sessionStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => accepted);
    render(<ContactForm submit={submit} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect(await screen.findByText('Message Sent Successfully!')).toBeTruthy();
    expect(submit.mock.calls[0]?.[1]).toMatchObject({
      attribution: { formPath: window.location.pathname },
    });
    denied.mockRestore();
  });

  it('places server field errors on their fields and shows the message', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => ({
      ok: false,
      kind: 'validation',
      status: 400,
      message: 'Please check your input and try again.',
      fieldErrors: { email: ['Please enter a valid work email address'] },
    }));
    render(<ContactForm submit={submit} />);

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Please check your input and try again.',
    );
    const email = screen.getByLabelText(/Work email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please enter a valid work email address')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(email));
  });

  it('cannot be submitted twice while a submission is in flight', async () => {
    const user = userEvent.setup();
    let release: (r: SubmitResult) => void = () => {};
    const submit = vi.fn<Submit>(() => new Promise((resolve) => (release = resolve)));
    render(<ContactForm submit={submit} />);

    await fillValid(user);
    const button = screen.getByRole('button', { name: 'Send message' });
    await user.click(button);
    const busy = await screen.findByRole('button', { name: 'Sending…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await user.click(busy);

    release(accepted);
    await screen.findByText('Message Sent Successfully!');
    expect(submit).toHaveBeenCalledTimes(1);
  });
});
