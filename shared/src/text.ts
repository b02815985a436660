// zod/mini rather than zod: the same validation with a functional API, about 65 KB less
// minified in every Lambda bundle and form page (docs/decisions/026).
import * as z from 'zod/mini';

// zod compiles fast validators with `new Function` where it may. The site's CSP forbids eval
// and reports even zod's probe for it as a violation, so every schema is built interpreted.
// This module is imported by every form schema, so the setting precedes their creation.
z.config({ jitless: true });

import { type Option, optionValues } from './options.ts';

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
const emailMax = () =>
  z.maxLength(EMAIL_MAX, { error: `Email address is too long (maximum ${EMAIL_MAX} characters)` });

/** An e-mail address: trimmed and lower-cased before it is checked. */
export function emailField(invalid: string) {
  return z.pipe(
    z.string({ error: invalid }).check(z.trim(), z.toLowerCase(), emailMax()),
    z.email({ error: invalid }),
  );
}

/** A single-line text field cleaned with {@link cleanLine}. */
export function lineField(required: string) {
  return z.string({ error: required }).check(z.overwrite(cleanLine));
}

/** A multi-line text field cleaned with {@link cleanMultiline}. */
export function textField(required: string) {
  return z.string({ error: required }).check(z.overwrite(cleanMultiline));
}

/**
 * An optional text field: a blank value (what an untouched form input holds) becomes
 * undefined, so it is neither validated nor stored.
 */
export function optional<T extends z.ZodMiniType>(schema: T) {
  // The outer optional only marks the key optional in the input type; a missing value
  // needs no preprocessing.
  return z.optional(
    z.pipe(
      z.transform((value: unknown) =>
        typeof value === 'string' && cleanLine(value) === '' ? undefined : value,
      ),
      z.optional(schema),
    ),
  );
}

/**
 * Spec section 5: an optional plus sign, then 10 to 20 digits, spaces, hyphens or parentheses;
 * and (our addition, docs/decisions/020) at least 7 digits, so `(---) ----` is not a number.
 */
export const PHONE_PATTERN = /^(?=(?:\D*\d){7})\+?[\d\s()-]{10,20}$/;

/** A length limit and the message for a value beyond it. */
export interface LengthLimit {
  length: number;
  error: string;
}

export interface LengthRules {
  /** Shorter values get this message; blank ones get the required message alone. */
  min?: LengthLimit;
  max: LengthLimit;
}

// The type check sits in front of a pipe because zod runs length checks even after a type
// error when the wrong value has a length (an array), which would add a second message.
function withLengths(schema: z.ZodMiniString<string>, required: string, { min, max }: LengthRules) {
  const checked = schema.check(
    z.minLength(1, { error: required, abort: true }),
    ...(min ? [z.minLength(min.length, { error: min.error })] : []),
    z.maxLength(max.length, { error: max.error }),
  );
  return z.pipe(z.string({ error: required }), checked);
}

/** A required single-line text field, cleaned with {@link cleanLine}, then length-checked. */
export function requiredLineField(required: string, rules: LengthRules) {
  return withLengths(lineField(required), required, rules);
}

/** A required multi-line text field, cleaned with {@link cleanMultiline}, then length-checked. */
export function requiredTextField(required: string, rules: LengthRules) {
  return withLengths(textField(required), required, rules);
}

/** An optional multi-line text field: blank becomes undefined, anything else is length-checked. */
export function optionalTextField(invalid: string, max: LengthLimit) {
  return optional(
    z.pipe(
      z.string({ error: invalid }),
      textField(invalid).check(z.maxLength(max.length, { error: max.error })),
    ),
  );
}

interface EmailMessages {
  /** For a missing or blank value. */
  required: string;
  /** For a value of the wrong type or a malformed address. */
  invalid: string;
  /** A shorter value is answered with the invalid message. */
  min?: number;
}

/**
 * An e-mail address that tells "missing" apart from "malformed": trimmed and lower-cased
 * before it is checked, like {@link emailField}.
 */
export function requiredEmailField({ required, invalid, min = 1 }: EmailMessages) {
  return z.pipe(
    z.pipe(
      z.string({
        error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid),
      }),
      z
        .string()
        .check(
          z.trim(),
          z.toLowerCase(),
          z.minLength(1, { error: required, abort: true }),
          z.minLength(min, { error: invalid, abort: true }),
          emailMax(),
        ),
    ),
    z.email({ error: invalid }),
  );
}

/** Spec section 5: the demo and beta forms accept business addresses only. */
export const FREE_MAIL_PROVIDERS = [
  'gmail',
  'yahoo',
  'hotmail',
  'outlook',
  'aol',
  'icloud',
  'live',
  'msn',
  'ymail',
  'rocketmail',
] as const;

export const BUSINESS_EMAIL_MESSAGE = 'Please use your business email address';

// A provider name followed by a public suffix: a TLD (gmail.com, outlook.de) or a country
// suffix under co/com/net/org/ne/or (yahoo.co.uk, live.com.au, yahoo.ne.jp). A company's own
// subdomain such as live.acme.com is not a free-mail domain and stays allowed.
const FREE_MAIL_DOMAIN = new RegExp(
  `^(?:${FREE_MAIL_PROVIDERS.join('|')})\\.(?:(?:co|com|net|org|ne|or)\\.)?[a-z]{2,63}$`,
);

/** True when the address is at one of the free-mail providers, on any country domain. */
export function isFreeMailAddress(email: string): boolean {
  const at = email.lastIndexOf('@');
  return (
    at >= 0 &&
    FREE_MAIL_DOMAIN.test(
      email
        .slice(at + 1)
        .trim()
        .toLowerCase(),
    )
  );
}

/** {@link requiredEmailField} that also refuses free-mail addresses. */
export function businessEmailField(messages: EmailMessages) {
  return requiredEmailField(messages).check(
    z.refine((email) => !isFreeMailAddress(email), { error: BUSINESS_EMAIL_MESSAGE }),
  );
}

/**
 * A consent box that must be ticked. Forms and JSON clients send it as true, "true" or "on"
 * (an HTML checkbox); anything else, including a missing value, counts as not ticked.
 */
export function consentField(message: string) {
  return z.pipe(
    z.transform((value: unknown) => value === true || value === 'true' || value === 'on'),
    z.literal(true, { error: message }),
  );
}

/**
 * A multi-select of one option list: at least one value, every value from the list, each
 * kept once in the order chosen. A wrong type or an unknown value gets the same message.
 */
export function multiSelectField<const T extends readonly Option[]>(options: T, message: string) {
  return z.array(z.enum(optionValues(options), { error: message }), { error: message }).check(
    z.overwrite((values) => [...new Set(values)]),
    z.minLength(1, { error: message }),
  );
}
