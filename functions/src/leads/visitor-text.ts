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

/**
 * What separates a host name's labels: the full stop and those a browser's host parser reads
 * as one (ideographic, fullwidth, halfwidth ideographic and small full stops, the one-dot
 * leader), so `evil。example` reaches evil.example.
 */
const DOTS = '.\u2024\u3002\uFE52\uFF0E\uFF61';
const DOT = new RegExp(`[${DOTS}]`, 'gu');
const WWW = new RegExp(`\\bwww([${DOTS}])(?=\\S)`, 'giu');
/** A dot and the label after it, which is a top-level domain's name when the text ends one. */
const DOT_LABEL = new RegExp(`([${DOTS}])([\\p{L}\\p{N}-]+)(?![\\p{L}\\p{N}-])`, 'gu');

/** A separator written so that no client reads it as one: `[.]`, `[。]`. */
const bracketDot = (dot: string) => `[${dot}]`;

/**
 * Every `scheme://` in `text` disabled: http, https and ftp renamed (`hxxps://`), any other
 * scheme's colon bracketed (`smb[:]//`); a scheme already disabled stays, since no client
 * links it.
 */
function defangSchemes(text: string): string {
  return text.replace(
    /(\b(?:https?|ftp))?:\/\//gi,
    (found, scheme: string | undefined, at: number) => {
      // What stands before: enough characters to see the word's start (a letter may be two).
      const before = text.slice(Math.max(0, at - 8), at);
      if (scheme === undefined) return /\b(?:hxxps?|fxp)$/i.test(before) ? found : '[:]//';
      // A scheme glued to letters (`xhttps://`, `a.https://`) is another scheme: bracketed.
      return /[\p{L}\p{N}+.-]$/u.test(before)
        ? `${scheme}[:]//`
        : `${SCHEME_NAMES[scheme.toLowerCase()]}://`;
    },
  );
}

/**
 * One found link, written so that no client turns it back into one: every scheme in it (a
 * link may carry another in its query, `?next=https://evil.example`), every `mailto:`, and
 * every dot.
 */
function defang(raw: string): string {
  return defangSchemes(raw)
    .replace(/mailto:/gi, 'mailto[:]')
    .replace(DOT, bracketDot);
}

/**
 * Text the recogniser found no link in, made safe all the same, since no recogniser matches
 * every client's: any other `scheme://` (a disabled `hxxps://` may stay: no client links that
 * scheme), a `mailto:`, a `www.` prefix, and every dot before a real top-level domain, which
 * is what a client needs to link a bare host name (`evil.com:8443`, `login.evil.com` after
 * `hxxps://`), its letters read as IDNA reads them (`evil．ｃｏｍ` is evil.com).
 */
function defangUnmatched(text: string): string {
  return defangSchemes(text)
    .replace(/mailto:/gi, 'mailto[:]')
    .replace(WWW, (found, dot: string) => `${found.slice(0, 3)}${bracketDot(dot)}`)
    .replace(DOT_LABEL, (found, dot: string, label: string) =>
      TOP_LEVEL.has(label.normalize('NFKC').toLowerCase()) ? `${bracketDot(dot)}${label}` : found,
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
