import { articlePath, categoryPath, slugify } from '../paths.ts';
import { blockTexts, parseArticleMarkdown } from './article-markdown.ts';
import { ARTICLE_SOURCES } from './articles.ts';
import {
  ARTICLE_CATEGORIES,
  type Article,
  type ArticleCategory,
  type ArticleCategoryInfo,
  type ArticleSource,
} from './library-types.ts';

/** The first five articles are featured. */
const FEATURED_COUNT = 5;
const WORDS_PER_MINUTE = 200;

export function wordCount(text: string): number {
  return text.split(/\s+/).filter(Boolean).length;
}

function words(markdown: string, options: { code: boolean }): number {
  return blockTexts(parseArticleMarkdown(markdown), options).reduce(
    (sum, text) => sum + wordCount(text),
    0,
  );
}

/** Words a reader reads: prose, not code, so the minimum-length rule measures writing. */
export function proseWordCount(markdown: string): number {
  return words(markdown, { code: false });
}

/** Read time counts code too: a reader still has to get through it. */
function readTime(markdown: string): string {
  return `${Math.max(1, Math.round(words(markdown, { code: true }) / WORDS_PER_MINUTE))} min read`;
}

/** Newest first; the same date falls back to the title so the order is stable. */
function byDateDesc(a: ArticleSource, b: ArticleSource): number {
  return b.publishedDate.localeCompare(a.publishedDate) || a.title.localeCompare(b.title);
}

export function buildLibrary(sources: readonly ArticleSource[]): Article[] {
  const sorted = [...sources].sort(byDateDesc);
  return sorted.map((source, index) => {
    const categorySlug = slugify(source.category);
    const article = {
      ...source,
      categorySlug,
      url: articlePath(categorySlug, source.id),
      featured: index < FEATURED_COUNT,
      prevArticle: sorted[index - 1]?.id ?? null,
      nextArticle: sorted[index + 1]?.id ?? null,
    };
    // Counting words parses the Markdown, about a second for the whole library on a build
    // machine. The build loads this module several times (its config lists the pages), and
    // only the pages that show a read time need it: it is counted on first read, once.
    let counted: string | undefined;
    return Object.defineProperty(article, 'readTime', {
      enumerable: true,
      get: () => {
        counted ??= readTime(source.body);
        return counted;
      },
    }) as Article;
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

/** An article is found by its category and its url's last segment. */
export function findArticle(categorySlug: string, slug: string): Article | undefined {
  return ARTICLES.find((a) => a.categorySlug === categorySlug && a.id === slug);
}

export function findArticleById(id: string | null): Article | undefined {
  return id === null ? undefined : ARTICLES.find((a) => a.id === id);
}
