/**
 * Escaping for the XML files the build writes (sitemap, Atom feed). XML 1.0 has no escape for
 * control characters other than tab, line feed and carriage return, nor for lone surrogates:
 * a document holding one is not well-formed, so they are dropped rather than escaped.
 */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

const ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
};

/** Safe as element text and as a quoted attribute value alike. */
export function escapeXml(value: string): string {
  return value.replace(NOT_XML_CHAR, '').replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c);
}
