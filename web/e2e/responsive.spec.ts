import { ARTICLES } from '../app/content/library.ts';
import { modules } from '../app/content/modules.ts';
import { PATHS } from '../app/paths.ts';
import { expect, test } from './fixtures.ts';

/*
 * The two middle viewport classes: tablet 768-1023 px and desktop
 * 1024-1439 px. Phones (375 px) and large screens (1440 px) have their own journeys in
 * marketing.spec.ts and layout.spec.ts.
 */
const PAGES = [...Object.values(PATHS), (ARTICLES[0] as { url: string }).url];

/** The module cards' rows, as indexes of the five modules. */
const VIEWPORTS = [
  {
    name: 'tablet',
    width: 768,
    height: 1024,
    menuCollapsed: true,
    moduleRows: [[0, 1], [2, 3], [4]],
  },
  {
    name: 'small desktop',
    width: 1024,
    height: 768,
    menuCollapsed: false,
    moduleRows: [
      [0, 1, 2],
      [3, 4],
    ],
  },
] as const;

for (const viewport of VIEWPORTS) {
  test.describe(`at ${viewport.width} px (${viewport.name})`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('every page fits the width, with no sideways scrolling', async ({ page }) => {
      for (const path of PAGES) {
        await page.goto(path);
        const width = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(width, path).toBeLessThanOrEqual(viewport.width);
      }
    });

    test(`the main navigation is ${viewport.menuCollapsed ? 'behind the menu button' : 'in the bar'}`, async ({
      page,
    }) => {
      await page.goto(PATHS.home);
      const nav = page.getByRole('navigation', { name: 'Main' });
      const features = nav.getByRole('link', { name: 'Features' });
      const toggle = page.getByRole('button', { name: 'Open menu' });
      if (viewport.menuCollapsed) {
        await expect(features).toBeHidden();
        await toggle.click();
        await expect(features).toBeVisible();
      } else {
        await expect(toggle).toBeHidden();
        await expect(features).toBeVisible();
      }
      await features.click();
      await expect(page).toHaveURL(PATHS.features);
    });

    test(`home shows the decoration and the modules in rows of ${viewport.moduleRows.map((row) => row.length).join(', ')}`, async ({
      page,
    }) => {
      await page.goto(PATHS.home);
      await expect(page.locator('.hero-backdrop')).toBeVisible();
      const tops = await Promise.all(
        modules.map(async (module) => {
          const box = await page
            .getByRole('button', { name: module.name, exact: true })
            .locator('xpath=ancestor::li[1]')
            .boundingBox();
          return Math.round(box?.y ?? -1);
        }),
      );
      const rowTops = viewport.moduleRows.map((row) => {
        expect(new Set(row.map((index) => tops[index])).size).toBe(1);
        return tops[row[0] as number] as number;
      });
      expect(rowTops).toEqual([...rowTops].sort((a, b) => a - b));
      expect(new Set(rowTops).size).toBe(rowTops.length);
    });
  });
}
