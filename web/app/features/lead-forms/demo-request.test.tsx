import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Submit, SubmitResult } from '../../lib/api-client.ts';
import { draftKey } from '../../lib/lead-form/draft-storage.ts';
import { DemoRequestJourney } from './demo-request.tsx';

/** What the form hands the API client beside the values: a re-proof and a busy notice. */
const submitHooks = expect.objectContaining({
  reprove: expect.any(Function),
  onBusy: expect.any(Function),
});

const SCHEDULE = "We'll contact you within 24 hours to schedule.";

const accepted: SubmitResult = {
  ok: true,
  data: {
    success: true,
    message: SCHEDULE,
    submissionId: 'demo-42',
    timestamp: '2026-11-22T10:00:00.000Z',
  },
};

const scrollIntoView = vi.fn();
const scrollTo = vi.fn();

beforeEach(() => {
  sessionStorage.clear();
  Element.prototype.scrollIntoView = scrollIntoView;
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  scrollIntoView.mockClear();
  scrollTo.mockClear();
});

function renderJourney(submit: Submit = vi.fn<Submit>()) {
  const router = createMemoryRouter([
    { path: '/', element: <DemoRequestJourney submit={submit} /> },
  ]);
  return render(<RouterProvider router={router} />);
}

function setup() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}
type User = ReturnType<typeof setup>;

const choose = (user: User, label: string) =>
  user.click(screen.getByRole('button', { name: label }));
const banner = () => screen.queryByRole('complementary', { name: 'Your selected demo' });

async function fillDemo(user: User) {
  await user.type(screen.getByLabelText(/Full name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/Work email/), 'ada@analytical-engines.example');
  await user.type(screen.getByRole('textbox', { name: /^Company/ }), 'Analytical Engines');
  await user.type(screen.getByLabelText(/Job title/), 'CISO');
  await user.selectOptions(screen.getByLabelText(/Company size/), 'midmarket');
  await user.selectOptions(screen.getByLabelText(/^Industry/), 'financial-services');
  await user.selectOptions(screen.getByLabelText(/How urgent/), 'high');
  await user.selectOptions(screen.getByLabelText(/Preferred timeframe/), 'within-2-weeks');
  await user.click(screen.getByRole('checkbox', { name: 'Attack Path Mapping' }));
  await user.type(
    screen.getByLabelText(/Specific use cases/),
    'Map privilege escalation paths across 40 accounts.',
  );
  await user.selectOptions(screen.getByLabelText(/AWS environment size/), '21-50');
  await user.click(screen.getByRole('checkbox', { name: 'Financial Services' }));
  await user.type(
    screen.getByLabelText(/biggest AWS security challenges/),
    'Too many findings and no idea which ones reach production data.',
  );
  await user.type(
    screen.getByLabelText(/Why Kryon/),
    'We need attack paths across accounts, not another list.',
  );
  await user.click(screen.getByRole('checkbox', { name: /I agree that Kryon may process/ }));
}

// Typing a whole demo request takes a few seconds when the suite runs in parallel.
describe('DemoRequestJourney', { timeout: 20_000 }, () => {
  it('asks for a demo type before showing the form', () => {
    renderJourney();
    expect(screen.getByRole('heading', { name: 'Select a Demo Type Above' })).toBeTruthy();
    expect(screen.queryByLabelText(/Full name/)).toBeNull();
    for (const title of ['Executive Overview', 'Technical Deep Dive', 'Hands-On Workshop']) {
      expect(screen.getByRole('heading', { level: 3, name: title })).toBeTruthy();
    }
    expect(screen.getByText('MOST POPULAR')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Platform Modules' })).toBeTruthy();
    for (const name of ['Kryon Core', 'Kryon Graph', 'Kryon Vuln', 'Kryon IAM']) {
      expect(screen.getByRole('heading', { name })).toBeTruthy();
    }
    expect(screen.queryByRole('heading', { name: 'Kryon Defend' })).toBeNull();
  });

  it('marks the chosen card, renames its button and scrolls to the form after 100 ms', async () => {
    const user = setup();
    renderJourney();

    await choose(user, 'Select Technical Demo');

    const card = screen.getByRole('article', { name: 'Technical Deep Dive' });
    expect(within(card).getByText('SELECTED')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Technical Demo Selected' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select Executive Demo' })).toBeTruthy();
    expect(screen.getByLabelText(/Full name/)).toBeTruthy();
    expect((screen.getByLabelText(/Demo type/) as HTMLSelectElement).value).toBe('technical');

    expect(scrollIntoView).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(100));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(
      document.getElementById('demo-request-form-section'),
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Request Your Demo' }));

    // The choice can be changed freely, from the cards or from the form.
    await choose(user, 'Select Hands-On Demo');
    expect(screen.getByRole('button', { name: 'Hands-On Demo Selected' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Select Technical Demo' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText(/Demo type/), 'executive');
    expect(screen.getByRole('button', { name: 'Executive Demo Selected' })).toBeTruthy();
  });

  it('shows the banner 500 ms after a selection; it expands, leads to the form and dismisses', async () => {
    const user = setup();
    renderJourney();

    await choose(user, 'Select Technical Demo');
    act(() => vi.advanceTimersByTime(450));
    expect(banner()).toBeNull();
    act(() => vi.advanceTimersByTime(60));
    const shown = banner();
    if (!shown) throw new Error('banner not shown');
    expect(shown.textContent).toContain('Technical Deep Dive');
    expect(shown.textContent).toContain('45 minutes');
    expect(shown.className).toContain('lead-tone--blue');

    const toggle = within(shown).getByRole('button', { name: 'Show details' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const details = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(details?.hidden).toBe(false);
    expect(details?.textContent).toContain('Security Engineers, Architects, Technical Leaders');
    expect(within(details as HTMLElement).getAllByRole('listitem')).toHaveLength(3);
    expect(details?.textContent).toContain('Live attack path mapping');
    expect(details?.textContent).not.toContain('Multi-account orchestration');
    expect(details?.textContent).toContain('+2 more features');

    scrollIntoView.mockClear();
    await user.click(within(shown).getByRole('button', { name: /Complete Demo Request/ }));
    expect(shown.textContent).toContain('Complete Demo Request →');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);

    await user.click(within(shown).getByRole('button', { name: /Dismiss/ }));
    expect(banner()).toBeNull();
    await choose(user, 'Select Executive Demo');
    act(() => vi.advanceTimersByTime(600));
    expect(banner()).toBeNull();
  });

  it('shows every message on an empty submit and focuses the first invalid field', async () => {
    const user = setup();
    const submit = vi.fn<Submit>();
    renderJourney(submit);
    await choose(user, 'Select Executive Demo');
    act(() => vi.advanceTimersByTime(100));

    await user.click(screen.getByRole('button', { name: 'Request Demo' }));

    for (const message of [
      'Full name is required',
      'Work email is required',
      'Company size is required',
      'Industry is required',
      'Urgency is required',
      'Timeframe is required',
      'Please select at least one module',
      'Please provide more detail (minimum 20 characters)',
      'AWS environment size is required',
      'Please select at least one vertical',
      'You must agree to data processing to proceed',
    ]) {
      expect(await screen.findByText(message)).toBeTruthy();
    }
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Full name/)));
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByText('Your data is encrypted and never shared')).toBeTruthy();
    expect(screen.getByText('Response within 24 hours')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'What happens next?' })).toBeTruthy();
  });

  it('on success shows the confirmation and the green toast; "Schedule Another Demo" resets', async () => {
    const user = setup();
    const submit = vi.fn<Submit>(async () => accepted);
    renderJourney(submit);
    await choose(user, 'Select Technical Demo');
    act(() => vi.advanceTimersByTime(600));
    expect(banner()).not.toBeNull();

    await fillDemo(user);
    await user.click(screen.getByRole('button', { name: 'Request Demo' }));

    const confirmation = await screen.findByText('Demo Request Received');
    const status = confirmation.closest('[role="status"]') as HTMLElement;
    expect(status.textContent).toContain(SCHEDULE);
    expect(status.textContent).toContain('Technical Deep Dive');
    expect(status.textContent).toContain('ada@analytical-engines.example');
    expect(status.textContent).toContain('Within 2 weeks');
    expect(status.textContent).toContain('demo-42');
    expect(within(status).getAllByRole('listitem')).toHaveLength(4);
    expect(
      within(status)
        .getByRole('link', { name: 'Explore Security Intelligence' })
        .getAttribute('href'),
    ).toBe('/security-intelligence');
    const follow = within(status).getByRole('link', { name: /Follow Kryon on LinkedIn/ });
    expect(follow.getAttribute('target')).toBe('_blank');

    const toast = screen.getByText('Technical Deep Dive Demo Submitted ✓');
    expect(toast.closest('[role="status"]')).not.toBeNull();
    expect(toast.closest('.toast--success')).not.toBeNull();
    expect(banner()).toBeNull();
    expect(screen.getByRole('button', { name: 'Technical Demo Selected' })).toBeTruthy();
    expect(submit).toHaveBeenCalledWith(
      'demo',
      expect.objectContaining({
        fullName: 'Ada Lovelace',
        demoType: 'technical',
        interestedModules: ['attack-path-mapping'],
        companyVerticals: ['financial-services'],
        audienceSize: undefined,
        consentProcessing: true,
        website: '',
      }),
      'ada@analytical-engines.example',
      submitHooks,
    );
    expect(sessionStorage.getItem(draftKey('demo'))).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Schedule Another Demo' }));
    expect(screen.getByRole('heading', { name: 'Select a Demo Type Above' })).toBeTruthy();
    expect(screen.queryByText('Demo Request Received')).toBeNull();
    expect(screen.queryByText('Technical Deep Dive Demo Submitted ✓')).toBeNull();
    expect(screen.getByRole('button', { name: 'Select Technical Demo' })).toBeTruthy();
    expect(scrollTo).toHaveBeenCalledWith(expect.objectContaining({ top: 0 }));

    await choose(user, 'Select Executive Demo');
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('');
  });

  it('shows a failure in the page and keeps the request', async () => {
    const user = setup();
    const submit = vi.fn<Submit>(async () => ({
      ok: false,
      kind: 'network',
      message: 'Network error. Please check your connection and try again.',
    }));
    renderJourney(submit);
    await choose(user, 'Select Hands-On Demo');
    await fillDemo(user);
    await user.click(screen.getByRole('button', { name: 'Request Demo' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your demo request was not sent');
    expect(alert.textContent).toContain(
      'Network error. Please check your connection and try again.',
    );
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(screen.getByRole('button', { name: 'Hands-On Demo Selected' })).toBeTruthy();
    expect(screen.queryByText(/Demo Submitted/)).toBeNull();
  });

  it('restores the chosen demo and the answers from the draft after a reload', async () => {
    const user = setup();
    const first = renderJourney();
    await choose(user, 'Select Hands-On Demo');
    await user.type(screen.getByLabelText(/Full name/), 'Ada Lovelace');
    first.unmount();

    renderJourney();
    expect(await screen.findByRole('button', { name: 'Hands-On Demo Selected' })).toBeTruthy();
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).toBe('Ada Lovelace');
    expect(banner()).toBeNull();
  });
});
