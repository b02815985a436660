import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Submit, SubmitResult } from '../../lib/api-client.ts';
import { draftKey } from '../../lib/lead-form/draft-storage.ts';
import { PartnerForm } from './partner-form.tsx';

/** What the form hands the API client beside the values: a re-proof and a busy notice. */
const submitHooks = expect.objectContaining({
  reprove: expect.any(Function),
  onBusy: expect.any(Function),
});

const SUCCESS = 'We will review it and get back to you within 2-3 business days.';

const accepted: SubmitResult = {
  ok: true,
  data: {
    success: true,
    message: SUCCESS,
    submissionId: 'p-1',
    timestamp: '2026-11-22T10:00:00.000Z',
  },
};

function renderForm(submit: Submit) {
  // The success view links to other pages, so the form renders inside a router.
  const router = createMemoryRouter([{ path: '/', element: <PartnerForm submit={submit} /> }]);
  return render(<RouterProvider router={router} />);
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full name/), ' Grace  Hopper ');
  await user.type(screen.getByLabelText(/Work email/), 'Grace@Cobol-Partners.EXAMPLE');
  await user.type(screen.getByRole('textbox', { name: /^Company/ }), 'Cobol Partners');
  await user.type(screen.getByLabelText(/Position/), 'Head of Alliances');
  await user.selectOptions(screen.getByLabelText(/Company size/), '51-200');
  await user.selectOptions(screen.getByLabelText(/Industry/), 'technology');
  await user.type(screen.getByLabelText(/Phone/), '+1 (555) 123-4567');
  await user.click(screen.getByRole('checkbox', { name: 'Reseller' }));
  await user.click(screen.getByRole('checkbox', { name: 'Managed Security Services (MSSP)' }));
  await user.type(
    screen.getByRole('textbox', { name: /About your company/ }),
    'We resell cloud security to 40 AWS customers.',
  );
}

const submitButton = () => screen.getByRole('button', { name: 'Submit Application' });

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('PartnerForm', { timeout: 20_000 }, () => {
  it('shows an error once a field is left, and typing clears it', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn<Submit>());
    const position = screen.getByLabelText(/Position/);

    await user.click(position);
    await user.tab();
    expect(await screen.findByText('Position is required')).toBeTruthy();
    expect(position.getAttribute('aria-invalid')).toBe('true');
    expect(position.getAttribute('aria-describedby')).toContain('partner-position-error');

    await user.type(position, 'C');
    expect(screen.queryByText('Position is required')).toBeNull();
    expect(position.getAttribute('aria-invalid')).toBe('false');
  });

  it('on submit shows every field message, focuses the first invalid field and sends nothing', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>();
    renderForm(submit);

    await user.click(submitButton());

    for (const message of [
      'Please enter your full name (minimum 2 characters)',
      'Please enter a valid work email address',
      'Company name is required',
      'Position is required',
      'Please select company size',
      'Please select an industry',
      'Please enter a valid phone number',
      'Please select at least one interest',
      'Message must be at least 10 characters long',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    expect(document.activeElement).toBe(screen.getByLabelText(/Full name/));
    const interests = screen.getByRole('group', { name: /Partnership interests/ });
    expect(interests.getAttribute('aria-describedby')).toContain('partner-interests-error');
    expect(submit).not.toHaveBeenCalled();
  });

  it('the interests group is validated only once focus leaves the group', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn<Submit>());
    await user.click(screen.getByRole('checkbox', { name: 'Reseller' }));
    await user.click(screen.getByRole('checkbox', { name: 'Reseller' }));
    await user.tab();
    expect(screen.queryByText('Please select at least one interest')).toBeNull();
    await user.click(screen.getByRole('textbox', { name: /About your company/ }));
    expect(await screen.findByText('Please select at least one interest')).toBeTruthy();
  });

  it('sends the cleaned application with the honeypot and replaces the form with the success message', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => accepted);
    renderForm(submit);

    await fillValid(user);
    await user.click(submitButton());

    const status = (await screen.findByText('Application Received')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(status.textContent).toContain('Application Received');
    expect(status.textContent).toContain(SUCCESS);
    await waitFor(() => expect(document.activeElement).toBe(status));
    expect(submit).toHaveBeenCalledWith(
      'partner',
      {
        name: 'Grace Hopper',
        email: 'grace@cobol-partners.example',
        company: 'Cobol Partners',
        position: 'Head of Alliances',
        phone: '+1 (555) 123-4567',
        companySize: '51-200',
        industry: 'technology',
        interests: ['reseller', 'mssp'],
        message: 'We resell cloud security to 40 AWS customers.',
        // Where the visit came from: here no first touch, only the form's page.
        attribution: { formPath: '/' },
        website: '',
        // When the form was first shown: the server's too-fast check reads it.
        formStartedAt: expect.any(Number),
      },
      'grace@cobol-partners.example',
      submitHooks,
    );
    const started =
      (submit.mock.calls[0]?.[1] as { formStartedAt?: number } | undefined)?.formStartedAt ?? 0;
    // The visitor's arrival: the page's navigation start.
    expect(started).toBe(Math.round(performance.timeOrigin));
    expect(screen.queryByRole('button', { name: 'Submit Application' })).toBeNull();
    expect(sessionStorage.getItem(draftKey('partner'))).toBeNull();
  });

  it.each([
    ['sent', 'We have e-mailed you a confirmation.'],
    ['pending', 'Your confirmation e-mail has not gone out yet'],
    ['not-sent', 'We have not sent you a confirmation e-mail.'],
  ] as const)(
    'with the confirmation e-mail %s, says only what is true of it',
    async (confirmation, says) => {
      const user = userEvent.setup();
      const submit = vi.fn<Submit>(async () =>
        accepted.ok ? { ...accepted, data: { ...accepted.data, confirmation } } : accepted,
      );
      renderForm(submit);
      await fillValid(user);
      await user.click(submitButton());

      const status = (await screen.findByText('Application Received')).closest(
        '[role="status"]',
      ) as HTMLElement;
      expect(status.textContent).toContain(says);
      if (confirmation !== 'sent') expect(status.textContent).not.toMatch(/we have e-mailed/i);
    },
  );

  it('shows a failure in the page and keeps everything typed', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => ({
      ok: false,
      kind: 'network',
      message: 'Network error. Please check your connection and try again.',
    }));
    renderForm(submit);

    await fillValid(user);
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your application was not sent');
    expect(alert.textContent).toContain(
      'Network error. Please check your connection and try again.',
    );
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe(' Grace  Hopper ');
    expect((screen.getByRole('checkbox', { name: 'Reseller' }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect(sessionStorage.getItem(draftKey('partner'))).toContain('Grace');
  });

  it('shows the fallback message and can send again when the submission throws', async () => {
    const user = userEvent.setup();
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const submit = vi
      .fn<Submit>()
      .mockRejectedValueOnce(new TypeError('undefined is not a function'))
      .mockResolvedValueOnce(accepted);
    renderForm(submit);
    await fillValid(user);
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Failed to submit form. Please try again.');
    expect(consoleError).toHaveBeenCalled();
    expect((submitButton() as HTMLButtonElement).disabled).toBe(false);
    // Everything typed is still there, as typed.
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe(' Grace  Hopper ');

    await user.click(submitButton());
    expect(
      (await screen.findByText('Application Received')).closest('[role="status"]')?.textContent,
    ).toContain(SUCCESS);
  });

  it('cannot be submitted twice while a submission is in flight', async () => {
    const user = userEvent.setup();
    let release: (r: SubmitResult) => void = () => {};
    const submit = vi.fn<Submit>(() => new Promise((resolve) => (release = resolve)));
    renderForm(submit);

    await fillValid(user);
    await user.click(submitButton());
    const busy = await screen.findByRole('button', { name: 'Submitting…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    await user.click(busy);

    release(accepted);
    await screen.findByText('Application Received');
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('keeps a draft while typing and restores it after a reload, honeypot excluded', async () => {
    const user = userEvent.setup();
    const first = renderForm(vi.fn<Submit>());
    await user.type(screen.getByLabelText(/Full name/), 'Grace Hopper');
    await user.click(screen.getByRole('checkbox', { name: 'Referral Partner' }));
    const honeypot = document.querySelector<HTMLInputElement>('input[name="website"]');
    if (!honeypot) throw new Error('honeypot missing');
    honeypot.value = 'spam';
    await user.type(screen.getByLabelText(/Position/), 'CTO');

    const stored = JSON.parse(sessionStorage.getItem(draftKey('partner')) ?? '{}');
    expect(stored).toMatchObject({
      name: 'Grace Hopper',
      position: 'CTO',
      interests: ['referral'],
    });
    expect(JSON.stringify(stored)).not.toContain('spam');
    first.unmount();

    const second = renderForm(vi.fn<Submit>());
    await waitFor(() =>
      expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Grace Hopper'),
    );
    expect(
      (screen.getByRole('checkbox', { name: 'Referral Partner' }) as HTMLInputElement).checked,
    ).toBe(true);
    expect(screen.getByText('We restored the answers you had not sent yet.')).toBeTruthy();
    second.unmount();

    // A restored draft did the typing: no start time is sent, so a quick send of a
    // restored form is never taken for a bot's.
    const submit = vi.fn<Submit>(async () => accepted);
    renderForm(submit);
    await waitFor(() =>
      expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Grace Hopper'),
    );
    await fillValid(user);
    await user.click(submitButton());
    await screen.findByText('Application Received');
    expect(submit.mock.calls[0]?.[1]).not.toHaveProperty('formStartedAt');
  });

  it('lets a visitor start over from a restored draft', async () => {
    const user = userEvent.setup();
    const first = renderForm(vi.fn<Submit>());
    await user.type(screen.getByLabelText(/Full name/), 'Grace Hopper');
    first.unmount();
    renderForm(vi.fn<Submit>());
    await screen.findByText('We restored the answers you had not sent yet.');

    await user.click(screen.getByRole('button', { name: 'Start over' }));
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('');
    expect(sessionStorage.getItem(draftKey('partner'))).toBeNull();
  });
});
