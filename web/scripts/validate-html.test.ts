// @vitest-environment node
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatVnuReport, listHtmlFiles, parseVnuReport, validateBuild } from './validate-html.ts';

const root = '/site/build/client';
const url = (file: string) => pathToFileURL(join(root, file)).href;

// The shapes vnu 26 writes with --format json: an error, a warning, a plain remark, and a file
// it could not read.
const sample = JSON.stringify({
  messages: [
    {
      type: 'info',
      url: url('index.html'),
      lastLine: 1,
      lastColumn: 40,
      firstColumn: 16,
      message: 'Trailing slash on void elements has no effect.',
      extract: '<meta charSet="utf-8"/>',
    },
    {
      type: 'error',
      url: url('features/index.html'),
      lastLine: 1,
      lastColumn: 4200,
      firstColumn: 4150,
      message: 'Duplicate ID “kryon-logo”.',
      extract: '<linearGradient\n   id="kryon-logo">',
    },
    {
      type: 'info',
      subType: 'warning',
      url: url('features/index.html'),
      firstLine: 2,
      lastLine: 3,
      firstColumn: 7,
      lastColumn: 9,
      message: 'Section lacks heading.',
    },
    {
      type: 'non-document-error',
      subType: 'io',
      url: url('gone.html'),
      message: 'File not found.',
    },
  ],
});

describe('parseVnuReport', () => {
  const report = parseVnuReport(sample, root);

  it('fails on errors and on files vnu could not read, with file, line, column and markup', () => {
    expect(report.errors).toEqual([
      {
        file: join('features', 'index.html'),
        line: 1,
        column: 4150,
        message: 'Duplicate ID “kryon-logo”.',
        extract: '<linearGradient id="kryon-logo">',
      },
      { file: 'gone.html', line: 0, column: 0, message: 'File not found.', extract: '' },
    ]);
  });

  it('reports warnings apart and drops plain remarks', () => {
    expect(report.warnings).toEqual([
      {
        file: join('features', 'index.html'),
        line: 2,
        column: 7,
        message: 'Section lacks heading.',
        extract: '',
      },
    ]);
  });

  it('refuses output that is not a vnu report', () => {
    expect(() => parseVnuReport('{}', root)).toThrow(/messages/);
    expect(() => parseVnuReport('Picked up JAVA_TOOL_OPTIONS', root)).toThrow();
  });
});

describe('formatVnuReport', () => {
  it('lists each finding as file:line:column, errors first, then the verdict', () => {
    const text = formatVnuReport(parseVnuReport(sample, root), {
      pages: 51,
      dir: 'build/client',
      seconds: 4.25,
    });
    expect(text.split('\n')).toEqual([
      'features/index.html:1:4150  error  Duplicate ID “kryon-logo”.',
      '    <linearGradient id="kryon-logo">',
      'gone.html:0:0  error  File not found.',
      'features/index.html:2:7  warning  Section lacks heading.',
      'HTML INVALID: 2 error(s), 1 warning(s) in 51 page(s) of build/client, checked in 4.3 s',
    ]);
  });

  it('calls a build without errors valid, warnings or not', () => {
    const { warnings } = parseVnuReport(sample, root);
    const text = formatVnuReport({ errors: [], warnings }, { pages: 3, dir: 'x', seconds: 1 });
    expect(text.split('\n').at(-1)).toBe(
      'HTML valid: 0 error(s), 1 warning(s) in 3 page(s) of x, checked in 1.0 s',
    );
  });
});

// The real checker, on Java: proves the check catches what it is for.
describe('validateBuild', () => {
  let dir: string;
  const page = (body: string, head = '<title>Kryon</title>') =>
    `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'validate-html-'));
    await mkdir(join(dir, 'features'));
    await mkdir(join(dir, 'assets'));
    await writeFile(join(dir, 'index.html'), page('<main><h1>Kryon</h1></main>'));
    await writeFile(
      join(dir, 'features', 'index.html'),
      page('<svg id="kryon-logo"></svg><svg id="kryon-logo"></svg>'),
    );
    await writeFile(join(dir, '__spa-fallback.html'), page('', ''));
    await writeFile(join(dir, 'assets', 'note.txt'), 'not a page');
  });

  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('finds every .html file of the build, wherever it lies', async () => {
    expect(await listHtmlFiles(dir)).toEqual([
      join(dir, '__spa-fallback.html'),
      join(dir, 'features', 'index.html'),
      join(dir, 'index.html'),
    ]);
  });

  it('fails on invalid pages and names each error', async () => {
    const lines: string[] = [];
    const code = await validateBuild(dir, (text) => lines.push(text));
    const output = lines.join('\n');
    expect(code).toBe(1);
    expect(output).toMatch(/^features\/index\.html:1:\d+ {2}error {2}Duplicate ID “kryon-logo”\./m);
    expect(output).toMatch(/^__spa-fallback\.html:1:\d+ {2}error .*“title”/m);
    expect(output).not.toMatch(/^index\.html:/m);
    expect(output).toMatch(/HTML INVALID: 2 error\(s\), \d+ warning\(s\) in 3 page\(s\)/);
  }, 60_000);

  it('passes valid pages', async () => {
    const valid = await mkdtemp(join(tmpdir(), 'validate-html-valid-'));
    try {
      await writeFile(join(valid, 'index.html'), page('<main><h1>Kryon</h1></main>'));
      const lines: string[] = [];
      expect(await validateBuild(valid, (text) => lines.push(text))).toBe(0);
      expect(lines.join('\n')).toMatch(/^HTML valid: 0 error\(s\), 0 warning\(s\) in 1 page\(s\)/);
    } finally {
      await rm(valid, { recursive: true, force: true });
    }
  }, 60_000);

  it('fails when there is no build to check', async () => {
    const lines: string[] = [];
    expect(await validateBuild(join(dir, 'missing'), (text) => lines.push(text))).toBe(1);
    expect(lines.join('\n')).toMatch(/No HTML files .* build the site first/);
  });
});
