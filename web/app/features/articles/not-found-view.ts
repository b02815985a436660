import { articlePageCopy } from '../../content/article-page.ts';
import { notFoundCopy } from '../../content/not-found.ts';
import { validateArticleRoute } from '../../lib/article-route.ts';
import { PATHS } from '../../paths.ts';
import { SITE } from '../../site-config.ts';
import { type ArticleErrorScreen, describeArticleError } from './article-error.ts';
import { CATEGORY_LINKS, categoryBySlug } from './category-lookup.ts';

/** What an unknown address shows, judged from its path. */
export type NotFoundView =
  | { kind: 'page' }
  | { kind: 'intelligence' }
  | { kind: 'article'; screen: ArticleErrorScreen };

/** Where the 404 page reads the address to pick a screen; elsewhere it is the plain page. */
export const NOT_FOUND_SECTION = `${PATHS.intelligence}/`;

/** Longer than any slug or category of the library. */
const SEGMENT_MAX = 120;

function segment(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * The host answers every unknown address with the 404 page. Under the security intelligence
 * section the address says more: one segment is an unknown category page (the section's own
 * not-found page), two are an article URL, validated as the article route validates it (an
 * unknown category, an incomplete URL, or an article missing from a known category).
 */
export function notFoundViewFor(pathname: string): NotFoundView {
  if (!pathname.startsWith(NOT_FOUND_SECTION)) return { kind: 'page' };
  // Empty segments (a trailing or doubled slash) are not part of the address, as the hosts
  // read it; a segment is shown as typed, cut to a length a screen can hold.
  const parts = pathname
    .slice(NOT_FOUND_SECTION.length)
    .split('/')
    .filter(Boolean)
    .map((part) => segment(part).slice(0, SEGMENT_MAX));
  if (parts.length !== 2) return { kind: 'intelligence' };
  const [category, slug] = parts;
  const result = validateArticleRoute(
    { category, slug },
    { category: categoryBySlug, article: () => undefined, hasContent: () => false },
  );
  if (result.ok) return { kind: 'intelligence' };
  return { kind: 'article', screen: describeArticleError(result.error) };
}

/** The document title of a view; the plain page keeps the one it was built with. */
export function notFoundTitle(view: NotFoundView, pageTitle: string): string {
  if (view.kind === 'article') {
    return `${view.screen.title} - ${articlePageCopy.breadcrumbs.intelligence} | ${SITE.name}`;
  }
  if (view.kind === 'intelligence') return `${notFoundCopy.intelligence.meta.title} | ${SITE.name}`;
  return pageTitle;
}

/**
 * The 404 page is built with every screen a view can show, each prerendered in a template
 * (routes/not-found.tsx). What depends on the address is written there as a slot, filled in
 * the browser as text (app/browser/not-found.ts): the screen's text, the segments as typed,
 * the known category's name and path.
 */
export const SLOTS = {
  text: '[[nf:text]]',
  slug: '[[nf:slug]]',
  categoryText: '[[nf:categoryText]]',
  categoryName: '[[nf:categoryName]]',
  categoryPath: '[[nf:categoryPath]]',
} as const;

export type SlotName = keyof typeof SLOTS;

/** A slot as written in a template, with its name. */
export const SLOT_PATTERN = /\[\[nf:(\w+)\]\]/g;

/**
 * The template a view is shown with: the page, the section's screen, or the article error
 * screen of that kind with those parts (a known category, a category as typed, a slug).
 */
export function templateKey(view: NotFoundView): string {
  if (view.kind !== 'article') return view.kind;
  const { screen } = view;
  return [
    screen.kind,
    screen.category ? 'category' : '',
    screen.categoryText ? 'category-text' : '',
    screen.slug ? 'slug' : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The article error screen of a view's template: its parts, each a slot. */
export function templateScreen(screen: ArticleErrorScreen): ArticleErrorScreen {
  return {
    kind: screen.kind,
    title: screen.title,
    text: SLOTS.text,
    ...(screen.category
      ? { category: { name: SLOTS.categoryName, path: SLOTS.categoryPath } }
      : {}),
    ...(screen.categoryText ? { categoryText: SLOTS.categoryText } : {}),
    ...(screen.slug ? { slug: SLOTS.slug } : {}),
  };
}

/** What fills the slots of an article error screen's template. */
export function slotValues(screen: ArticleErrorScreen): Partial<Record<SlotName, string>> {
  return {
    text: screen.text,
    ...(screen.slug ? { slug: screen.slug } : {}),
    ...(screen.categoryText ? { categoryText: screen.categoryText } : {}),
    ...(screen.category
      ? { categoryName: screen.category.name, categoryPath: screen.category.path }
      : {}),
  };
}

/**
 * One address for each shape of article error screen an address can call for: an article
 * missing from a known category, an unknown category, and an incomplete URL (a segment only
 * blank) with a known category, an unknown one, only a slug, or neither. The build prerenders
 * a template from each; a test checks that the other addresses call for one of these.
 */
export function articleErrorExamples(): string[] {
  const known = CATEGORY_LINKS[0]?.slug ?? '';
  return [
    `${known}/slug`,
    'no-such-category/slug',
    `${known}/%20`,
    'no-such-category/%20',
    '%20/slug',
    '%20/%20',
  ].map((rest) => `${NOT_FOUND_SECTION}${rest}`);
}
