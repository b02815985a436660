import * as z from 'zod';

/**
 * The spec's sanitising (section 5): trim, remove angle brackets, collapse whitespace.
 * It runs inside the schemas, so the browser and the Lambda store exactly the same text.
 * Single-line values lose every CR/LF here, which is what keeps visitor input out of
 * e-mail headers.
 */
export function cleanLine(value: string): string {
  return (
    value
      .replace(/[<>]/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * Multi-line text keeps its paragraph breaks (sales read these messages), but loses angle
 * brackets, control characters and runs of blank lines.
 */
export function cleanMultiline(value: string): string {
  return (
    value
      .replace(/[<>]/g, '')
      .replace(/\r\n?/g, '\n')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g, ' ')
      .replace(/[ \t\u00a0]+/g, ' ')
      .replace(/ *\n */g, '\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim()
  );
}

export const EMAIL_MAX = 254;

/** An e-mail address: trimmed and lower-cased before it is checked. */
export function emailField(invalid: string) {
  return z
    .string({ error: invalid })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, { error: `Email address is too long (maximum ${EMAIL_MAX} characters)` })
    .pipe(z.email({ error: invalid }));
}

/** A single-line text field cleaned with {@link cleanLine}. */
export function lineField(required: string) {
  return z.string({ error: required }).overwrite(cleanLine);
}

/** A multi-line text field cleaned with {@link cleanMultiline}. */
export function textField(required: string) {
  return z.string({ error: required }).overwrite(cleanMultiline);
}

/**
 * An optional text field: a blank value (what an untouched form input holds) becomes
 * undefined, so it is neither validated nor stored.
 */
export function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (value) => (typeof value === 'string' && cleanLine(value) === '' ? undefined : value),
    schema.optional(),
  );
}

/** Spec section 5: an optional plus sign, then 10 to 20 digits, spaces, hyphens or parentheses. */
export const PHONE_PATTERN = /^\+?[\d\s()-]{10,20}$/;
