import { API_PATHS } from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import type { Page, Request } from '@playwright/test';
import { browserCheckCopy } from '../app/content/browser-check-copy.ts';
import { fillContact } from './contact-form.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail } from './inbox.ts';
import { leadsOf } from './leads-table.ts';
import { waitLikeAPerson } from './person.ts';

/*
 * The browser check (docs/decisions/028): every lead form fetches a proof-of-work challenge
 * once the visitor starts on it, solves it in a Web Worker under the site's CSP, and sends the
 * solution with the submission. Nothing here measures speed (scripts/bench-solver.ts does).
 */

const isChallengeRequest = (url: URL) => url.pathname === API_PATHS.challenge;

/** Console errors, uncaught exceptions and CSP violations of the page and its workers. */
async function collectProblems(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return problems;
}

/** What the submission carried in CHALLENGE_FIELD, decoded as the server reads it. */
function proofIn(request: Request) {
  const body = request.postDataJSON() as Record<string, unknown>;
  const proof = body[CHALLENGE_FIELD];
  if (typeof proof !== 'string') return undefined;
  return JSON.parse(Buffer.from(proof, 'base64').toString('utf8')) as {
    challenge: { parameters: { algorithm: string; data?: Record<string, unknown> } };
    solution: { counter: number; derivedKey: string };
  };
}

test.describe('browser check', () => {
  test('starts with the first interaction, solves in a same-origin worker under the CSP, and the server accepts the proof', async ({
    page,
    baseURL,
  }) => {
    const problems = await collectProblems(page);
    const challengeRequests: string[] = [];
    page.on('request', (request) => {
      if (isChallengeRequest(new URL(request.url()))) challengeRequests.push(request.url());
    });
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    const email = uniqueEmail('ada');

    const response = await page.goto('/contact');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    // Hydrated, and nothing asked for yet: a page load costs crawlers and Lighthouse nothing.
    expect(challengeRequests).toEqual([]);
    expect(workers).toEqual([]);

    await fillContact(page, email);
    await waitLikeAPerson(page);
    const submission = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith(API_PATHS.contact),
    );
    await page.getByRole('button', { name: 'Send message' }).click();

    const proof = proofIn(await submission);
    expect(proof?.challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(proof?.challenge.parameters.data?.form).toBe('contact');
    expect(proof?.solution.derivedKey).toMatch(/^[0-9a-f]+$/);
    await expect(
      page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' }),
    ).toBeVisible();

    // One challenge for this submission, and a fresh one asked for straight after it.
    await expect.poll(() => challengeRequests.length).toBe(2);
    expect(challengeRequests[0]).toContain(`${API_PATHS.challenge}?form=contact`);
    // The solver ran as a worker script of the site's own, which `script-src 'self'` allows.
    expect(workers.length).toBeGreaterThan(0);
    for (const url of workers) expect(url).toMatch(new RegExp(`^${baseURL}/assets/[^/]+\\.js$`));

    await expect.poll(async () => (await leadsOf(email))[0]?.browserCheck?.S).toBe('verified');
    expect(problems).toEqual([]);
  });

  test('a visitor who submits before the check is done sees it verifying, then it is sent with the proof', async ({
    page,
  }) => {
    // The challenge is held back until the visitor has submitted, as on a slow connection.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(isChallengeRequest, async (route) => {
      await held;
      await route.continue();
    });
    const email = uniqueEmail('ada');
    await page.goto('/contact');
    await fillContact(page, email);
    await waitLikeAPerson(page);
    const submission = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith(API_PATHS.contact),
    );

    const submit = page.getByRole('button', { name: 'Send message' });
    await submit.click();

    const progress = page.getByRole('status').filter({ hasText: browserCheckCopy.verifying });
    await expect(progress).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
    release();

    const proof = proofIn(await submission);
    expect(proof?.challenge.parameters.data?.form).toBe('contact');
    const success = page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' });
    await expect(success).toBeVisible();
    await expect(success).toBeFocused();
    await expect(progress).toHaveCount(0);
    await expect.poll(async () => (await leadsOf(email))[0]?.browserCheck?.S).toBe('verified');
  });

  test('without a challenge route (an older API) the form sends at once, without a proof', async ({
    page,
  }) => {
    await page.route(isChallengeRequest, (route) =>
      route.fulfill({
        status: 404,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Not found.' }),
      }),
    );
    const email = uniqueEmail('ada');
    await page.goto('/contact');
    await fillContact(page, email);
    await waitLikeAPerson(page);
    const submission = page.waitForRequest(
      (request) => request.method() === 'POST' && request.url().endsWith(API_PATHS.contact),
    );
    await page.getByRole('button', { name: 'Send message' }).click();

    expect((await submission).postDataJSON()).not.toHaveProperty(CHALLENGE_FIELD);
    await expect(
      page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' }),
    ).toBeVisible();
    // Still a lead; the server only notes that the browser was not checked.
    await expect.poll(async () => (await leadsOf(email))[0]?.browserCheck?.S).toBe('missing');
  });
});
