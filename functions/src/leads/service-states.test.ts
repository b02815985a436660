import { describe, expect, it } from 'vitest';
import { DependencyError, SenderNotVerifiedError } from './errors.ts';
import type { MailerAccount } from './ports.ts';
import { answeringEmailState, serviceStates } from './service-states.ts';

const store = (up: boolean) => ({
  ping: async () => {
    if (!up) throw new DependencyError('database', { cause: new Error('down') });
  },
});
const mailer = (answer: MailerAccount | Error) => ({
  ping: async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  },
});

describe('answeringEmailState', () => {
  it.each([
    [{}, 'up'],
    [{ sandbox: false }, 'up'],
    [{ sandbox: true }, 'sandbox'],
  ] as const)('reads %o as %s', (account, state) => {
    expect(answeringEmailState(account)).toBe(state);
  });

  it('reads an account that said nothing as up, never guessing', () => {
    expect(answeringEmailState(undefined)).toBe('up');
  });
});

describe('serviceStates', () => {
  it('keeps unverified and down apart from what an answering service says', async () => {
    await expect(
      serviceStates(store(false), mailer(new SenderNotVerifiedError({ cause: new Error('x') }))),
    ).resolves.toEqual({ database: 'down', email: 'unverified' });
    await expect(
      serviceStates(store(true), mailer(new DependencyError('email', { cause: new Error('x') }))),
    ).resolves.toEqual({ database: 'up', email: 'down' });
  });
});
