import { FEED_PATH } from '@kryon/shared/site-files';
import type { MetaDescriptor } from 'react-router';
import { feedCopy } from '../content/feed-copy.ts';
import { SITE } from '../site-config.ts';
import { SHARE_IMAGE_SIZE, type ShareImage, SITE_SHARE_IMAGE } from './share-image.ts';

export interface SeoInput {
  title: string;
  description: string;
  /** The route's own path, for the canonical URL and og:url. */
  path: string;
  type?: 'website' | 'article';
  /** JSON-LD structured data for this page. */
  structuredData?: object;
  /** Pages of the security-intelligence library point feed readers at its Atom feed. */
  libraryFeed?: boolean;
  /** The page's own share image; pages without one share the site's. */
  image?: ShareImage;
}

export function absoluteUrl(path: string): string {
  return new URL(path, SITE.origin).toString();
}

/** Every page's head tags from one place: title, description, canonical, Open Graph, Twitter. */
export function seo({
  title,
  description,
  path,
  type = 'website',
  structuredData,
  libraryFeed = false,
  image = SITE_SHARE_IMAGE,
}: SeoInput) {
  const fullTitle = title.includes(SITE.name) ? title : `${title} | ${SITE.name}`;
  const url = absoluteUrl(path);
  // Crawlers fetch og:image from wherever the link was pasted: only an absolute URL works.
  const imageUrl = absoluteUrl(image.path);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE.name },
    { property: 'og:type', content: type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: imageUrl },
    // The size lets a preview be laid out before the image has been fetched.
    { property: 'og:image:type', content: 'image/png' },
    { property: 'og:image:width', content: String(SHARE_IMAGE_SIZE.width) },
    { property: 'og:image:height', content: String(SHARE_IMAGE_SIZE.height) },
    { property: 'og:image:alt', content: image.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: imageUrl },
    { name: 'twitter:image:alt', content: image.alt },
  ];
  if (libraryFeed) tags.push(feedLink());
  if (structuredData) tags.push({ 'script:ld+json': structuredData });
  return tags;
}

/** The `<link rel="alternate">` by which browsers and feed readers find the library's feed. */
function feedLink(): MetaDescriptor {
  return {
    tagName: 'link',
    rel: 'alternate',
    type: 'application/atom+xml',
    title: feedCopy.title,
    href: absoluteUrl(FEED_PATH),
  };
}
