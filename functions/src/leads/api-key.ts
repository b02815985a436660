/**
 * Whether a text can be an `api` destination's key as EventBridge's connection takes it
 * (`ApiKeyValue`: 1 to 512 characters, no control character but a tab between words, no
 * colon). The key is the secret's whole value, sent as the header's value, so a value
 * EventBridge refuses fails the deploy that gives it to the connection. One rule for
 * `npm run verify` and the local stack, which plays EventBridge's part.
 */

/** The most characters EventBridge takes as an API key's value. */
export const API_KEY_MAX_LENGTH = 512;

/** EventBridge's pattern for `ApiKeyValue`: words of no control character and no colon. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const API_KEY_VALUE = /^[ \t]*[^\x00-\x1F:\x7F]+([ \t]+[^\x00-\x1F:\x7F]+)*[ \t]*$/;

/** A control character other than the tab the pattern allows between words. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\x00-\x08\x0A-\x1F\x7F]/;

/**
 * What makes `value` no API key EventBridge takes, in words that never hold any part of it
 * (a caller may print them), or undefined when it is one.
 */
export function apiKeyProblem(value: string): string | undefined {
  // Characters as EventBridge counts them: code points, not UTF-16 units.
  const length = [...value].length;
  if (length === 0) return 'is empty';
  if (length > API_KEY_MAX_LENGTH) {
    return `is ${length} characters long: an API key is 1 to ${API_KEY_MAX_LENGTH}`;
  }
  // What an editor leaves at the end of a file that `--secret-string file://` then reads.
  if (/\r?\n$/.test(value)) return 'ends with a newline';
  if (value.includes(':')) return 'holds a colon (:), which an API key may not';
  if (CONTROL.test(value)) return 'holds a control character (a line break or another)';
  if (value.trim() === '') return 'is blank: only spaces or tabs';
  if (!API_KEY_VALUE.test(value)) return 'is not of the form EventBridge takes for an API key';
  return undefined;
}
