import { UNSAFE_ErrorResponseImpl as ErrorResponseImpl } from 'react-router';
import { describe, expect, it } from 'vitest';
import { validateArticleRoute } from '../../lib/article-route.ts';
import { describeArticleError } from './article-error.ts';
import { categoryBySlug } from './category-lookup.ts';

/**
 * What the route's ErrorBoundary receives when the loader throws `data(error, 404)`: the
 * router turns the thrown response into an ErrorResponse carrying the typed route error.
 */
function thrownBy(params: { category?: string; slug?: string }, hasContent = false) {
  const result = validateArticleRoute(params, {
    category: categoryBySlug,
    article: (_category, slug) => (slug === 'exists' ? { slug } : undefined),
    hasContent: () => hasContent,
  });
  if (result.ok) throw new Error('expected a failure');
  return new ErrorResponseImpl(404, 'Not Found', result.error);
}

describe('describeArticleError', () => {
  it('shows "Article Not Found" with the slug and the category name, linking the category', () => {
    const error = thrownBy({ category: 'identity-risks', slug: 'gone' });
    expect(describeArticleError(error, {})).toEqual({
      kind: 'not-found',
      title: 'Article Not Found',
      text: 'The article "gone" could not be found in the Identity Risks category. It may have been moved, renamed or removed.',
      category: { name: 'Identity Risks', path: '/security-intelligence/identity-risks' },
      slug: 'gone',
    });
  });

  it('shows "Invalid Category" for an unknown category, with no category link', () => {
    const error = thrownBy({ category: 'cloud-magic', slug: 'x' });
    const screen = describeArticleError(error, {});
    expect(screen.title).toBe('Invalid Category');
    expect(screen.text).toBe(
      'The category "cloud-magic" is not recognized. Please check the URL and try again.',
    );
    expect(screen.category).toBeUndefined();
    expect(screen.categoryText).toBe('cloud-magic');
  });

  it('shows "Invalid URL" for missing parameters', () => {
    const error = thrownBy({ category: 'identity-risks' });
    expect(describeArticleError(error, { category: 'identity-risks' })).toMatchObject({
      title: 'Invalid URL',
      text: 'The article URL is incomplete or malformed. Please check the link and try again.',
    });
  });

  it('shows "Content Unavailable" for an article without content', () => {
    const error = thrownBy({ category: 'compliance', slug: 'exists' });
    expect(describeArticleError(error, {})).toMatchObject({
      kind: 'unavailable',
      title: 'Content Unavailable',
      category: { name: 'Compliance', path: '/security-intelligence/compliance' },
    });
  });

  it('chooses the screen by message text for errors without a type', () => {
    const params = { category: 'attack-paths', slug: 'x' };
    expect(describeArticleError(new Error('Article not found: x in category y'), params).kind).toBe(
      'not-found',
    );
    expect(describeArticleError(new Error('Article component not found: x'), params).kind).toBe(
      'unavailable',
    );
    expect(describeArticleError(new Error('Invalid category: y'), params).kind).toBe(
      'invalid-category',
    );
    expect(describeArticleError('Missing route parameters', params).kind).toBe('invalid-url');
  });

  it('shows any other error as a loading error with its message and a suggestion to refresh', () => {
    const screen = describeArticleError(
      new TypeError('Failed to fetch dynamically imported module'),
      { category: 'attack-paths', slug: 'x' },
    );
    expect(screen).toMatchObject({
      kind: 'loading',
      title: 'Loading Error',
      detail: 'Failed to fetch dynamically imported module',
      text: 'Please try refreshing the page.',
      category: { name: 'Attack Paths' },
      slug: 'x',
    });
  });

  it('shows "Unknown Error" when there is no error object', () => {
    expect(describeArticleError(undefined, {})).toMatchObject({
      kind: 'unknown',
      title: 'Unknown Error',
      text: 'An unexpected error occurred while loading this article.',
    });
  });
});
