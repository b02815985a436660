import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { researchItems } from '../app/content/research-items.ts';
import { readPdf } from '../scripts/reports/read-pdf.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { emailsMentioning, uniqueEmail, visitorEmails } from './inbox.ts';
import { waitLikeAPerson } from './person.ts';

const ARCHIVE = '/research-archive';
const newestFirst = [...researchItems].sort((a, b) =>
  b.publishedDate.localeCompare(a.publishedDate),
);

// What a visitor sees: before the list hydrates, CSS shows its first six of the cards built.
const cards = (page: Page) =>
  page
    .getByRole('list', { name: 'Research publications' })
    .locator(':scope > li')
    .filter({ visible: true });
// The count line a visitor reads: before the list hydrates, the built line's part for a
// browser that runs scripts (the other part is for one that does not).
const countLine = (page: Page) =>
  page.locator(
    '.library-status__count:not(:has(.scripting-only)), .library-status__count > .scripting-only',
  );

/**
 * Opens a page and waits until React has hydrated it: relative dates exist only in the
 * browser, so their appearance shows the filters and buttons are live.
 */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('.published-date__age').first()).not.toBeEmpty();
}

test.describe('research archive', () => {
  test('offers the ten most used topics as chips', async ({ page }) => {
    await open(page, ARCHIVE);
    const chips = page.getByRole('group', { name: /topic/i }).getByRole('button');
    await expect(chips).toHaveCount(10);
    // The most used tag leads: count each item's tags once, as the archive does.
    const uses = new Map<string, number>();
    for (const item of researchItems) {
      for (const tag of new Set(item.tags)) uses.set(tag, (uses.get(tag) ?? 0) + 1);
    }
    expect(uses.size).toBeGreaterThan(10);
    const top = Math.max(...uses.values());
    const leaders = [...uses]
      .filter(([, n]) => n === top)
      .map(([tag]) => tag)
      .sort();
    await expect(chips.first()).toHaveText(leaders[0] as string);
  });

  test('marks items published within 30 days NEW, and no others', async ({ page }) => {
    const today = newestFirst[0]?.publishedDate as string;
    // The day after the newest item: it and whatever else falls within 30 days are NEW.
    const now = new Date(`${today}T12:00:00Z`).getTime() + 86_400_000;
    await page.clock.setFixedTime(now);
    await open(page, ARCHIVE);
    await page.getByRole('button', { name: /^Show \d+ more research item/ }).click();
    const fresh = researchItems.filter(
      (item) => (now - Date.parse(`${item.publishedDate}T00:00:00Z`)) / 86_400_000 <= 30,
    );
    expect(fresh.length).toBeGreaterThan(0);
    expect(fresh.length).toBeLessThan(researchItems.length);
    await expect(
      cards(page).getByText('NEW', { exact: true }).filter({ visible: true }),
    ).toHaveCount(fresh.length);
    await expect(cards(page).first().getByText('NEW', { exact: true })).toBeVisible();
  });

  test('the metrics panel totals the research items', async ({ page }) => {
    await open(page, ARCHIVE);
    const metrics = page.getByRole('region', { name: 'The archive at a glance' });
    const total = (key: 'downloadCount' | 'citations') =>
      researchItems.reduce((sum, item) => sum + item[key], 0).toLocaleString('en-US');
    const metric = (label: string) =>
      metrics
        .locator('.metric')
        .filter({ has: page.getByText(label, { exact: true }) })
        .locator('dd');
    await expect(metric('Research publications')).toHaveText(String(researchItems.length));
    await expect(metric('Downloads')).toHaveText(total('downloadCount'));
    await expect(metric('Citations')).toHaveText(total('citations'));
    await expect(metric('Critical-impact studies')).toHaveText(
      String(researchItems.filter((i) => i.impact === 'Critical').length),
    );
    await expect(metrics).toContainText('6 Domains');
    await expect(metrics.getByRole('listitem').filter({ hasText: 'Monthly Finding' })).toHaveText(
      `Monthly Finding${researchItems.filter((i) => i.type === 'Monthly Finding').length}`,
    );
  });

  test('cards show two findings, three tags and the first author, with what is left over', async ({
    page,
  }) => {
    await open(page, ARCHIVE);
    const [item] = newestFirst;
    if (!item) throw new Error('no research items');
    const card = cards(page).first();
    await expect(card.getByRole('heading', { level: 3 })).toHaveText(item.title);
    await expect(card.getByText(`+${item.keyFindings.length - 2} more`)).toBeVisible();
    await expect(card.getByText(`+${item.tags.length - 3}`, { exact: true })).toBeVisible();
    const others = item.authors.length - 1;
    await expect(card).toContainText(`${item.authors[0]?.name}, ${item.authors[0]?.title}`);
    await expect(card).toContainText(`+${others} ${others === 1 ? 'other' : 'others'}`);
  });

  test('filters narrow the list, which expands by itself; the empty state clears them', async ({
    page,
  }) => {
    await open(page, ARCHIVE);
    await expect(cards(page)).toHaveCount(6);
    await expect(countLine(page)).toHaveText(`Showing 6 of ${researchItems.length} research items`);
    await expect(
      page.getByRole('button', { name: `Show ${researchItems.length - 6} more research item` }),
    ).toBeVisible();

    // A topic chip: items carrying the tag, every one shown without asking (20 or fewer).
    const iam = page.getByRole('button', { name: 'IAM', exact: true });
    await iam.click();
    await expect(iam).toHaveAttribute('aria-pressed', 'true');
    const withIam = researchItems.filter((i) => i.tags.includes('IAM'));
    await expect(cards(page)).toHaveCount(withIam.length);
    await expect(countLine(page)).toHaveText(
      `Showing ${withIam.length} of ${withIam.length} research items`,
    );
    await iam.click();

    // A search that matches every item: auto-expanded past the collapsed six.
    const search = page.getByRole('searchbox', { name: 'Search research' });
    await search.fill('aws');
    await expect(countLine(page)).toHaveText(
      `Showing ${researchItems.length} of ${researchItems.length} research items`,
    );
    await expect(cards(page)).toHaveCount(researchItems.length);
    await expect(page.getByRole('button', { name: /^Show \d+ more/ })).toHaveCount(0);

    // A search by author.
    await search.fill('Rafael Moreno');
    await expect(cards(page)).toHaveCount(
      researchItems.filter((i) => i.authors.some((a) => a.name === 'Rafael Moreno')).length,
    );

    await search.fill('quantum mainframe');
    await expect(page.getByRole('heading', { name: 'No Research Found' })).toBeVisible();
    await expect(
      page.getByText(
        'No research items match your current filter criteria. Try adjusting your search or filters.',
      ),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Clear All Filters' }).click();
    await expect(search).toHaveValue('');
    await expect(cards(page)).toHaveCount(6);
  });

  test('the archive links to the contact page and to the security intelligence', async ({
    page,
  }) => {
    await open(page, ARCHIVE);
    await expect(page.getByRole('link', { name: 'Subscribe to Research Updates' })).toHaveAttribute(
      'href',
      '/contact',
    );
    await page.getByRole('link', { name: 'Explore Security Intelligence' }).click();
    await expect(page).toHaveURL('/security-intelligence');
  });

  test('the archive has no accessibility violations, with the download dialog open too', async ({
    page,
  }) => {
    await open(page, ARCHIVE);
    expect(await axeViolations(page)).toEqual([]);
    await cards(page)
      .first()
      .getByRole('button', { name: /^Download/ })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('button', { name: 'Send Download Link' }).click();
    await expect(page.getByText('This field is required').first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('download dialog', () => {
  const [item] = newestFirst;
  if (!item) throw new Error('no research items');

  test('opens from the keyboard, traps focus, locks the page and gives focus back', async ({
    page,
  }) => {
    await open(page, ARCHIVE);
    const trigger = cards(page)
      .first()
      .getByRole('button', { name: `Download ${item.title}` });
    await trigger.focus();
    await page.keyboard.press('Enter');

    const dialog = page.getByRole('dialog', { name: `Download research ${item.title}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeFocused();
    await expect(dialog.getByText(/^\d+ pages$/)).toBeVisible();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    );

    for (let i = 0; i < 12; i += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe(
      'hidden',
    );

    // A click on the backdrop closes it too.
    await trigger.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(5, 5);
    await expect(dialog).toHaveCount(0);
  });

  test('a visitor requests the download and the e-mail reaches the inbox', async ({ page }) => {
    const email = uniqueEmail('grace');
    await open(page, ARCHIVE);
    await cards(page)
      .first()
      .getByRole('button', { name: `Download ${item.title}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Download research ${item.title}` });

    await dialog.getByLabel('Work email').fill(email);
    await dialog.getByLabel('First name').fill('Grace');
    await dialog.getByLabel('Company').fill('Compilers Inc');
    await dialog.getByLabel('Role').selectOption({ label: 'Cloud Architect' });
    await dialog.getByLabel('Role').press('Tab');
    await waitLikeAPerson(page);
    await page.keyboard.press('Enter');

    const status = dialog.getByRole('status').filter({ hasText: 'Download Ready' });
    await expect(status).toBeVisible();
    await expect(status).toContainText('We have also e-mailed the link to you');
    await expect(status).toContainText('2-3 minutes');
    await expect(status).toBeFocused();
    await expect.poll(async () => (await emailsMentioning(email)).length).toBeGreaterThan(0);
    const sent = await emailsMentioning(email);
    expect(JSON.stringify(sent)).toContain(item.title);
    // The link reaches the visitor: the dialog solved its browser check as it opened.
    await expect.poll(async () => (await visitorEmails(email)).length).toBe(1);
    const [confirmation] = await visitorEmails(email);
    expect(JSON.stringify(confirmation)).toContain(item.title);

    // The personal link in the e-mail opens the report itself: a real PDF of the item.
    const link = /https?:\/\/\S+\/api\/email\/report\?\S+/.exec(confirmation?.body.text ?? '')?.[0];
    expect(link).toBeDefined();
    const report = await page.request.get(link ?? '');
    expect(report.status()).toBe(200);
    expect(report.headers()['content-type']).toBe('application/pdf');
    expect((await report.body()).subarray(0, 5).toString()).toBe('%PDF-');
    // The same link altered gets a page that says so, in the browser, and no PDF.
    const altered = await page.context().newPage();
    const refused = await altered.goto((link ?? '').replace(/sig=[^&]+/, 'sig=altered'));
    expect(refused?.status()).toBe(403);
    await expect(
      altered.getByRole('heading', { name: 'This download link is not valid' }),
    ).toBeVisible();
    // Back on the archive, the item's download dialog is open to ask again.
    await altered.getByRole('link', { name: 'Back to the research archive' }).click();
    await expect(
      altered.getByRole('dialog', { name: `Download research ${item.title}` }),
    ).toBeVisible();
    await altered.close();

    await dialog.getByRole('button', { name: 'Download Another Resource' }).click();
    await expect(dialog.getByLabel('Work email')).toBeFocused();
    await expect(dialog.getByLabel('Work email')).toHaveValue('');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  // Every report, not only the first: requested in the dialog, delivered by the personal
  // link in the e-mail, a real PDF of as many pages as the dialog said, whose text carries
  // the item's title.
  for (const report of researchItems) {
    test(`the link in the e-mail delivers "${report.title}"`, async ({ page }) => {
      const email = uniqueEmail('reader');
      await open(page, ARCHIVE);
      await page
        .getByRole('button', { name: `Show ${researchItems.length - 6} more research item` })
        .click();
      await page.getByRole('button', { name: `Download ${report.title}` }).click();
      const dialog = page.getByRole('dialog', { name: `Download research ${report.title}` });
      const shown = Number(
        /^(\d+) pages$/.exec((await dialog.getByText(/^\d+ pages$/).textContent()) ?? '')?.[1],
      );
      await dialog.getByLabel('Work email').fill(email);
      await dialog.getByLabel('First name').fill('Ada');
      await dialog.getByLabel('Company').fill('Analytical Engines');
      await dialog.getByLabel('Role').selectOption({ label: 'Security Engineer' });
      await dialog.getByLabel('Role').press('Tab');
      await waitLikeAPerson(page);
      await page.keyboard.press('Enter');
      await expect(dialog.getByRole('status').filter({ hasText: 'Download Ready' })).toBeVisible();

      await expect.poll(async () => (await visitorEmails(email)).length).toBe(1);
      const [confirmation] = await visitorEmails(email);
      const link = /https?:\/\/\S+\/api\/email\/report\?\S+/.exec(
        confirmation?.body.text ?? '',
      )?.[0];
      const response = await page.request.get(link ?? '');
      expect(response.status()).toBe(200);
      expect(response.headers()['content-type']).toBe('application/pdf');
      const pdf = join(test.info().outputDir, `${report.id}.pdf`);
      mkdirSync(dirname(pdf), { recursive: true });
      writeFileSync(pdf, await response.body());
      const read = await readPdf(pdf);
      expect(read.pages).toBe(shown);
      expect(shown).toBeGreaterThanOrEqual(2);
      // Compared without the line breaks and end-of-line hyphens of the layout.
      const flat = (value: string) => value.replace(/[\s-]+/g, '');
      expect(flat(read.texts.join('\n'))).toContain(flat(report.title));
    });
  }

  test('a failed request is shown in the dialog, which cannot close while it runs', async ({
    page,
  }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/email/download', async (route) => {
      await held;
      // A busy answer is tried again (3 times, 1, 2 and 4 s apart, plus up to 1 s of jitter
      // each, without a Retry-After): `Retry-After: 0` keeps the retries within the wait below.
      await route.fulfill({
        status: 503,
        headers: { 'retry-after': '0' },
        contentType: 'application/json',
        body: JSON.stringify({ success: false, message: 'Unavailable' }),
      });
    });
    await open(page, ARCHIVE);
    await cards(page)
      .first()
      .getByRole('button', { name: /^Download/ })
      .click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Work email').fill(uniqueEmail('linus'));
    await dialog.getByLabel('First name').fill('Linus');
    await dialog.getByLabel('Company').fill('Kernel Works');
    await dialog.getByLabel('Role').selectOption({ label: 'Developer' });
    await dialog.getByRole('button', { name: 'Send Download Link' }).click();

    await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    await expect(dialog.getByLabel('Work email')).toBeDisabled();
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();

    release();
    await expect(dialog.getByRole('alert')).toContainText('Server error. Please try again later.');
    await expect(dialog.getByLabel('First name')).toHaveValue('Linus');
    await expect(dialog.getByLabel('Work email')).toBeEnabled();
  });
});
