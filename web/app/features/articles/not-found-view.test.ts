import { describe, expect, it } from 'vitest';
import {
  articleErrorExamples,
  notFoundViewFor,
  SLOTS,
  slotValues,
  templateKey,
  templateScreen,
} from './not-found-view.ts';

describe('notFoundViewFor', () => {
  it('is the site not-found page outside the security intelligence section', () => {
    expect(notFoundViewFor('/no-such-page')).toEqual({ kind: 'page' });
    expect(notFoundViewFor('/security-intelligencex')).toEqual({ kind: 'page' });
  });

  it("is the section's not-found page for an unknown category page or a deeper path", () => {
    expect(notFoundViewFor('/security-intelligence/cloud-magic')).toEqual({
      kind: 'intelligence',
    });
    expect(notFoundViewFor('/security-intelligence/identity-risks/a/b')).toEqual({
      kind: 'intelligence',
    });
  });

  it('validates an article URL as the article route does', () => {
    const missing = notFoundViewFor('/security-intelligence/identity-risks/gone');
    expect(missing).toMatchObject({
      kind: 'article',
      screen: { kind: 'not-found', title: 'Article Not Found', slug: 'gone' },
    });
    expect(notFoundViewFor('/security-intelligence/cloud-magic/x')).toMatchObject({
      kind: 'article',
      screen: { kind: 'invalid-category', categoryText: 'cloud-magic' },
    });
    expect(notFoundViewFor('/security-intelligence/identity-risks/%20')).toMatchObject({
      kind: 'article',
      screen: { kind: 'invalid-url' },
    });
  });

  it('reads the address as the hosts do, ignoring a trailing or doubled slash', () => {
    expect(notFoundViewFor('/security-intelligence/identity-risks/gone/')).toMatchObject({
      kind: 'article',
      screen: { kind: 'not-found', slug: 'gone' },
    });
    expect(notFoundViewFor('/security-intelligence//cloud-magic/')).toEqual({
      kind: 'intelligence',
    });
  });

  it('cuts a very long segment before showing it', () => {
    const view = notFoundViewFor(`/security-intelligence/identity-risks/${'a'.repeat(5000)}`);
    expect(view.kind === 'article' && view.screen.slug?.length).toBe(120);
  });

  it('reads a malformed escape as written rather than failing', () => {
    expect(notFoundViewFor('/security-intelligence/identity-risks/%E0%A4%A')).toMatchObject({
      kind: 'article',
      screen: { kind: 'not-found', slug: '%E0%A4%A' },
    });
  });
});

describe('the templates of the 404 page', () => {
  const keys = new Set(
    articleErrorExamples().map((path) => {
      const view = notFoundViewFor(path);
      return view.kind === 'article' ? templateKey(view) : `not an article error: ${path}`;
    }),
  );

  it('has one example address per shape of article error screen', () => {
    expect([...keys]).toEqual([
      'not-found category slug',
      'invalid-category category-text slug',
      'invalid-url category',
      'invalid-url category-text',
      'invalid-url slug',
      'invalid-url',
    ]);
  });

  it('has a template for every article error an address can call for', () => {
    const segments = ['identity-risks', 'cloud-magic', '%20', '%09', 'x%20', '%E0%A4%A', 'a'];
    for (const category of segments) {
      for (const slug of segments) {
        const view = notFoundViewFor(`/security-intelligence/${category}/${slug}`);
        if (view.kind === 'article')
          expect(keys, `${category}/${slug}`).toContain(templateKey(view));
      }
    }
  });

  it('writes each part that depends on the address as a slot, filled from the screen', () => {
    const view = notFoundViewFor('/security-intelligence/identity-risks/gone');
    if (view.kind !== 'article') throw new Error('expected an article error');
    expect(templateScreen(view.screen)).toEqual({
      kind: 'not-found',
      title: 'Article Not Found',
      text: SLOTS.text,
      category: { name: SLOTS.categoryName, path: SLOTS.categoryPath },
      slug: SLOTS.slug,
    });
    expect(slotValues(view.screen)).toEqual({
      text: view.screen.text,
      slug: 'gone',
      categoryName: 'Identity Risks',
      categoryPath: '/security-intelligence/identity-risks',
    });
  });
});
