import { describe, expect, it } from 'vitest';
import type { FieldErrors } from '../api.ts';
import { fieldErrors } from '../field-errors.ts';
import { type PartnerInput, partnerSchema } from './partner.ts';

const valid: PartnerInput = {
  name: 'Grace Hopper',
  email: 'grace@cobol-partners.example',
  company: 'Cobol Partners',
  position: 'Head of Alliances',
  phone: '+1 (555) 123-4567',
  companySize: '51-200',
  industry: 'technology',
  interests: ['reseller', 'mssp'],
  message: 'We resell cloud security to 40 mid-sized AWS customers.',
};

function errorsOf(input: unknown): FieldErrors {
  const result = partnerSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('partnerSchema', () => {
  it('accepts a valid application unchanged', () => {
    expect(partnerSchema.parse(valid)).toEqual(valid);
  });

  it('accepts every company size, industry and interest of its lists', () => {
    for (const companySize of ['1-10', '11-50', '51-200', '201-1000', '1000+']) {
      expect(errorsOf({ ...valid, companySize })).toEqual({});
    }
    expect(errorsOf({ ...valid, industry: 'media-entertainment' })).toEqual({});
    const interests = ['reseller', 'mssp', 'technology-integration', 'referral', 'consulting'];
    expect(errorsOf({ ...valid, interests })).toEqual({});
  });

  it('cleans text: trims, strips angle brackets, collapses whitespace, lower-cases e-mail', () => {
    const result = partnerSchema.parse({
      ...valid,
      name: '  Grace \r\n <b>Hopper</b> ',
      email: ' Grace@Cobol-Partners.EXAMPLE ',
      company: ' Cobol\t\tPartners <Ltd> ',
      position: ' Head   of\nAlliances ',
      phone: '  +44 20 7946 0958\t',
      message: '<p>Hello</p>\r\n\r\n\r\nWe resell   to AWS customers.',
      interests: ['mssp', 'mssp', 'reseller'],
    });
    expect(result.name).toBe('Grace bHopper/b');
    expect(result.email).toBe('grace@cobol-partners.example');
    expect(result.company).toBe('Cobol Partners Ltd');
    expect(result.position).toBe('Head of Alliances');
    expect(result.phone).toBe('+44 20 7946 0958');
    expect(result.message).toBe('pHello/p\n\nWe resell to AWS customers.');
    expect(result.interests).toEqual(['mssp', 'reseller']);
  });

  it.each([
    [{ name: 'G' }, 'name', 'Please enter your full name (minimum 2 characters)'],
    [{ name: 'x'.repeat(101) }, 'name', 'Name is too long (maximum 100 characters)'],
    [{ email: 'grace@' }, 'email', 'Please enter a valid work email address'],
    [{ company: '' }, 'company', 'Company name is required'],
    [{ company: ' <> ' }, 'company', 'Company name is required'],
    [{ company: 'c'.repeat(101) }, 'company', 'Company name is too long (maximum 100 characters)'],
    [{ position: '  ' }, 'position', 'Position is required'],
    [{ position: 'p'.repeat(101) }, 'position', 'Position is too long (maximum 100 characters)'],
    [{ phone: '' }, 'phone', 'Please enter a valid phone number'],
    [{ phone: '555-1234' }, 'phone', 'Please enter a valid phone number'],
    [{ phone: '+1 555 123 4567 ext. 9' }, 'phone', 'Please enter a valid phone number'],
    [{ phone: '1'.repeat(21) }, 'phone', 'Please enter a valid phone number'],
    [{ companySize: '' }, 'companySize', 'Please select company size'],
    [{ companySize: '5000+' }, 'companySize', 'Please select company size'],
    [{ industry: '' }, 'industry', 'Please select an industry'],
    [{ industry: 'x' }, 'industry', 'Please select an industry'],
    [{ industry: 'Technology' }, 'industry', 'Please select an industry'],
    [{ interests: [] }, 'interests', 'Please select at least one interest'],
    [{ interests: ['reseller', 'astrology'] }, 'interests', 'Please select at least one interest'],
    [{ message: 'too short' }, 'message', 'Message must be at least 10 characters long'],
    [{ message: 'x'.repeat(2001) }, 'message', 'Message must not exceed 2000 characters'],
  ])('rejects %j on %s with its message', (patch, field, message) => {
    const errors = errorsOf({ ...valid, ...patch });
    expect(errors[field]).toEqual([message]);
    expect(Object.keys(errors)).toEqual([field]);
  });

  it('requires the phone, unlike the contact form', () => {
    const { phone: _phone, ...withoutPhone } = valid;
    expect(errorsOf(withoutPhone).phone).toEqual(['Please enter a valid phone number']);
  });

  it('answers every missing field with its message', () => {
    expect(errorsOf({})).toEqual({
      name: ['Please enter your full name'],
      email: ['Please enter a valid work email address'],
      company: ['Company name is required'],
      position: ['Position is required'],
      phone: ['Please enter a valid phone number'],
      companySize: ['Please select company size'],
      industry: ['Please select an industry'],
      interests: ['Please select at least one interest'],
      message: ['Please enter a message'],
    });
  });

  it('answers wrong types with the field message, not a type error', () => {
    expect(
      errorsOf({
        name: 42,
        email: ['a'],
        company: {},
        position: true,
        phone: 5551234567,
        companySize: 50,
        industry: null,
        interests: 'reseller',
        message: {},
      }),
    ).toEqual({
      name: ['Please enter your full name'],
      email: ['Please enter a valid work email address'],
      company: ['Company name is required'],
      position: ['Position is required'],
      phone: ['Please enter a valid phone number'],
      companySize: ['Please select company size'],
      industry: ['Please select an industry'],
      interests: ['Please select at least one interest'],
      message: ['Please enter a message'],
    });
    expect(errorsOf({ ...valid, interests: [1, null] }).interests).toEqual([
      'Please select at least one interest',
    ]);
    // An array has a length, which must not add a length message to the type error.
    const arrays = errorsOf({ ...valid, company: ['c'.repeat(101)], position: [] });
    expect(arrays).toEqual({
      company: ['Company name is required'],
      position: ['Position is required'],
    });
  });

  it('drops fields it does not know', () => {
    const result = partnerSchema.parse({ ...valid, website: 'spam', isAdmin: true });
    expect(result).not.toHaveProperty('website');
    expect(result).not.toHaveProperty('isAdmin');
  });
});

describe('partnerSchema under hostile text', () => {
  const UNREADABLE = 'This field contains characters we cannot read. Please retype it.';

  it.each([
    ['company', 'Company name is required'],
    ['position', 'Position is required'],
  ])('answers %s of invisible characters alone with its required message', (field, message) => {
    expect(errorsOf({ ...valid, [field]: '\u200b\u200b' })).toEqual({ [field]: [message] });
    expect(errorsOf({ ...valid, [field]: '\u3164' })).toEqual({ [field]: [message] });
  });

  it('stores single-line text with neither format characters nor encoded words', () => {
    const result = partnerSchema.parse({
      ...valid,
      company: 'Cobol\u200b Partners\u202e',
      position: '=?iso-8859-1?q?Head=20of?=',
    });
    expect(result.company).toBe('Cobol Partners');
    expect(result.position).toBe('= ?iso-8859-1?q?Head=20of?=');
  });

  it.each(['name', 'company', 'position', 'phone', 'message'] as const)(
    'refuses a lone surrogate in %s',
    (field) => {
      expect(errorsOf({ ...valid, [field]: `${valid[field]}\udfff` })).toEqual({
        [field]: [UNREADABLE],
      });
    },
  );

  it('holds the e-mail to what can be delivered', () => {
    expect(errorsOf({ ...valid, email: 'grace@cobol-.example' })).toEqual({
      email: ['The domain after @ is not valid'],
    });
  });
});
