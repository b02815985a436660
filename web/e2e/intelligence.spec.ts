import type { Page } from '@playwright/test';
import { ARTICLES, CATEGORIES } from '../app/content/library.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const INDEX = '/security-intelligence';
const TODAY = '2026-11-22';
const DAY_MS = 86_400_000;

/** The day the tests pretend it is, so NEW labels and relative dates are predictable. */
async function freezeToday(page: Page) {
  await page.clock.setFixedTime(new Date(`${TODAY}T12:00:00`));
}

const results = (page: Page) => page.getByRole('list', { name: 'Articles' });
/** The cards of the list (its own items, not the lists inside each card). */
// What a visitor sees: before the list hydrates, CSS shows its first six of the cards built.
const cards = (page: Page) => results(page).locator(':scope > li').filter({ visible: true });
// The count line a visitor reads: before the list hydrates, the built line's part for a
// browser that runs scripts (the other part is for one that does not).
const countLine = (page: Page) =>
  page.locator(
    '.library-status__count:not(:has(.scripting-only)), .library-status__count > .scripting-only',
  );

/** Waits until the page has filled in the dates' ages, which exist only in the browser. */
async function hydrated(page: Page) {
  await expect(page.locator('.published-date__age').first()).not.toBeEmpty();
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

test.describe('security-intelligence index', () => {
  test('the hero call to action scrolls to the featured section', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 560 });
    await open(page, INDEX);
    const heading = page.getByRole('heading', { level: 2, name: 'Featured Security Analysis' });
    await expect(heading).not.toBeInViewport();
    await page.getByRole('link', { name: 'Explore Featured Analysis' }).click();
    await expect(heading).toBeInViewport();
    await expect(page.locator('#featured-analysis')).toBeFocused();
  });

  test('search waits 300 ms after typing, then matches title, tags and module names', async ({
    page,
  }) => {
    await open(page, INDEX);
    await expect(countLine(page)).toHaveText(`Showing 6 of ${ARTICLES.length} articles`);
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    // The list hydrates at the first touch; the timing below is the live list's.
    await search.focus();
    await page.locator('[data-island="article-library"][data-hydrated]').waitFor();

    // Every keystroke and every change of the count line, timed in the page. A debounced
    // search changes the list only once typing has paused for 300 ms; on a busy machine a
    // pause between two keystrokes can itself pass 300 ms, so each change is measured from
    // the keystroke just before it.
    await page.evaluate(() => {
      const w = window as unknown as { typed: number[]; changed: number[] };
      w.typed = [];
      w.changed = [];
      const status = document.querySelector('.library-status__count');
      // Capturing on window runs before React's own listener, which starts the debounce
      // timer and may re-render before a later listener would note the time.
      window.addEventListener('input', () => w.typed.push(performance.now()), { capture: true });
      new MutationObserver(() => w.changed.push(performance.now())).observe(status as Node, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await search.pressSequentially('PassRole', { delay: 40 });
    const passRole = ARTICLES.filter((a) =>
      [a.title, a.description, ...a.tags, ...a.kryonSolution]
        .join('\n')
        .toLowerCase()
        .includes('passrole'),
    );
    await expect(countLine(page)).toHaveText(
      `Showing ${Math.min(6, passRole.length)} of ${passRole.length} ${passRole.length === 1 ? 'article' : 'articles'}`,
    );
    const waits = await page.evaluate(() => {
      const w = window as unknown as { typed: number[]; changed: number[] };
      return w.changed.map((at) => at - Math.max(...w.typed.filter((t) => t <= at)));
    });
    expect(waits.length).toBeGreaterThan(0);
    for (const waited of waits) expect(waited).toBeGreaterThanOrEqual(295);

    // Module names are searched too.
    await search.fill('kryon defend');
    const defend = ARTICLES.filter((a) => a.kryonSolution.includes('Kryon Defend'));
    await expect(countLine(page)).toHaveText(new RegExp(`of ${defend.length} articles?$`));
  });

  test('category and severity combine with AND; clear-all resets every filter', async ({
    page,
  }) => {
    await open(page, INDEX);
    const category = page.getByRole('combobox', { name: 'Category' });
    await category.selectOption('Identity Risks');
    const critical = page.getByRole('button', { name: 'Critical', exact: true });
    const high = page.getByRole('button', { name: 'High', exact: true });
    await critical.click();
    await high.click();
    await expect(critical).toHaveAttribute('aria-pressed', 'true');

    const expected = ARTICLES.filter(
      (a) => a.category === 'Identity Risks' && ['Critical', 'High'].includes(a.severity),
    );
    expect(expected.length).toBeGreaterThan(0);
    await expect(countLine(page)).toHaveText(
      `Showing ${Math.min(6, expected.length)} of ${expected.length} articles`,
    );
    const shown = cards(page);
    await expect(shown).toHaveCount(Math.min(6, expected.length));
    for (const card of await shown.all()) {
      await expect(card).toContainText('Identity Risks');
      await expect(card).toContainText(/Critical|High/i);
    }

    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(category).toHaveValue('');
    await expect(critical).toHaveAttribute('aria-pressed', 'false');
    await expect(high).toHaveAttribute('aria-pressed', 'false');
    await expect(countLine(page)).toHaveText(`Showing 6 of ${ARTICLES.length} articles`);
  });

  test('the list shows six cards until "show N more articles" is chosen', async ({ page }) => {
    await open(page, INDEX);
    await expect(cards(page)).toHaveCount(6);
    const more = page.getByRole('button', { name: `Show ${ARTICLES.length - 6} more articles` });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    await more.click();
    await expect(cards(page)).toHaveCount(ARTICLES.length);
    const fewer = page.getByRole('button', { name: 'Show fewer articles' });
    await expect(fewer).toHaveAttribute('aria-expanded', 'true');
    await fewer.click();
    await expect(cards(page)).toHaveCount(6);
  });

  test('no match shows the empty state, whose link clears the filters', async ({ page }) => {
    await open(page, INDEX);
    const search = page.getByRole('searchbox', { name: 'Search articles' });
    await search.fill('quantum blockchain mainframe');
    await expect(page.getByText('No articles found matching your filters.')).toBeVisible();
    await expect(results(page)).toHaveCount(0);
    await page.getByRole('button', { name: 'Clear all filters' }).click();
    await expect(search).toHaveValue('');
    await expect(cards(page)).toHaveCount(6);
  });

  test('cards carry NEW within 7 days, a US long date and its age', async ({ page }) => {
    await freezeToday(page);
    await open(page, INDEX);
    await page.getByRole('button', { name: /^Show \d+ more articles$/ }).click();
    const age = (date: string) => (Date.parse(TODAY) - Date.parse(date)) / DAY_MS;
    const fresh = ARTICLES.filter((a) => age(a.publishedDate) <= 7);
    expect(fresh.length).toBeGreaterThan(0);
    await expect(
      results(page).getByText('NEW', { exact: true }).filter({ visible: true }),
    ).toHaveCount(fresh.length);

    const [newest] = ARTICLES;
    if (!newest) throw new Error('no articles');
    const card = cards(page).first();
    await expect(card).toContainText(newest.title);
    const long = new Date(`${newest.publishedDate}T00:00:00Z`).toLocaleDateString('en-US', {
      year: 'numeric',
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    });
    await expect(card.locator('time')).toHaveText(long);
    await expect(card).toContainText(`${age(newest.publishedDate)} days ago`);
  });

  test('a category page, which runs no React, marks NEW only the articles of the last 7 days', async ({
    page,
  }) => {
    await freezeToday(page);
    const [newest] = ARTICLES;
    if (!newest) throw new Error('no articles');
    const category = ARTICLES.filter((a) => a.category === newest.category);
    const age = (date: string) => (Date.parse(TODAY) - Date.parse(date)) / DAY_MS;
    const fresh = category.filter((a) => age(a.publishedDate) <= 7);
    const path = CATEGORIES.find((c) => c.displayName === newest.category)?.path;
    if (!path) throw new Error(`no category page for ${newest.category}`);
    await open(page, path);
    const list = page.locator('main article');
    await expect(list).toHaveCount(category.length);
    // The site script hides the others' labels; hidden must hide whatever the badge's display.
    await expect(page.getByText('NEW', { exact: true }).filter({ visible: true })).toHaveCount(
      fresh.length,
    );
  });

  test('every card links to its article, and every article page is served', async ({
    page,
    request,
  }) => {
    await open(page, INDEX);
    await page.getByRole('button', { name: /^Show \d+ more articles$/ }).click();
    const links = results(page).getByRole('heading', { level: 3 }).getByRole('link');
    await expect(links).toHaveCount(ARTICLES.length);
    const hrefs = await links.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect([...hrefs].sort()).toEqual(ARTICLES.map((a) => a.url).sort());
    for (const article of ARTICLES) {
      expect(article.url).toMatch(/^\/security-intelligence\/[a-z0-9-]+\/[a-z0-9-]+$/);
      const response = await request.get(article.url);
      expect(response.status(), article.url).toBe(200);
      const html = await response.text();
      expect(html, article.url).toContain('"@type":"Article"');
      expect(html, article.url).not.toContain('Article Not Found');
      // Every code block is highlighted: it names its language and carries Shiki's token
      // classes, unless it is plain output that says `text` (decision 070).
      const blocks = [...html.matchAll(/<code data-language="([^"]*)">([\s\S]*?)<\/code><\/pre>/g)];
      expect(blocks.length, article.url).toBe((article.body.match(/^```\w/gm) ?? []).length);
      for (const [, lang, body] of blocks) {
        expect(lang, article.url).not.toBe('');
        if (lang !== 'text') expect(body, `${article.url} (${lang})`).toContain('<span class="hl-');
      }
    }
  });

  test('the challenge cards lead to their category pages', async ({ page }) => {
    await open(page, INDEX);
    await page.getByRole('link', { name: 'Explore identity risks' }).click();
    await expect(page).toHaveURL('/security-intelligence/identity-risks');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const identity = ARTICLES.filter((a) => a.category === 'Identity Risks');
    await expect(page.getByRole('main').getByRole('article')).toHaveCount(identity.length);
  });

  test('the hovered or focused timeline item is highlighted', async ({ page }) => {
    await open(page, INDEX);
    const items = page.locator('.timeline__item');
    // Highlighted: the item's time is drawn on the primary colour, as no other item's is.
    const highlighted = async () => {
      const backgrounds = await items.evaluateAll((all) =>
        all.map((item) => {
          const time = item.querySelector('.timeline__time');
          return time ? getComputedStyle(time).backgroundColor : '';
        }),
      );
      const counts = new Map<string, number>();
      for (const colour of backgrounds) counts.set(colour, (counts.get(colour) ?? 0) + 1);
      return backgrounds.flatMap((colour, index) => (counts.get(colour) === 1 ? [index] : []));
    };
    await expect.poll(highlighted).toEqual([]);
    await items.nth(2).hover();
    await expect.poll(highlighted).toEqual([2]);
    await items.nth(4).focus();
    await expect.poll(highlighted).toEqual([4]);
  });

  test('the index page and a category page have no accessibility violations', async ({ page }) => {
    await open(page, INDEX);
    await page.getByRole('button', { name: 'Critical', exact: true }).click();
    expect(await axeViolations(page)).toEqual([]);
    await page.goto('/security-intelligence/serverless-security');
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('article page', () => {
  // The second article has both a previous and a next article.
  const article = ARTICLES[1];
  const prev = ARTICLES[0];
  const next = ARTICLES[2];
  if (!article || !prev || !next) throw new Error('the library needs three articles');
  const category = CATEGORIES.find((c) => c.displayName === article.category);
  if (!category) throw new Error(`no category ${article.category}`);

  test('a deep link shows the article with breadcrumbs, structured data and neighbours', async ({
    page,
  }) => {
    const response = await page.goto(article.url);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(article.title);
    await hydrated(page);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    await expect(crumbs).toHaveText([
      'Home',
      'Security Intelligence',
      category.displayName,
      article.title,
    ]);
    await expect(
      page
        .getByRole('navigation', { name: 'Breadcrumb' })
        .getByRole('link', { name: category.displayName }),
    ).toHaveAttribute('href', category.path);
    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    );
    expect(jsonLd).toMatchObject({ '@type': 'Article', headline: article.title });

    await page.getByRole('link', { name: `Next: ${next.title}` }).click();
    await expect(page).toHaveURL(next.url);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(next.title);
    await page.getByRole('link', { name: `Previous: ${article.title}` }).click();
    await expect(page).toHaveURL(article.url);
    await page.getByRole('link', { name: `Previous: ${prev.title}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(prev.title);
  });

  test("a link in an article's text to a site page leads to that page and section", async ({
    page,
  }) => {
    const source = ARTICLES.find((a) => a.id === 'long-lived-access-keys');
    if (!source) throw new Error('no long-lived-access-keys article');
    await open(page, source.url);
    await page.locator('.article-body').getByRole('link', { name: 'Kryon IAM' }).click();
    await expect(page).toHaveURL('/features#modules');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(source.title);
    await expect(page.locator('#modules')).toBeInViewport();
  });

  test('an unknown article shows "Article Not Found"', async ({ page }) => {
    await page.goto(`${category.path}/no-such-article`);
    await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
    await expect(page).toHaveTitle(/^Article Not Found/);
    await expect(page.getByRole('main')).toContainText(
      `The article "no-such-article" could not be found in the ${category.displayName} category.`,
    );
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('listitem');
    await expect(crumbs).toHaveText([
      'Home',
      'Security Intelligence',
      category.displayName,
      'no-such-article',
    ]);
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Browse All Articles' })).toHaveAttribute(
      'href',
      INDEX,
    );
    await page.getByRole('link', { name: `View ${category.displayName} Articles` }).click();
    await expect(page).toHaveURL(category.path);
  });

  test('an article link with a blank slug shows "Invalid URL"', async ({ page }) => {
    // A mangled link: the slug segment is only a space, which validation trims away.
    await page.goto(`${category.path}/%20`);
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid URL' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      'The article URL is incomplete or malformed. Please check the link and try again.',
    );
    await expect(
      page.getByRole('link', { name: `View ${category.displayName} Articles` }),
    ).toHaveAttribute('href', category.path);
    await page.getByRole('link', { name: 'Browse All Articles' }).click();
    await expect(page).toHaveURL(INDEX);
  });

  test('an unknown category shows "Invalid Category"', async ({ page }) => {
    await page.goto('/security-intelligence/cloud-magic/some-article');
    await expect(page.getByRole('heading', { level: 1, name: 'Invalid Category' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      'The category "cloud-magic" is not recognized.',
    );
    await expect(page.getByRole('link', { name: /^View .* Articles$/ })).toHaveCount(0);
    await page.getByRole('link', { name: 'Browse All Articles' }).click();
    await expect(page).toHaveURL(INDEX);
  });

  test("an unknown category page shows the section's not-found page", async ({ page }) => {
    await page.goto('/security-intelligence/cloud-magic');
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      "The security intelligence page you're looking for doesn't exist.",
    );
    await page.getByRole('link', { name: 'Return to Security Intelligence' }).click();
    await expect(page).toHaveURL(INDEX);
  });

  test('an unknown article loaded directly is a real 404 that still offers a way on', async ({
    page,
  }) => {
    const response = await page.goto(`${category.path}/no-such-article`);
    expect(response?.status()).toBe(404);
    // The site's not-found page (the host cannot run the router), its screen shown, navigable.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('navigation', { name: /main/i })).toBeVisible();
    expect(await page.getByRole('main').getByRole('link').count()).toBeGreaterThan(0);
  });

  test("an unknown category page loaded directly is a 404 showing the section's not-found page", async ({
    page,
  }) => {
    const response = await page.goto(`${INDEX}/cloud-magic`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(
      "The security intelligence page you're looking for doesn't exist.",
    );
    await page.getByRole('link', { name: 'Return to Security Intelligence' }).click();
    await expect(page).toHaveURL(INDEX);
  });

  test('an unknown article or category loaded directly draws one page, not two', async ({
    page,
  }) => {
    for (const path of [`${category.path}/no-such-article`, `${INDEX}/cloud-magic`]) {
      // The host answers with the 404 page, whose site script then shows the screen the address
      // calls for in place of the page's own.
      await page.goto(path);
      await expect(page.locator('[data-not-found-under][data-shown]')).toHaveCount(1);
      await expect(page.locator('body > header')).toHaveCount(1);
      await expect(page.locator('body > main')).toHaveCount(1);
      await expect(page.locator('body > footer')).toHaveCount(1);
      await expect(page.locator('h1')).toHaveCount(1);
    }
  });

  test('an article page and an error screen have no accessibility violations', async ({ page }) => {
    await open(page, article.url);
    expect(await axeViolations(page)).toEqual([]);
    await page.goto(`${category.path}/no-such-article`);
    await expect(page.getByRole('heading', { level: 1, name: 'Article Not Found' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});
