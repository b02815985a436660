import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/request-lifecycle.md follows one contact-form submission through the source files it
 * passes, each named once as a backticked repository path. A file that moves or goes must take
 * the page with it: this test names every path there that no longer exists, every path named
 * twice, and every decision it cites that is not a record.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PAGE = 'docs/request-lifecycle.md';
const text = readFileSync(join(root, PAGE), 'utf8');

/** The repository's own top-level folders: a backticked path starts with one of them. */
const TOP_FOLDERS = new Set(
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .filter((entry) => entry.name !== 'node_modules')
    .map((entry) => entry.name),
);

/** Backticked repository paths, in order: folders and a name, no spaces or placeholders. */
const paths = [...text.matchAll(/`([^`\s]+)`/g)]
  .map((match) => match[1] as string)
  .filter((path) => /^[\w@.-]+(?:\/[\w@.-]+)+\/?$/.test(path))
  .filter((path) => TOP_FOLDERS.has(path.split('/')[0] as string));

/** Decision numbers cited: "(064)", "(029, 051, 072)", "decision 055". */
const cited = [
  ...[...text.matchAll(/\((\d{3}(?:, \d{3})*)\)/g)].flatMap((match) =>
    (match[1] as string).split(', '),
  ),
  ...[...text.matchAll(/\bdecisions? (\d{3})\b/g)].map((match) => match[1] as string),
];
const records = new Set(
  readdirSync(join(root, 'docs', 'decisions'))
    .filter((name) => /^\d{3}-.+\.md$/.test(name))
    .map((name) => name.slice(0, 3)),
);

describe('the request lifecycle page', () => {
  it('follows the submission through the files that take it', () => {
    expect(paths.length).toBeGreaterThan(60);
    for (const file of [
      'web/app/routes/contact.tsx',
      'web/app/lib/api-client.ts',
      'shared/src/forms/contact.ts',
      'functions/src/handlers/contact.ts',
      'functions/src/leads/submit-lead.ts',
      'functions/src/wiring.ts',
      'functions/src/adapters/dynamodb.ts',
      'functions/src/adapters/ses.ts',
      'functions/src/handlers/delivery-events.ts',
    ]) {
      expect(paths, `${PAGE} no longer names ${file}`).toContain(file);
    }
  });

  it('names only files that exist', () => {
    const missing = paths.filter((path) => !existsSync(join(root, path)));
    expect(
      missing,
      `${PAGE} names files that do not exist: follow each to where it went and fix its step`,
    ).toEqual([]);
  });

  it('names each file once', () => {
    const twice = paths.filter((path, index) => paths.indexOf(path) !== index);
    expect(
      twice,
      `${PAGE} names these files more than once: keep the step where the request first reaches each, and refer to it in words elsewhere`,
    ).toEqual([]);
  });

  it('cites only decisions that are records', () => {
    expect(cited.length).toBeGreaterThan(20);
    const unknown = cited.filter((number) => !records.has(number));
    expect(
      unknown,
      `${PAGE} cites decisions that docs/decisions does not hold (a number in parentheses is read as one: write status codes outside them)`,
    ).toEqual([]);
  });
});
