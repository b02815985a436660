import { expect, test } from './fixtures.ts';

const NAV = [
  ['Home', '/'],
  ['Features', '/features'],
  ['What We Are', '/what-we-are'],
  ['Security Intelligence', '/security-intelligence'],
  ['Contact Us', '/contact'],
] as const;

test('the navigation marks the current page and leads to every section', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, path] of NAV) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  }
  await nav.getByRole('link', { name: 'Become a Partner' }).click();
  await expect(page).toHaveURL('/request-access');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation Request');
});

test('every route change starts at the top of the new page', async ({ page }) => {
  await page.goto('/contact');
  await page.mouse.wheel(0, 5000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
  await page.getByRole('contentinfo').getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL('/what-we-are');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test('back-to-top appears after 300 px and scrolls to the top', async ({ page }) => {
  await page.goto('/contact');
  const button = page.getByRole('button', { name: 'Back to top' });
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 250));
  await expect(button).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 800));
  await expect(button).toBeVisible();
  await button.click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(button).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test('the menu toggle opens the links and choosing one closes it', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Features' })).toBeHidden();

    await toggle.click();
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await nav.getByRole('link', { name: 'Features' }).click();

    await expect(page).toHaveURL('/features');
    await expect(nav.getByRole('link', { name: 'Features' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('Escape closes the menu', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
