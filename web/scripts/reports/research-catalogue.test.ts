// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { researchItems } from '../../app/content/research-items.ts';
import { CATALOGUE_FILE, catalogueJson } from './research-catalogue.ts';

describe('shared/src/research-catalogue.json', () => {
  it('is what the research files say (the build rewrites it: run `npm run build` in web/)', () => {
    expect(readFileSync(CATALOGUE_FILE, 'utf8')).toBe(catalogueJson(researchItems));
  });
});
