import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

/*
 * "Did you mean …?" under a form's e-mail field, in Chromium on the built site. With
 * SCREENSHOT_DIR set, the journey also saves what the suggestion looks like there.
 */

async function screenshot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.locator('form.lead-form').screenshot({ path: join(dir, name) });
}

async function suggestTypo(page: Page) {
  await page.goto('/contact');
  const email = page.getByLabel('Work email');
  await email.fill('name@gmial.com');
  // Nothing while typing: the address is only checked once the field is left.
  await expect(page.locator('#contact-email-suggestion')).toHaveText('');
  await email.blur();
  const suggestion = page.locator('#contact-email-suggestion');
  await expect(suggestion).toHaveText(/Did you mean name@gmail\.com\?/);
  return { email, suggestion };
}

test.describe('a mistyped e-mail domain', () => {
  test('is met with "Did you mean …?", applied with one click', async ({ page }) => {
    const { email, suggestion } = await suggestTypo(page);
    await expect(suggestion).toHaveAttribute('aria-live', 'polite');
    await expect(email).toHaveAccessibleDescription(/Did you mean name@gmail\.com\?/);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, 'email-typo-desktop.png');

    await page.getByRole('button', { name: 'Yes, use that' }).click();

    await expect(email).toHaveValue('name@gmail.com');
    await expect(email).toBeFocused();
    await expect(suggestion).toHaveText('');
  });

  test.describe('on a phone', () => {
    test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

    test('fits the screen, and "keep mine" leaves the address as typed', async ({ page }) => {
      const { email, suggestion } = await suggestTypo(page);
      const keep = page.getByRole('button', { name: 'No, keep mine' });
      const box = await keep.boundingBox();
      expect(box?.height).toBeGreaterThanOrEqual(44);
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      await screenshot(page, 'email-typo-phone.png');

      await keep.tap();
      await expect(email).toHaveValue('name@gmial.com');
      await expect(suggestion).toHaveText('');
    });
  });
});
