import { FIRST_TOUCH_STORAGE_KEY } from '@kryon/shared/constants';
import { ARTICLES } from '../app/content/library.ts';
import { researchItems } from '../app/content/research-items.ts';
import { PATHS } from '../app/paths.ts';
import { sitemapEntries } from '../app/sitemap.ts';
import { pageKind } from '../scripts/bench-targets.ts';
import { expect, test } from './fixtures.ts';
import { pageReady } from './page-ready.ts';

/*
 * The site is many documents, not one application: a page is complete as built, links are
 * links, and only a few parts (lists that filter, forms) run React as islands.
 */

const READING_PAGES = sitemapEntries()
  .map((entry) => entry.path)
  .filter((path) => pageKind(path) === 'reading');

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('every reading page reads whole, and every link on it leads to a page', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    expect(READING_PAGES.length).toBeGreaterThan(40);
    const links = new Set<string>();
    for (const path of READING_PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
      expect((await page.getByRole('main').textContent())?.length, path).toBeGreaterThan(200);
      for (const href of await page
        .locator('a[href^="/"]')
        .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''))) {
        links.add(href.split('#')[0] || path);
      }
    }
    for (const href of links) {
      const response = await request.get(href);
      expect(response.status(), href).toBe(200);
    }
  });

  test('the article list and the research list show every item', async ({ page }) => {
    await page.goto(PATHS.intelligence);
    const articles = page.getByRole('list', { name: 'Articles' }).locator(':scope > li');
    await expect(articles).toHaveCount(ARTICLES.length);
    await page.goto(PATHS.researchArchive);
    for (const item of researchItems) {
      await expect(page.getByRole('heading', { name: item.title, exact: true })).toBeVisible();
    }
  });
});

test('from a reading page to a form and back, each page starts at the top, marks its section and keeps the first touch', async ({
  page,
}) => {
  const [article] = ARTICLES;
  if (!article) throw new Error('no articles');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const current = nav.locator('[aria-current="page"]');
  const firstTouch = () =>
    page.evaluate(
      (key) => JSON.parse(sessionStorage.getItem(key) ?? 'null'),
      FIRST_TOUCH_STORAGE_KEY,
    );

  await page.goto(`${article.url}?utm_source=journey`);
  await expect(current).toHaveText('Security Intelligence');
  const touch = await firstTouch();
  expect(touch).toMatchObject({ landingPath: article.url, utmSource: 'journey' });
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);

  await nav.getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL(PATHS.contact);
  await pageReady(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(current).toHaveText('Contact Us');
  expect(await firstTouch()).toEqual(touch);

  await page.goBack();
  await expect(page).toHaveURL(`${article.url}?utm_source=journey`);
  await pageReady(page);
  await expect(current).toHaveText('Security Intelligence');
  expect(await firstTouch()).toEqual(touch);

  await nav.getByRole('link', { name: 'Features' }).click();
  await expect(page).toHaveURL(PATHS.features);
  await pageReady(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await expect(current).toHaveText('Features');
  expect(await firstTouch()).toEqual(touch);
});
