import { describe, expect, it } from 'vitest';
import type { FieldErrors } from '../api.ts';
import { fieldErrors } from '../field-errors.ts';
import { BETA_CONSENT_LABEL, type BetaAccessInput, betaAccessSchema } from './beta-access.ts';

const CONSENT_MESSAGE = 'Please confirm you understand the beta program is invite only';

const valid = {
  fullName: 'Katherine Johnson',
  workEmail: 'kj@orbital.example',
  companyName: 'Orbital Mechanics',
  jobTitle: 'Head of Cloud Security',
  awsEnvironmentSize: '100+',
  companyVerticals: ['government-public-sector', 'technology-software'],
  securityChallenges: 'Cross-account trust sprawl in 140 accounts we inherited.',
  whyKryon: 'Attack paths across accounts are exactly what our current tools miss.',
  consentProcessing: true,
} satisfies BetaAccessInput;

function errorsOf(input: unknown): FieldErrors {
  const result = betaAccessSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('betaAccessSchema', () => {
  it('accepts a valid request and leaves a blank additionalInfo undefined', () => {
    expect(betaAccessSchema.parse({ ...valid, additionalInfo: ' \n ' })).toEqual({
      ...valid,
      additionalInfo: undefined,
    });
  });

  it('keeps additionalInfo with its paragraph breaks', () => {
    const result = betaAccessSchema.parse({
      ...valid,
      additionalInfo: 'First  point.\r\n\r\n\r\nSecond <point>.',
    });
    expect(result.additionalInfo).toBe('First point.\n\nSecond point.');
  });

  it('exports the consent label', () => {
    expect(BETA_CONSENT_LABEL).toBe(
      'I understand this beta program is invite only and all requests will be reviewed for qualification',
    );
  });

  it('cleans text and lower-cases the work e-mail', () => {
    const result = betaAccessSchema.parse({
      ...valid,
      fullName: ' Katherine\t\tJohnson ',
      workEmail: ' KJ@Orbital.Example ',
      companyName: '<Orbital> Mechanics\r\n',
      jobTitle: ' Head  of Cloud Security ',
      whyKryon: `${valid.whyKryon}\r\n\r\n\r\n<i>Really.</i>`,
      companyVerticals: ['education', 'education'],
    });
    expect(result.fullName).toBe('Katherine Johnson');
    expect(result.workEmail).toBe('kj@orbital.example');
    expect(result.companyName).toBe('Orbital Mechanics');
    expect(result.jobTitle).toBe('Head of Cloud Security');
    expect(result.whyKryon).toBe(`${valid.whyKryon}\n\niReally./i`);
    expect(result.companyVerticals).toEqual(['education']);
  });

  it.each([
    [{ fullName: 'K' }, 'fullName', 'Full name must be at least 2 characters'],
    [{ fullName: 'x'.repeat(101) }, 'fullName', 'Full name is too long (maximum 100 characters)'],
    [{ workEmail: '' }, 'workEmail', 'Work email is required'],
    [{ workEmail: 'kj@orbital' }, 'workEmail', 'Please enter a valid work email address'],
    [{ workEmail: 'kj@hotmail.co.uk' }, 'workEmail', 'Please use your business email address'],
    [{ workEmail: 'kj@ICLOUD.com' }, 'workEmail', 'Please use your business email address'],
    [{ companyName: ' ' }, 'companyName', 'Company name is required'],
    [{ companyName: 'O' }, 'companyName', 'Company name must be at least 2 characters'],
    [{ jobTitle: '' }, 'jobTitle', 'Job title is required'],
    [{ jobTitle: 'x'.repeat(101) }, 'jobTitle', 'Job title is too long (maximum 100 characters)'],
    [{ awsEnvironmentSize: '' }, 'awsEnvironmentSize', 'AWS environment size is required'],
    [{ awsEnvironmentSize: '50+' }, 'awsEnvironmentSize', 'AWS environment size is required'],
    [{ companyVerticals: [] }, 'companyVerticals', 'Please select at least one vertical'],
    [{ companyVerticals: ['space'] }, 'companyVerticals', 'Please select at least one vertical'],
    [
      { securityChallenges: 'Too many alerts.' },
      'securityChallenges',
      'Please provide more detail (minimum 30 characters)',
    ],
    [
      { whyKryon: `<${'>'.repeat(40)}Because.` },
      'whyKryon',
      'Please provide more detail (minimum 30 characters)',
    ],
    [
      { additionalInfo: 'x'.repeat(2001) },
      'additionalInfo',
      'Additional information must not exceed 2000 characters',
    ],
    [{ consentProcessing: false }, 'consentProcessing', CONSENT_MESSAGE],
    [{ consentProcessing: 'off' }, 'consentProcessing', CONSENT_MESSAGE],
  ])('rejects %j on %s with its message', (patch, field, message) => {
    const errors = errorsOf({ ...valid, ...patch });
    expect(errors[field]).toEqual([message]);
    expect(Object.keys(errors)).toEqual([field]);
  });

  it.each([true, 'true', 'on'])('accepts consent sent as %j', (consentProcessing) => {
    expect(betaAccessSchema.parse({ ...valid, consentProcessing }).consentProcessing).toBe(true);
  });

  it('does not ask for the demo-only fields', () => {
    const result = betaAccessSchema.parse({ ...valid, demoType: 'technical', urgency: 'high' });
    expect(result).not.toHaveProperty('demoType');
    expect(result).not.toHaveProperty('urgency');
  });

  it('answers every missing required field with its message', () => {
    expect(errorsOf({})).toEqual({
      fullName: ['Full name is required'],
      workEmail: ['Work email is required'],
      companyName: ['Company name is required'],
      jobTitle: ['Job title is required'],
      awsEnvironmentSize: ['AWS environment size is required'],
      companyVerticals: ['Please select at least one vertical'],
      securityChallenges: ['Please provide more detail (minimum 30 characters)'],
      whyKryon: ['Please provide more detail (minimum 30 characters)'],
      consentProcessing: [CONSENT_MESSAGE],
    });
  });

  it('answers wrong types with the field message, not a type error', () => {
    expect(
      errorsOf({
        fullName: ['Katherine', 'Johnson'],
        workEmail: 12,
        companyName: null,
        jobTitle: {},
        awsEnvironmentSize: 100,
        companyVerticals: 'education',
        securityChallenges: ['x'.repeat(40)],
        whyKryon: 1,
        additionalInfo: {},
        consentProcessing: [true],
      }),
    ).toEqual({
      fullName: ['Full name is required'],
      workEmail: ['Please enter a valid work email address'],
      companyName: ['Company name is required'],
      jobTitle: ['Job title is required'],
      awsEnvironmentSize: ['AWS environment size is required'],
      companyVerticals: ['Please select at least one vertical'],
      securityChallenges: ['Please provide more detail (minimum 30 characters)'],
      whyKryon: ['Please provide more detail (minimum 30 characters)'],
      additionalInfo: ['Please enter additional information'],
      consentProcessing: [CONSENT_MESSAGE],
    });
  });
});

describe('betaAccessSchema under hostile text', () => {
  const UNREADABLE = 'This field contains characters we cannot read. Please retype it.';

  it('answers a full name of zero-width spaces alone as missing', () => {
    expect(errorsOf({ ...valid, fullName: '\u200b\u200b' })).toEqual({
      fullName: ['Full name is required'],
    });
  });

  it('stores text without bidi overrides or encoded words', () => {
    const result = betaAccessSchema.parse({
      ...valid,
      jobTitle: '\u202eHead of =?UTF-8?B?SGk=?=',
      whyKryon: `${valid.whyKryon}\u2066\u2069`,
    });
    expect(result.jobTitle).toBe('Head of = ?UTF-8?B?SGk= ?=');
    expect(result.whyKryon).toBe(valid.whyKryon);
  });

  it('refuses a lone surrogate in every free-text field', () => {
    expect(
      errorsOf({
        ...valid,
        fullName: '\ud800',
        companyName: '\ud800',
        jobTitle: '\ud800',
        securityChallenges: '\ud800',
        whyKryon: '\ud800',
        additionalInfo: '\ud800',
      }),
    ).toEqual({
      fullName: [UNREADABLE],
      companyName: [UNREADABLE],
      jobTitle: [UNREADABLE],
      securityChallenges: [UNREADABLE],
      whyKryon: [UNREADABLE],
      additionalInfo: [UNREADABLE],
    });
  });

  it('holds the work e-mail to what can be delivered', () => {
    expect(errorsOf({ ...valid, workEmail: `${'k'.repeat(65)}@orbital.example` })).toEqual({
      workEmail: ['The part before @ is too long (maximum 64 characters)'],
    });
  });
});
