import { describe, expect, it } from 'vitest';
import { type ArticleLookup, isArticleRouteError, validateArticleRoute } from './article-route.ts';

interface FakeArticle {
  id: string;
  body: string[];
}

const ARTICLES: Record<string, FakeArticle[]> = {
  'identity-risks': [
    { id: 'long-lived-access-keys', body: ['text'] },
    { id: 'empty-article', body: [] },
  ],
};

const lookup: ArticleLookup<FakeArticle> = {
  category: (slug) =>
    slug === 'identity-risks'
      ? { displayName: 'Identity Risks', path: '/security-intelligence/identity-risks' }
      : undefined,
  article: (category, slug) => ARTICLES[category]?.find((a) => a.id === slug),
  hasContent: (article) => article.body.length > 0,
};

describe('validateArticleRoute', () => {
  it('accepts a known article in its own category', () => {
    const result = validateArticleRoute(
      { category: 'identity-risks', slug: 'long-lived-access-keys' },
      lookup,
    );
    expect(result).toEqual({ ok: true, article: ARTICLES['identity-risks']?.[0] });
  });

  it('reports missing parameters first, even when the category is also unknown', () => {
    for (const params of [{}, { category: 'nope' }, { slug: 'x' }, { category: ' ', slug: 'x' }]) {
      const result = validateArticleRoute(params, lookup);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.type).toBe('MISSING_PARAMS');
        expect(result.error.message).toBe('Missing route parameters');
      }
    }
  });

  it('reports an unknown category before looking for the article', () => {
    const result = validateArticleRoute({ category: 'cloud-magic', slug: 'anything' }, lookup);
    expect(result).toEqual({
      ok: false,
      error: {
        type: 'INVALID_CATEGORY',
        message: 'Invalid category: cloud-magic',
        category: 'cloud-magic',
        slug: 'anything',
      },
    });
  });

  it('reports an article missing from a known category, naming both', () => {
    const result = validateArticleRoute({ category: 'identity-risks', slug: 'gone' }, lookup);
    expect(result).toEqual({
      ok: false,
      error: {
        type: 'ARTICLE_NOT_FOUND',
        message: 'Article not found: gone in category identity-risks',
        category: 'identity-risks',
        categoryName: 'Identity Risks',
        categoryPath: '/security-intelligence/identity-risks',
        slug: 'gone',
      },
    });
  });

  it('reports an article without content last', () => {
    const result = validateArticleRoute(
      { category: 'identity-risks', slug: 'empty-article' },
      lookup,
    );
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.type).toBe('COMPONENT_NOT_FOUND');
      expect(result.error.message).toBe('Article component not found: empty-article');
    }
  });

  it('recognises its own errors and nothing else', () => {
    const result = validateArticleRoute({ category: 'x', slug: 'y' }, lookup);
    expect(!result.ok && isArticleRouteError(result.error)).toBe(true);
    expect(isArticleRouteError({ type: 'OTHER', message: 'x' })).toBe(false);
    expect(isArticleRouteError('<html>Not found</html>')).toBe(false);
    expect(isArticleRouteError(null)).toBe(false);
  });
});
