import { FEED_PATH, SECURITY_TXT_PATH } from '@kryon/shared/site-files';
import { expect, test } from './fixtures.ts';

/*
 * The build's feed and security.txt as the local stack serves them: the files reach the
 * browser with their own content types, and library pages point feed readers at the feed.
 */

test('the library feed is served as Atom and lists the articles', async ({ request }) => {
  const response = await request.get(FEED_PATH);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
  const xml = await response.text();
  expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
  expect(xml).toMatch(/<link rel="self" type="application\/atom\+xml" href="[^"]+\/feed\.xml"\/>/);
  expect(xml).toContain('/security-intelligence/identity-risks/long-lived-access-keys"');
});

test('security.txt is served as UTF-8 plain text with a contact and a future expiry', async ({
  request,
}) => {
  const response = await request.get(SECURITY_TXT_PATH);
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('text/plain; charset=utf-8');
  const text = await response.text();
  expect(text).toMatch(/^Contact: mailto:\S+@\S+$/m);
  const expires = /^Expires: (\S+)$/m.exec(text)?.[1] ?? '';
  expect(Date.parse(expires)).toBeGreaterThan(Date.now());
  expect(text).toMatch(/^Canonical: https?:\/\/\S+\/\.well-known\/security\.txt$/m);
});

for (const path of [
  '/security-intelligence',
  '/security-intelligence/identity-risks',
  '/security-intelligence/identity-risks/long-lived-access-keys',
]) {
  test(`${path} links the feed for feed readers`, async ({ page }) => {
    await page.goto(path);
    const link = page.locator('head link[rel="alternate"][type="application/atom+xml"]');
    await expect(link).toHaveCount(1);
    await expect(link).toHaveAttribute('href', new RegExp(`${FEED_PATH.replaceAll('.', '\\.')}$`));
    await expect(link).toHaveAttribute('title', 'Kryon Security Intelligence');
  });
}

test('other pages carry no feed link', async ({ page }) => {
  await page.goto('/features');
  await expect(page.locator('head link[rel="alternate"]')).toHaveCount(0);
});
