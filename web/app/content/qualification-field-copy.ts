import { DEMO_LIMITS } from '@kryon/shared/forms/demo';
import { type FieldCopy, leadFormCommon } from './lead-form-copy.ts';

/** The requester, environment and qualification fields of the demo and beta forms. */
export const requesterFieldCopy = {
  fullName: { label: 'Full name', placeholder: 'Jane Cooper', autoComplete: 'name' },
  workEmail: {
    label: 'Work email',
    placeholder: 'jane@company.com',
    autoComplete: 'email',
    description: 'Use your company address; personal e-mail providers are not accepted.',
  },
  companyName: { label: 'Company', placeholder: 'Company name', autoComplete: 'organization' },
  jobTitle: {
    label: 'Job title',
    placeholder: 'Head of Cloud Security',
    autoComplete: 'organization-title',
  },
} as const satisfies Record<string, FieldCopy>;

export const qualificationFieldCopy = {
  awsEnvironmentSize: {
    label: 'AWS environment size',
    placeholder: leadFormCommon.selectPlaceholder,
  },
  companyVerticals: {
    label: 'Industry verticals',
    description: 'Select every vertical your organization works in.',
  },
  securityChallenges: {
    label: 'Your biggest AWS security challenges',
    placeholder: 'For example: cross-account role trust we cannot see end to end.',
    description: `At least ${DEMO_LIMITS.qualificationMin} characters.`,
  },
  whyKryon: {
    label: 'Why Kryon?',
    placeholder: 'What would Kryon change for your team?',
    description: `At least ${DEMO_LIMITS.qualificationMin} characters.`,
  },
  additionalInfo: {
    label: 'Anything else we should know?',
    placeholder: 'Compliance deadlines, tooling you use today, timing constraints…',
  },
} as const satisfies Record<string, FieldCopy>;
