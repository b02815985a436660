import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { fieldErrors } from './field-errors.ts';
import {
  BUSINESS_EMAIL_MESSAGE,
  businessEmailField,
  cleanLine,
  cleanMultiline,
  EMAIL_DOMAIN_INVALID_MESSAGE,
  EMAIL_DOMAIN_LABEL_TOO_LONG_MESSAGE,
  EMAIL_LOCAL_TOO_LONG_MESSAGE,
  emailField,
  isWellFormedText,
  lineField,
  optional,
  optionalTextField,
  removeInvisible,
  requiredEmailField,
  requiredLineField,
  requiredTextField,
  UNREADABLE_TEXT_MESSAGE,
} from './text.ts';

describe('cleanLine', () => {
  it('removes line breaks, control characters and angle brackets', () => {
    expect(cleanLine('Ada\r\nBcc: x@evil.example')).toBe('Ada Bcc: x@evil.example');
    expect(cleanLine('A\u0000d\u001ba\u0085 L\u2028ove')).toBe('A d a L ove');
    expect(cleanLine(' <b>Ada</b>\t ')).toBe('bAda/b');
  });

  it('removes the right-to-left override, so text reads in the order it is stored', () => {
    // "Invoice_\u202Egpj.exe" displays as "Invoice_exe.jpg".
    expect(cleanLine('Invoice_\u202egpj.exe')).toBe('Invoice_gpj.exe');
    expect(cleanLine('\u202eAda')).toBe('Ada');
  });

  it.each([
    ['U+200B zero-width space', '\u200b'],
    ['U+200C zero-width non-joiner', '\u200c'],
    ['U+200D zero-width joiner', '\u200d'],
    ['U+200E left-to-right mark', '\u200e'],
    ['U+200F right-to-left mark', '\u200f'],
    ['U+202A left-to-right embedding', '\u202a'],
    ['U+202B right-to-left embedding', '\u202b'],
    ['U+202C pop directional formatting', '\u202c'],
    ['U+202D left-to-right override', '\u202d'],
    ['U+202E right-to-left override', '\u202e'],
    ['U+2060 word joiner', '\u2060'],
    ['U+2061 function application', '\u2061'],
    ['U+2064 invisible plus', '\u2064'],
    ['U+2066 left-to-right isolate', '\u2066'],
    ['U+2067 right-to-left isolate', '\u2067'],
    ['U+2068 first strong isolate', '\u2068'],
    ['U+2069 pop directional isolate', '\u2069'],
    ['U+FEFF byte-order mark', '\ufeff'],
    ['U+00AD soft hyphen', '\u00ad'],
    ['U+061C Arabic letter mark', '\u061c'],
    ['U+180E Mongolian vowel separator', '\u180e'],
    ['U+E0001 language tag', '\u{e0001}'],
    ['U+E0041 tag latin capital A', '\u{e0041}'],
    ['U+E007F cancel tag', '\u{e007f}'],
    ['U+3164 Hangul filler', '\u3164'],
    ['U+115F Hangul choseong filler', '\u115f'],
    ['U+1160 Hangul jungseong filler', '\u1160'],
    ['U+FFA0 halfwidth Hangul filler', '\uffa0'],
    ['U+FE0F variation selector 16', '\ufe0f'],
    ['U+FE00 variation selector 1', '\ufe00'],
    ['U+E0100 variation selector 17', '\u{e0100}'],
    ['U+034F combining grapheme joiner', '\u034f'],
    ['U+17B4 Khmer vowel inherent aq', '\u17b4'],
    ['U+1BCA0 shorthand format letter overlap', '\u{1bca0}'],
  ])('removes %s', (_name, char) => {
    expect(cleanLine(`A${char}da${char}`)).toBe('Ada');
    expect(cleanLine(char.repeat(3))).toBe('');
  });

  it('makes two zero-width spaces, or a Hangul filler, an empty value', () => {
    expect(cleanLine('\u200b\u200b')).toBe('');
    expect(cleanLine('\u3164')).toBe('');
    expect(cleanLine(' \u3164 \u200b ')).toBe('');
  });

  it.each([
    ['=?UTF-8?B?SGk=?=', '= ?UTF-8?B?SGk= ?='],
    ['=?iso-8859-1?q?caf=E9?=', '= ?iso-8859-1?q?caf=E9?='],
    ['Ada =?utf-8?b?QmNjOiBldmls?= Lovelace', 'Ada = ?utf-8?b?QmNjOiBldmls?= Lovelace'],
    ['==??', '== ??'],
    ['=?=?=?', '= ?= ?= ?'],
  ])('neutralises the encoded word in %j', (input, expected) => {
    expect(cleanLine(input)).toBe(expected);
    expect(cleanLine(input)).not.toContain('=?');
  });

  it.each([
    ['a format character', '=\u200b?UTF-8?B?SGk=?='],
    ['a default-ignorable', '=\u3164?UTF-8?B?SGk=?='],
    ['an angle bracket', '=<?UTF-8?B?SGk=?='],
    ['a line break', '=\r\n?UTF-8?B?SGk=?='],
  ])('does not let removing %s join an encoded word back together', (_name, input) => {
    expect(cleanLine(input)).not.toContain('=?');
  });

  it('turns a lone surrogate into U+FFFD, so a header built with it is well-formed', () => {
    expect(cleanLine('Ada\ud800')).toBe('Ada\ufffd');
    expect(cleanLine('\udc00x')).toBe('\ufffdx');
    // A pair is one character and stays.
    expect(cleanLine('Ada \ud83d\ude00')).toBe('Ada \ud83d\ude00');
  });

  it('is a fixed point: cleaning twice gives the same text', () => {
    for (const input of ['=?UTF-8?B?SGk=?=', ' a \u202e b ', '\ud800=?', 'x=\u00ad?y']) {
      expect(cleanLine(cleanLine(input))).toBe(cleanLine(input));
    }
  });
});

describe('cleanMultiline', () => {
  it('keeps paragraph breaks but drops control characters and extra blank lines', () => {
    expect(cleanMultiline('Hello\r\n\r\n\r\n\r\nWorld\u0007!\u0085')).toBe('Hello\n\nWorld !');
    expect(cleanMultiline('line one  \n   line two')).toBe('line one\nline two');
  });

  it('removes format characters and default-ignorables, before collapsing blank lines', () => {
    expect(cleanMultiline('a\u202eb\u3164c\u200b')).toBe('abc');
    expect(cleanMultiline('a\n\u200b\n\u2060\n\nb')).toBe('a\n\nb');
    expect(cleanMultiline('\u200b\u200b')).toBe('');
  });

  it('leaves an encoded word readable as typed: a message never reaches a header', () => {
    expect(cleanMultiline('=?UTF-8?B?SGk=?=')).toBe('=?UTF-8?B?SGk=?=');
  });
});

describe('isWellFormedText and removeInvisible', () => {
  it('tells a lone surrogate from a pair', () => {
    expect(isWellFormedText('Ada \ud83d\ude00')).toBe(true);
    expect(isWellFormedText('\ud800')).toBe(false);
    expect(isWellFormedText('a\udc00b')).toBe(false);
    expect(isWellFormedText('\ude00\ud83d')).toBe(false);
  });

  it('removes invisible characters and nothing else', () => {
    expect(removeInvisible('\u200bA\u202eda \u3164L')).toBe('Ada L');
    expect(removeInvisible('  <b>\r\n')).toBe('  <b>\r\n');
  });
});

const REQUIRED = 'Required';
const TOO_SHORT = 'Too short';
const TOO_LONG = 'Too long';
const rules = {
  min: { length: 2, error: TOO_SHORT },
  max: { length: 10, error: TOO_LONG },
};

function messagesOf(schema: z.ZodMiniType, value: unknown): string[] {
  const result = z.object({ field: schema }).safeParse({ field: value });
  return result.success ? [] : (fieldErrors(result.error).field ?? []);
}

describe('text fields', () => {
  const fields: [string, z.ZodMiniType][] = [
    ['lineField', lineField(REQUIRED)],
    ['requiredLineField', requiredLineField(REQUIRED, rules)],
    ['requiredTextField', requiredTextField(REQUIRED, rules)],
    ['optional(lineField)', optional(lineField(REQUIRED))],
    ['optionalTextField', optionalTextField(REQUIRED, rules.max)],
  ];

  it.each(fields)('%s refuses a lone surrogate with a message a person understands', (_, f) => {
    expect(messagesOf(f, '\ud800')).toEqual([UNREADABLE_TEXT_MESSAGE]);
    expect(messagesOf(f, 'Ada \udc00 Lovelace')).toEqual([UNREADABLE_TEXT_MESSAGE]);
    // Refused however long: no length message about text the visitor never typed.
    expect(messagesOf(f, `${'x'.repeat(50)}\ud800`)).toEqual([UNREADABLE_TEXT_MESSAGE]);
  });

  it('counts invisible characters for nothing in the required and length checks', () => {
    const f = requiredLineField(REQUIRED, rules);
    expect(messagesOf(f, '\u200b\u200b')).toEqual([REQUIRED]);
    expect(messagesOf(f, '\u3164')).toEqual([REQUIRED]);
    expect(messagesOf(f, 'A\u200b')).toEqual([TOO_SHORT]);
    expect(messagesOf(f, `Ada${'\u200b'.repeat(20)}`)).toEqual([]);
    expect(messagesOf(requiredTextField(REQUIRED, rules), '\u2060\n\u200b')).toEqual([REQUIRED]);
  });

  it('makes an optional field of invisible characters alone undefined', () => {
    const schema = z.object({
      line: optional(lineField(REQUIRED)),
      text: optionalTextField(REQUIRED, rules.max),
    });
    expect(schema.parse({ line: '\u200b\u200b', text: '\u3164\n\ufeff' })).toEqual({
      line: undefined,
      text: undefined,
    });
  });

  it('stores single-line text with no encoded word left in it', () => {
    const schema = z.object({ f: lineField(REQUIRED) });
    expect(schema.parse({ f: '=?UTF-8?B?SGk=?=' }).f).toBe('= ?UTF-8?B?SGk= ?=');
  });
});

describe('e-mail fields', () => {
  const INVALID = 'Invalid address';
  const fields: [string, z.ZodMiniType][] = [
    ['emailField', emailField(INVALID)],
    ['requiredEmailField', requiredEmailField({ required: REQUIRED, invalid: INVALID })],
    ['businessEmailField', businessEmailField({ required: REQUIRED, invalid: INVALID })],
  ];
  const local64 = 'a'.repeat(64);
  const label63 = 'b'.repeat(63);

  it.each(fields)('%s accepts the longest part before @ and domain label', (_, f) => {
    expect(messagesOf(f, `${local64}@acme.example`)).toEqual([]);
    expect(messagesOf(f, `ada@${label63}.example`)).toEqual([]);
    expect(messagesOf(f, 'ada@my-acme.example')).toEqual([]);
  });

  it.each(fields)('%s refuses a part before @ of 65 characters', (_, f) => {
    expect(messagesOf(f, `a${local64}@acme.example`)).toEqual([EMAIL_LOCAL_TOO_LONG_MESSAGE]);
  });

  it.each(fields)('%s refuses a domain label of 64 characters', (_, f) => {
    expect(messagesOf(f, `ada@b${label63}.example`)).toEqual([EMAIL_DOMAIN_LABEL_TOO_LONG_MESSAGE]);
    expect(messagesOf(f, `ada@acme.${'c'.repeat(64)}`)).toEqual([
      EMAIL_DOMAIN_LABEL_TOO_LONG_MESSAGE,
    ]);
  });

  it.each(fields)('%s refuses a domain label that ends with a hyphen', (_, f) => {
    expect(messagesOf(f, 'a@foo-.com')).toEqual([EMAIL_DOMAIN_INVALID_MESSAGE]);
    expect(messagesOf(f, 'a@acme.foo-.com')).toEqual([EMAIL_DOMAIN_INVALID_MESSAGE]);
  });

  it.each(fields)(
    '%s refuses Punycode that does not decode, and takes Punycode that does',
    (_, f) => {
      expect(messagesOf(f, 'a@xn--a.example')).toEqual([EMAIL_DOMAIN_INVALID_MESSAGE]);
      expect(messagesOf(f, 'a@xn--zz.example')).toEqual([EMAIL_DOMAIN_INVALID_MESSAGE]);
      expect(messagesOf(f, 'a@xn--bcher-kva.example')).toEqual([]);
    },
  );

  it.each(fields)('%s keeps the invalid message for what it refused before', (_, f) => {
    // zod's e-mail format already refuses a label that starts with a hyphen.
    expect(messagesOf(f, 'a@-foo.com')).toEqual([INVALID]);
    expect(messagesOf(f, `${'a'.repeat(65)}@-foo.com`)).toEqual([INVALID]);
    expect(messagesOf(f, 'ada@')).toEqual([INVALID]);
  });

  it.each(fields)('%s answers a lone surrogate with its invalid message', (_, f) => {
    expect(messagesOf(f, '\ud800')).toEqual([INVALID]);
    expect(messagesOf(f, 'ada\ud800@acme.example')).toEqual([INVALID]);
    expect(messagesOf(f, 'ada@acme.example\udc00')).toEqual([INVALID]);
  });

  it.each(fields)('%s removes invisible characters from a pasted address', (_, f) => {
    const result = z.object({ f }).parse({ f: '\u200bAda\u2060@Acme.example\ufeff' });
    expect(result.f).toBe('ada@acme.example');
  });

  it('answers a required address of invisible characters alone as missing', () => {
    const f = requiredEmailField({ required: REQUIRED, invalid: INVALID });
    expect(messagesOf(f, '\u200b\u200b')).toEqual([REQUIRED]);
  });

  it('asks for a business address only once the address itself is deliverable', () => {
    const f = businessEmailField({ required: REQUIRED, invalid: INVALID });
    expect(messagesOf(f, `a${local64}@gmail.com`)).toEqual([EMAIL_LOCAL_TOO_LONG_MESSAGE]);
    expect(messagesOf(f, 'ada@gmail.com')).toEqual([BUSINESS_EMAIL_MESSAGE]);
  });
});
