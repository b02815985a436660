import type { MetaDescriptor } from 'react-router';
import { SITE } from '../site-config.ts';

export interface SeoInput {
  title: string;
  description: string;
  /** The route's own path, for the canonical URL and og:url. */
  path: string;
  type?: 'website' | 'article';
  /** JSON-LD structured data for this page. */
  structuredData?: object;
}

export function absoluteUrl(path: string): string {
  return new URL(path, SITE.origin).toString();
}

/** Every page's head tags from one place: title, description, canonical, Open Graph, Twitter. */
export function seo({ title, description, path, type = 'website', structuredData }: SeoInput) {
  const fullTitle = title.includes(SITE.name) ? title : `${title} | ${SITE.name}`;
  const url = absoluteUrl(path);
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url },
    { property: 'og:site_name', content: SITE.name },
    { property: 'og:type', content: type },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url },
    { property: 'og:image', content: absoluteUrl('/og-image.png') },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: fullTitle },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: absoluteUrl('/og-image.png') },
  ];
  if (structuredData) tags.push({ 'script:ld+json': structuredData });
  return tags;
}
