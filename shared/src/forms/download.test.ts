import { describe, expect, it } from 'vitest';
import type { FieldErrors } from '../api.ts';
import { fieldErrors } from '../field-errors.ts';
import { RESEARCH_DOWNLOADS } from '../research-catalogue.ts';
import { type DownloadInput, downloadSchema } from './download.ts';

const REQUIRED = 'This field is required';
const INVALID_EMAIL = 'Please enter a valid email address';

const valid = {
  email: 'mary@example.com',
  firstName: 'Mary',
  company: 'Difference Engines',
  role: 'cloud-architect',
  researchId: 'q3-2026-privilege-escalation-report',
} satisfies DownloadInput;

function errorsOf(input: unknown): FieldErrors {
  const result = downloadSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('downloadSchema', () => {
  it('accepts a valid request unchanged', () => {
    expect(downloadSchema.parse(valid)).toEqual(valid);
  });

  it('accepts free-mail addresses: the download form does not ask for a business address', () => {
    expect(errorsOf({ ...valid, email: 'mary@gmail.com' })).toEqual({});
  });

  it('accepts every listed role and every research item', () => {
    const roles = [
      'security-engineer',
      'devops-engineer',
      'security-manager',
      'cloud-architect',
      'it-manager',
      'security-analyst',
      'compliance-officer',
      'ciso',
      'developer',
      'other',
    ];
    for (const role of roles) expect(errorsOf({ ...valid, role })).toEqual({});
    expect(RESEARCH_DOWNLOADS.length).toBeGreaterThan(0);
    for (const { id } of RESEARCH_DOWNLOADS) {
      expect(errorsOf({ ...valid, researchId: id })).toEqual({});
    }
  });

  it('cleans text and lower-cases the e-mail', () => {
    const result = downloadSchema.parse({
      ...valid,
      email: '  Mary@Example.COM\t',
      firstName: ' <Mary>\r\n ',
      company: ' Difference \n Engines ',
    });
    expect(result.email).toBe('mary@example.com');
    expect(result.firstName).toBe('Mary');
    expect(result.company).toBe('Difference Engines');
  });

  it.each([
    [{ email: '' }, 'email', REQUIRED],
    [{ email: '   ' }, 'email', REQUIRED],
    [{ email: 'a@b' }, 'email', INVALID_EMAIL],
    [{ email: 'mary.example.com' }, 'email', INVALID_EMAIL],
    [{ email: 'mary@example' }, 'email', INVALID_EMAIL],
    [
      { email: `${'a'.repeat(250)}@x.io` },
      'email',
      'Email address is too long (maximum 254 characters)',
    ],
    [{ firstName: '' }, 'firstName', REQUIRED],
    [{ firstName: ' <> ' }, 'firstName', REQUIRED],
    [{ firstName: 'M' }, 'firstName', 'Name must be at least 2 characters'],
    [{ firstName: 'x'.repeat(101) }, 'firstName', 'Name is too long (maximum 100 characters)'],
    [{ company: '' }, 'company', REQUIRED],
    [{ company: 'D' }, 'company', 'Company name must be at least 2 characters'],
    [{ company: 'x'.repeat(101) }, 'company', 'Company name is too long (maximum 100 characters)'],
    [{ role: '' }, 'role', REQUIRED],
    [{ role: 'Security Engineer' }, 'role', REQUIRED],
    [{ role: 'hacker' }, 'role', REQUIRED],
    [{ researchId: '' }, 'researchId', 'Please choose a research item to download'],
    [{ researchId: '../../etc/passwd' }, 'researchId', 'Please choose a research item to download'],
  ])('rejects %j on %s with its message', (patch, field, message) => {
    const errors = errorsOf({ ...valid, ...patch });
    expect(errors[field]).toEqual([message]);
    expect(Object.keys(errors)).toEqual([field]);
  });

  it('accepts the shortest lengths the rules allow', () => {
    expect(errorsOf({ ...valid, email: 'a@b.co', firstName: 'Jo', company: 'HP' })).toEqual({});
  });

  it('answers every missing field with its message', () => {
    expect(errorsOf({})).toEqual({
      email: [REQUIRED],
      firstName: [REQUIRED],
      company: [REQUIRED],
      role: [REQUIRED],
      researchId: ['Please choose a research item to download'],
    });
  });

  it('answers wrong types with the field message, not a type error', () => {
    expect(
      errorsOf({
        email: ['mary@example.com'],
        firstName: ['M'],
        company: 42,
        role: ['ciso'],
        researchId: 7,
      }),
    ).toEqual({
      email: [INVALID_EMAIL],
      firstName: [REQUIRED],
      company: [REQUIRED],
      role: [REQUIRED],
      researchId: ['Please choose a research item to download'],
    });
  });
});

describe('downloadSchema under hostile text', () => {
  const UNREADABLE = 'This field contains characters we cannot read. Please retype it.';

  it('answers fields of invisible characters alone as missing', () => {
    expect(
      errorsOf({ ...valid, email: '\u200b\u200b', firstName: '\u3164', company: '\u202e' }),
    ).toEqual({ email: [REQUIRED], firstName: [REQUIRED], company: [REQUIRED] });
  });

  it('refuses a lone surrogate in a name, and in an option field with its message', () => {
    expect(
      errorsOf({ ...valid, firstName: 'Mary\ud800', company: '\udc00', role: '\ud800' }),
    ).toEqual({ firstName: [UNREADABLE], company: [UNREADABLE], role: [REQUIRED] });
    expect(errorsOf({ ...valid, email: 'mary\ud800@example.com' })).toEqual({
      email: [INVALID_EMAIL],
    });
  });

  it('keeps the address as typed, lower-cased: the Gmail key is not the stored address', () => {
    expect(downloadSchema.parse({ ...valid, email: 'Mary.Smith+x@GoogleMail.com' }).email).toBe(
      'mary.smith+x@googlemail.com',
    );
  });

  it.each([
    [`${'m'.repeat(65)}@example.com`, 'The part before @ is too long (maximum 64 characters)'],
    ['mary@example-.com', 'The domain after @ is not valid'],
    ['mary@-example.com', INVALID_EMAIL],
  ])('refuses the address %j with %j', (email, message) => {
    expect(errorsOf({ ...valid, email })).toEqual({ email: [message] });
  });
});
