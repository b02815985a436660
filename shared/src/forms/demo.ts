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

/** The demo form's consent box; the spec gives its message, not its label. */
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
