/**
 * The ES module build of the `punycode` package, which ships no types. Its plain name is
 * Node's deprecated built-in module, so the import names this file.
 */
declare module 'punycode/punycode.es6.js' {
  /** A label's Punycode, without `xn--`, decoded; throws when it does not decode. */
  export function decode(input: string): string;
}
