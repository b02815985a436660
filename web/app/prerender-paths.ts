import { ARTICLES, CATEGORIES } from './content/library.ts';
import { NOT_FOUND_PATH } from './paths.ts';

/**
 * Every path written to its own index.html at build time: the static routes, the 404 page
 * the servers answer unknown paths with, and each category and article page.
 */
export async function prerenderPaths({
  getStaticPaths,
}: {
  getStaticPaths: () => string[];
}): Promise<string[]> {
  return [
    ...getStaticPaths(),
    NOT_FOUND_PATH,
    ...CATEGORIES.map((c) => c.path),
    ...ARTICLES.map((a) => a.url),
  ];
}
