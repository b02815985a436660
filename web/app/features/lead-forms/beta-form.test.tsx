import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Submit, SubmitResult } from '../../lib/api-client.ts';
import { draftKey } from '../../lib/lead-form/draft-storage.ts';
import { SITE } from '../../site-config.ts';
import { BetaForm } from './beta-form.tsx';

/** What the form hands the API client beside the values: a re-proof and a busy notice. */
const submitHooks = expect.objectContaining({
  reprove: expect.any(Function),
  onBusy: expect.any(Function),
});

const UNDER_REVIEW =
  'Your request is under review. We will get back to you within 2-5 business days.';

const accepted: SubmitResult = {
  ok: true,
  data: {
    success: true,
    message: UNDER_REVIEW,
    submissionId: 'b-1',
    timestamp: '2026-11-22T10:00:00.000Z',
  },
};

const CONSENT =
  'I understand this beta program is invite only and all requests will be reviewed for qualification';

function renderForm(submit: Submit) {
  const router = createMemoryRouter([{ path: '/', element: <BetaForm submit={submit} /> }]);
  return render(<RouterProvider router={router} />);
}

type User = ReturnType<typeof userEvent.setup>;

async function fillRequired(user: User) {
  await user.type(screen.getByLabelText(/Full name/), 'Katherine Johnson');
  await user.type(screen.getByLabelText(/Work email/), 'kj@orbital.example');
  await user.type(screen.getByRole('textbox', { name: /^Company/ }), 'Orbital Mechanics');
  await user.type(screen.getByLabelText(/Job title/), 'Head of Cloud Security');
  await user.selectOptions(screen.getByLabelText(/AWS environment size/), '100+');
  await user.click(screen.getByRole('checkbox', { name: 'Government & Public Sector' }));
  await user.type(
    screen.getByLabelText(/biggest AWS security challenges/),
    'Cross-account trust sprawl in 140 accounts we inherited.',
  );
  await user.type(
    screen.getByLabelText(/Why Kryon/),
    'Attack paths across accounts are exactly what our tools miss.',
  );
  await user.click(screen.getByRole('checkbox', { name: CONSENT }));
}

const section = (name: RegExp) => screen.getByRole('group', { name });
const submitButton = () => screen.getByRole('button', { name: 'Submit Request' });

beforeEach(() => sessionStorage.clear());
afterEach(cleanup);

describe('BetaForm', { timeout: 20_000 }, () => {
  it('checks a field for 300 ms, then shows valid or invalid in words, as its description', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn<Submit>());
    const name = screen.getByLabelText(/Full name/);
    const badge = () => document.getElementById('beta-fullName-check');

    expect(name.getAttribute('aria-describedby')).toContain('beta-fullName-check');
    expect(badge()?.textContent).toBe('');

    await user.type(name, 'K');
    expect(badge()?.textContent).toBe('Checking…');
    await waitFor(() => expect(badge()?.textContent).toBe('Invalid'));
    // The message itself waits until the field is left.
    expect(screen.queryByText('Full name must be at least 2 characters')).toBeNull();

    await user.type(name, 'atherine');
    expect(badge()?.textContent).toBe('Checking…');
    await waitFor(() => expect(badge()?.textContent).toBe('Valid'));
    expect(badge()?.querySelector('svg')).not.toBeNull();
  });

  it('holds the checking state for 300 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      renderForm(vi.fn<Submit>());
      await user.type(screen.getByLabelText(/Work email/), 'kj@gmail.com');
      const badge = document.getElementById('beta-workEmail-check');
      vi.advanceTimersByTime(290);
      expect(badge?.textContent).toBe('Checking…');
      vi.advanceTimersByTime(20);
      await waitFor(() => expect(badge?.textContent).toBe('Invalid'));
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows each section as x/y completed, In Progress until every field is filled', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn<Submit>());
    const contact = section(/Contact Information/);
    expect(contact.textContent).toContain('0/4 completed');
    expect(contact.textContent).toContain('In Progress');

    await user.type(screen.getByLabelText(/Full name/), 'Katherine Johnson');
    await user.type(screen.getByLabelText(/Work email/), '   ');
    expect(contact.textContent).toContain('1/4 completed');

    await user.clear(screen.getByLabelText(/Work email/));
    await user.type(screen.getByLabelText(/Work email/), 'kj@orbital.example');
    await user.type(screen.getByRole('textbox', { name: /^Company/ }), 'Orbital');
    await user.type(screen.getByLabelText(/Job title/), 'CISO');
    expect(contact.textContent).toContain('4/4 completed');
    expect(contact.textContent).toContain('Complete');
    expect(contact.textContent).not.toContain('In Progress');

    const environment = section(/Environment Details/);
    expect(environment.textContent).toContain('0/2 completed');
    await user.click(screen.getByRole('checkbox', { name: 'Education' }));
    expect(environment.textContent).toContain('1/2 completed');

    const agreement = section(/Program Agreement/);
    expect(agreement.textContent).toContain('0/1 completed');
    await user.click(screen.getByRole('checkbox', { name: CONSENT }));
    expect(agreement.textContent).toContain('1/1 completed');
  });

  it('shows the additional-information section only when every required field is filled', async () => {
    const user = userEvent.setup();
    renderForm(vi.fn<Submit>());
    expect(screen.queryByRole('group', { name: /Additional Information/ })).toBeNull();

    await fillRequired(user);
    const additional = await screen.findByRole('group', { name: /Additional Information/ });
    expect(additional.textContent).toContain('0/1 completed');
    expect(additional.textContent).toContain('Optional');
    expect(within(additional).getByLabelText(/Anything else/)).toBeTruthy();

    await user.click(screen.getByRole('checkbox', { name: CONSENT }));
    expect(screen.queryByRole('group', { name: /Additional Information/ })).toBeNull();
  });

  it('on submit shows every message, marks every field and focuses the first invalid one', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>();
    renderForm(submit);
    await user.type(screen.getByLabelText(/Work email/), 'kj@gmail.com');

    await user.click(submitButton());

    for (const message of [
      'Full name is required',
      'Please use your business email address',
      'Company name is required',
      'Job title is required',
      'AWS environment size is required',
      'Please select at least one vertical',
      'Please provide more detail (minimum 30 characters)',
      'Please confirm you understand the beta program is invite only',
    ]) {
      expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    }
    expect(document.activeElement).toBe(screen.getByLabelText(/Full name/));
    expect(document.getElementById('beta-fullName-check')?.textContent).toBe('Invalid');
    expect(document.getElementById('beta-consentProcessing-check')?.textContent).toBe('Invalid');
    expect(screen.getByRole('checkbox', { name: CONSENT }).getAttribute('aria-invalid')).toBe(
      'true',
    );
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the request and replaces the form with the confirmation and its three ways on', async () => {
    const user = userEvent.setup();
    const submit = vi.fn<Submit>(async () => accepted);
    renderForm(submit);

    await fillRequired(user);
    await user.type(await screen.findByLabelText(/Anything else/), 'Migrating to Organizations.');
    await user.click(submitButton());

    const status = (await screen.findByText('Request Received')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(status.textContent).toContain('Request Received');
    expect(status.textContent).toContain(UNDER_REVIEW);
    expect(screen.queryByRole('button', { name: 'Submit Request' })).toBeNull();
    expect(screen.queryByLabelText(/Full name/)).toBeNull();

    expect(screen.getByRole('link', { name: 'Schedule a Demo' }).getAttribute('href')).toBe(
      '/demo',
    );
    expect(
      screen.getByRole('link', { name: 'Explore Security Intelligence' }).getAttribute('href'),
    ).toBe('/security-intelligence');
    const follow = screen.getByRole('link', { name: /Follow for Updates/ });
    expect(follow.getAttribute('href')).toBe(SITE.profiles.linkedin);
    expect(follow.getAttribute('target')).toBe('_blank');
    expect(follow.getAttribute('rel')).toContain('noopener');

    expect(submit).toHaveBeenCalledWith(
      'beta-access',
      expect.objectContaining({
        fullName: 'Katherine Johnson',
        workEmail: 'kj@orbital.example',
        awsEnvironmentSize: '100+',
        companyVerticals: ['government-public-sector'],
        additionalInfo: 'Migrating to Organizations.',
        consentProcessing: true,
        website: '',
      }),
      'kj@orbital.example',
      submitHooks,
    );
    expect(sessionStorage.getItem(draftKey('beta-access'))).toBeNull();
  });

  it('says a confirmation e-mail was sent only when it was', async () => {
    const user = userEvent.setup();
    const withConfirmation = (confirmation: 'sent' | 'not-sent'): SubmitResult =>
      accepted.ok ? { ...accepted, data: { ...accepted.data, confirmation } } : accepted;
    renderForm(vi.fn<Submit>(async () => withConfirmation('not-sent')));
    await fillRequired(user);
    await user.click(submitButton());

    const status = (await screen.findByText('Request Received')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(status.textContent).toContain('We have not sent you a confirmation e-mail.');
    expect(status.textContent).not.toMatch(/we have e-mailed/i);
  });

  it('shows a failure in the page, never an alert dialog, and keeps the answers', async () => {
    const user = userEvent.setup();
    const alertSpy = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const submit = vi.fn<Submit>(async () => ({
      ok: false,
      kind: 'server',
      status: 500,
      message: 'Server error. Please try again later.',
    }));
    renderForm(submit);

    await fillRequired(user);
    await user.click(submitButton());

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your request was not sent');
    expect(alert.textContent).toContain('Server error. Please try again later.');
    expect(alertSpy).not.toHaveBeenCalled();
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe(
      'Katherine Johnson',
    );
    expect(screen.getByRole('checkbox', { name: CONSENT })).toHaveProperty('checked', true);
  });
});
