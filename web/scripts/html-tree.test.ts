// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  applyEdits,
  elements,
  emptyElement,
  endOfContent,
  parseHtml,
  scriptKind,
  sourceSpan,
} from './html-tree.ts';

const first = (html: string, tagName: string) => {
  const found = [...elements(parseHtml(html))].find((e) => e.tagName === tagName);
  if (!found) throw new Error(`no <${tagName}>`);
  return found;
};

describe('html-tree', () => {
  it('walks every element in document order, into template contents', () => {
    const html = '<p>a</p><template><script src="/t.js"></script></template><i></i>';
    const names = [...elements(parseHtml(html))].map((e) => e.tagName);
    expect(names).toEqual(['html', 'head', 'body', 'p', 'template', 'script', 'i']);
  });

  it("edits only the spans it is given, wherever the elements' tags put them", () => {
    const html = '<!DOCTYPE html><head><meta charSet="utf-8"/><LINK REL=x href=y></head>';
    const link = first(html, 'link');
    const head = first(html, 'head');
    const at = endOfContent(head) ?? -1;
    const out = applyEdits(html, [
      { start: at, end: at, text: '<b-end>' },
      { ...sourceSpan(link), text: '' },
    ]);
    expect(out).toBe('<!DOCTYPE html><head><meta charSet="utf-8"/><b-end></head>');
    expect(() =>
      applyEdits(
        html,
        [sourceSpan(link), sourceSpan(head)].map((s) => ({ ...s, text: '' })),
      ),
    ).toThrow(/overlapping/);
  });

  it('writes boolean attributes bare and escapes values', () => {
    expect(
      emptyElement('script', [
        ['async', true],
        ['data-x', 'a&"<>'],
      ]),
    ).toBe('<script async data-x="a&amp;&quot;&lt;&gt;"></script>');
  });

  it('tells scripts that run from data blocks the way HTML does', () => {
    const kind = (attrs: string) => scriptKind(first(`<script ${attrs}></script>`, 'script'));
    expect(kind('')).toBe('classic');
    expect(kind('type=""')).toBe('classic');
    expect(kind('type=" Text/JavaScript "')).toBe('classic');
    expect(kind('language="javascript"')).toBe('classic');
    // An empty type means JavaScript, whatever the legacy language attribute says.
    expect(kind('type="" language="vbscript"')).toBe('classic');
    expect(kind('type="MODULE"')).toBe('module');
    expect(kind('type="application/ld+json"')).toBe('data');
    expect(kind('type="text/javascript; charset=utf-8"')).toBe('data');
    expect(kind('type="importmap"')).toBe('importmap');
  });
});
