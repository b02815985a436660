import * as z from 'zod/mini';
import { attributionField } from '../attribution.ts';
import {
  INDUSTRIES_SHORT,
  optionValues,
  PARTNER_COMPANY_SIZES,
  PARTNER_INTERESTS,
} from '../options.ts';
import { lineField, multiSelectField, PHONE_PATTERN, requiredLineField } from '../text.ts';
import { CONTACT_LIMITS, contactSchema } from './contact.ts';
import { defineLeadForm } from './lead-form.ts';

export const PARTNER_LIMITS = {
  nameMin: CONTACT_LIMITS.nameMin,
  nameMax: CONTACT_LIMITS.nameMax,
  companyMax: 100,
  positionMax: 100,
  messageMin: CONTACT_LIMITS.messageMin,
  messageMax: CONTACT_LIMITS.messageMax,
} as const;

const L = PARTNER_LIMITS;
// The partner form has the contact form's name, e-mail and message rules; taking
// the contact fields themselves keeps one copy of those rules and messages.
const contact = contactSchema.shape;

/** The partner application: used by the web form and the Lambda. */
export const partnerSchema = z.object({
  name: contact.name,
  email: contact.email,
  company: requiredLineField('Company name is required', {
    max: {
      length: L.companyMax,
      error: `Company name is too long (maximum ${L.companyMax} characters)`,
    },
  }),
  position: requiredLineField('Position is required', {
    max: {
      length: L.positionMax,
      error: `Position is too long (maximum ${L.positionMax} characters)`,
    },
  }),
  phone: lineField('Please enter a valid phone number').check(
    z.regex(PHONE_PATTERN, { error: 'Please enter a valid phone number' }),
  ),
  companySize: z.enum(optionValues(PARTNER_COMPANY_SIZES), {
    error: 'Please select company size',
  }),
  industry: z.enum(optionValues(INDUSTRIES_SHORT), { error: 'Please select an industry' }),
  interests: multiSelectField(PARTNER_INTERESTS, 'Please select at least one interest'),
  message: contact.message,
  attribution: attributionField,
});

/** What the visitor types (before cleaning). */
export type PartnerInput = z.input<typeof partnerSchema>;
/** What is stored and mailed (after cleaning). */
export type PartnerApplication = z.output<typeof partnerSchema>;

export const partnerDefinition = defineLeadForm({
  form: 'partner',
  schema: partnerSchema,
  fields: {
    name: { kind: 'text', label: 'Name' },
    email: { kind: 'email', label: 'Email' },
    company: { kind: 'text', label: 'Company' },
    position: { kind: 'text', label: 'Position' },
    companySize: { kind: 'select', label: 'Company size', options: PARTNER_COMPANY_SIZES },
    industry: { kind: 'select', label: 'Industry', options: INDUSTRIES_SHORT },
    phone: { kind: 'tel', label: 'Phone' },
    interests: { kind: 'checkboxes', label: 'Interests', options: PARTNER_INTERESTS },
    message: { kind: 'textarea', label: 'Message' },
  },
  visitorEmail: 'email',
  sales: {
    contact: { name: 'name', title: 'position', phone: 'phone' },
    company: 'company',
    summary: ['companySize', 'interests'],
    qualifier: 'interests',
    words: ['message'],
    details: ['interests', 'companySize', 'industry'],
  },
  exportColumns: [
    'name',
    'email',
    'company',
    'position',
    'phone',
    'companySize',
    'industry',
    'interests',
    'message',
  ],
});
