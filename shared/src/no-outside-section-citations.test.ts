import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The product specification the project was built from is not in the repository, so a comment,
 * test name or document that points at one of its numbered sections sends the reader nowhere.
 * Source files state the rule itself instead (docs/product.md summarises the product's rules).
 * This test walks the repository's own files and names every file that still points there.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Generated, installed or local-only folders: not the project's source. */
const skippedFolders = new Set([
  'node_modules',
  '.git',
  'build',
  'dist',
  'cdk.out',
  '.data',
  'coverage',
  'playwright-report',
  '.react-router',
]);
const skippedFolderPrefixes = ['build-e2e-', 'test-results'];

const checkedExtensions = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|css|md|json|html|ya?ml)$/;

/**
 * Citations of the outside document: its numbered sections (also across a comment's line break),
 * the section sign before a number, and "spec" with a bare number in parentheses.
 */
const citations: readonly RegExp[] = [
  /\bspec(?:ification)?(?:'s)?[\s*/]+(?:sections?|§)/i,
  /§\s?\d/,
  /\(spec\s+\d/i,
];

function sourceFiles(folder: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      const skipped =
        skippedFolders.has(entry.name) ||
        skippedFolderPrefixes.some((prefix) => entry.name.startsWith(prefix));
      if (!skipped) files.push(...sourceFiles(path));
    } else if (
      entry.isFile() &&
      checkedExtensions.test(entry.name) &&
      entry.name !== 'package-lock.json'
    ) {
      files.push(relative(root, path).split(sep).join('/'));
    }
  }
  return files;
}

function citingFiles(): string[] {
  return sourceFiles(root)
    .filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      return citations.some((citation) => citation.test(text));
    })
    .sort();
}

describe('citations of the product specification', () => {
  const citing = citingFiles();

  it('finds the repository and its source files', () => {
    const files = sourceFiles(root);
    expect(files).toContain('README.md');
    expect(files).toContain('shared/src/constants.ts');
  });

  it('no source file cites a numbered section of a document outside the repository', () => {
    expect(citing, 'state the rule itself instead of citing the section').toEqual([]);
  });
});
