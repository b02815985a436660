import { FIRST_TOUCH_STORAGE_KEY } from '@kryon/shared/constants';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { emailsMentioning, uniqueEmail, visitorEmails } from './inbox.ts';
import { leadsOf } from './leads-table.ts';
import { pageReady } from './page-ready.ts';
import { waitLikeAPerson } from './person.ts';

/*
 * Where a lead came from (docs/decisions/037): a visitor lands on an article from a
 * newsletter link, moves on through the site by clicking (each page a new document, which
 * must not overwrite the first touch), sends a form, and sales read the campaign, the source
 * and the article in the lead's e-mail. Nothing is kept in a cookie; the visitor's own e-mail
 * says none of it.
 */

const ARTICLE = '/security-intelligence/identity-risks/long-lived-access-keys';
const NEWSLETTER = 'https://news.example/issues/42?subscriber=ada';

/** Lands on the article from the newsletter, as its link would bring a reader. */
async function landFromNewsletter(page: Page) {
  await page.goto(`${ARTICLE}?utm_source=newsletter&utm_campaign=q4`, { referer: NEWSLETTER });
}

/** After a click to another page: that page is ready, and it kept the visit's first touch. */
async function expectFirstTouchKept(page: Page) {
  await pageReady(page);
  expect(await storedFirstTouch(page)).toEqual(NEWSLETTER_FIRST_TOUCH);
}

/** The article, then Security Intelligence, then the research archive, all by clicking. */
async function clickThroughToTheArchive(page: Page) {
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Security Intelligence' })
    .click();
  await expect(page).toHaveURL(/\/security-intelligence$/);
  await expectFirstTouchKept(page);
  await page.getByRole('link', { name: 'Browse the Research Archive' }).click();
  await expect(page).toHaveURL(/\/research-archive$/);
  await expectFirstTouchKept(page);
}

/** The sales e-mail about this visitor: it replies to the visitor's address. */
async function salesEmail(email: string) {
  await expect
    .poll(async () => (await emailsMentioning(email)).filter((e) => e.replyTo.includes(email)))
    .toHaveLength(1);
  const [sent] = (await emailsMentioning(email)).filter((e) => e.replyTo.includes(email));
  return sent;
}

/** The first touch a visit from the newsletter link leaves in sessionStorage. */
const NEWSLETTER_FIRST_TOUCH = {
  landingPath: ARTICLE,
  referrerOrigin: 'https://news.example',
  utmSource: 'newsletter',
  utmCampaign: 'q4',
};

/** The tab's first touch, as the site keeps it: one sessionStorage key. */
function storedFirstTouch(page: Page): Promise<unknown> {
  return page.evaluate(
    (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'),
    FIRST_TOUCH_STORAGE_KEY,
  );
}

/**
 * Where the visit came from, as the sales e-mail's "Source" detail shows it: the request's
 * words, so quoted as the visitor's, the referring site's link disabled.
 */
function sourceValue(sentFrom: string) {
  return `“newsletter / - / q4, from hxxps://news[.]example, landed on ${ARTICLE}, sent from ${sentFrom}”`;
}

/** The same in the plain-text part: one "Source: …" line. */
function sourceLine(sentFrom: string) {
  return `Source: ${sourceValue(sentFrom)}`;
}

test.describe('lead attribution', () => {
  test('a demo request names the campaign, the source and the article the visit began on', async ({
    page,
  }) => {
    const email = `ada.${Date.now()}@analytical-engines.example`;
    await landFromNewsletter(page);
    // The first touch, kept in the tab's sessionStorage under one key; no cookie at all.
    expect(await storedFirstTouch(page)).toEqual(NEWSLETTER_FIRST_TOUCH);

    await clickThroughToTheArchive(page);
    await page.getByRole('link', { name: 'Schedule a Demo' }).click();
    await expect(page).toHaveURL(/\/demo$/);
    await expectFirstTouchKept(page);

    await page.getByRole('button', { name: 'Select Technical Demo' }).click();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    await page.getByLabel('Work email').fill(email);
    await page.getByRole('textbox', { name: /^Company/ }).fill('Analytical Engines');
    await page.getByLabel('Job title').fill('CISO');
    await page.getByLabel('Company size').selectOption('midmarket');
    await page.getByLabel(/^Industry/).selectOption('financial-services');
    await page.getByLabel(/How urgent/).selectOption('critical');
    await page.getByLabel('Preferred timeframe').selectOption('within-2-weeks');
    await page.getByRole('checkbox', { name: 'Attack Path Mapping' }).check();
    await page
      .getByLabel(/Specific use cases/)
      .fill('Map privilege escalation paths across 40 accounts.');
    await page.getByLabel('AWS environment size').selectOption('21-50');
    await page.getByRole('checkbox', { name: 'Financial Services' }).check();
    await page
      .getByLabel(/biggest AWS security challenges/)
      .fill('Long-lived access keys nobody rotates, in accounts nobody owns.');
    await page
      .getByLabel(/Why Kryon/)
      .fill('The article on access keys described our estate exactly.');
    await page.getByRole('checkbox', { name: /I agree that Kryon may process/ }).check();
    await waitLikeAPerson(page);
    await page.getByRole('button', { name: 'Request Demo' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Demo Request Received' }),
    ).toBeVisible();

    const sales = await salesEmail(email);
    expect(sales?.body.text).toContain(sourceLine('/demo'));
    // In the HTML, the first row of the details: a "Source" label beside its value.
    expect(sales?.body.html).toMatch(
      new RegExp(`>Source</th><td[^>]*>${escapeRegExp(sourceValue('/demo'))}</td>`),
    );
    // The newsletter's own page and query stay with the newsletter: the origin only.
    expect(JSON.stringify(sales)).not.toContain('issues/42');
    expect(JSON.stringify(sales)).not.toContain('subscriber');
    // The visitor's confirmation carries none of it.
    await expect.poll(async () => (await visitorEmails(email)).length).toBe(1);
    const [confirmation] = await visitorEmails(email);
    expect(JSON.stringify(confirmation)).not.toContain('newsletter');
    expect(JSON.stringify(confirmation)).not.toContain(ARTICLE);
    expect(await page.context().cookies()).toEqual([]);
  });

  test('a contact message names them too, and the stored lead keeps them', async ({ page }) => {
    const email = uniqueEmail('grace');
    await landFromNewsletter(page);
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Contact Us' })
      .click();
    await expect(page).toHaveURL(/\/contact$/);
    await expectFirstTouchKept(page);

    await page.getByLabel('Full name').fill('Grace Hopper');
    await page.getByLabel('Work email').fill(email);
    await page.getByLabel('Subject').selectOption('demo');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('Your article on long-lived access keys: can we see it on our accounts?');
    await waitLikeAPerson(page);
    await page.getByRole('button', { name: 'Send message' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Message Sent Successfully!' }),
    ).toBeVisible();

    const sales = await salesEmail(email);
    expect(sales?.body.text).toContain(sourceLine('/contact'));

    const [lead] = await leadsOf(email);
    expect(lead?.attribution?.M).toEqual({
      landingPath: { S: ARTICLE },
      referrerOrigin: { S: 'https://news.example' },
      utmSource: { S: 'newsletter' },
      utmCampaign: { S: 'q4' },
      formPath: { S: '/contact' },
    });
    expect(lead?.fields?.M?.attribution).toBeUndefined();
  });

  test("a research download names them, sent from the archive's dialog", async ({ page }) => {
    const email = uniqueEmail('katherine');
    await landFromNewsletter(page);
    await clickThroughToTheArchive(page);
    await expectFirstTouchKept(page);

    await page
      .getByRole('button', { name: /^Download / })
      .first()
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Work email').fill(email);
    await dialog.getByLabel('First name').fill('Katherine');
    await dialog.getByLabel('Company').fill('Orbital Mechanics');
    await dialog.getByLabel('Role').selectOption({ label: 'Cloud Architect' });
    await waitLikeAPerson(page);
    await dialog.getByRole('button', { name: 'Send Download Link' }).click();
    await expect(dialog.getByRole('status').filter({ hasText: 'Download Ready' })).toBeVisible();

    const sales = await salesEmail(email);
    expect(sales?.body.text).toContain(sourceLine('/research-archive'));
    await expect.poll(async () => (await visitorEmails(email)).length).toBe(1);
    const [link] = await visitorEmails(email);
    expect(JSON.stringify(link)).not.toContain('newsletter');
    expect(JSON.stringify(link)).not.toContain(ARTICLE);
  });

  test('a reload or a second landing in the same tab keeps the first touch', async ({ page }) => {
    await landFromNewsletter(page);
    await page.goto('/contact?utm_source=other&utm_campaign=later', {
      referer: 'https://search.example/',
    });
    await page.reload();
    expect(await storedFirstTouch(page)).toEqual(NEWSLETTER_FIRST_TOUCH);
    // One key of the site's own (React Router keeps its scroll positions beside it).
    expect(
      await page.evaluate(() => Object.keys(sessionStorage).filter((k) => k.startsWith('kryon:'))),
    ).toEqual([FIRST_TOUCH_STORAGE_KEY]);
    expect(await page.context().cookies()).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}
