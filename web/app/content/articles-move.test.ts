import { describe, expect, it } from 'vitest';
import { renderedBlocks } from '../../scripts/articles/rendered-blocks.ts';
import { renderArticle } from '../features/articles/render-article.server.ts';
import before from './articles-before.fixture.json';
import { ARTICLES, proseWordCount } from './library.ts';
import { SITE_PAGES } from './site-pages.ts';

/**
 * Temporary, while the articles move from TypeScript blocks to Markdown: every article
 * shows the same text, block by block, and keeps its read time.
 */
describe('the move to Markdown', () => {
  it('keeps every article', () => {
    expect(ARTICLES.map((a) => a.id).sort()).toEqual(Object.keys(before).sort());
  });

  it.each(ARTICLES.map((a) => [a.id, a] as const))('%s reads the same', async (id, article) => {
    const old = (
      before as Record<string, { blocks: string[]; readTime: string; proseWords: number }>
    )[id];
    const { html } = await renderArticle(article.body, {
      path: id,
      isSitePage: (path) => SITE_PAGES.has(path),
      newTabHint: '(opens in a new tab)',
    });
    expect(renderedBlocks(html)).toEqual(old?.blocks);
    expect(article.readTime).toBe(old?.readTime);
    expect(proseWordCount(article.body)).toBe(old?.proseWords);
  });
});
