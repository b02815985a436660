import { API_PATHS, IDEMPOTENCY_HEADER } from '@kryon/shared/api';
import type { Page } from '@playwright/test';
import { researchItems } from '../app/content/research-items.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { uniqueEmail, visitorEmails } from './inbox.ts';
import { leadsOf } from './leads-table.ts';
import { waitLikeAPerson } from './person.ts';

/*
 * The research download delivers on screen, whatever becomes of the e-mail: the success view
 * offers the personal report link for every accepted request, and says "also e-mailed" only
 * when the e-mail went.
 */

const ARCHIVE = '/research-archive';
const [item] = [...researchItems].sort((a, b) => b.publishedDate.localeCompare(a.publishedDate));
if (!item) throw new Error('no research item');

/** Opens the newest item's download dialog, fills it in like a person and sends it. */
async function requestDownload(page: Page, email: string) {
  await page.goto(ARCHIVE);
  await expect(page.locator('.published-date__age').first()).not.toBeEmpty();
  await page.getByRole('button', { name: `Download ${item?.title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Download research ${item?.title}` });
  await dialog.getByLabel('Work email').fill(email);
  await dialog.getByLabel('First name').fill('Mei');
  await dialog.getByLabel('Company').fill('Harbour Health');
  await dialog.getByLabel('Role').selectOption({ label: 'Security Engineer' });
  await waitLikeAPerson(page);
  const submission = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(API_PATHS.download),
  );
  await dialog.getByRole('button', { name: 'Send Download Link' }).click();
  const idempotencyKey = (await submission).headers()[IDEMPOTENCY_HEADER.toLowerCase()] ?? '';
  expect(idempotencyKey).not.toBe('');
  const status = dialog.getByRole('status').filter({ hasText: 'Download Ready' });
  await expect(status).toBeVisible();
  await expect(status).toBeFocused();
  const link = status.getByRole('link', { name: /^Open the report \(PDF\)/ });
  await expect(link).toBeVisible();
  return { dialog, status, link, idempotencyKey };
}

/** The link answers the report itself: a real PDF. */
async function expectPdf(page: Page, href: string) {
  const report = await page.request.get(href);
  expect(report.status()).toBe(200);
  expect(report.headers()['content-type']).toBe('application/pdf');
  expect((await report.body()).subarray(0, 5).toString()).toBe('%PDF-');
}

test.describe('the research download delivers on screen', () => {
  for (const width of [1280, 390]) {
    test(`without a solved browser check: a working link, and no claim of an e-mail (${width} px)`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width, height: width > 400 ? 800 : 844 });
      // No challenge reaches the page, as when a script blocker or a broken network eats it.
      await page.route(
        (url) => url.pathname === API_PATHS.challenge,
        (route) => route.abort('blockedbyclient'),
      );
      const email = uniqueEmail('mei');
      const { status, link, idempotencyKey } = await requestDownload(page, email);

      await expect(status).toContainText('We have not e-mailed the link to you');
      await expect(status).not.toContainText(/also e-mailed|check your inbox|link sent/i);
      const href = (await link.getAttribute('href')) ?? '';
      expect(await link.getAttribute('target')).toBe('_blank');
      // The link names the lead by the id the server made, never the request's own key.
      expect(href).not.toContain(idempotencyKey);
      await expectPdf(page, href);

      // Sales have the lead (in its own e-mail, or held for the hourly digest once the run's
      // unverified leads pass the hourly number); the typed address got nothing.
      await expect
        .poll(async () => (await leadsOf(email))[0]?.emails?.M?.sales?.M?.status?.S)
        .toMatch(/^(sent|held)$/);
      expect(await visitorEmails(email)).toEqual([]);

      // Focus brought the view into sight, at phone width too, with the link whole in it.
      await expect(status).toBeInViewport();
      await expect(link).toBeInViewport({ ratio: 1 });
      const box = await link.boundingBox();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= width).toBe(true);
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(24);
      expect(await axeViolations(page)).toEqual([]);
      await page.screenshot({ path: testInfo.outputPath(`download-unsent-${width}-page.png`) });
      await status.screenshot({ path: testInfo.outputPath(`download-unsent-${width}.png`) });
    });
  }

  test('with a solved browser check: the same link on screen and in the inbox, said to be e-mailed', async ({
    page,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = uniqueEmail('grace');
    const { status, link, idempotencyKey } = await requestDownload(page, email);

    await expect(status).toContainText('We have also e-mailed the link to you');
    const href = (await link.getAttribute('href')) ?? '';
    await expect.poll(async () => (await visitorEmails(email)).length).toBe(1);
    const [sent] = await visitorEmails(email);
    // The e-mail carries the very link the page shows, and nothing the client chose.
    expect(sent?.body.text).toContain(href);
    expect(JSON.stringify(sent)).not.toContain(idempotencyKey);
    await expectPdf(page, href);

    await status.screenshot({ path: testInfo.outputPath('download-sent-1280.png') });
    await page.setViewportSize({ width: 390, height: 844 });
    await link.scrollIntoViewIfNeeded();
    await status.screenshot({ path: testInfo.outputPath('download-sent-390.png') });
  });
});
