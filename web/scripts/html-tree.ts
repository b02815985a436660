import { type DefaultTreeAdapterTypes, parse } from 'parse5';

/*
 * The post-build steps read each prerendered page with parse5, the HTML parser browsers'
 * algorithm is written for, so they find an element however the framework happens to write it
 * (attribute order, quotes, `/>`, letter case). They change a page by replacing the source of
 * the elements they rewrite and nothing else: every other byte the framework wrote (doctype,
 * void elements, React's attribute spelling, JSON-LD text) stays exactly as it was.
 */

export type Element = DefaultTreeAdapterTypes.Element;

/** One change to a page's source: the characters from `start` to `end` become `text`. */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

/** A page as a browser would build it; with `locations`, each node knows its source offsets. */
export function parseHtml(source: string, locations = true): DefaultTreeAdapterTypes.Document {
  return parse(source, { sourceCodeLocationInfo: locations });
}

/** Every element of the tree in document order, template contents included. */
export function* elements(node: DefaultTreeAdapterTypes.ParentNode): Generator<Element> {
  for (const child of node.childNodes) {
    if (!('tagName' in child)) continue;
    yield child;
    yield* elements(child);
    // A template's children live in its own fragment, not among its child nodes.
    if ('content' in child) yield* elements(child.content);
  }
}

export function attribute(element: Element, name: string): string | undefined {
  return element.attrs.find((a) => a.name === name)?.value;
}

/** The text of an element's children, as the parser decoded it. */
export function textOf(element: Element): string {
  return element.childNodes.map((child) => ('value' in child ? child.value : '')).join('');
}

/** The source of an element from its start tag to the end of its end tag. */
export function sourceSpan(element: Element): { start: number; end: number } {
  const location = element.sourceCodeLocation;
  if (!location) throw new Error(`<${element.tagName}> has no source location`);
  return { start: location.startOffset, end: location.endOffset };
}

/**
 * Where to add an element at the end of `parent`: before its end tag, or, where the markup
 * leaves the end tag out, after its last child.
 */
export function endOfContent(parent: Element): number | undefined {
  const location = parent.sourceCodeLocation;
  if (location?.endTag) return location.endTag.startOffset;
  const last = parent.childNodes.at(-1)?.sourceCodeLocation;
  return last?.endOffset ?? location?.startTag?.endOffset;
}

/** An attribute to write: a boolean attribute (present, no value) is `true`. */
export type NewAttribute = [name: string, value: string | true];

/**
 * An element with no content and these attributes, in this order. Values are escaped the way
 * HTML serialises attribute values (`&` and `"`, and `<` and `>` as browsers now do); boolean
 * attributes are written bare, as React writes them.
 */
export function emptyElement(tagName: string, attrs: readonly NewAttribute[]): string {
  const written = attrs.map(([name, value]) =>
    value === true ? ` ${name}` : ` ${name}="${escapeAttribute(value)}"`,
  );
  return `<${tagName}${written.join('')}></${tagName}>`;
}

const ATTRIBUTE_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '"': '&quot;',
  '<': '&lt;',
  '>': '&gt;',
};

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => ATTRIBUTE_ESCAPES[c] ?? c);
}

/** The source with every edit applied; edits may come in any order but must not overlap. */
export function applyEdits(source: string, edits: readonly Edit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let out = '';
  let at = 0;
  for (const edit of sorted) {
    if (edit.start < at) throw new Error(`overlapping edits at offset ${edit.start}`);
    out += source.slice(at, edit.start) + edit.text;
    at = edit.end;
  }
  return out + source.slice(at);
}

// The types HTML runs as classic scripts (its "JavaScript MIME type essence match").
const JAVASCRIPT_TYPES = new Set([
  'application/ecmascript',
  'application/javascript',
  'application/x-ecmascript',
  'application/x-javascript',
  'text/ecmascript',
  'text/javascript',
  'text/javascript1.0',
  'text/javascript1.1',
  'text/javascript1.2',
  'text/javascript1.3',
  'text/javascript1.4',
  'text/javascript1.5',
  'text/jscript',
  'text/livescript',
  'text/x-ecmascript',
  'text/x-javascript',
]);

/**
 * What a browser does with a `<script>`, decided from its type the way HTML decides it:
 * `classic` and `module` run; `data` (JSON-LD, any type a browser does not know) is never run;
 * `importmap` and `speculationrules` are read by the browser and must stay inline.
 */
export type ScriptKind = 'classic' | 'module' | 'data' | 'importmap' | 'speculationrules';

export function scriptKind(script: Element): ScriptKind {
  const type = attribute(script, 'type');
  const language = attribute(script, 'language');
  const declared = type ?? (language ? `text/${language}` : '');
  const normalised = declared.trim().toLowerCase();
  if (normalised === '' || JAVASCRIPT_TYPES.has(normalised)) return 'classic';
  if (normalised === 'module' || normalised === 'importmap' || normalised === 'speculationrules') {
    return normalised;
  }
  return 'data';
}
