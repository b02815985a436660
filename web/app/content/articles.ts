import { parseArticleFile } from './article-file.ts';
import type { ArticleSource } from './library-types.ts';
import { readMarkdownFolder } from './markdown-file.ts';

/**
 * The Markdown files of articles/, by path. Vite (the build that prerenders, the config
 * loader, vitest) inlines them into the bundle, where no folder is at hand to read. Plain
 * Node, where `import.meta.glob` does not exist (Playwright's journeys import the library
 * for their expectations), reads the folder itself.
 */
function articleFiles(): Record<string, string> {
  try {
    return import.meta.glob<string>('./articles/*.md', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
  } catch {
    return readMarkdownFolder(new URL('./articles/', import.meta.url), './articles/');
  }
}

/**
 * Every article of the library: each Markdown file in articles/ is one, so adding an article
 * is adding a file. A file with a missing or wrong frontmatter field throws here, at build
 * time, naming the file and the field. Order does not matter: the library sorts by date.
 */
export const ARTICLE_SOURCES: readonly ArticleSource[] = Object.entries(articleFiles())
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([path, text]) => parseArticleFile(path.replace(/^\.\//, 'app/content/'), text));
