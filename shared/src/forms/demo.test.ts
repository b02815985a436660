import { describe, expect, it } from 'vitest';
import type { FieldErrors } from '../api.ts';
import { fieldErrors } from '../field-errors.ts';
import { type DemoRequestInput, demoSchema } from './demo.ts';

const valid = {
  fullName: 'Ada Lovelace',
  workEmail: 'ada@analytical-engines.example',
  companyName: 'Analytical Engines',
  jobTitle: 'CISO',
  companySize: 'midmarket',
  industry: 'financial-services',
  demoType: 'technical',
  urgency: 'high',
  interestedModules: ['attack-path-mapping', 'iam-analysis'],
  specificUseCases: 'Map privilege escalation paths across 40 accounts.',
  timeframe: 'within-2-weeks',
  awsEnvironmentSize: '21-50',
  companyVerticals: ['financial-services'],
  securityChallenges: 'Too many findings and no idea which ones reach production data.',
  whyKryon: 'We need attack paths across accounts, not another list of misconfigurations.',
  consentProcessing: true,
} satisfies DemoRequestInput;

function errorsOf(input: unknown): FieldErrors {
  const result = demoSchema.safeParse(input);
  return result.success ? {} : fieldErrors(result.error);
}

describe('demoSchema', () => {
  it('accepts a valid request and leaves the optional fields undefined', () => {
    const result = demoSchema.parse({
      ...valid,
      audienceSize: '',
      additionalRequirements: '   ',
      additionalInfo: '',
    });
    expect(result).toEqual({
      ...valid,
      audienceSize: undefined,
      additionalRequirements: undefined,
      additionalInfo: undefined,
    });
  });

  it('keeps the optional fields when they are given', () => {
    const result = demoSchema.parse({
      ...valid,
      audienceSize: '6-15',
      additionalRequirements: 'A session in the EU time zone, please.',
      additionalInfo: 'We are migrating to Organizations next quarter.',
    });
    expect(result.audienceSize).toBe('6-15');
    expect(result.additionalRequirements).toBe('A session in the EU time zone, please.');
    expect(result.additionalInfo).toBe('We are migrating to Organizations next quarter.');
  });

  it('accepts every value of its option lists', () => {
    const lists: Record<string, string[]> = {
      companySize: ['startup', 'midmarket', 'enterprise'],
      industry: ['technology', 'government', 'media-entertainment', 'other'],
      demoType: ['executive', 'technical', 'hands-on'],
      urgency: ['low', 'medium', 'high', 'critical'],
      timeframe: ['asap', 'within-1-week', 'within-2-weeks', 'within-1-month', 'flexible'],
      awsEnvironmentSize: ['1-5', '6-20', '21-50', '51-100', '100+'],
      audienceSize: ['1-5', '6-15', '16-30', '30+'],
    };
    for (const [field, values] of Object.entries(lists)) {
      for (const value of values) expect(errorsOf({ ...valid, [field]: value })).toEqual({});
    }
    const modules = [
      'attack-path-mapping',
      'iam-analysis',
      'vulnerability-correlation',
      'compliance-monitoring',
      'threat-detection',
      'multi-account-management',
    ];
    const verticals = ['technology-software', 'healthcare-life-sciences', 'professional-services'];
    expect(errorsOf({ ...valid, interestedModules: modules, companyVerticals: verticals })).toEqual(
      {},
    );
  });

  it('cleans text and lower-cases the work e-mail', () => {
    const result = demoSchema.parse({
      ...valid,
      fullName: '  Ada\r\nLovelace <script> ',
      workEmail: '  Ada@Analytical-Engines.EXAMPLE ',
      companyName: ' Analytical \t Engines ',
      jobTitle: '\tCISO\n',
      specificUseCases: '  <b>Map</b> paths\r\n\r\n\r\nacross   40 accounts.  ',
      securityChallenges: `  ${valid.securityChallenges}\n\n\n\nAnd <alerts>.`,
      interestedModules: ['iam-analysis', 'iam-analysis', 'threat-detection'],
      companyVerticals: ['other', 'education', 'other'],
    });
    expect(result.fullName).toBe('Ada Lovelace script');
    expect(result.workEmail).toBe('ada@analytical-engines.example');
    expect(result.companyName).toBe('Analytical Engines');
    expect(result.jobTitle).toBe('CISO');
    expect(result.specificUseCases).toBe('bMap/b paths\n\nacross 40 accounts.');
    expect(result.securityChallenges).toBe(`${valid.securityChallenges}\n\nAnd alerts.`);
    expect(result.interestedModules).toEqual(['iam-analysis', 'threat-detection']);
    expect(result.companyVerticals).toEqual(['other', 'education']);
  });

  it('counts length after cleaning', () => {
    expect(errorsOf({ ...valid, fullName: ' <A> ' }).fullName).toEqual([
      'Full name must be at least 2 characters',
    ]);
    expect(errorsOf({ ...valid, specificUseCases: `${'<>'.repeat(20)}short text` })).toEqual({
      specificUseCases: ['Please provide more detail (minimum 20 characters)'],
    });
  });

  it.each([
    [{ fullName: '' }, 'fullName', 'Full name is required'],
    [{ fullName: ' \n ' }, 'fullName', 'Full name is required'],
    [{ fullName: 'A' }, 'fullName', 'Full name must be at least 2 characters'],
    [{ fullName: 'x'.repeat(101) }, 'fullName', 'Full name is too long (maximum 100 characters)'],
    [{ workEmail: '' }, 'workEmail', 'Work email is required'],
    [{ workEmail: 'ada@' }, 'workEmail', 'Please enter a valid work email address'],
    [{ workEmail: 'ada at acme.com' }, 'workEmail', 'Please enter a valid work email address'],
    [
      { workEmail: `${'a'.repeat(250)}@x.io` },
      'workEmail',
      'Email address is too long (maximum 254 characters)',
    ],
    [{ workEmail: 'ada@gmail.com' }, 'workEmail', 'Please use your business email address'],
    [{ companyName: '' }, 'companyName', 'Company name is required'],
    [{ companyName: 'X' }, 'companyName', 'Company name must be at least 2 characters'],
    [
      { companyName: 'x'.repeat(101) },
      'companyName',
      'Company name is too long (maximum 100 characters)',
    ],
    [{ jobTitle: '  ' }, 'jobTitle', 'Job title is required'],
    [{ jobTitle: 'C' }, 'jobTitle', 'Job title must be at least 2 characters'],
    [{ jobTitle: 'x'.repeat(101) }, 'jobTitle', 'Job title is too long (maximum 100 characters)'],
    [{ companySize: '' }, 'companySize', 'Company size is required'],
    [{ companySize: '1-10' }, 'companySize', 'Company size is required'],
    [{ industry: '' }, 'industry', 'Industry is required'],
    [{ industry: 'technology-software' }, 'industry', 'Industry is required'],
    [{ demoType: '' }, 'demoType', 'Demo type is required'],
    [{ demoType: 'workshop' }, 'demoType', 'Demo type is required'],
    [{ urgency: '' }, 'urgency', 'Urgency is required'],
    [{ urgency: 'ASAP' }, 'urgency', 'Urgency is required'],
    [{ timeframe: '' }, 'timeframe', 'Timeframe is required'],
    [{ timeframe: 'Within 1 week' }, 'timeframe', 'Timeframe is required'],
    [{ awsEnvironmentSize: '' }, 'awsEnvironmentSize', 'AWS environment size is required'],
    [{ awsEnvironmentSize: '1000+' }, 'awsEnvironmentSize', 'AWS environment size is required'],
    [{ audienceSize: '100' }, 'audienceSize', 'Please select an audience size'],
    [{ interestedModules: [] }, 'interestedModules', 'Please select at least one module'],
    [{ interestedModules: ['core'] }, 'interestedModules', 'Please select at least one module'],
    [{ companyVerticals: [] }, 'companyVerticals', 'Please select at least one vertical'],
    [{ companyVerticals: ['retail'] }, 'companyVerticals', 'Please select at least one vertical'],
    [
      { specificUseCases: '' },
      'specificUseCases',
      'Please provide more detail (minimum 20 characters)',
    ],
    [
      { specificUseCases: 'x'.repeat(19) },
      'specificUseCases',
      'Please provide more detail (minimum 20 characters)',
    ],
    [
      { specificUseCases: 'x'.repeat(2001) },
      'specificUseCases',
      'Use cases must not exceed 2000 characters',
    ],
    [
      { securityChallenges: 'x'.repeat(29) },
      'securityChallenges',
      'Please provide more detail (minimum 30 characters)',
    ],
    [
      { securityChallenges: 'x'.repeat(2001) },
      'securityChallenges',
      'Security challenges must not exceed 2000 characters',
    ],
    [
      { whyKryon: 'x'.repeat(29) },
      'whyKryon',
      'Please provide more detail (minimum 30 characters)',
    ],
    [{ whyKryon: 'x'.repeat(2001) }, 'whyKryon', 'Your answer must not exceed 2000 characters'],
    [
      { additionalRequirements: 'x'.repeat(2001) },
      'additionalRequirements',
      'Additional requirements must not exceed 2000 characters',
    ],
    [
      { additionalInfo: 'x'.repeat(2001) },
      'additionalInfo',
      'Additional information must not exceed 2000 characters',
    ],
    [
      { consentProcessing: false },
      'consentProcessing',
      'You must agree to data processing to proceed',
    ],
  ])('rejects %j on %s with its message', (patch, field, message) => {
    const errors = errorsOf({ ...valid, ...patch });
    expect(errors[field]).toEqual([message]);
    expect(Object.keys(errors)).toEqual([field]);
  });

  it('accepts the boundary lengths', () => {
    expect(
      errorsOf({
        ...valid,
        fullName: 'Al',
        companyName: 'HP',
        jobTitle: 'VP',
        specificUseCases: 'x'.repeat(20),
        securityChallenges: 'x'.repeat(30),
        whyKryon: 'x'.repeat(2000),
      }),
    ).toEqual({});
  });

  it.each([
    'ada@gmail.com',
    'ada@yahoo.com',
    'ada@yahoo.co.uk',
    'ada@hotmail.fr',
    'Ada@Outlook.COM',
    'ada@aol.com',
    'ada@icloud.com',
    'ada@live.com.au',
    'ada@msn.com',
    'ada@ymail.com',
    'ada@rocketmail.com',
    'ada@yahoo.co.jp',
  ])('refuses the free-mail address %s', (workEmail) => {
    expect(errorsOf({ ...valid, workEmail })).toEqual({
      workEmail: ['Please use your business email address'],
    });
  });

  it.each([
    'ada@acme.com',
    'ada@live.acme.com',
    'ada@gmailcompany.com',
    'ada@mygmail.com',
    'ada@outlook-consulting.co.uk',
    'gmail@acme.io',
  ])('accepts the business address %s', (workEmail) => {
    expect(errorsOf({ ...valid, workEmail })).toEqual({});
  });

  it.each([true, 'true', 'on'])('accepts consent sent as %j', (consentProcessing) => {
    expect(demoSchema.parse({ ...valid, consentProcessing }).consentProcessing).toBe(true);
  });

  it.each([false, 'false', 'off', '', 'yes', 1, null, undefined])(
    'refuses consent sent as %j',
    (consentProcessing) => {
      expect(errorsOf({ ...valid, consentProcessing })).toEqual({
        consentProcessing: ['You must agree to data processing to proceed'],
      });
    },
  );

  it('answers every missing required field with its message', () => {
    expect(errorsOf({})).toEqual({
      fullName: ['Full name is required'],
      workEmail: ['Work email is required'],
      companyName: ['Company name is required'],
      jobTitle: ['Job title is required'],
      companySize: ['Company size is required'],
      industry: ['Industry is required'],
      demoType: ['Demo type is required'],
      urgency: ['Urgency is required'],
      interestedModules: ['Please select at least one module'],
      specificUseCases: ['Please provide more detail (minimum 20 characters)'],
      timeframe: ['Timeframe is required'],
      awsEnvironmentSize: ['AWS environment size is required'],
      companyVerticals: ['Please select at least one vertical'],
      securityChallenges: ['Please provide more detail (minimum 30 characters)'],
      whyKryon: ['Please provide more detail (minimum 30 characters)'],
      consentProcessing: ['You must agree to data processing to proceed'],
    });
  });

  it('answers wrong types with the field message, not a type error', () => {
    expect(
      errorsOf({
        fullName: 42,
        workEmail: ['ada@acme.com'],
        companyName: { name: 'Acme' },
        jobTitle: ['CISO', 'CTO'],
        companySize: 3,
        industry: ['technology'],
        demoType: true,
        urgency: {},
        audienceSize: 5,
        interestedModules: 'iam-analysis',
        specificUseCases: ['x'.repeat(2001)],
        timeframe: null,
        additionalRequirements: 7,
        awsEnvironmentSize: 50,
        companyVerticals: { 0: 'education' },
        securityChallenges: 12345,
        whyKryon: false,
        additionalInfo: ['x'],
        consentProcessing: { checked: true },
      }),
    ).toEqual({
      fullName: ['Full name is required'],
      workEmail: ['Please enter a valid work email address'],
      companyName: ['Company name is required'],
      jobTitle: ['Job title is required'],
      companySize: ['Company size is required'],
      industry: ['Industry is required'],
      demoType: ['Demo type is required'],
      urgency: ['Urgency is required'],
      audienceSize: ['Please select an audience size'],
      interestedModules: ['Please select at least one module'],
      specificUseCases: ['Please provide more detail (minimum 20 characters)'],
      timeframe: ['Timeframe is required'],
      additionalRequirements: ['Please enter your additional requirements'],
      awsEnvironmentSize: ['AWS environment size is required'],
      companyVerticals: ['Please select at least one vertical'],
      securityChallenges: ['Please provide more detail (minimum 30 characters)'],
      whyKryon: ['Please provide more detail (minimum 30 characters)'],
      additionalInfo: ['Please enter additional information'],
      consentProcessing: ['You must agree to data processing to proceed'],
    });
  });

  it('drops fields it does not know', () => {
    const result = demoSchema.parse({ ...valid, website: '', role: 'admin' });
    expect(result).not.toHaveProperty('website');
    expect(result).not.toHaveProperty('role');
  });
});

describe('demoSchema under hostile text', () => {
  const UNREADABLE = 'This field contains characters we cannot read. Please retype it.';

  it.each([
    ['fullName', 'Full name is required'],
    ['companyName', 'Company name is required'],
    ['jobTitle', 'Job title is required'],
    ['workEmail', 'Work email is required'],
  ])('answers %s of invisible characters alone with its required message', (field, message) => {
    for (const value of ['\u200b\u200b', '\u3164', '\ufeff\u2060\u00ad']) {
      expect(errorsOf({ ...valid, [field]: value })).toEqual({ [field]: [message] });
    }
  });

  it('counts a Hangul filler for nothing in a minimum length', () => {
    expect(errorsOf({ ...valid, fullName: 'A\u3164' })).toEqual({
      fullName: ['Full name must be at least 2 characters'],
    });
    expect(errorsOf({ ...valid, specificUseCases: `Map paths${'\u200b'.repeat(30)}` })).toEqual({
      specificUseCases: ['Please provide more detail (minimum 20 characters)'],
    });
  });

  it('drops optional answers of invisible characters alone', () => {
    const result = demoSchema.parse({
      ...valid,
      additionalRequirements: '\u200b\n\u200b',
      additionalInfo: '\u3164',
    });
    expect(result.additionalRequirements).toBeUndefined();
    expect(result.additionalInfo).toBeUndefined();
  });

  it.each([
    'fullName',
    'companyName',
    'jobTitle',
    'specificUseCases',
    'securityChallenges',
    'whyKryon',
  ] as const)('refuses a lone surrogate in %s', (field) => {
    expect(errorsOf({ ...valid, [field]: `${valid[field]}\ud800` })).toEqual({
      [field]: [UNREADABLE],
    });
  });

  it.each(['additionalRequirements', 'additionalInfo'])(
    'refuses a lone surrogate in the optional %s',
    (field) => {
      expect(errorsOf({ ...valid, [field]: '\ud800' })).toEqual({ [field]: [UNREADABLE] });
    },
  );

  it('answers a lone surrogate in an option field with that field message', () => {
    expect(errorsOf({ ...valid, urgency: '\ud800', interestedModules: ['\udc00'] })).toEqual({
      urgency: ['Urgency is required'],
      interestedModules: ['Please select at least one module'],
    });
  });

  it.each([
    [`${'a'.repeat(65)}@acme.example`, 'The part before @ is too long (maximum 64 characters)'],
    [`ada@${'b'.repeat(63)}.example`, undefined],
    [
      `ada@${'b'.repeat(64)}.example`,
      'The domain after @ has a part that is too long (maximum 63 characters between dots)',
    ],
    ['ada@acme-.example', 'The domain after @ is not valid'],
    ['ada@-acme.example', 'Please enter a valid work email address'],
    [`${'a'.repeat(65)}@gmail.com`, 'The part before @ is too long (maximum 64 characters)'],
    ['ada\ud800@acme.example', 'Please enter a valid work email address'],
  ])('answers the work e-mail %j with %j', (workEmail, message) => {
    expect(errorsOf({ ...valid, workEmail })).toEqual(message ? { workEmail: [message] } : {});
  });
});
