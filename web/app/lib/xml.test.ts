// @vitest-environment node
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { escapeXml } from './xml.ts';

describe('escapeXml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeXml(`a & b < c > d "e" 'f'`)).toBe(
      'a &amp; b &lt; c &gt; d &quot;e&quot; &apos;f&apos;',
    );
  });

  it('does not double-escape an entity-looking text: it is text, not markup', () => {
    expect(escapeXml('&amp;')).toBe('&amp;amp;');
  });

  it('drops characters XML 1.0 cannot carry and keeps tabs, newlines and astral characters', () => {
    expect(escapeXml('a\u0000b\u0008c\u000Bd\uFFFEe\uD800f')).toBe('abcdef');
    expect(escapeXml('tab\tnew\nline\r😀')).toBe('tab\tnew\nline\r😀');
  });

  it('round-trips hostile text through a real parser, in text and in attributes', () => {
    const hostile = `]]><script>alert("x")</script> & &#0; <!-- --> 'q' \u0001`;
    const xml = `<?xml version="1.0"?><r a="${escapeXml(hostile)}">${escapeXml(hostile)}</r>`;
    expect(XMLValidator.validate(xml)).toBe(true);
    const parsed = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@',
      processEntities: true,
      htmlEntities: false,
      parseTagValue: false,
      parseAttributeValue: false,
      trimValues: false,
    }).parse(xml) as { r: { '#text': string; '@a': string } };
    const expected = hostile.replace('\u0001', '');
    expect(parsed.r['#text']).toBe(expected);
    expect(parsed.r['@a']).toBe(expected);
  });
});
