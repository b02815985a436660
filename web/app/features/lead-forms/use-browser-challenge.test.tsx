import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Challenge, Solution } from 'altcha-lib/types';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserCheckCopy } from '../../content/browser-check-copy.ts';
import type { Submit, SubmitResult } from '../../lib/api-client.ts';
import { type ChallengeDeps, encodeProof } from '../../lib/lead-form/challenge-session.ts';
import { ContactForm } from './contact-form.tsx';

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

function challengeNo(n: number): Challenge {
  return {
    parameters: {
      algorithm: 'PBKDF2/SHA-256',
      nonce: `0${n}`,
      salt: 'aa',
      cost: 5000,
      keyLength: 32,
      keyPrefix: '00',
      data: { form: 'contact' },
    },
    signature: `sig-${n}`,
  };
}

const solutionOf = (challenge: Challenge): Solution => ({
  counter: Number(challenge.parameters.nonce),
  derivedKey: '00ff',
  time: 5,
});

const proofNo = (n: number) => encodeProof(challengeNo(n), solutionOf(challengeNo(n)));

/**
 * The API and the solver, faked: fetches answer challenge 1, 2, ... in turn; with `hold`,
 * each solve waits for `finishSolve()`.
 */
function fakeChallenge({ hold = false, waitMs }: { hold?: boolean; waitMs?: number } = {}) {
  const pending: (() => void)[] = [];
  const fetchChallenge = vi.fn(async (): Promise<unknown> => {
    return challengeNo(fetchChallenge.mock.calls.length);
  });
  const solve = vi.fn(
    (challenge: Challenge) =>
      new Promise<Solution | null>((resolve) => {
        const finish = () => resolve(solutionOf(challenge));
        if (hold) pending.push(finish);
        else finish();
      }),
  );
  const deps = {
    fetchChallenge,
    solve,
    ...(waitMs === undefined ? {} : { waitMs }),
  } satisfies ChallengeDeps;
  return { deps, finishSolve: () => pending.shift()?.() };
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full name/), 'Ada Lovelace');
  await user.type(screen.getByLabelText(/Work email/), 'ada@example.com');
  await user.selectOptions(screen.getByLabelText(/Subject/), 'pricing');
  await user.type(
    screen.getByRole('textbox', { name: /Message/ }),
    'Pricing for 40 accounts, please.',
  );
}

/** The payload of the n-th (0-based) submission. */
const payloadOf = (submit: ReturnType<typeof vi.fn<Submit>>, n = 0) =>
  submit.mock.calls[n]?.[1] as Record<string, unknown> | undefined;

/** The form's progress region: always present, empty unless a submit waits for the check. */
const progress = () =>
  screen
    .getAllByRole('status')
    .find((element) => element.classList.contains('form-progress')) as HTMLElement;

describe('the browser check of a lead form', () => {
  it('starts nothing on render, and starts once when the visitor first interacts', async () => {
    const { deps } = fakeChallenge();
    render(<ContactForm submit={vi.fn<Submit>()} challenge={deps} />);
    await act(async () => {});
    expect(deps.fetchChallenge).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.click(screen.getByLabelText(/Full name/));
    await user.keyboard('Ad');
    await waitFor(() => expect(deps.solve).toHaveBeenCalledTimes(1));
    expect(deps.fetchChallenge).toHaveBeenCalledTimes(1);
    expect(deps.fetchChallenge).toHaveBeenCalledWith('contact', expect.any(AbortSignal));
  });

  it('puts a ready proof into the submission at once', async () => {
    const { deps } = fakeChallenge();
    const submit = vi.fn<Submit>(async () => accepted);
    render(<ContactForm submit={submit} challenge={deps} />);
    const user = userEvent.setup();
    await fillValid(user);

    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await screen.findByText('Message Sent Successfully!');
    expect(payloadOf(submit)?.[CHALLENGE_FIELD]).toBe(proofNo(1));
  });

  it('hands the API client a fresh proof when the price rose: the next challenge, solved', async () => {
    const { deps } = fakeChallenge();
    let fresh: string | undefined;
    const submit = vi.fn<Submit>(async (_form, _payload, _email, hooks) => {
      fresh = await hooks?.reprove?.();
      return accepted;
    });
    render(<ContactForm submit={submit} challenge={deps} />);
    const user = userEvent.setup();
    await fillValid(user);

    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await screen.findByText('Message Sent Successfully!');
    expect(payloadOf(submit)?.[CHALLENGE_FIELD]).toBe(proofNo(1));
    expect(fresh).toBe(proofNo(2));
  });

  it('says the servers are busy while the same submission waits to go again, then succeeds', async () => {
    const { deps } = fakeChallenge();
    let again: () => void = () => undefined;
    const submit = vi.fn<Submit>(async (_form, _payload, _email, hooks) => {
      hooks?.onBusy?.(2_000);
      await new Promise<void>((resolve) => {
        again = resolve;
      });
      return accepted;
    });
    render(<ContactForm submit={submit} challenge={deps} />);
    const user = userEvent.setup();
    await fillValid(user);

    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(progress().textContent).toBe(browserCheckCopy.busy));
    expect((screen.getByLabelText(/Full name/) as HTMLInputElement).value).not.toBe('');
    await act(async () => again());
    await screen.findByText('Message Sent Successfully!');
    expect(progress().textContent).toBe('');
  });

  it('a submit before the check is done says it is verifying, then sends with the proof', async () => {
    const { deps, finishSolve } = fakeChallenge({ hold: true });
    const submit = vi.fn<Submit>(async () => accepted);
    render(<ContactForm submit={submit} challenge={deps} />);
    const user = userEvent.setup();
    const region = progress();
    expect(region.textContent).toBe('');
    await fillValid(user);

    await user.click(screen.getByRole('button', { name: 'Send message' }));

    // The same live region, present from the start, now carries the text.
    await waitFor(() => expect(region.textContent).toBe(browserCheckCopy.verifying));
    expect(region.isConnected).toBe(true);
    expect(screen.getByRole('button', { name: 'Sending…' })).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();

    await act(async () => finishSolve());

    await screen.findByText('Message Sent Successfully!');
    expect(payloadOf(submit)?.[CHALLENGE_FIELD]).toBe(proofNo(1));
    expect(progress().textContent).toBe('');
  });

  it('sends without the proof once the wait runs out, while the solver goes on', async () => {
    const { deps } = fakeChallenge({ hold: true, waitMs: 50 });
    const submit = vi.fn<Submit>(async () => accepted);
    render(<ContactForm submit={submit} challenge={deps} />);
    const user = userEvent.setup();
    await fillValid(user);

    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await screen.findByText('Message Sent Successfully!');
    expect(payloadOf(submit)).not.toHaveProperty(CHALLENGE_FIELD);
    expect(payloadOf(submit)).toMatchObject({ name: 'Ada Lovelace', website: '' });
    // Not sent, so not spent: no second challenge was asked for.
    expect(deps.fetchChallenge).toHaveBeenCalledTimes(1);
  });

  it('sends without the proof at once when the API has no challenge to give', async () => {
    const { deps } = fakeChallenge();
    deps.fetchChallenge.mockRejectedValue(new Error('challenge: HTTP 404'));
    const submit = vi.fn<Submit>(async () => accepted);
    render(<ContactForm submit={submit} challenge={deps} />);
    const user = userEvent.setup();
    await fillValid(user);

    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await screen.findByText('Message Sent Successfully!');
    expect(payloadOf(submit)).not.toHaveProperty(CHALLENGE_FIELD);
    expect(deps.solve).not.toHaveBeenCalled();
    expect(progress().textContent).toBe('');
  });

  it('after an accepted submission, gets a fresh challenge for the next one', async () => {
    const { deps } = fakeChallenge();
    const submit = vi.fn<Submit>(async () => accepted);
    render(<ContactForm submit={submit} challenge={deps} />);
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByText('Message Sent Successfully!');
    await waitFor(() => expect(deps.solve).toHaveBeenCalledTimes(2));

    await user.click(screen.getByRole('button', { name: 'Send another message' }));
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    expect(payloadOf(submit, 0)?.[CHALLENGE_FIELD]).toBe(proofNo(1));
    expect(payloadOf(submit, 1)?.[CHALLENGE_FIELD]).toBe(proofNo(2));
  });

  it('a failed submission does not reuse the proof it sent', async () => {
    const { deps } = fakeChallenge();
    const submit = vi
      .fn<Submit>()
      .mockResolvedValueOnce({ ok: false, kind: 'server', status: 503, message: 'Server error.' })
      .mockResolvedValueOnce(accepted);
    render(<ContactForm submit={submit} challenge={deps} />);
    const user = userEvent.setup();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    await screen.findByRole('alert');

    await user.click(screen.getByRole('button', { name: 'Send message' }));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(2));
    expect(payloadOf(submit, 0)?.[CHALLENGE_FIELD]).toBe(proofNo(1));
    expect(payloadOf(submit, 1)?.[CHALLENGE_FIELD]).toBe(proofNo(2));
  });
});
