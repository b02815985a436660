import { readFileSync, writeFileSync } from 'node:fs';
import type { ResearchItem } from '../../app/content/library-types.ts';

/**
 * shared/src/research-catalogue.json: the ids and titles of the research files, all the
 * download form and the functions need of them. A Lambda's esbuild bundle cannot read the
 * repository's Markdown at run time, so the build writes this small file from the folder,
 * the one source of truth, and every bundle imports it (docs/decisions/069).
 */
export const CATALOGUE_FILE = new URL(
  '../../../shared/src/research-catalogue.json',
  import.meta.url,
);

/** The catalogue's text for a set of items: stable, so an unchanged folder writes nothing. */
export function catalogueJson(items: readonly Pick<ResearchItem, 'id' | 'title'>[]): string {
  const reports = items
    .map(({ id, title }) => ({ id, title }))
    .sort((a, b) => a.id.localeCompare(b.id));
  const generatedFrom =
    'web/app/content/research/*.md: the web build writes this file; never edit it by hand';
  return `${JSON.stringify({ generatedFrom, reports }, null, 2)}\n`;
}

/** Writes the catalogue when it differs from the file; true when it changed. */
export function writeResearchCatalogue(
  items: readonly Pick<ResearchItem, 'id' | 'title'>[],
  file: URL = CATALOGUE_FILE,
): boolean {
  const text = catalogueJson(items);
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // No catalogue yet: write it.
  }
  if (current === text) return false;
  writeFileSync(file, text);
  return true;
}
