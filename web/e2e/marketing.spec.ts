import { readFileSync } from 'node:fs';
import { UI } from '@kryon/shared/constants';
import { type Locator, type Page, test as withoutScripts } from '@playwright/test';
import { cardDetailCopy } from '../app/content/card-detail.ts';
import { companyPageCopy } from '../app/content/company-page.ts';
import { featuresPageCopy } from '../app/content/features-page.ts';
import { homePageCopy } from '../app/content/home-page.ts';
import { modules } from '../app/content/modules.ts';
import { axeViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';

// site-config.ts reads Vite's import.meta.env, which Node lacks: take the founder's name from
// the file's text, so the test still follows the one place the name is configured.
const FOUNDER_NAME = readFileSync(new URL('../app/site-config.ts', import.meta.url), 'utf8').match(
  /founder:\s*\{\s*name:\s*'([^']+)'/,
)?.[1] as string;

const MARKETING_PAGES = ['/', '/features', '/what-we-are'] as const;

/** Waits for the dialog's opening animation, so checks see its final state. */
async function animationsDone(locator: Locator) {
  await locator.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
  );
}

async function openCard(page: Page, name: string) {
  const trigger = page.getByRole('button', { name, exact: true });
  await trigger.click();
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: cardDetailCopy.card.overview })).toBeVisible();
  return { trigger, dialog };
}

function focusIsInside(page: Page) {
  return page.evaluate(() => Boolean(document.activeElement?.closest('dialog[open]')));
}

test.describe('home', () => {
  test('shows every section in order, with the hero call to action', async ({ page }) => {
    await page.goto('/');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText(homePageCopy.hero.tagline);
    await expect(main.getByText(homePageCopy.hero.subtext)).toBeVisible();

    const headings = await main.getByRole('heading', { level: 2 }).allTextContents();
    const { sections } = homePageCopy;
    expect(headings).toEqual([
      homePageCopy.advantage.heading,
      homePageCopy.invisibleGaps.heading,
      sections.modules.heading,
      sections.themes.heading,
      sections.capabilities.heading,
      sections.featureCards.heading,
      homePageCopy.closing.heading,
    ]);
    const advantage = page.getByRole('region', { name: homePageCopy.advantage.heading });
    await expect(advantage.getByRole('heading', { level: 3 })).toHaveText(
      homePageCopy.pillars.map((pillar) => pillar.title),
    );
    for (const point of homePageCopy.invisibleGaps.points) {
      await expect(main.getByText(point)).toBeVisible();
    }
    await expect(main.getByText(homePageCopy.attackMappingQuote.quote)).toBeVisible();
    // 5 modules, 3 problem themes, 4 capabilities, 3 feature cards: all open the overlay.
    await expect(main.locator('button[aria-haspopup="dialog"]')).toHaveCount(15);

    await main.getByRole('link', { name: homePageCopy.hero.cta.label }).first().click();
    await expect(page).toHaveURL('/request-access');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Invitation Request');
  });

  test('lays the modules out as a row of three and a row of two', async ({ page }) => {
    await page.goto('/');
    const boxes = await Promise.all(
      modules.map((module) =>
        page
          .getByRole('button', { name: module.name, exact: true })
          .locator('xpath=ancestor::li[1]')
          .boundingBox(),
      ),
    );
    const tops = boxes.map((box) => Math.round(box?.y ?? -1));
    expect(new Set(tops.slice(0, 3)).size).toBe(1);
    expect(new Set(tops.slice(3)).size).toBe(1);
    expect(tops[3]).toBeGreaterThan(tops[0] as number);
  });

  test('"See Kryon in Action" opens the features page at its top', async ({ page }) => {
    await page.goto('/');
    const cta = page.getByRole('link', { name: homePageCopy.productCta.label });
    await cta.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    await cta.click();
    await expect(page).toHaveURL('/features');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(featuresPageCopy.hero.title);
    await page.waitForTimeout(UI.scrollAfterNavigationMs + 50);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('the closing cards expand and collapse by keyboard and by click', async ({ page }) => {
    await page.goto('/');
    const closing = page.getByRole('region', { name: homePageCopy.closing.heading });
    const [first, second] = homePageCopy.closing.questions;
    if (!first || !second) throw new Error('the closing section needs two questions');
    const answer = closing.getByText(first.answer);
    await expect(answer).toBeHidden();

    await closing.locator('summary', { hasText: first.question }).focus();
    await page.keyboard.press('Enter');
    await expect(answer).toBeVisible();
    await expect(closing.locator('details').first()).toHaveAttribute('open', '');
    await page.keyboard.press('Space');
    await expect(answer).toBeHidden();

    await closing.getByText(second.question).click();
    await expect(closing.getByText(second.answer)).toBeVisible();
  });

  test('"Start solving" leads to the access request', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('link', { name: homePageCopy.startSolvingCta.label }).click();
    await expect(page).toHaveURL('/request-access');
  });
});

test.describe('card detail overlay', () => {
  test('opens as a modal dialog, keeps focus inside and returns it on Escape', async ({ page }) => {
    await page.goto('/');
    const { trigger, dialog } = await openCard(page, 'Kryon Graph');

    await expect(dialog.getByRole('button', { name: cardDetailCopy.closeLabel })).toBeFocused();
    for (let press = 0; press < 6; press++) {
      await page.keyboard.press('Tab');
      expect(await focusIsInside(page)).toBe(true);
    }
    for (let press = 0; press < 3; press++) {
      await page.keyboard.press('Shift+Tab');
      expect(await focusIsInside(page)).toBe(true);
    }
    // Only one overlay, covering the page: the cards behind it cannot be reached.
    await expect(page.locator('dialog[open]')).toHaveCount(1);
    const coveredByDialog = await page.evaluate(() => {
      const element = document.elementFromPoint(20, window.innerHeight / 2);
      return Boolean(element?.closest('dialog[open]'));
    });
    expect(coveredByDialog).toBe(true);

    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test('the page behind does not scroll while it is open', async ({ page }) => {
    await page.goto('/');
    await openCard(page, 'Alert Overload');
    const before = await page.evaluate(() => window.scrollY);
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe(
      'hidden',
    );
    await page.mouse.move(20, 450);
    await page.mouse.wheel(0, 1500);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => window.scrollY)).toBe(before);
  });

  test('a click inside the panel keeps it open; the backdrop and the close button close it', async ({
    page,
  }) => {
    await page.goto('/');
    const { trigger, dialog } = await openCard(page, 'Noise Reduction');
    await animationsDone(dialog);

    await dialog.getByRole('heading', { level: 2 }).click();
    await dialog.getByRole('heading', { name: cardDetailCopy.card.keyMetrics }).click();
    await expect(dialog).toBeVisible();

    await page.mouse.click(12, 450);
    await expect(dialog).toHaveCount(0);
    await expect(trigger).toBeFocused();

    await trigger.click();
    await page.getByRole('dialog').getByRole('button', { name: cardDetailCopy.closeLabel }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(trigger).toBeFocused();
  });

  test('opens from the keyboard', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Unified Cloud Graph', exact: true });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Unified Cloud Graph' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(trigger).toBeFocused();
  });

  test('opens with a 0.4 s rise and fade, and closes at once', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Kryon Core', exact: true });
    const id = (await trigger.getAttribute('commandfor')) as string;
    // The transitions the opening runs, as the browser reports them when they end.
    await page.evaluate((id) => {
      const dialog = document.getElementById(id) as HTMLElement;
      dialog.addEventListener('transitionend', (event) => {
        if (event.target !== dialog) return;
        const ms = Math.round(event.elapsedTime * 1000);
        const ended = dialog.dataset.ended ? dialog.dataset.ended.split(' ') : [];
        dialog.dataset.ended = [
          ...ended,
          `${event.pseudoElement || 'dialog'}/${event.propertyName}:${ms}`,
        ]
          .sort()
          .join(' ');
      });
    }, id);
    await trigger.click();
    const ms = UI.modalAnimationMs;
    await expect(page.locator(`#${id}`)).toHaveAttribute(
      'data-ended',
      `::backdrop/opacity:${ms} dialog/opacity:${ms} dialog/transform:${ms}`,
    );

    await page.keyboard.press('Escape');
    const closed = await page.evaluate((id) => {
      const dialog = document.getElementById(id) as HTMLDialogElement;
      return { open: dialog.open, display: getComputedStyle(dialog).display };
    }, id);
    expect(closed).toEqual({ open: false, display: 'none' });
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('opens without animation', async ({ page }) => {
      await page.goto('/');
      const { dialog } = await openCard(page, 'Kryon Core');
      const motion = await dialog.evaluate((element) => ({
        running: element.getAnimations({ subtree: true }).length,
        opacity: getComputedStyle(element).opacity,
        transition: getComputedStyle(element).transitionProperty,
      }));
      expect(motion).toEqual({ running: 0, opacity: '1', transition: 'none' });
    });
  });
});

// The fixtures wait for the site script, which does not run here: the bare test runner.
withoutScripts.describe('with JavaScript off', () => {
  withoutScripts.use({ javaScriptEnabled: false });

  withoutScripts(
    "a card on /features still opens its details, which read and close as HTML's own",
    async ({ page }) => {
      await page.goto('/features');
      await expect(page.locator('html')).not.toHaveAttribute('data-ready');
      const graph = modules.find((module) => module.id === 'graph');
      if (!graph) throw new Error('the Graph module is missing');
      // The summary is on the page regardless.
      await expect(page.getByText(graph.description)).toBeVisible();

      const trigger = page.getByRole('button', { name: graph.name, exact: true });
      await trigger.click();
      const dialog = page.getByRole('dialog', { name: graph.name });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText(graph.expandedContent.overview)).toBeVisible();
      const close = dialog.getByRole('button', { name: cardDetailCopy.closeLabel });
      await expect(close).toBeFocused();
      await close.click();
      await expect(dialog).toHaveCount(0);
      await expect(trigger).toBeFocused();

      await trigger.click();
      await expect(dialog).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);

      await trigger.click();
      await animationsDone(dialog);
      await page.mouse.click(12, 450);
      await expect(dialog).toHaveCount(0);
      await expect(trigger).toBeFocused();
    },
  );
});

test.describe('features', () => {
  test('"Explore Our Modules" scrolls the modules 80 px below the top', async ({ page }) => {
    await page.goto('/features');
    await page.getByRole('link', { name: featuresPageCopy.hero.cta.label }).click();
    const section = page.locator(`#${featuresPageCopy.modulesSection.id}`);
    await expect
      .poll(() => section.evaluate((element) => Math.round(element.getBoundingClientRect().top)))
      .toBe(UI.featuresScrollOffsetPx);
    await expect(section).toBeFocused();
    for (const module of modules) {
      await expect(section.getByRole('button', { name: module.name, exact: true })).toBeVisible();
    }
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });

    test('"Explore Our Modules" jumps there at once', async ({ page }) => {
      await page.goto('/features');
      await page.getByRole('link', { name: featuresPageCopy.hero.cta.label }).click();
      const top = await page
        .locator(`#${featuresPageCopy.modulesSection.id}`)
        .evaluate((element) => Math.round(element.getBoundingClientRect().top));
      expect(top).toBe(UI.featuresScrollOffsetPx);
    });
  });

  test('the comparison is a real table with written-out ratings', async ({ page }) => {
    await page.goto('/features');
    const { comparison } = featuresPageCopy;
    const table = page.getByRole('table', { name: comparison.caption });
    await expect(table.locator('caption')).toHaveText(comparison.caption);
    await expect(table.locator('thead th[scope="col"]')).toHaveCount(comparison.columns.length + 1);
    await expect(table.locator('tbody th[scope="row"]')).toHaveCount(comparison.rows.length);
    const rows = table.locator('tbody tr');
    for (const [index, row] of comparison.rows.entries()) {
      const cells = rows.nth(index).locator('td');
      for (const [column, spec] of comparison.columns.entries()) {
        const cell = row.cells[spec.id];
        await expect(cells.nth(column)).toContainText(comparison.ratingLabels[cell.rating]);
      }
    }
  });

  test('"Built for Scale" lists its six items', async ({ page }) => {
    await page.goto('/features');
    const section = page.getByRole('region', { name: featuresPageCopy.builtForScale.heading });
    await expect(section.getByRole('heading', { level: 3 })).toHaveText(
      featuresPageCopy.builtForScale.items.map((item) => item.title),
    );
  });
});

test.describe('company', () => {
  test('shows the mission, the five values, the founder and the experience claim', async ({
    page,
  }) => {
    await page.goto('/what-we-are');
    const main = page.getByRole('main');
    await expect(
      main.getByRole('heading', { level: 2, name: companyPageCopy.mission.heading }),
    ).toBeVisible();
    const values = page.getByRole('region', { name: companyPageCopy.values.heading });
    await expect(values.getByRole('heading', { level: 3 })).toHaveText(
      companyPageCopy.values.items.map((item) => item.title),
    );
    expect(FOUNDER_NAME).toBeTruthy();
    const founder = main.getByRole('article', { name: FOUNDER_NAME });
    await expect(founder).toContainText(companyPageCopy.leadership.founder.role);
    await expect(main.getByText(companyPageCopy.expertise.value, { exact: true })).toBeVisible();

    await main.getByRole('link', { name: companyPageCopy.hero.cta.label }).click();
    await expect(page).toHaveURL('/request-access');
  });
});

test.describe('accessibility', () => {
  for (const path of MARKETING_PAGES) {
    test(`${path} has no detectable violations`, async ({ page }) => {
      await page.goto(path);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  for (const [path, card] of [
    ['/', 'Hidden Privilege Paths'],
    ['/', 'Agentless Deployment'],
    ['/features', 'Kryon Defend'],
  ] as const) {
    test(`${path} has no detectable violations with "${card}" open`, async ({ page }) => {
      await page.goto(path);
      const { dialog } = await openCard(page, card);
      await animationsDone(dialog);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 } });

  for (const path of MARKETING_PAGES) {
    test(`${path} fits 375 px, hides the decoration and keeps 44 px targets`, async ({ page }) => {
      await page.goto(path);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        375,
      );
      await expect(page.locator('.hero-backdrop')).toBeHidden();
      // The ones on screen: a closed card dialog's buttons have no box until it opens.
      const targets = page.getByRole('main').locator('a.btn, button.btn').filter({ visible: true });
      for (const box of await targets.evaluateAll((elements) =>
        elements.map((element) => element.getBoundingClientRect().height),
      )) {
        expect(box).toBeGreaterThanOrEqual(44);
      }
    });
  }

  test('the overlay fills the screen without overflowing', async ({ page }) => {
    await page.goto('/');
    const { dialog } = await openCard(page, 'Kryon Vuln');
    await animationsDone(dialog);
    const panel = await dialog.boundingBox();
    expect(Math.round(panel?.width ?? 0)).toBe(375);
    expect(Math.round(panel?.height ?? 0)).toBe(740);
    expect(await dialog.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(
      true,
    );
    const close = await dialog
      .getByRole('button', { name: cardDetailCopy.closeLabel })
      .boundingBox();
    expect(close?.height).toBeGreaterThanOrEqual(44);
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe('with reduced motion', () => {
  test.use({ reducedMotion: 'reduce' });

  test('the decorative background is hidden on the desktop too', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('.hero-backdrop')).toBeHidden();
  });
});
