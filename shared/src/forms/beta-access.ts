import * as z from 'zod/mini';
import { attributionField } from '../attribution.ts';
import { consentField } from '../text.ts';
import {
  qualificationFieldSpecs,
  qualificationFields,
  requesterFieldSpecs,
  requesterFields,
} from './demo.ts';
import { defineLeadForm } from './lead-form.ts';

/** The consent box's label, stored with the consent it records. */
export const BETA_CONSENT_LABEL =
  'I understand this beta program is invite only and all requests will be reviewed for qualification';

/**
 * The private beta request. Its per-field rules are the demo form's,
 * so the fields are the demo form's own; only the consent differs.
 */
export const betaAccessSchema = z.object({
  ...requesterFields,
  ...qualificationFields,
  consentProcessing: consentField('Please confirm you understand the beta program is invite only'),
  attribution: attributionField,
});

/** What the visitor types (before cleaning). */
export type BetaAccessInput = z.input<typeof betaAccessSchema>;
/** What is stored and mailed (after cleaning). */
export type BetaAccessRequest = z.output<typeof betaAccessSchema>;

export const betaAccessDefinition = defineLeadForm({
  form: 'beta-access',
  schema: betaAccessSchema,
  fields: {
    ...requesterFieldSpecs,
    ...qualificationFieldSpecs,
    consentProcessing: {
      kind: 'consent',
      label: 'Understands invite-only review',
      statement: BETA_CONSENT_LABEL,
    },
  },
  visitorEmail: 'workEmail',
  sales: {
    contact: { name: 'fullName', title: 'jobTitle' },
    company: 'companyName',
    summary: ['awsEnvironmentSize'],
    qualifier: 'awsEnvironmentSize',
    words: ['securityChallenges', 'whyKryon', 'additionalInfo'],
    details: ['awsEnvironmentSize', 'companyVerticals', 'consentProcessing'],
  },
  exportColumns: [
    'fullName',
    'workEmail',
    'companyName',
    'jobTitle',
    'awsEnvironmentSize',
    'companyVerticals',
    'securityChallenges',
    'whyKryon',
    'additionalInfo',
    'consentProcessing',
  ],
});
