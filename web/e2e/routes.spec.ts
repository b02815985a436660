import { NOT_FOUND_PATH } from '../app/paths.ts';
import { sitemapEntries } from '../app/sitemap.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const ROUTES = [
  '/',
  '/features',
  '/what-we-are',
  '/security-intelligence',
  '/research-archive',
  '/contact',
  '/request-access',
  '/become-partner',
  '/demo',
  '/privacy',
];

test('every route is prerendered with one h1, its own title and a description', async ({
  request,
}) => {
  const titles = new Set<string>();
  for (const path of ROUTES) {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const title = html.match(/<title>([^<]+)<\/title>/)?.[1];
    expect(title, path).toBeTruthy();
    titles.add(title as string);
    expect(html, path).toMatch(/<meta name="description" content="[^"]{20,}"/);
    expect(html.match(/<h1[\s>]/g)?.length, path).toBe(1);

    // Search engines and link previews read the same page: canonical, Open Graph, Twitter.
    const canonical = html.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
    expect(canonical && new URL(canonical).pathname, path).toBe(path);
    expect(html, path).toContain(`<meta property="og:url" content="${canonical}"`);
    for (const tag of ['property="og:title"', 'property="og:description"', 'property="og:image"']) {
      expect(html, `${path} ${tag}`).toContain(`<meta ${tag}`);
    }
    for (const tag of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) {
      expect(html, `${path} ${tag}`).toContain(`<meta name="${tag}"`);
    }
  }
  expect(titles.size).toBe(ROUTES.length);
});

test('the home page describes the organisation in structured data', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const json = html.match(/<script type="application\/ld\+json">([^<]+)<\/script>/)?.[1];
  expect(json).toBeTruthy();
  expect(JSON.parse(json as string)).toMatchObject({
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: 'Kryon',
  });
});

test('a deep link to an article loads directly and its links work', async ({ page }) => {
  await page.goto('/security-intelligence');
  const response = await page.request.get('/security-intelligence/infrastructure-security');
  expect(response.status()).toBe(200);

  await page.goto('/security-intelligence/infrastructure-security');
  const firstArticle = page.getByRole('main').getByRole('link').first();
  const href = await firstArticle.getAttribute('href');
  expect(href).toMatch(/^\/security-intelligence\/infrastructure-security\/[a-z0-9-]+$/);

  const direct = await page.goto(href as string);
  expect(direct?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText(
    'Infrastructure Security',
  );
  await page
    .getByRole('navigation', { name: 'Breadcrumb' })
    .getByRole('link', { name: 'Home' })
    .click();
  await expect(page).toHaveURL('/');
});

test('an unknown path answers 404 with the not-found page', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('main').getByRole('link', { name: 'Contact Us' }).click();
  await expect(page).toHaveURL('/contact');
});

test('an unknown API path answers JSON, never HTML', async ({ request }) => {
  const missing = await request.get('/api/email/nope');
  expect(missing.status()).toBe(404);
  expect(await missing.json()).toMatchObject({ success: false });
  const wrongMethod = await request.get('/api/email/contact');
  expect(wrongMethod.status()).toBe(405);
  expect(wrongMethod.headers().allow).toContain('POST');
});

const AXE_PATHS = [...sitemapEntries().map((entry) => entry.path), NOT_FOUND_PATH];

test('axe is run on every page of the sitemap and the 404 page', () => {
  expect(AXE_PATHS.length).toBeGreaterThan(40);
});

// One test a page, each with its own time: a slow machine fails no page for the others' time.
for (const path of AXE_PATHS) {
  test(`axe finds nothing on ${path}`, async ({ page }) => {
    await page.goto(path);
    expect(await axeViolations(page)).toEqual([]);
  });
}
