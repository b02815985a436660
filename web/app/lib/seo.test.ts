// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { SITE } from '../site-config.ts';
import { seo } from './seo.ts';

describe('seo', () => {
  const input = { title: 'T', description: 'D', path: '/security-intelligence' };

  it('points library pages at the Atom feed with an absolute URL', () => {
    expect(seo({ ...input, libraryFeed: true })).toContainEqual({
      tagName: 'link',
      rel: 'alternate',
      type: 'application/atom+xml',
      title: 'Kryon Security Intelligence',
      href: `${SITE.origin}/security-intelligence/feed.xml`,
    });
  });

  it('leaves other pages without a feed link', () => {
    expect(seo(input).some((tag) => 'rel' in tag && tag.rel === 'alternate')).toBe(false);
  });
});
