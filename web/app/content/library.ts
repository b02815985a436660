import { articlePath, categoryPath, slugify } from '../paths.ts';
import { ARTICLE_SOURCES } from './articles.ts';
import {
  ARTICLE_CATEGORIES,
  type Article,
  type ArticleBlock,
  type ArticleCategory,
  type ArticleCategoryInfo,
  type ArticleSource,
} from './library-types.ts';

/** Spec section 3: "featured (boolean; true for the first five)". */
const FEATURED_COUNT = 5;
const WORDS_PER_MINUTE = 200;

function blockText(block: ArticleBlock): string {
  switch (block.kind) {
    case 'heading':
    case 'subheading':
    case 'paragraph':
      return block.text;
    case 'list':
      return block.items.join(' ');
    case 'callout':
      return `${block.title} ${block.text}`;
    case 'code':
      return block.code;
  }
}

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

/** Words a reader reads: prose, not code, so the minimum-length rule measures writing. */
export function proseWordCount(body: readonly ArticleBlock[]): number {
  return body
    .filter((b) => b.kind !== 'code')
    .reduce((sum, block) => sum + wordCount(blockText(block)), 0);
}

function readTime(body: readonly ArticleBlock[]): string {
  const words = body.reduce((sum, block) => sum + wordCount(blockText(block)), 0);
  return `${Math.max(1, Math.round(words / WORDS_PER_MINUTE))} min read`;
}

/** Newest first; the same date falls back to the title so the order is stable. */
function byDateDesc(a: ArticleSource, b: ArticleSource): number {
  return b.publishedDate.localeCompare(a.publishedDate) || a.title.localeCompare(b.title);
}

export function buildLibrary(sources: readonly ArticleSource[]): Article[] {
  const sorted = [...sources].sort(byDateDesc);
  return sorted.map((source, index) => {
    const categorySlug = slugify(source.category);
    return {
      ...source,
      categorySlug,
      url: articlePath(categorySlug, source.id),
      readTime: readTime(source.body),
      featured: index < FEATURED_COUNT,
      prevArticle: sorted[index - 1]?.id ?? null,
      nextArticle: sorted[index + 1]?.id ?? null,
    };
  });
}

export const ARTICLES: readonly Article[] = buildLibrary(ARTICLE_SOURCES);

export const CATEGORIES: readonly ArticleCategoryInfo[] = ARTICLE_CATEGORIES.map((name) => {
  const slug = slugify(name);
  return {
    slug,
    displayName: name,
    path: categoryPath(slug),
    articleCount: ARTICLES.filter((a) => a.category === name).length,
  };
});

/** What cards and filters need: everything but the body, so index pages stay small. */
export type ArticleSummary = Omit<Article, 'body'>;

export function summarise({ body: _body, ...summary }: Article): ArticleSummary {
  return summary;
}

export function findCategory(slug: string): ArticleCategoryInfo | undefined {
  return CATEGORIES.find((c) => c.slug === slug);
}

export function articlesIn(category: ArticleCategory): Article[] {
  return ARTICLES.filter((a) => a.category === category);
}

/** Spec section 5: an article is found by its category and its url's last segment. */
export function findArticle(categorySlug: string, slug: string): Article | undefined {
  return ARTICLES.find((a) => a.categorySlug === categorySlug && a.id === slug);
}

export function findArticleById(id: string | null): Article | undefined {
  return id === null ? undefined : ARTICLES.find((a) => a.id === id);
}
