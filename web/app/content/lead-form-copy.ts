import { DEMO_LIMITS } from '@kryon/shared/forms/demo';
import type { FieldName } from '@kryon/shared/forms/lead-form';
import type { PrivacyLineCopy } from '../components/forms/privacy-line.tsx';
import { PATHS } from '../paths.ts';

/**
 * Copy the partner, private beta and demo forms share: the common words and the labels of the
 * fields the demo and beta forms have in common (their schemas share these fields too).
 */
export const leadFormCommon = {
  required: 'Fields marked * are required.',
  optional: '(optional)',
  selectPlaceholder: 'Select…',
  honeypotLabel: 'Leave this field empty',
  submitting: 'Submitting…',
  draftRestored: 'We restored the answers you had not sent yet.',
  draftDiscard: 'Start over',
  newTab: '(opens in a new tab)',
  /** Shown with every lead form: "… our Privacy Policy (opens in a new tab)." */
  privacy: {
    text: 'How we use and keep what you send is explained in our',
    link: 'Privacy Policy',
  },
} as const;

/** The privacy line every lead form shows: "… our Privacy Policy (opens in a new tab)." */
export const privacyLineCopy = {
  ...leadFormCommon.privacy,
  newTab: leadFormCommon.newTab,
  href: PATHS.privacy,
} as const satisfies PrivacyLineCopy;

/** What the visitor reads with one field. */
export interface FieldCopy {
  readonly label: string;
  /** For a select, its empty first choice; a select without one always has a value. */
  readonly placeholder?: string;
  readonly description?: string;
  readonly autoComplete?: string;
}

/**
 * A form's field copy, one entry per field of its shared definition (less `Omit`, the
 * fields the page sets): a field missing or left over is a type error.
 */
export type FormFieldCopy<D, Omit extends string = never> = {
  readonly [K in Exclude<FieldName<D>, Omit>]: FieldCopy;
};

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
