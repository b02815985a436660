import { describe, expect, it } from 'vitest';
import {
  AWS_ENVIRONMENT_SIZES,
  COMPANY_SIZES,
  CONTACT_SUBJECTS,
  DEMO_TYPES,
  DOWNLOAD_ROLES,
  INDUSTRIES_LONG,
  INDUSTRIES_SHORT,
  type Option,
  optionLabel,
  optionValues,
  PARTNER_COMPANY_SIZES,
  PARTNER_INTERESTS,
  PLATFORM_FEATURES,
  TEAM_SIZES,
  TIMEFRAMES,
  URGENCY_LEVELS,
} from './options.ts';

const labels = (options: readonly Option[]) => options.map((o) => o.label);

describe('option lists', () => {
  it("lists each option list's values in their order", () => {
    expect(optionValues(PARTNER_COMPANY_SIZES)).toEqual([
      '1-10',
      '11-50',
      '51-200',
      '201-1000',
      '1000+',
    ]);
    expect(optionValues(COMPANY_SIZES)).toEqual(['startup', 'midmarket', 'enterprise']);
    expect(labels(AWS_ENVIRONMENT_SIZES)).toEqual([
      '1-5 AWS accounts',
      '6-20 AWS accounts',
      '21-50 AWS accounts',
      '51-100 AWS accounts',
      '100+ AWS accounts',
    ]);
    expect(labels(TEAM_SIZES)).toEqual(['1-5 people', '6-15 people', '16-30 people', '30+ people']);
    expect(URGENCY_LEVELS).toEqual([
      { value: 'low', label: 'Flexible' },
      { value: 'medium', label: 'Within 1 month' },
      { value: 'high', label: 'Within 1-2 weeks' },
      { value: 'critical', label: 'ASAP' },
    ]);
    expect(DEMO_TYPES).toEqual([
      { value: 'executive', label: 'Executive Overview' },
      { value: 'technical', label: 'Technical Deep Dive' },
      { value: 'hands-on', label: 'Hands-On Workshop' },
    ]);
    expect(labels(TIMEFRAMES)).toEqual([
      'ASAP',
      'Within 1 week',
      'Within 2 weeks',
      'Within 1 month',
      'Flexible',
    ]);
  });

  it('has both industry lists, short and long, with their labels', () => {
    expect(labels(INDUSTRIES_SHORT)).toEqual([
      'Technology',
      'Financial Services',
      'Healthcare',
      'Government',
      'Education',
      'Manufacturing',
      'Retail',
      'Energy',
      'Media & Entertainment',
      'Other',
    ]);
    expect(labels(INDUSTRIES_LONG)).toEqual([
      'Technology & Software',
      'Financial Services',
      'Healthcare & Life Sciences',
      'Government & Public Sector',
      'Manufacturing & Industrial',
      'Retail & E-commerce',
      'Media & Entertainment',
      'Education',
      'Energy & Utilities',
      'Professional Services',
      'Other',
    ]);
  });

  it('has the ten download roles', () => {
    expect(labels(DOWNLOAD_ROLES)).toEqual([
      'Security Engineer',
      'DevOps Engineer',
      'Security Manager',
      'Cloud Architect',
      'IT Manager',
      'Security Analyst',
      'Compliance Officer',
      'CISO/Security Director',
      'Developer',
      'Other',
    ]);
  });

  it('has six platform features and the partner interests', () => {
    expect(PLATFORM_FEATURES).toHaveLength(6);
    expect(PARTNER_INTERESTS.length).toBeGreaterThanOrEqual(3);
  });

  it.each(
    Object.entries({
      CONTACT_SUBJECTS,
      PARTNER_COMPANY_SIZES,
      COMPANY_SIZES,
      AWS_ENVIRONMENT_SIZES,
      TEAM_SIZES,
      URGENCY_LEVELS,
      INDUSTRIES_SHORT,
      INDUSTRIES_LONG,
      DEMO_TYPES,
      TIMEFRAMES,
      PLATFORM_FEATURES,
      PARTNER_INTERESTS,
      DOWNLOAD_ROLES,
    }),
  )('%s has unique, non-blank values and labels', (_name, options) => {
    const values = optionValues(options);
    expect(new Set(values).size).toBe(values.length);
    expect(new Set(labels(options)).size).toBe(options.length);
    for (const { value, label } of options) {
      expect(value).toMatch(/^[a-z0-9+-]+$/);
      expect(label.trim()).not.toBe('');
    }
  });
});

describe('optionLabel', () => {
  it('gives the label of a value, and the value itself when it is not in the list', () => {
    expect(optionLabel(DOWNLOAD_ROLES, 'ciso')).toBe('CISO/Security Director');
    expect(optionLabel(URGENCY_LEVELS, 'critical')).toBe('ASAP');
    expect(optionLabel(URGENCY_LEVELS, 'someday')).toBe('someday');
  });
});
