import { describe, expect, it } from 'vitest';
import { validateArticleRoute } from '../../lib/article-route.ts';
import { describeArticleError } from './article-error.ts';
import { categoryBySlug } from './category-lookup.ts';

/** The typed failure the article route's validation gives for these parameters. */
function failureOf(params: { category?: string; slug?: string }, hasContent = false) {
  const result = validateArticleRoute(params, {
    category: categoryBySlug,
    article: (_category, slug) => (slug === 'exists' ? { slug } : undefined),
    hasContent: () => hasContent,
  });
  if (result.ok) throw new Error('expected a failure');
  return result.error;
}

describe('describeArticleError', () => {
  it('shows "Article Not Found" with the slug and the category name, linking the category', () => {
    expect(describeArticleError(failureOf({ category: 'identity-risks', slug: 'gone' }))).toEqual({
      kind: 'not-found',
      title: 'Article Not Found',
      text: 'The article "gone" could not be found in the Identity Risks category. It may have been moved, renamed or removed.',
      category: { name: 'Identity Risks', path: '/security-intelligence/identity-risks' },
      slug: 'gone',
    });
  });

  it('shows "Invalid Category" for an unknown category, with no category link', () => {
    const screen = describeArticleError(failureOf({ category: 'cloud-magic', slug: 'x' }));
    expect(screen.title).toBe('Invalid Category');
    expect(screen.text).toBe(
      'The category "cloud-magic" is not recognized. Please check the URL and try again.',
    );
    expect(screen.category).toBeUndefined();
    expect(screen.categoryText).toBe('cloud-magic');
  });

  it('shows "Invalid URL" for missing parameters, still linking a known category', () => {
    expect(describeArticleError(failureOf({ category: 'identity-risks' }))).toMatchObject({
      kind: 'invalid-url',
      title: 'Invalid URL',
      text: 'The article URL is incomplete or malformed. Please check the link and try again.',
      category: { name: 'Identity Risks' },
    });
  });

  it('shows "Content Unavailable" for an article without content', () => {
    expect(
      describeArticleError(failureOf({ category: 'compliance', slug: 'exists' })),
    ).toMatchObject({
      kind: 'unavailable',
      title: 'Content Unavailable',
      category: { name: 'Compliance', path: '/security-intelligence/compliance' },
    });
  });
});
