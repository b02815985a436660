import { API_PATHS, CONFIRMATIONS } from '@kryon/shared/api';
import { expect, test } from './fixtures.ts';
import { leadsOf } from './leads-table.ts';
import { VISITOR_STEPS, VisitorPathError, walkVisitorPath } from './visitor-journey.ts';

/*
 * The journey the Synthetics canary walks against the deployed site every few minutes
 * (visitor-journey.canary.ts, decision 083), walked here against the local stack: if it
 * passes here, the canary's script is sound, and when the canary alarms, the site changed.
 */

/** A mailbox simulator address of the test's own (the simulator takes a `+label`). */
const simulatorAddress = (label: string) =>
  `success+${label}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@simulator.amazonses.com`;

test.describe('the visitor path the canary walks', () => {
  test('a page, the archive, the download to the mailbox simulator and the PDF by the link on screen', async ({
    page,
    baseURL,
  }) => {
    const email = simulatorAddress('e2e');
    const result = await walkVisitorPath(page, { origin: baseURL ?? '', email });

    expect(result.report).not.toBe('');
    expect(new URL(result.reportUrl).pathname).toBe(API_PATHS.report);
    expect(result.pdfBytes).toBeGreaterThan(1000);
    expect(CONFIRMATIONS).toContain(result.confirmation);
    // The walk stored a lead for the address, as the canary's runs do in AWS.
    await expect.poll(async () => (await leadsOf(email)).length).toBe(1);
  });

  test('says which step failed: without its browser check, the request', async ({
    page,
    baseURL,
  }) => {
    // As when a CSP blocks the challenge or its route fails: the page still sends, unverified.
    await page.route(
      (url) => url.pathname === API_PATHS.challenge,
      (route) => route.abort('blockedbyclient'),
    );
    const failure = await walkVisitorPath(page, {
      origin: baseURL ?? '',
      email: simulatorAddress('e2e-unchecked'),
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(VisitorPathError);
    expect((failure as VisitorPathError).step).toBe(VISITOR_STEPS.request);
    expect((failure as Error).message).toMatch(/without a solved browser check/);
  });

  test('says which step failed: a link the report route refuses', async ({ page, baseURL }) => {
    // As after a signing key changed under the links: the API's link, its signature altered.
    await page.route(
      (url) => url.pathname === API_PATHS.download,
      async (route) => {
        const response = await route.fetch();
        const answer = (await response.json()) as { reportUrl?: string };
        const reportUrl = answer.reportUrl?.replace(/sig=[^&]+/, 'sig=altered');
        await route.fulfill({ response, json: { ...answer, reportUrl } });
      },
    );
    const failure = await walkVisitorPath(page, {
      origin: baseURL ?? '',
      email: simulatorAddress('e2e-bad-link'),
    }).catch((error: unknown) => error);

    expect((failure as VisitorPathError).step).toBe(VISITOR_STEPS.pdf);
    expect((failure as Error).message).toMatch(
      /^Visitor path failed at "fetch-report-pdf": the personal link answered 403 text\/html/,
    );
  });
});
