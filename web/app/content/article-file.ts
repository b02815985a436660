import { parse as parseYaml } from 'yaml';
import * as z from 'zod';
import {
  ARTICLE_CATEGORIES,
  type ArticleSource,
  MODULE_NAMES,
  SEVERITIES,
} from './library-types.ts';

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

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A broken article stops the build with the file and the field to fix. */
export class ArticleFileError extends Error {
  constructor(fileName: string, problem: string) {
    super(`${fileName}: ${problem}`);
    this.name = 'ArticleFileError';
  }
}

/**
 * One article file, `<slug>.md`: YAML frontmatter, then the Markdown body. The file name is
 * the article's id and the last segment of its URL, so it is written once.
 */
export function parseArticleFile(fileName: string, text: string): ArticleSource {
  const id = fileName.replace(/^.*\//, '').replace(/\.md$/, '');
  if (!SLUG.test(id)) {
    throw new ArticleFileError(fileName, 'the file name must be a slug (a-z, 0-9, hyphens)');
  }
  const match = FRONTMATTER.exec(text);
  if (!match) throw new ArticleFileError(fileName, 'no frontmatter (--- fenced YAML) at the top');
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new ArticleFileError(fileName, `frontmatter is not valid YAML: ${String(error)}`);
  }
  const result = frontmatterSchema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : '(frontmatter)';
      return `frontmatter field "${field}": ${issue.message}`;
    });
    throw new ArticleFileError(fileName, problems.join('; '));
  }
  const body = text.slice(match[0].length).trim();
  if (body.length === 0) throw new ArticleFileError(fileName, 'the article has no body');
  return { id, ...result.data, body };
}
