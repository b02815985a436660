import * as z from 'zod';
import {
  ARTICLE_CATEGORIES,
  type ArticleSource,
  MODULE_NAMES,
  SEVERITIES,
} from './library-types.ts';
import { ContentFileError, readMarkdownFile } from './markdown-file.ts';

/** What an article file's frontmatter holds: everything of `ArticleSource` but the body. */
const frontmatterSchema = z.strictObject({
  title: z.string().trim().min(1),
  description: z.string().trim().min(1),
  category: z.enum(ARTICLE_CATEGORIES),
  severity: z.enum(SEVERITIES),
  mitreAttack: z.string().regex(/^T\d{4}(\.\d{3})? \S/, 'expected "T1234[.567] Technique name"'),
  audience: z.string().trim().min(1),
  kryonSolution: z.array(z.enum(MODULE_NAMES)).min(1),
  // YAML would read an unquoted date as text here (the core schema has no timestamps), but
  // a date some other tool turned into a Date must still fail loudly, not shift a day.
  publishedDate: z.iso.date(),
  tags: z.array(z.string().trim().min(1)).min(1),
});

/**
 * One article file, `<slug>.md`: YAML frontmatter, then the Markdown body. The file name is
 * the article's id and the last segment of its URL, so it is written once.
 */
export function parseArticleFile(fileName: string, text: string): ArticleSource {
  const { id, data, body: rest } = readMarkdownFile(fileName, text, frontmatterSchema);
  const body = rest.trim();
  if (body.length === 0) throw new ContentFileError(fileName, 'the article has no body');
  return { id, ...data, body };
}
