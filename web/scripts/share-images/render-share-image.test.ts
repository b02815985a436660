// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { ARTICLES, CATEGORIES } from '../../app/content/library.ts';
import {
  renderShareImage,
  renderShareSvg,
  type ShareCard,
  shareImageTheme,
} from './render-share-image.tsx';
import { articleShareJob, categoryShareJob } from './share-cards.ts';

const tokensCss = readFileSync(new URL('../../app/styles/tokens.css', import.meta.url), 'utf8');
const options = { theme: shareImageTheme(tokensCss), siteHost: 'kryon.security' };

/** A PNG's width and height, from its first chunk (IHDR), as an image reader finds them. */
function pngSize(png: Buffer): { width: number; height: number } {
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

describe('renderShareImage', () => {
  it('draws an article as a 1200x630 PNG', async () => {
    const article = ARTICLES[0];
    if (!article) throw new Error('no articles');
    const png = await renderShareImage(articleShareJob(article).card, options);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  }, 30_000);
});

interface PlacedText {
  text: string;
  x: number;
  /** The baseline. */
  y: number;
  width: number;
  size: number;
}

/** Where satori placed each run of words, from its SVG with text left as text. */
async function layout(card: ShareCard): Promise<PlacedText[]> {
  const svg = await renderShareSvg(card, { ...options, textAsText: true });
  return [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].map(
    ([, attributes = '', text = '']) => {
      const number = (name: string) =>
        Number(new RegExp(`\\b${name}="([^"]+)"`).exec(attributes)?.[1]);
      return {
        text,
        x: number('x'),
        y: number('y'),
        width: number('width'),
        size: number('font-size'),
      };
    },
  );
}

const longest = [...ARTICLES].sort((a, b) => b.title.length - a.title.length)[0];
const shortest = [...ARTICLES].sort((a, b) => a.title.length - b.title.length)[0];
if (!longest || !shortest) throw new Error('no articles');
const runOn = articleShareJob(longest).card;
const layoutCases: [string, ShareCard][] = [
  ['the longest article title', articleShareJob(longest).card],
  ['the shortest article title', articleShareJob(shortest).card],
  ['a title six times the longest', { ...runOn, title: Array(6).fill(runOn.title).join(' ') }],
  ...CATEGORIES.map((category): [string, ShareCard] => [
    `the ${category.displayName} category`,
    categoryShareJob(category).card,
  ]),
];

describe.each(layoutCases)('the layout of %s', (_name, card) => {
  it('keeps every word inside the margins and above the footer, the title in four lines', async () => {
    const texts = await layout(card);
    const words = texts.filter((t) => t.text.trim() !== '' && t.text !== '…');
    for (const word of words) {
      expect(word.x, word.text).toBeGreaterThanOrEqual(72);
      expect(word.x + word.width, word.text).toBeLessThanOrEqual(1200 - 72 + 0.5);
    }
    const footer = texts.find((t) => t.text === 'kryon.security');
    expect(footer).toBeDefined();
    const footerTop = (footer?.y ?? 0) - (footer?.size ?? 0);
    const above = words.filter((t) => t.y < (footer?.y ?? 0));
    // A baseline's descenders reach about a quarter of the size below it.
    for (const word of above) expect(word.y + word.size / 4, word.text).toBeLessThan(footerTop);
    const titleSize = Math.max(...words.map((t) => t.size));
    expect(
      new Set(words.filter((t) => t.size === titleSize).map((t) => t.y)).size,
    ).toBeLessThanOrEqual(4);
    expect(words.map((t) => t.text).join(' ')).toContain(card.title.split(' ')[0]);
  }, 30_000);
});

describe('the words on the images', () => {
  const require = createRequire(import.meta.url);
  const fonts = [400, 600, 700].map(
    (weight) =>
      fontkit.openSync(
        require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`),
      ) as fontkit.Font,
  );
  const cards = [...ARTICLES.map(articleShareJob), ...CATEGORIES.map(categoryShareJob)].map(
    (job) => job.card,
  );

  it('use only characters the embedded typeface has', () => {
    const missing = new Set<string>();
    for (const card of cards) {
      const text = [card.severity?.label, card.label, card.title, card.subtitle, card.detail];
      for (const char of text.join(' ')) {
        const code = char.codePointAt(0) ?? 0;
        if (!fonts.every((font) => font.hasGlyphForCodePoint(code))) {
          missing.add(`U+${code.toString(16)} ${char}`);
        }
      }
    }
    expect([...missing]).toEqual([]);
  });
});

describe('shareImageTheme', () => {
  it("takes the brand's colours from the design tokens", () => {
    const theme = shareImageTheme(tokensCss);
    expect(theme.background).toBe(/--color-bg:\s*(#[0-9a-f]{6})/.exec(tokensCss)?.[1]);
    expect(theme.brandGradient).toMatch(/^linear-gradient\(/);
  });

  it('refuses tokens without a colour it needs', () => {
    expect(() => shareImageTheme(tokensCss.replace('--color-bg:', '--color-gone:'))).toThrow(
      /--color-bg/,
    );
  });
});
