import { describe, expect, it, vi } from 'vitest';
import { CATEGORIES } from '../../content/library.ts';
import { categoryPageCopyFor } from './category-page.ts';

describe('categoryPageCopyFor', () => {
  it('uses the dedicated page of each category a challenge card leads to, silently', () => {
    const warn = vi.fn();
    for (const slug of ['identity-risks', 'attack-paths', 'data-protection', 'compliance']) {
      const category = CATEGORIES.find((c) => c.slug === slug);
      if (!category) throw new Error(`missing category ${slug}`);
      const page = categoryPageCopyFor(category, warn);
      expect(page.generic, slug).toBe(false);
      expect(page.text.length, slug).toBeGreaterThan(80);
    }
    expect(warn).not.toHaveBeenCalled();
  });

  it('falls back to the generic page built from the data, and logs a warning', () => {
    const warn = vi.fn();
    const page = categoryPageCopyFor(
      { slug: 'serverless-security', displayName: 'Serverless Security', articleCount: 4 },
      warn,
    );
    expect(page).toEqual({
      eyebrow: 'Security Intelligence',
      title: 'Serverless Security',
      text: '4 articles from the Kryon research team on serverless security in AWS: how each risk works, how to find it in your accounts and how to fix it.',
      generic: true,
    });
    expect(warn).toHaveBeenCalledWith(
      'No dedicated page for the category "serverless-security"; using the generic category page.',
    );
  });

  it('never treats an inherited property name as a dedicated page', () => {
    const warn = vi.fn();
    const page = categoryPageCopyFor(
      { slug: 'constructor', displayName: 'Infrastructure Security', articleCount: 1 },
      warn,
    );
    expect(page.generic).toBe(true);
    expect(page.text).toContain('1 article from');
  });
});
