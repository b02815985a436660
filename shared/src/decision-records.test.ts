import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every decision record says when it was made and whether it still holds, and the files it
 * names exist. The first line is `Date: YYYY-MM-DD · Status: <status>`, the date the record
 * was first committed; a record that a later one replaces or changes names it there
 * ("superseded by 064", "amended by 067"). A path in backticks that no longer exists must say
 * so within a few words after it: "removed by NNN", "removed by this decision", "never merged" (an
 * experiment's files) or "git-ignored" (an output).
 *
 * The index, docs/decisions/README.md, lists every record once, as a table row that links it
 * and states its status as its first line does; other records are named there by number only.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const folder = join(root, 'docs', 'decisions');
/** The records: `NNN-name.md`. The folder also holds their index, README.md. */
const records = readdirSync(folder)
  .filter((name) => /^\d{3}-.+\.md$/.test(name))
  .sort();
const numbers = new Set(records.map((name) => name.slice(0, 3)));

const HEADER =
  /^Date: (\d{4}-\d{2}-\d{2}) · Status: (accepted|(superseded|amended) by (\d{3}(?:, \d{3})*))$/;

/**
 * Where a record's relative paths start: the repository, a workspace, or web's app folder
 * (records write `features/articles/...` for `web/app/features/articles/...`).
 */
const BASES = ['', 'web', 'web/app', 'functions', 'infra', 'shared'];
/** Installed or generated folders: a path into them is not one of the project's files. */
const NOT_SOURCE = new Set(['node_modules', 'build', 'dist', 'cdk.out', '.git', '.react-router']);
/** A path's first folder, when it is a folder of the repository at one of the bases. */
const FIRST_FOLDERS = new Set(
  BASES.flatMap((base) =>
    readdirSync(join(root, base), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !NOT_SOURCE.has(entry.name))
      .map((entry) => entry.name),
  ),
);

/** A backticked repository path: folders and a name, no placeholders or globs. */
const PATH = /^[\w@.-]+(?:\/[\w@.-]+)*\/?$/;
const GONE = /^.{0,80}?\b(?:removed by (?:(\d{3})|this\s+decision)|never merged|git-ignored)\b/s;

function pathsOf(text: string): { path: string; after: string }[] {
  const found: { path: string; after: string }[] = [];
  for (const match of text.matchAll(/`([^`\s]+)`/g)) {
    const path = match[1] as string;
    const first = path.split('/')[0] as string;
    if (!path.includes('/') || !PATH.test(path) || !FIRST_FOLDERS.has(first)) continue;
    // A build's output (`web/build/client`) exists only once built: a clean clone has none.
    if (path.split('/').some((folder) => NOT_SOURCE.has(folder))) continue;
    // A page of the built site (`features/index.html`), not a file of the repository.
    if (path.endsWith('.html') && !existsSync(join(root, first))) continue;
    const end = (match.index ?? 0) + match[0].length;
    found.push({ path, after: text.slice(end, end + 120) });
  }
  return found;
}

const exists = (path: string) =>
  BASES.some((base) => existsSync(join(root, base, path.replace(/\/$/, ''))));

/** The index of the records, and where it is for the messages. */
const INDEX = 'docs/decisions/README.md';
const indexText = readFileSync(join(root, INDEX), 'utf8');

/** Every link of the index to a file beside it (not a web address, not an anchor). */
const indexLinks = [...indexText.matchAll(/\[([^\]]*)\]\(([^)\s]+)\)/g)]
  .map((match) => ({ text: match[1] as string, target: match[2] as string }))
  .filter(({ target }) => !/^(?:[a-z][a-z+.-]*:|#)/i.test(target));

/**
 * A record's row in the index: `| [NNN](NNN-name.md) | title | status | what holds today |`.
 * Keyed by the file the row links.
 */
const ROW = /^\|\s*\[([^\]]*)\]\(([^)\s]+)\)\s*\|([^|]*)\|([^|]*)\|/;
const indexRows = new Map<string, { number: string; status: string }[]>();
for (const line of indexText.split('\n')) {
  const row = ROW.exec(line);
  if (!row) continue;
  const file = row[2] as string;
  const rows = indexRows.get(file) ?? [];
  rows.push({ number: row[1] as string, status: (row[4] as string).trim() });
  indexRows.set(file, rows);
}

/** A record's status as its first line states it. */
function statusOf(name: string): string | undefined {
  const header = readFileSync(join(folder, name), 'utf8').split('\n')[0] ?? '';
  return HEADER.exec(header)?.[2];
}

describe('decision records', () => {
  it('finds the records', () => {
    expect(records.length).toBeGreaterThan(60);
    expect(records).toContain('001-npm-workspaces-monorepo.md');
  });

  it.each(records)('%s starts with its date and status, then its numbered title', (name) => {
    const text = readFileSync(join(folder, name), 'utf8');
    const [header, blank, title] = text.split('\n');
    const match = HEADER.exec(header ?? '');
    expect(match, `first line: ${header}`).not.toBeNull();
    expect(blank).toBe('');
    expect(title).toMatch(new RegExp(`^# ${name.slice(0, 3)}: \\S`));
    expect(text.match(/^(?:Date|Status):/gm), 'one date and status line').toHaveLength(1);
    const [, date, , , other] = match ?? [];
    expect(Number.isNaN(Date.parse(date as string))).toBe(false);
    // One record, or several in ascending order: "amended by 035, 072".
    const others = other?.split(', ') ?? [];
    expect(others, 'in ascending order').toEqual([...others].sort());
    for (const later of others) {
      expect(numbers, `the record it names, ${later}`).toContain(later);
      expect(Number(later), 'a later record').toBeGreaterThan(Number(name.slice(0, 3)));
    }
  });

  it.each(records)('%s names only files that exist, or says they are gone', (name) => {
    const text = readFileSync(join(folder, name), 'utf8');
    const missing = pathsOf(text)
      .filter(({ path }) => !exists(path))
      .filter(({ after }) => {
        const gone = GONE.exec(after);
        return gone === null || (gone[1] !== undefined && !numbers.has(gone[1]));
      })
      .map(({ path }) => path);
    expect(missing, 'fix the path, or say "(removed by NNN)" after it').toEqual([]);
  });

  it('checks the paths it should', () => {
    const paths = pathsOf(
      'See `web/app/features/articles/highlight.server.ts`, `features/articles/articles.css`, ' +
        '`lib/first-touch.ts`, `infra/lib/x.ts` (removed by 067), `@kryon/shared`, `zod/mini`, ' +
        '`application/json`, `index.html`, `features/index.html`, `/demo`, `web/build/client`.',
    ).map(({ path }) => path);
    expect(paths).toEqual([
      'web/app/features/articles/highlight.server.ts',
      'features/articles/articles.css',
      'lib/first-touch.ts',
      'infra/lib/x.ts',
    ]);
    expect(paths.slice(0, 3).every(exists)).toBe(true);
    expect(statSync(root).isDirectory()).toBe(true);
  });
});

describe('the index of the decision records', () => {
  it('has a row per record', () => {
    expect(indexRows.size).toBeGreaterThan(60);
  });

  it.each(records)('%s is linked from the index once, with its status', (name) => {
    const links = indexLinks.filter(({ target }) => target === name).length;
    expect(links, `${INDEX} does not list ${name}: add a row for it`).toBeGreaterThan(0);
    expect(
      links,
      `${INDEX} links ${name} ${links} times: keep its own row's link and name it elsewhere by number only`,
    ).toBe(1);
    const [row] = indexRows.get(name) ?? [];
    expect(
      row,
      `${INDEX} links ${name} outside a row: write it as "| [${name.slice(0, 3)}](${name}) | title | status | what holds today |"`,
    ).toBeDefined();
    expect(
      row?.number,
      `${INDEX} links ${name} as "${row?.number}": the link's text is the record's number`,
    ).toBe(name.slice(0, 3));
    const status = statusOf(name);
    expect(
      row?.status,
      `${INDEX} gives ${name} the status "${row?.status}", but its first line says "${status}": change the index row`,
    ).toBe(status);
  });

  it('links only to records that exist', () => {
    const stray = indexLinks
      .map(({ target }) => target)
      .filter((target) => !records.includes(target));
    expect(
      stray,
      `${INDEX} links to files that are not records in docs/decisions: fix or remove those links`,
    ).toEqual([]);
  });

  it('names only files that exist', () => {
    const missing = pathsOf(indexText)
      .map(({ path }) => path)
      .filter((path) => !exists(path));
    expect(missing, `${INDEX} names files that do not exist: fix the paths`).toEqual([]);
  });
});
