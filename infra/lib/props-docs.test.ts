import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Construct props are documented the way AWS Solutions Constructs document theirs: every
 * optional property of an exported interface says, in `@default`, what its absence means.
 */
const LIB = import.meta.dirname;
const sources = readdirSync(LIB).filter(
  (file) => file.endsWith('.ts') && !file.endsWith('.test.ts'),
);

/** The optional properties of the file's exported interfaces whose doc comment has no @default. */
function undocumentedDefaults(source: string): string[] {
  const missing: string[] = [];
  for (const block of source.matchAll(/^export interface (\w+)[^{]*\{([\s\S]*?)^\}/gm)) {
    const [, name, body = ''] = block;
    // A property at the interface's own depth (two spaces), with the comment right above it.
    for (const property of body.matchAll(/(\/\*\*(?:(?!\*\/)[\s\S])*\*\/\s*)?^ {2}(\w+)\?:/gm)) {
      if (!property[1]?.includes('@default')) missing.push(`${name}.${property[2]}`);
    }
  }
  return missing;
}

describe('construct props', () => {
  it.each(sources)('%s: every optional prop says its @default', (file) => {
    expect(undocumentedDefaults(readFileSync(join(LIB, file), 'utf8'))).toEqual([]);
  });

  it('are checked by a rule that finds an optional prop without @default', () => {
    const source = [
      'export interface Props {',
      '  /** Said. */',
      '  said?: string;',
      '  /**',
      '   * Kept.',
      '   * @default 3',
      '   */',
      '  kept?: number;',
      '  required: string;',
      '}',
    ].join('\n');
    expect(undocumentedDefaults(source)).toEqual(['Props.said']);
  });
});
