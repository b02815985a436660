import * as z from 'zod/mini';
import { attributionField } from '../attribution.ts';
import {
  AWS_ENVIRONMENT_SIZES,
  COMPANY_SIZES,
  DEMO_TYPES,
  INDUSTRIES_LONG,
  INDUSTRIES_SHORT,
  optionValues,
  PLATFORM_FEATURES,
  TEAM_SIZES,
  TIMEFRAMES,
  URGENCY_LEVELS,
} from '../options.ts';
import {
  businessEmailField,
  consentField,
  type LengthLimit,
  multiSelectField,
  optional,
  optionalTextField,
  requiredLineField,
  requiredTextField,
} from '../text.ts';
import { defineLeadForm, type FieldSpec } from './lead-form.ts';

export const DEMO_LIMITS = {
  fullNameMin: 2,
  fullNameMax: 100,
  companyNameMin: 2,
  companyNameMax: 100,
  jobTitleMin: 2,
  jobTitleMax: 100,
  specificUseCasesMin: 20,
  /** securityChallenges and whyKryon. */
  qualificationMin: 30,
  /** Every multi-line answer. */
  textMax: 2000,
} as const;

const L = DEMO_LIMITS;

/** A single-line field: required, at least `min` characters, at most `max`. */
function line(label: string, min: number, max: number) {
  return requiredLineField(`${label} is required`, {
    min: { length: min, error: `${label} must be at least ${min} characters` },
    max: { length: max, error: `${label} is too long (maximum ${max} characters)` },
  });
}

const textMax = (label: string): LengthLimit => ({
  length: L.textMax,
  error: `${label} must not exceed ${L.textMax} characters`,
});

/** A multi-line answer of at least `min` characters (spec: "Please provide more detail"). */
function detail(label: string, min: number) {
  const error = `Please provide more detail (minimum ${min} characters)`;
  return requiredTextField(error, { min: { length: min, error }, max: textMax(label) });
}

/**
 * Who is asking: the demo form's contact section, which the beta access form shares.
 */
export const requesterFields = {
  fullName: line('Full name', L.fullNameMin, L.fullNameMax),
  workEmail: businessEmailField({
    required: 'Work email is required',
    invalid: 'Please enter a valid work email address',
  }),
  companyName: line('Company name', L.companyNameMin, L.companyNameMax),
  jobTitle: line('Job title', L.jobTitleMin, L.jobTitleMax),
};

/** The environment and qualification questions, also shared with the beta access form. */
export const qualificationFields = {
  awsEnvironmentSize: z.enum(optionValues(AWS_ENVIRONMENT_SIZES), {
    error: 'AWS environment size is required',
  }),
  companyVerticals: multiSelectField(INDUSTRIES_LONG, 'Please select at least one vertical'),
  securityChallenges: detail('Security challenges', L.qualificationMin),
  whyKryon: detail('Your answer', L.qualificationMin),
  additionalInfo: optionalTextField(
    'Please enter additional information',
    textMax('Additional information'),
  ),
};

/** The demo form's consent box; the product fixes its message; the label is ours. */
export const DEMO_CONSENT_LABEL =
  'I agree that Kryon may process the information I provide to arrange and deliver this demo';

/**
 * The demo request: the union of the per-field rules and the demo
 * page's required list, over both form variants. Used by the web form and the Lambda.
 */
export const demoSchema = z.object({
  ...requesterFields,
  companySize: z.enum(optionValues(COMPANY_SIZES), { error: 'Company size is required' }),
  industry: z.enum(optionValues(INDUSTRIES_SHORT), { error: 'Industry is required' }),
  demoType: z.enum(optionValues(DEMO_TYPES), { error: 'Demo type is required' }),
  urgency: z.enum(optionValues(URGENCY_LEVELS), { error: 'Urgency is required' }),
  audienceSize: optional(
    z.enum(optionValues(TEAM_SIZES), { error: 'Please select an audience size' }),
  ),
  interestedModules: multiSelectField(PLATFORM_FEATURES, 'Please select at least one module'),
  specificUseCases: detail('Use cases', L.specificUseCasesMin),
  timeframe: z.enum(optionValues(TIMEFRAMES), { error: 'Timeframe is required' }),
  additionalRequirements: optionalTextField(
    'Please enter your additional requirements',
    textMax('Additional requirements'),
  ),
  ...qualificationFields,
  consentProcessing: consentField('You must agree to data processing to proceed'),
  attribution: attributionField,
});

/** What the visitor types (before cleaning). */
export type DemoRequestInput = z.input<typeof demoSchema>;
/** What is stored and mailed (after cleaning). */
export type DemoRequest = z.output<typeof demoSchema>;

/** How the requester fields are asked and named, on the demo and beta access forms alike. */
export const requesterFieldSpecs = {
  fullName: { kind: 'text', label: 'Name' },
  workEmail: { kind: 'email', label: 'Email' },
  companyName: { kind: 'text', label: 'Company' },
  jobTitle: { kind: 'text', label: 'Job title' },
} as const satisfies Record<keyof typeof requesterFields, FieldSpec>;

/** How the environment and qualification fields are asked and named, on both forms. */
export const qualificationFieldSpecs = {
  awsEnvironmentSize: { kind: 'select', label: 'AWS environment', options: AWS_ENVIRONMENT_SIZES },
  companyVerticals: { kind: 'checkboxes', label: 'Verticals', options: INDUSTRIES_LONG },
  securityChallenges: { kind: 'textarea', label: 'Security challenges' },
  whyKryon: { kind: 'textarea', label: 'Why Kryon' },
  additionalInfo: { kind: 'textarea', label: 'Additional information' },
} as const satisfies Record<keyof typeof qualificationFields, FieldSpec>;

const { additionalInfo, ...qualificationAsked } = qualificationFieldSpecs;

export const demoDefinition = defineLeadForm({
  form: 'demo',
  schema: demoSchema,
  fields: {
    ...requesterFieldSpecs,
    companySize: { kind: 'select', label: 'Company size', options: COMPANY_SIZES },
    industry: { kind: 'select', label: 'Industry', options: INDUSTRIES_SHORT },
    demoType: { kind: 'select', label: 'Demo type', options: DEMO_TYPES },
    urgency: { kind: 'select', label: 'Urgency', options: URGENCY_LEVELS },
    timeframe: { kind: 'select', label: 'Timeframe', options: TIMEFRAMES },
    interestedModules: { kind: 'checkboxes', label: 'Interested in', options: PLATFORM_FEATURES },
    specificUseCases: { kind: 'textarea', label: 'Use cases' },
    audienceSize: { kind: 'select', label: 'Audience size', options: TEAM_SIZES },
    additionalRequirements: { kind: 'textarea', label: 'Additional requirements' },
    ...qualificationAsked,
    additionalInfo,
    consentProcessing: {
      kind: 'consent',
      label: 'Consent to data processing',
      statement: DEMO_CONSENT_LABEL,
    },
  },
  visitorEmail: 'workEmail',
  sales: {
    contact: { name: 'fullName', title: 'jobTitle' },
    company: 'companyName',
    summary: ['companySize', 'awsEnvironmentSize', 'timeframe', 'demoType'],
    // How big the estate is decides fit; when and which demo are in the summary line.
    qualifier: 'awsEnvironmentSize',
    words: [
      'specificUseCases',
      'securityChallenges',
      'whyKryon',
      'additionalRequirements',
      'additionalInfo',
    ],
    details: [
      'demoType',
      'timeframe',
      'urgency',
      'companySize',
      'awsEnvironmentSize',
      'industry',
      'companyVerticals',
      'interestedModules',
      'audienceSize',
      'consentProcessing',
    ],
  },
  exportColumns: [
    'fullName',
    'workEmail',
    'companyName',
    'jobTitle',
    'companySize',
    'industry',
    'demoType',
    'urgency',
    'audienceSize',
    'interestedModules',
    'specificUseCases',
    'timeframe',
    'additionalRequirements',
    'awsEnvironmentSize',
    'companyVerticals',
    'securityChallenges',
    'whyKryon',
    'additionalInfo',
    'consentProcessing',
  ],
});
