import { API_PATHS, IDEMPOTENCY_HEADER } from '@kryon/shared/api';
import { HONEYPOT_FIELD, RATE_LIMIT } from '@kryon/shared/constants';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import { fillContact } from './contact-form.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './inbox.ts';
import { leadsOf } from './leads-table.ts';
import { waitLikeAPerson } from './person.ts';

/*
 * Anyone can type a stranger's address. Posts naming a visitor's address, caught by the spam
 * checks or sent without the browser check, never make the visitor's own request from the
 * site answer "Too many requests", even from the visitor's own network (every request here
 * comes from 127.0.0.1, the worst case).
 */
test.describe('a stranger cannot lock a visitor out', () => {
  test('honeypot and unverified posts naming the address leave the real form working', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('victim');
    const body = {
      name: 'Mallory',
      email,
      subject: 'demo',
      message: 'Posted by a script in the visitor name, never by the visitor.',
    };
    const post = async (extra: Record<string, unknown>, n: number) => {
      const response = await request.post(API_PATHS.contact, {
        data: { ...body, ...extra },
        headers: { [IDEMPOTENCY_HEADER]: `lockout-${n}-${Date.now()}` },
      });
      return response.status();
    };
    const spam = [];
    for (let i = 0; i < RATE_LIMIT.max + 2; i++) {
      spam.push(await post({ [HONEYPOT_FIELD]: 'https://spam.example' }, i));
    }
    const unverified = [];
    for (let i = 0; i < RATE_LIMIT.max + 2; i++) unverified.push(await post({}, 100 + i));
    // Spam is answered as a person is, and spends no budget; unverified posts meet their own.
    expect(spam).toEqual(Array(RATE_LIMIT.max + 2).fill(200));
    expect(unverified).toEqual([...Array(RATE_LIMIT.max).fill(200), 429, 429]);

    await page.goto('/contact');
    await fillContact(page, email);
    await waitLikeAPerson(page);
    await page.getByRole('button', { name: 'Send message' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' }),
    ).toBeVisible();
    await expect(page.getByText(ERROR_MESSAGES.rateLimited)).toHaveCount(0);
    // The visitor's own lead, with its solved browser check, beside the strangers' ones.
    await expect
      .poll(
        async () =>
          (await leadsOf(email)).filter((lead) => lead.browserCheck?.S === 'verified').length,
      )
      .toBe(1);
  });
});
