import { describe, expect, it } from 'vitest';
import { notFoundViewFor } from './not-found-page.tsx';

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
