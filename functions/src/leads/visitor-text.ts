import { LinkifyIt } from 'linkify-it';
import tlds from 'tlds';

/** The IANA list, not linkify-it's short default, and reserved names a client may still link. */
const TOP_LEVEL_DOMAINS = [...tlds, 'example', 'test', 'invalid', 'localhost', 'local', 'onion'];

/**
 * Links as mail clients find them in text: with a scheme, `//host`, e-mail addresses, and
 * bare host names under any of those top-level domains.
 */
const links = new LinkifyIt({
  fuzzyLink: true,
  fuzzyEmail: true,
  fuzzyIP: true,
  tlds: TOP_LEVEL_DOMAINS,
});

const TOP_LEVEL = new Set(TOP_LEVEL_DOMAINS.map((tld) => tld.toLowerCase()));

const SCHEME_NAMES: Record<string, string> = { http: 'hxxp', https: 'hxxps', ftp: 'fxp' };

/** One found link, written so that no client turns it back into one. */
function defang(raw: string): string {
  return raw
    .replace(/^(https?|ftp)(?=:\/\/)/i, (scheme) => SCHEME_NAMES[scheme.toLowerCase()] ?? scheme)
    .replace(/^mailto:/i, 'mailto[:]')
    .replaceAll('.', '[.]');
}

/**
 * Text the recogniser found no link in, made safe all the same, since no recogniser matches
 * every client's: any other `scheme://` (a disabled `hxxps://` may stay: no client links that
 * scheme), a `www.` prefix, and every dot before a real top-level domain, which is what a
 * client needs to link a bare host name (`evil.com:8443`, `login.evil.com` after `hxxps://`).
 */
function defangUnmatched(text: string): string {
  return text
    .replace(/(?<!\b(?:hxxps?|fxp)):\/\//gi, '[:]//')
    .replace(/\bwww\.(?=\S)/gi, 'www[.]')
    .replace(/\.([\p{L}\p{N}-]+)(?![\p{L}\p{N}-])/gu, (dot, label: string) =>
      TOP_LEVEL.has(label.toLowerCase()) ? `[.]${label}` : dot,
    );
}

/**
 * Visitor text with every link disabled, as security teams share a hostile address
 * (`hxxps://evil[.]example/x`): mail clients link what they find in text (decision 054).
 */
export function defangLinks(text: string): string {
  let out = '';
  let last = 0;
  for (const match of links.match(text) ?? []) {
    out += defangUnmatched(text.slice(last, match.index)) + defang(match.raw);
    last = match.lastIndex;
  }
  return out + defangUnmatched(text.slice(last));
}

const LINE_BREAK = /\r\n|[\r\n\v\f\u2028\u2029\u0085]/;

/** Whether the text has more than one line. */
export function isMultiline(text: string): boolean {
  return LINE_BREAK.test(text);
}

/**
 * A one-line visitor value in the quotation marks that say "as the visitor typed it". Curly
 * double quotes inside become straight ones, so the closing mark is always the system's.
 */
export function inlineQuote(text: string): string {
  return `“${text.replace(/[“”]/g, '"').split(LINE_BREAK).join(' ')}”`;
}

/** Multi-line visitor text as plain-text mail quotes it: every line behind "> ". */
export function quoteLines(text: string): string[] {
  return text.split(LINE_BREAK).map((line) => (line === '' ? '>' : `> ${line}`));
}
