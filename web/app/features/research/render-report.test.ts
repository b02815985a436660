// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { sfntFromWoff } from './render-report.server.ts';

const require = createRequire(import.meta.url);
const woff = readFileSync(require.resolve('@fontsource/inter/files/inter-latin-400-normal.woff'));

describe('sfntFromWoff', () => {
  it('unwraps the WOFF into the font it holds: the same glyphs, shapes and metrics', () => {
    const wrapped = fontkit.create(woff) as fontkit.Font;
    const plain = fontkit.create(sfntFromWoff(woff)) as fontkit.Font;
    expect(plain.type).toBe('TTF');
    expect(plain.numGlyphs).toBe(wrapped.numGlyphs);
    expect(plain.unitsPerEm).toBe(wrapped.unitsPerEm);
    const text = 'Kryon: IAM → “PassRole” ﬁ 0.0.0.0/0';
    const run = (font: fontkit.Font) =>
      font.layout(text).glyphs.map((glyph) => [glyph.id, glyph.advanceWidth, glyph.path.toSVG()]);
    expect(run(plain)).toEqual(run(wrapped));
  });

  it('refuses anything that is not WOFF 1.0', () => {
    expect(() => sfntFromWoff(Buffer.from('wOF2 not this one'))).toThrow(/WOFF 1\.0/);
  });
});
