/// <reference path="./punycode-module.d.ts" />
// zod/mini rather than zod: the same validation with a functional API, about 65 KB less
// minified in every Lambda bundle and form page (docs/decisions/026).
import * as z from 'zod/mini';

// zod compiles fast validators with `new Function` where it may. The site's CSP forbids eval
// and reports even zod's probe for it as a violation, so every schema is built interpreted.
// This module is imported by every form schema, so the setting precedes their creation.
z.config({ jitless: true });

import { decode } from 'punycode/punycode.es6.js';
import { isEmailAddress } from './mail-address.ts';
import { type Option, optionValues } from './options.ts';

/** The answer to a value that holds a lone UTF-16 surrogate: it is refused, never repaired. */
export const UNREADABLE_TEXT_MESSAGE =
  'This field contains characters we cannot read. Please retype it.';

// In a `u` regex a surrogate pair is one code point (never Cs), so Cs matches exactly the
// halves that have no partner: the text is not well-formed UTF-16 and has no UTF-8 form.
// A regex rather than String#isWellFormed/toWellFormed: the schemas run in the browser too,
// and those arrived in 2023 (Chrome 111, Safari 16.4, Firefox 119).
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = /\p{Cs}/gu;

// Format characters (zero-width spaces and joiners, bidi embeddings, overrides and isolates,
// the byte-order mark, the soft hyphen, tag characters) and every other code point that
// renderers draw as nothing (Hangul fillers, variation selectors, the combining grapheme
// joiner...). None is needed to read a name, a company or a message, and each can hide,
// reorder or fake text in what sales read, or make a blank value look filled in.
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/gu;

/** True when the text is well-formed UTF-16: no surrogate half without its partner. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * The text with each lone surrogate replaced by U+FFFD: what `String#toWellFormed` does, for
 * text that must be encoded (UTF-8, a URL) even when it was never checked.
 */
export function wellFormedText(value: string): string {
  return value.replace(LONE_SURROGATES, '\ufffd');
}

/**
 * Removes what no reader sees: format characters and every default-ignorable code point.
 * A lone surrogate becomes U+FFFD, so the result is always well-formed; the schemas refuse
 * such a value before cleaning it (see {@link UNREADABLE_TEXT_MESSAGE}).
 */
export function removeInvisible(value: string): string {
  return wellFormedText(value).replace(INVISIBLE, '');
}

/**
 * One line of visitor text, safe to show anywhere and to put in an e-mail header. The rule:
 * - a lone surrogate becomes U+FFFD (the schemas refuse such values before they get here);
 * - format characters and default-ignorable code points are removed;
 * - angle brackets are removed;
 * - control characters, line breaks (CR, LF, NEL, U+2028, U+2029) and runs of whitespace
 *   become one space, and the ends are trimmed;
 * - every `=?` becomes `= ?`, so no RFC 2047 encoded word (`=?UTF-8?B?...?=`) is left for a
 *   mail client to decode into text we never checked. This runs after every removal, so
 *   no removal can bring an `=` and a `?` together again.
 * The result is a fixed point: cleaning it again changes nothing.
 *
 * The schemas clean every single-line field with it, so the browser and the Lambda store
 * the same text; the server also applies it to a whole header value it builds (a subject
 * made of several fields and its own words), as a second line of defence.
 */
export function cleanLine(value: string): string {
  return (
    removeInvisible(value)
      .replace(/[<>]/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
      .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/=\?/g, '= ?')
  );
}

/**
 * Multi-line text keeps its paragraph breaks (sales read these messages), but loses what
 * {@link removeInvisible} removes, angle brackets, control characters and runs of blank
 * lines. It never reaches a header, so encoded words are left as typed.
 */
export function cleanMultiline(value: string): string {
  return (
    removeInvisible(value)
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

// Runs before cleaning, and aborts: a refused value gets this one message, not a length
// message about a repaired text the visitor never typed.
const wellFormed = () =>
  z.refine<string>(isWellFormedText, { error: UNREADABLE_TEXT_MESSAGE, abort: true });

export const EMAIL_MAX = 254;
/** The longest part before the @ that mail servers must accept (SES refuses longer ones). */
export const EMAIL_LOCAL_MAX = 64;
/** The longest label of a domain name: the text between two dots. */
export const EMAIL_DOMAIN_LABEL_MAX = 63;

export const EMAIL_LOCAL_TOO_LONG_MESSAGE = `The part before @ is too long (maximum ${EMAIL_LOCAL_MAX} characters)`;
export const EMAIL_DOMAIN_LABEL_TOO_LONG_MESSAGE = `The domain after @ has a part that is too long (maximum ${EMAIL_DOMAIN_LABEL_MAX} characters between dots)`;
export const EMAIL_DOMAIN_INVALID_MESSAGE = 'The domain after @ is not valid';

const emailMax = () =>
  z.maxLength(EMAIL_MAX, { error: `Email address is too long (maximum ${EMAIL_MAX} characters)` });

// A domain label: letters, digits and hyphens, starting and ending with a letter or digit.
const DOMAIN_LABEL = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
/** How a Punycode (ACE) label of a domain begins. */
const ACE_PREFIX = 'xn--';

function localPart(email: string): string {
  return email.slice(0, email.lastIndexOf('@'));
}

function domainLabels(email: string): string[] {
  return email.slice(email.lastIndexOf('@') + 1).split('.');
}

// Only an address every earlier check accepted is looked at, so an address the existing
// rules refuse keeps their one message; the first failure here stops the rest.
const acceptedSoFar = (payload: z.core.ParsePayload) => payload.issues.length === 0;

/** The host name the WHATWG URL parser makes of `host`, or undefined when it refuses it. */
function parsedHost(host: string): string | undefined {
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return undefined;
  }
}

/**
 * Whether an `xn--` label is Punycode that decodes to a valid label: one the URL parser
 * turns back into exactly this label (`xn--a` decodes to a control character, `xn--zz` does
 * not decode). The decoded form is what gets checked because Node 24's URL parser lets an
 * ASCII `xn--` label through unchecked, while it still checks Unicode labels as browsers do.
 */
function isPunycodeLabel(label: string): boolean {
  let decoded: string;
  try {
    decoded = decode(label.slice(ACE_PREFIX.length));
  } catch {
    return false;
  }
  return parsedHost(decoded) === label;
}

/**
 * Whether the domain is a host name a mail system can resolve: the URL parser accepts it,
 * and each `xn--` label is valid Punycode.
 */
function isHostName(email: string): boolean {
  const domain = email.slice(email.lastIndexOf('@') + 1);
  return (
    parsedHost(domain) !== undefined &&
    domain.split('.').every((label) => !label.startsWith(ACE_PREFIX) || isPunycodeLabel(label))
  );
}

/**
 * What zod's e-mail format lets through and SES cannot deliver to: a part before the @
 * longer than 64 characters, a domain label longer than 63, one that starts or ends with
 * a hyphen, or a Punycode label that does not decode. Each gets a message saying which part
 * is wrong.
 */
const deliverable = () => [
  z.refine<string>((email) => localPart(email).length <= EMAIL_LOCAL_MAX, {
    error: EMAIL_LOCAL_TOO_LONG_MESSAGE,
    abort: true,
    when: acceptedSoFar,
  }),
  z.refine<string>(
    (email) => domainLabels(email).every((label) => label.length <= EMAIL_DOMAIN_LABEL_MAX),
    { error: EMAIL_DOMAIN_LABEL_TOO_LONG_MESSAGE, abort: true, when: acceptedSoFar },
  ),
  z.refine<string>((email) => domainLabels(email).every((label) => DOMAIN_LABEL.test(label)), {
    error: EMAIL_DOMAIN_INVALID_MESSAGE,
    abort: true,
    when: acceptedSoFar,
  }),
  z.refine<string>(isHostName, {
    error: EMAIL_DOMAIN_INVALID_MESSAGE,
    abort: true,
    when: acceptedSoFar,
  }),
];

/**
 * An e-mail address: invisible characters removed (a pasted address often carries a
 * zero-width space), trimmed and lower-cased before it is checked, then held to what SES
 * can deliver to.
 */
export function emailField(invalid: string) {
  return z
    .pipe(
      z
        .string({ error: invalid })
        .check(z.overwrite(removeInvisible), z.trim(), z.toLowerCase(), emailMax()),
      z.string().check(z.refine(isEmailAddress, { error: invalid })),
    )
    .check(...deliverable());
}

/**
 * A single-line text field cleaned with {@link cleanLine}. A value that is not well-formed
 * UTF-16 is refused first, with {@link UNREADABLE_TEXT_MESSAGE}; checks added after this
 * one see the cleaned text, so invisible characters count for nothing.
 */
export function lineField(required: string) {
  return z.string({ error: required }).check(wellFormed(), z.overwrite(cleanLine));
}

/** A multi-line text field cleaned with {@link cleanMultiline}, refused like {@link lineField}. */
export function textField(required: string) {
  return z.string({ error: required }).check(wellFormed(), z.overwrite(cleanMultiline));
}

/**
 * An optional text field: a blank value (what an untouched form input holds, or one of
 * invisible characters alone) becomes undefined, so it is neither validated nor stored.
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
 * A phone number: an optional plus sign, then 10 to 20 digits, spaces, hyphens or parentheses;
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
 * An e-mail address that tells "missing" apart from "malformed": cleaned and checked like
 * {@link emailField}, so a value of invisible characters alone counts as missing.
 */
export function requiredEmailField({ required, invalid, min = 1 }: EmailMessages) {
  return z
    .pipe(
      z.pipe(
        z.string({
          error: (issue) =>
            issue.input === undefined || issue.input === null ? required : invalid,
        }),
        z
          .string()
          .check(
            z.overwrite(removeInvisible),
            z.trim(),
            z.toLowerCase(),
            z.minLength(1, { error: required, abort: true }),
            z.minLength(min, { error: invalid, abort: true }),
            emailMax(),
          ),
      ),
      z.string().check(z.refine(isEmailAddress, { error: invalid })),
    )
    .check(...deliverable());
}

/** The demo and beta forms accept business addresses only: not one at these free-mail domains. */
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
