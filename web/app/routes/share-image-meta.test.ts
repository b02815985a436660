import { describe, expect, it } from 'vitest';
import { ARTICLES, CATEGORIES } from '../content/library.ts';
import { seo } from '../lib/seo.ts';
import { SITE_SHARE_IMAGE } from '../lib/share-image.ts';
import { SITE } from '../site-config.ts';
import { loader as articleLoader, meta as articleMeta } from './article.tsx';
import { loader as categoryLoader, meta as categoryMeta } from './intelligence-category.tsx';

type Tag = Record<string, unknown>;

/** A meta list's content by property or name, as a crawler reads the page's head. */
function content(tags: readonly Tag[], key: string): string | undefined {
  const tag = tags.find((t) => t.property === key || t.name === key);
  return typeof tag?.content === 'string' ? tag.content : undefined;
}

/** The article loader renders the Markdown at build time, so it answers a promise. */
async function articleTags(article: (typeof ARTICLES)[number]): Promise<Tag[]> {
  const params = { category: article.categorySlug, slug: article.id };
  const loaderData = await articleLoader({ params } as Parameters<typeof articleLoader>[0]);
  return articleMeta({ loaderData, params } as unknown as Parameters<
    typeof articleMeta
  >[0]) as Tag[];
}

function categoryTags(category: (typeof CATEGORIES)[number]): Tag[] {
  const params = { category: category.slug };
  const loaderData = categoryLoader({ params } as Parameters<typeof categoryLoader>[0]);
  return categoryMeta({ loaderData, params } as unknown as Parameters<
    typeof categoryMeta
  >[0]) as Tag[];
}

const pages = [
  ...(await Promise.all(
    ARTICLES.map(async (article) => ({ page: article.url, tags: await articleTags(article) })),
  )),
  ...CATEGORIES.map((category) => ({ page: category.path, tags: categoryTags(category) })),
];

describe('share images in the meta of articles and categories', () => {
  it('gives every article and every category an image of its own', () => {
    const images = pages.map(({ tags }) => content(tags, 'og:image'));
    expect(new Set(images).size).toBe(ARTICLES.length + CATEGORIES.length);
    expect(images).not.toContain(new URL(SITE_SHARE_IMAGE.path, SITE.origin).toString());
  });

  it.each(pages)('$page points og:image and twitter:image to one absolute PNG URL', ({ tags }) => {
    const image = content(tags, 'og:image') ?? '';
    expect(new URL(image).origin).toBe(new URL(SITE.origin).origin);
    expect(new URL(image).pathname).toMatch(/^\/og\/[a-z0-9-]+(\/[a-z0-9-]+)?\.png$/);
    expect(content(tags, 'twitter:image')).toBe(image);
    expect(content(tags, 'twitter:card')).toBe('summary_large_image');
    expect(content(tags, 'og:image:width')).toBe('1200');
    expect(content(tags, 'og:image:height')).toBe('630');
    expect(content(tags, 'og:image:alt')?.length).toBeGreaterThan(20);
  });

  it("names each article's title, category and severity in its image's alt text", async () => {
    for (const article of ARTICLES) {
      const alt = content(await articleTags(article), 'og:image:alt') ?? '';
      expect(alt).toContain(article.title);
      expect(alt).toContain(article.category.toLowerCase());
      expect(alt).toContain(article.severity.toLowerCase());
    }
  });
});

describe('pages without an image of their own', () => {
  it('share the site image, with its size and alt text', () => {
    const tags = seo({ title: 'Features', description: 'What Kryon does.', path: '/features' });
    const image = new URL(SITE_SHARE_IMAGE.path, SITE.origin).toString();
    expect(content(tags, 'og:image')).toBe(image);
    expect(content(tags, 'twitter:image')).toBe(image);
    expect(content(tags, 'og:image:alt')).toBe(SITE_SHARE_IMAGE.alt);
  });
});
