import { CONFIRMATIONS, type Confirmation } from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { SUCCESS_MESSAGES, UNSENT_MESSAGES } from '@kryon/shared/messages';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { researchDownloadPreviews, researchItems } from '../../content/research-items.ts';
import type { Submit, SubmitResult } from '../../lib/api-client.ts';
import type { ChallengeDeps } from '../../lib/lead-form/challenge-session.ts';
import { DownloadModal } from './download-modal.tsx';

/** What the form hands the API client beside the values: a re-proof and a busy notice. */
const submitHooks = expect.objectContaining({
  reprove: expect.any(Function),
  onBusy: expect.any(Function),
});

// jsdom has no modal dialog API; as in a browser, showModal and close toggle `open`.
beforeEach(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(cleanup);

const critical = researchItems.find((i) => i.impact === 'Critical');
if (!critical) throw new Error('no critical research item');
const item = critical;

const REPORT_URL =
  'https://www.kryon.example/api/email/report?lead=6f1c2a0e&item=kev-exposure-prioritization&expires=1796119200&sig=abc';

const answer = (
  confirmation?: Confirmation,
  message: string = SUCCESS_MESSAGES.download,
): SubmitResult => ({
  ok: true,
  data: {
    success: true,
    message,
    submissionId: 'd-1',
    timestamp: '2026-11-22T10:00:00.000Z',
    ...(confirmation ? { confirmation, reportUrl: REPORT_URL } : {}),
  },
});
const accepted = answer('sent');

// The page count comes from the built PDF through the archive's loader; any number will do.
const basePreview = researchDownloadPreviews[item.id];
if (!basePreview) throw new Error(`no preview for ${item.id}`);
const PREVIEW = { ...basePreview, pages: 12 };

function renderModal(submit: Submit, challenge?: ChallengeDeps) {
  const onClose = vi.fn();
  render(
    <DownloadModal
      item={item}
      preview={PREVIEW}
      onClose={onClose}
      submit={submit}
      {...(challenge ? { challenge } : {})}
    />,
  );
  return { onClose, user: userEvent.setup() };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Work email/), ' Ada@Example.COM ');
  await user.type(screen.getByLabelText(/First name/), 'Ada');
  await user.type(screen.getByLabelText(/Company/), 'Analytical Engines');
  await user.selectOptions(screen.getByLabelText(/Role/), 'ciso');
}

describe('DownloadModal', () => {
  it('is a dialog named by the item, previewing it beside the form', () => {
    renderModal(vi.fn<Submit>());
    const dialog = screen.getByRole('dialog', { name: `Download research ${item.title}` });
    const preview = researchDownloadPreviews[item.id];
    for (const line of [...(preview?.highlights ?? []), ...(preview?.contents ?? [])]) {
      expect(within(dialog).getByText(line)).toBeTruthy();
    }
    expect(within(dialog).getByText('12 pages')).toBeTruthy();
    expect(within(dialog).getByText('Advanced')).toBeTruthy();
  });

  it('sends nothing while fields are invalid, and shows the schema messages', async () => {
    const submit = vi.fn<Submit>();
    const { user } = renderModal(submit);
    await user.click(screen.getByRole('button', { name: 'Send Download Link' }));
    expect(await screen.findAllByText('This field is required')).toHaveLength(4);
    expect(screen.getByLabelText(/Work email/)).toBe(document.activeElement);

    await user.type(screen.getByLabelText(/Work email/), 'ada@');
    await user.type(screen.getByLabelText(/First name/), 'A');
    await user.type(screen.getByLabelText(/Company/), 'B');
    await user.click(screen.getByRole('button', { name: 'Send Download Link' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeTruthy();
    expect(screen.getByText('Name must be at least 2 characters')).toBeTruthy();
    expect(screen.getByText('Company name must be at least 2 characters')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the cleaned lead with the item id, then shows the success view', async () => {
    const submit = vi.fn<Submit>().mockResolvedValue(accepted);
    const { user, onClose } = renderModal(submit);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Download Link' }));

    expect(submit).toHaveBeenCalledWith(
      'download',
      {
        email: 'ada@example.com',
        firstName: 'Ada',
        company: 'Analytical Engines',
        role: 'ciso',
        researchId: item.id,
        attribution: { formPath: '/' },
        website: '',
        formStartedAt: expect.any(Number),
      },
      'ada@example.com',
      submitHooks,
    );
    // Found by its text: until it gives way, the form has a status region of its own (the
    // browser check's progress).
    const status = (await screen.findByText('Download Ready')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(status.textContent).toContain('Download Ready');
    expect(status.textContent).toContain('We have also e-mailed the link to you');
    expect(status.textContent).toContain('2-3 minutes');
    expect(document.activeElement).toBe(status);
    const link = within(status).getByRole('link', { name: /Open the report \(PDF\)/ });
    expect(link.getAttribute('href')).toBe(REPORT_URL);

    await user.click(screen.getByRole('button', { name: 'Download Another Resource' }));
    const email = screen.getByLabelText(/Work email/) as HTMLInputElement;
    expect(email.value).toBe('');
    expect(document.activeElement).toBe(email);

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Download Link' }));
    await user.click(await screen.findByRole('button', { name: 'Continue Reading' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it.each([
    [
      'withheld or refused',
      'not-sent',
      'We have not e-mailed the link to you, so open or save the report now.',
    ],
    ['failed for now, or waiting', 'pending', 'We could not e-mail the link to you yet.'],
  ] as const)(
    'e-mail %s: says so, never "e-mailed", and the link works all the same',
    async (_label, confirmation, says) => {
      const submit = vi
        .fn<Submit>()
        .mockResolvedValue(answer(confirmation, UNSENT_MESSAGES.download?.[confirmation]));
      const { user } = renderModal(submit);
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Send Download Link' }));

      const status = (await screen.findByText('Download Ready')).closest(
        '[role="status"]',
      ) as HTMLElement;
      expect(status.textContent).toContain(says);
      expect(status.textContent).not.toMatch(/also e-mailed|check your inbox|link sent/i);
      expect(document.activeElement).toBe(status);
      const link = within(status).getByRole('link', {
        name: /^Open the report \(PDF\)\s*\(opens in a new tab\)$/,
      });
      expect(link.getAttribute('href')).toBe(REPORT_URL);
      expect(link.getAttribute('target')).toBe('_blank');
    },
  );

  // One source for the words (decision 050): the view must say exactly what the API answers
  // for each outcome, so a change to either side alone fails here.
  it.each(CONFIRMATIONS)('says for %s exactly what the API answers', async (confirmation) => {
    const apiMessage =
      confirmation === 'sent'
        ? SUCCESS_MESSAGES.download
        : UNSENT_MESSAGES.download?.[confirmation];
    expect(apiMessage).toBeTruthy();
    const submit = vi.fn<Submit>().mockResolvedValue(answer(confirmation, apiMessage));
    const { user } = renderModal(submit);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Download Link' }));

    const status = (await screen.findByText('Download Ready')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(status.textContent).toContain(apiMessage);
  });

  it("an answer that says nothing of the e-mail gets the API's own words and no link", async () => {
    const submit = vi.fn<Submit>().mockResolvedValue(answer(undefined, 'Received.'));
    const { user } = renderModal(submit);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Download Link' }));

    const status = (await screen.findByText('Download Ready')).closest(
      '[role="status"]',
    ) as HTMLElement;
    expect(status.textContent).toContain('Received.');
    expect(status.textContent).not.toMatch(/e-mailed/);
    expect(within(status).queryByRole('link')).toBeNull();
  });

  it('starts the browser check as the dialog opens, and a fresh one for another download', async () => {
    const fetchChallenge = vi.fn(
      async (): Promise<unknown> => ({
        parameters: {
          algorithm: 'PBKDF2/SHA-256',
          nonce: `0${fetchChallenge.mock.calls.length}`,
          salt: 'aa',
          cost: 1,
          keyLength: 32,
          keyPrefix: '00',
        },
        signature: 's',
      }),
    );
    const solve = vi.fn(async () => ({
      counter: solve.mock.calls.length,
      derivedKey: '00',
      time: 1,
    }));
    const submit = vi.fn<Submit>().mockResolvedValue(accepted);
    const { user } = renderModal(submit, { fetchChallenge, solve });
    await waitFor(() => expect(solve).toHaveBeenCalledTimes(1));
    expect(fetchChallenge).toHaveBeenCalledWith('download', expect.any(AbortSignal));

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Download Link' }));
    await screen.findByText('Download Ready');
    await user.click(screen.getByRole('button', { name: 'Download Another Resource' }));
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Download Link' }));
    await screen.findByText('Download Ready');

    const proofs = submit.mock.calls.map(([, payload]) => {
      const altcha = (payload as Record<string, unknown>)[CHALLENGE_FIELD] as string;
      return JSON.parse(atob(altcha)).solution.counter;
    });
    expect(proofs).toEqual([1, 2]);
  });

  it('cannot be closed while sending, with the fields disabled', async () => {
    let finish: (result: SubmitResult) => void = () => {};
    const submit = vi.fn<Submit>(
      () =>
        new Promise<SubmitResult>((resolve) => {
          finish = resolve;
        }),
    );
    const { user, onClose } = renderModal(submit);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Download Link' }));

    // Disabled through their fieldset, so the state is the :disabled match, not the property.
    for (const name of [/Work email/, /First name/, /Company/, /Role/]) {
      expect(screen.getByLabelText(name).matches(':disabled')).toBe(true);
    }
    expect((screen.getByRole('button', { name: 'Sending...' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).not.toHaveBeenCalled();

    await act(async () => finish(accepted));
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows a failure in the dialog and keeps what was typed', async () => {
    const submit = vi.fn<Submit>().mockResolvedValue({
      ok: false,
      kind: 'server',
      status: 503,
      message: 'Server error. Please try again later.',
    });
    const { user, onClose } = renderModal(submit);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send Download Link' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('We could not send your download link');
    expect(alert.textContent).toContain('Server error. Please try again later.');
    // An e-mail input drops surrounding spaces itself.
    expect((screen.getByLabelText(/Work email/) as HTMLInputElement).value).toBe('Ada@Example.COM');
    expect((screen.getByLabelText(/Company/) as HTMLInputElement).value).toBe('Analytical Engines');
    expect((screen.getByLabelText(/Role/) as HTMLSelectElement).value).toBe('ciso');
    expect(onClose).not.toHaveBeenCalled();
  });
});
