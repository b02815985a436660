import type { SitePath } from './content/marketing-types.ts';

/** Every route path of the site, written once. */
export const PATHS = {
  home: '/',
  features: '/features',
  company: '/what-we-are',
  intelligence: '/security-intelligence',
  researchArchive: '/research-archive',
  contact: '/contact',
  requestAccess: '/request-access',
  becomePartner: '/become-partner',
  demo: '/demo',
  privacy: '/privacy',
} as const satisfies Record<string, SitePath>;

/** A category's slug: lower-case, whitespace to hyphens, then only a-z, 0-9 and hyphens. */
export function slugify(name: string): string {
  return name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '');
}

export function categoryPath(categorySlug: string): string {
  return `${PATHS.intelligence}/${categorySlug}`;
}

export function articlePath(categorySlug: string, articleSlug: string): string {
  return `${categoryPath(categorySlug)}/${articleSlug}`;
}

/** The page the local server and CloudFront answer unknown paths with (status 404). */
export const NOT_FOUND_PATH = '/404';
