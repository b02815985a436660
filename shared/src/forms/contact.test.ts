import { describe, expect, it } from 'vitest';
import type { FieldErrors } from '../api.ts';
import { fieldErrors } from '../field-errors.ts';
import { type ContactInput, contactSchema } from './contact.ts';

const valid: ContactInput = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  subject: 'general',
  message: 'We run 40 AWS accounts and want to talk.',
};

function errorsOf(input: unknown): FieldErrors {
  const result = contactSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('contactSchema', () => {
  it('accepts a minimal valid message and leaves optional fields undefined', () => {
    const result = contactSchema.parse({ ...valid, company: '  ', phone: '' });
    expect(result).toEqual({ ...valid, company: undefined, phone: undefined });
  });

  it('cleans text: trims, strips angle brackets, collapses whitespace, lower-cases e-mail', () => {
    const result = contactSchema.parse({
      ...valid,
      name: '  Ada \r\n <b>Lovelace</b>  ',
      email: '  Ada@Example.COM ',
      company: ' Analytical\tEngines ',
      message: '<script>alert(1)</script> hello\r\n\r\n\r\n\r\nsecond   paragraph',
    });
    expect(result.name).toBe('Ada bLovelace/b');
    expect(result.email).toBe('ada@example.com');
    expect(result.company).toBe('Analytical Engines');
    expect(result.message).toBe('scriptalert(1)/script hello\n\nsecond paragraph');
  });

  it.each([
    [{ name: 'A' }, 'name', 'Please enter your full name (minimum 2 characters)'],
    [{ name: ' <A> ' }, 'name', 'Please enter your full name (minimum 2 characters)'],
    [{ name: 'x'.repeat(101) }, 'name', 'Name is too long (maximum 100 characters)'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid work email address'],
    [
      { email: `${'a'.repeat(250)}@x.io` },
      'email',
      'Email address is too long (maximum 254 characters)',
    ],
    [{ subject: 'other' }, 'subject', 'Please choose a subject'],
    [{ message: 'too short' }, 'message', 'Message must be at least 10 characters long'],
    [{ message: 'x'.repeat(2001) }, 'message', 'Message must not exceed 2000 characters'],
    [{ company: 'c'.repeat(101) }, 'company', 'Company name is too long (maximum 100 characters)'],
    [{ phone: '12345' }, 'phone', 'Please enter a valid phone number'],
    [{ phone: '+1 (555) 123-4567 ext' }, 'phone', 'Please enter a valid phone number'],
    [{ phone: '(---) ------' }, 'phone', 'Please enter a valid phone number'],
    [{ phone: '+1 (55) 5 - - -' }, 'phone', 'Please enter a valid phone number'],
  ])('rejects %j on %s with its message', (patch, field, message) => {
    expect(errorsOf({ ...valid, ...patch })[field]).toContain(message);
  });

  it('accepts every phone shape the rule allows', () => {
    for (const phone of ['+1 (555) 123-4567', '020 7946 0958', '+44-20-7946-0958']) {
      expect(errorsOf({ ...valid, phone })).toEqual({});
    }
  });

  it('answers wrong types with the field message, not a type error', () => {
    const errors = errorsOf({ name: 42, email: ['a'], subject: null, message: {} });
    expect(errors.name).toEqual(['Please enter your full name']);
    expect(errors.email).toEqual(['Please enter a valid work email address']);
    expect(errors.subject).toEqual(['Please choose a subject']);
    expect(errors.message).toEqual(['Please enter a message']);
  });
});

describe('contactSchema under hostile text', () => {
  const UNREADABLE = 'This field contains characters we cannot read. Please retype it.';

  it('answers a name of invisible characters alone as it answers an empty one', () => {
    for (const name of ['\u200b\u200b', '\u3164', '\u202e\u2066\ufeff', '\u115f\u1160']) {
      expect(errorsOf({ ...valid, name })).toEqual(errorsOf({ ...valid, name: '' }));
    }
    expect(errorsOf({ ...valid, name: 'A\u3164' }).name).toEqual([
      'Please enter your full name (minimum 2 characters)',
    ]);
    expect(errorsOf({ ...valid, message: `short${'\u200b'.repeat(20)}` }).message).toEqual([
      'Message must be at least 10 characters long',
    ]);
  });

  it('drops invisible optional fields and stores text without format characters', () => {
    const result = contactSchema.parse({
      ...valid,
      name: 'Ada \u202eecalevoL',
      company: '\u200b\u200b',
      phone: '\u2060',
      message: `${valid.message}\u200d\ufe0f`,
    });
    expect(result.name).toBe('Ada ecalevoL');
    expect(result.company).toBeUndefined();
    expect(result.phone).toBeUndefined();
    expect(result.message).toBe(valid.message);
  });

  it('neutralises encoded words in single-line fields', () => {
    const result = contactSchema.parse({ ...valid, name: '=?UTF-8?B?SGk=?=', company: 'A=?q?' });
    expect(result.name).toBe('= ?UTF-8?B?SGk= ?=');
    expect(result.company).toBe('A= ?q?');
  });

  it.each([
    ['name', '\ud800'],
    ['name', 'Ada \udc00Lovelace'],
    ['company', 'Acme\ud800'],
    ['phone', '+1 555 123 4567\ud800'],
    ['message', `${valid.message}\ud800`],
  ])('refuses a lone surrogate in %s with a message a person understands', (field, value) => {
    expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: [UNREADABLE] });
  });

  it.each([
    ['\ud800', 'Please enter a valid work email address'],
    [`${'a'.repeat(65)}@example.com`, 'The part before @ is too long (maximum 64 characters)'],
    [
      `ada@${'b'.repeat(64)}.com`,
      'The domain after @ has a part that is too long (maximum 63 characters between dots)',
    ],
    ['a@foo-.com', 'The domain after @ is not valid'],
    ['a@-foo.com', 'Please enter a valid work email address'],
  ])('refuses the address %j with %j', (email, message) => {
    expect(errorsOf({ ...valid, email })).toEqual({ email: [message] });
  });

  it('answers a lone surrogate in the subject with the subject message', () => {
    expect(errorsOf({ ...valid, subject: '\ud800' })).toEqual({
      subject: ['Please choose a subject'],
    });
  });
});
