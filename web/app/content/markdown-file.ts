import { readdirSync, readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import type * as z from 'zod';

/** A broken content file stops the build with the file and what to fix in it. */
export class ContentFileError extends Error {
  constructor(fileName: string, problem: string) {
    super(`${fileName}: ${problem}`);
    this.name = 'ContentFileError';
  }
}

/** A content file read: its id, its checked frontmatter and its Markdown body. */
export interface MarkdownFile<T> {
  /** The file name without `.md`: the id, and the last segment of its URL where it has one. */
  id: string;
  data: T;
  /** What follows the frontmatter, untrimmed. */
  body: string;
  /** How many lines the frontmatter takes: a body's line N is the file's line N + this. */
  frontmatterLines: number;
}

const FRONTMATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n/;
export const SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * One content file, `<slug>.md` (an article, a research report): YAML frontmatter checked by
 * `schema`, then a Markdown body. The file name is the id, so it is written once. Every
 * problem of the frontmatter is named at once, field by field.
 */
export function readMarkdownFile<S extends z.ZodType>(
  fileName: string,
  source: string,
  schema: S,
): MarkdownFile<z.output<S>> {
  const id = fileName.replace(/^.*\//, '').replace(/\.md$/, '');
  if (!SLUG.test(id)) {
    throw new ContentFileError(fileName, 'the file name must be a slug (a-z, 0-9, hyphens)');
  }
  const match = FRONTMATTER.exec(source);
  if (!match) throw new ContentFileError(fileName, 'no frontmatter (--- fenced YAML) at the top');
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? '');
  } catch (error) {
    throw new ContentFileError(fileName, `frontmatter is not valid YAML: ${String(error)}`);
  }
  const result = schema.safeParse(data);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => {
      const field = issue.path.length > 0 ? issue.path.join('.') : '(frontmatter)';
      return `frontmatter field "${field}": ${issue.message}`;
    });
    throw new ContentFileError(fileName, problems.join('; '));
  }
  return {
    id,
    data: result.data,
    body: source.slice(match[0].length),
    frontmatterLines: match[0].split('\n').length - 1,
  };
}

/**
 * Every `<name>.md` of a folder as `import.meta.glob` gives them, keyed `<prefix><name>.md`:
 * what plain Node reads where Vite's glob does not exist (Playwright's journeys, the PDF
 * build's scripts), or a test's fixture folder.
 */
export function readMarkdownFolder(dir: URL, prefix: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir)
      .filter((name) => name.endsWith('.md'))
      .map((name) => [`${prefix}${name}`, readFileSync(new URL(name, dir), 'utf8')]),
  );
}
