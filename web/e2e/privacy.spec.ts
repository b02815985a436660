import type { Page } from '@playwright/test';
import { leadFormCommon } from '../app/content/lead-form-copy.ts';
import { privacyPageCopy } from '../app/content/privacy-page.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

const { sections } = privacyPageCopy;
const LINK_NAME = `${leadFormCommon.privacy.link} ${leadFormCommon.newTab}`;

async function expectTheNotice(page: Page) {
  await expect(page).toHaveURL('/privacy');
  await expect(page).toHaveTitle(privacyPageCopy.meta.title);
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(privacyPageCopy.hero.title);
}

test.describe('privacy notice', () => {
  test('the footer link leads to the notice: one h1, a contents list and every section', async ({
    page,
  }) => {
    await page.goto('/');
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Privacy Policy', exact: true })
      .click();
    await expectTheNotice(page);
    await expect(page.locator('time[datetime="2026-11-29"]')).toHaveText('November 29, 2026');

    const contents = page.getByRole('navigation', { name: privacyPageCopy.contentsLabel });
    await expect(contents.getByRole('link')).toHaveText(sections.map((s) => s.heading));
    for (const section of sections) {
      const region = page.getByRole('region', { name: section.heading });
      await expect(region).toHaveAttribute('id', section.id);
      await expect(region.getByRole('heading', { level: 2 })).toHaveText(section.heading);
    }
    // Every lead form is described, each in its own card.
    await expect(page.getByRole('article')).toHaveCount(5);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('a contents link takes the reader, and the keyboard, to its section', async ({ page }) => {
    await page.goto('/privacy');
    const target = sections.find((s) => s.id === 'your-rights');
    if (!target) throw new Error('no rights section');
    await page
      .getByRole('navigation', { name: privacyPageCopy.contentsLabel })
      .getByRole('link', { name: target.heading })
      .press('Enter');
    await expect(page).toHaveURL(`/privacy#${target.id}`);
    const heading = page.getByRole('heading', { level: 2, name: target.heading });
    await expect(heading).toBeInViewport();
    // The sticky header must not cover the heading the reader jumped to.
    const header = await page.locator('header').first().boundingBox();
    const box = await heading.boundingBox();
    expect(box?.y ?? 0).toBeGreaterThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    // Sequential focus continues from the section, not from the top of the page.
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() =>
      document.activeElement?.closest('section')?.getAttribute('id'),
    );
    expect(sections.map((s) => s.id).indexOf(focused ?? '')).toBeGreaterThanOrEqual(
      sections.indexOf(target),
    );
  });

  test('keyboard focus runs through the page in reading order', async ({ page }) => {
    await page.goto('/privacy');
    const stops: { text: string; top: number; inMain: boolean }[] = [];
    for (let i = 0; i < 80; i += 1) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        if (!element || element === document.body) return undefined;
        const rect = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        return {
          text: (element.textContent ?? '').trim(),
          top: rect.top + window.scrollY,
          inMain: Boolean(element.closest('main')),
          inFooter: Boolean(element.closest('footer')),
          visible: rect.width > 0 && rect.height > 0 && style.visibility !== 'hidden',
          outline: style.outlineStyle !== 'none' || style.boxShadow !== 'none',
        };
      });
      if (!stop || stop.inFooter) break;
      expect(stop.visible, `focus stop ${i} (${stop.text}) is visible`).toBe(true);
      expect(stop.outline, `focus stop ${i} (${stop.text}) shows focus`).toBe(true);
      stops.push(stop);
    }
    const main = stops.filter((s) => s.inMain);
    // First the contents list, in section order, then the links inside the sections.
    expect(main.slice(0, sections.length).map((s) => s.text)).toEqual(
      sections.map((s) => s.heading),
    );
    // At desktop width the contents list sits beside the text: after it, focus only moves down.
    const body = main.slice(sections.length);
    expect(body.length).toBeGreaterThan(0);
    for (let i = 1; i < body.length; i += 1) {
      expect(body[i]?.top, `${body[i]?.text} after ${body[i - 1]?.text}`).toBeGreaterThanOrEqual(
        body[i - 1]?.top ?? 0,
      );
    }
  });

  test('the demo form’s consent box links the notice in a new tab, keeping what was typed', async ({
    page,
    context,
  }) => {
    await page.goto('/demo');
    await page.getByRole('button', { name: 'Select Technical Demo' }).click();
    await page.getByLabel('Full name').fill('Ada Lovelace');
    const consent = page.getByRole('checkbox', { name: /I agree that Kryon may process/ });
    await expect(consent).toHaveAccessibleDescription(/How we use and keep what you send/);

    const link = page
      .locator('#demo-request-form-section')
      .getByRole('link', { name: LINK_NAME, exact: true });
    await expect(link).toHaveAttribute('target', '_blank');
    const [notice] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await notice.waitForLoadState();
    await expectTheNotice(notice);
    await notice.close();

    await expect(page).toHaveURL('/demo');
    await expect(page.getByLabel('Full name')).toHaveValue('Ada Lovelace');
  });

  test('the contact form, which keeps no draft, links the notice and loses nothing', async ({
    page,
    context,
  }) => {
    await page.goto('/contact');
    await page
      .getByRole('textbox', { name: 'Message' })
      .fill('We run 40 AWS accounts and want to talk.');
    const [notice] = await Promise.all([
      context.waitForEvent('page'),
      page.getByRole('main').getByRole('link', { name: LINK_NAME, exact: true }).click(),
    ]);
    await notice.waitForLoadState();
    await expectTheNotice(notice);
    await notice.close();
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(
      'We run 40 AWS accounts and want to talk.',
    );
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('privacy notice on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('fits the width, with the contents list above the text', async ({ page }) => {
    await page.goto('/privacy');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    const contents = await page
      .getByRole('navigation', { name: privacyPageCopy.contentsLabel })
      .boundingBox();
    const first = await page
      .getByRole('heading', { level: 2, name: sections[0]?.heading })
      .boundingBox();
    expect((contents?.y ?? 0) + (contents?.height ?? 0)).toBeLessThanOrEqual(first?.y ?? 0);
    expect(await axeViolations(page)).toEqual([]);
  });
});
