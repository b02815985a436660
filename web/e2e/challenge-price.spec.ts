import { API_PATHS, CHALLENGE_FORM_PARAM } from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { SOLVE_MEASURE } from '../app/lib/lead-form/challenge-solver.ts';
import { fillContact } from './contact-form.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './inbox.ts';
import { leadsOf, setConfirmationCounts } from './leads-table.ts';
import { waitLikeAPerson } from './person.ts';

/*
 * The browser check's price follows the confirmations let through (docs/decisions/051). The
 * e2e stack doubles it per 1,000 confirmations per 10 minutes (playwright.config.ts), so the
 * counters are set here as a flood would have left them: one doubling, which a challenge
 * fetched just before by a journey running beside this one still meets.
 */

const BASE_COST = 5_000;

test.describe('the browser check after a flood raised its price', () => {
  test.afterEach(async () => {
    await setConfirmationCounts(undefined);
  });

  test('the page gets a dearer challenge, solves it, and the server takes the lead as verified', async ({
    page,
    request,
  }) => {
    // Half way from one doubling to the next: well inside level 1 while this test runs.
    await setConfirmationCounts(1_500);
    // The server reads the counters at most once a second; a journey beside this one may
    // have had it read them just before they were set.
    await expect
      .poll(async () => {
        const asked = await request.get(API_PATHS.challenge, {
          params: { [CHALLENGE_FORM_PARAM]: 'contact' },
        });
        const issued = (await asked.json()) as {
          parameters: { cost: number };
        };
        return issued.parameters.cost;
      })
      .toBe(2 * BASE_COST);
    const email = uniqueEmail('ada');
    const challenge = page.waitForResponse(
      (response) => new URL(response.url()).pathname === API_PATHS.challenge,
    );

    await page.goto('/contact');
    await fillContact(page, email);
    await waitLikeAPerson(page);
    // A busy machine may take longer than the person's pause to solve at twice the cost; a
    // press before then sends the lead unverified, which is another journey's subject.
    await page.waitForFunction(
      (name) => performance.getEntriesByName(name).length > 0,
      SOLVE_MEASURE,
      { timeout: 60_000 },
    );
    const submission = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith(API_PATHS.contact),
    );
    await page.getByRole('button', { name: 'Send message' }).click();

    const body = (await submission).postDataJSON() as Record<string, unknown>;
    const proof = JSON.parse(Buffer.from(String(body[CHALLENGE_FIELD]), 'base64').toString()) as {
      challenge: { parameters: { cost: number } };
    };
    expect(proof.challenge.parameters.cost).toBe(2 * BASE_COST);
    const issued = (await (await challenge).json()) as { parameters: { cost: number } };
    expect(issued.parameters.cost).toBe(2 * BASE_COST);
    await expect(
      page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' }),
    ).toBeVisible();
    await expect.poll(async () => (await leadsOf(email))[0]?.browserCheck?.S).toBe('verified');

    // What the page measured for the solve (decision 028), for the record.
    const solve = await page.evaluate(() =>
      performance.getEntriesByName('kryon-challenge-solve').map((entry) => entry.duration),
    );
    test.info().annotations.push({
      type: 'solve at twice the base cost',
      description: `${solve.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
    });
  });
});
