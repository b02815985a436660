import type { APIRequestContext } from '@playwright/test';
import { ARTICLES, CATEGORIES } from '../app/content/library.ts';
import { expect, test } from './fixtures.ts';

/*
 * Link previews: a crawler reads a page's og:image and fetches it. The meta carries the
 * production origin, so the image is fetched from this server at the same path.
 */

/** The og:image URL of a prerendered page, read from its HTML as a crawler reads it. */
async function ogImageOf(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
  expect(image, path).toBeTruthy();
  return image as string;
}

/** Fetches a share image here and checks it is a 1200x630 PNG (its IHDR chunk). */
async function expectShareImage(request: APIRequestContext, imageUrl: string) {
  const { pathname } = new URL(imageUrl);
  const response = await request.get(pathname);
  expect(response.status(), pathname).toBe(200);
  expect(response.headers()['content-type'], pathname).toBe('image/png');
  const png = await response.body();
  expect(png.subarray(1, 4).toString('latin1'), pathname).toBe('PNG');
  expect([png.readUInt32BE(16), png.readUInt32BE(20)], pathname).toEqual([1200, 630]);
}

test("an article page's og:image answers with its own PNG", async ({ page }) => {
  const article = ARTICLES[0];
  if (!article) throw new Error('no articles');
  await page.goto(article.url);
  const image = await page.locator('meta[property="og:image"]').getAttribute('content');
  expect(image).toMatch(/^https?:\/\/[^/]+\/og\/[a-z0-9-]+\/[a-z0-9-]+\.png$/);
  await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', image ?? '');
  await expectShareImage(page.request, image ?? '');
});

test('every article and category page has a share image in the build', async ({ request }) => {
  const paths = [...ARTICLES.map((a) => a.url), ...CATEGORIES.map((c) => c.path)];
  const images = new Set<string>();
  for (const path of paths) {
    const image = await ogImageOf(request, path);
    images.add(image);
    await expectShareImage(request, image);
  }
  expect(images.size).toBe(paths.length);
});
