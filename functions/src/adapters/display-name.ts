/*
 * The sender display name of the From header: checked when a function starts (and at synth,
 * by infra), encoded when a message is sent. No AWS types here, so infra can use the rule.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;
/** Format characters (bidi controls, zero-width) and other code points that show nothing. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/** The longest sender name: what an inbox list shows, well within one header line. */
const DISPLAY_NAME_MAX = 64;

/**
 * What keeps a sender display name out of the From header, in words for a start-up error;
 * undefined when it may go in. It is configuration, not visitor input, but a name that
 * could break the header or pass for another sender is refused all the same.
 */
export function displayNameProblem(name: string): string | undefined {
  if (name.trim() === '') return 'is empty';
  if (Array.from(name).length > DISPLAY_NAME_MAX) {
    return `is longer than ${DISPLAY_NAME_MAX} characters`;
  }
  if (CONTROL.test(name) || INVISIBLE.test(name)) {
    return 'holds a line break, control or invisible character';
  }
  if (/[<>@]|=\?/.test(name)) return 'holds <, >, @ or =? (an address or an encoded word)';
  return undefined;
}

/** Base64 bytes per RFC 2047 encoded word: "=?UTF-8?B?" + 60 + "?=" stays under 75. */
const WORD_BYTES = 45;

/**
 * A display name as the From header carries it: printable ASCII as an RFC 5322 quoted
 * string, anything else as RFC 2047 encoded words (SES takes no raw UTF-8 in From), each
 * word whole characters only.
 */
export function encodeDisplayName(name: string): string {
  if (/^[\x20-\x7e]*$/.test(name)) return `"${name.replace(/[\\"]/g, '\\$&')}"`;
  const words: string[] = [];
  let chunk: Buffer[] = [];
  let size = 0;
  const flush = () => {
    if (size > 0) words.push(`=?UTF-8?B?${Buffer.concat(chunk).toString('base64')}?=`);
    chunk = [];
    size = 0;
  };
  for (const char of name) {
    const bytes = Buffer.from(char, 'utf8');
    if (size + bytes.length > WORD_BYTES) flush();
    chunk.push(bytes);
    size += bytes.length;
  }
  flush();
  return words.join(' ');
}
