import * as z from 'zod/mini';
import { attributionField } from '../attribution.ts';
import { CONTACT_SUBJECTS, optionValues } from '../options.ts';
import { emailField, lineField, optional, PHONE_PATTERN, textField } from '../text.ts';
import { defineLeadForm } from './lead-form.ts';

export const CONTACT_LIMITS = {
  nameMin: 2,
  nameMax: 100,
  companyMax: 100,
  messageMin: 10,
  messageMax: 2000,
} as const;

const L = CONTACT_LIMITS;

/** The contact form: used by the web form and the contact Lambda. */
export const contactSchema = z.object({
  name: lineField('Please enter your full name').check(
    z.minLength(L.nameMin, {
      error: `Please enter your full name (minimum ${L.nameMin} characters)`,
    }),
    z.maxLength(L.nameMax, { error: `Name is too long (maximum ${L.nameMax} characters)` }),
  ),
  email: emailField('Please enter a valid work email address'),
  company: optional(
    lineField('Company name is required').check(
      z.maxLength(L.companyMax, {
        error: `Company name is too long (maximum ${L.companyMax} characters)`,
      }),
    ),
  ),
  subject: z.enum(optionValues(CONTACT_SUBJECTS), { error: 'Please choose a subject' }),
  message: textField('Please enter a message').check(
    z.minLength(L.messageMin, {
      error: `Message must be at least ${L.messageMin} characters long`,
    }),
    z.maxLength(L.messageMax, { error: `Message must not exceed ${L.messageMax} characters` }),
  ),
  phone: optional(
    lineField('Please enter a valid phone number').check(
      z.regex(PHONE_PATTERN, { error: 'Please enter a valid phone number' }),
    ),
  ),
  attribution: attributionField,
});

/** What the visitor types (before cleaning). */
export type ContactInput = z.input<typeof contactSchema>;
/** What is stored and mailed (after cleaning). */
export type Contact = z.output<typeof contactSchema>;

/** The contact form: a sales notification only. */
export const contactDefinition = defineLeadForm({
  form: 'contact',
  schema: contactSchema,
  fields: {
    name: { kind: 'text', label: 'Name' },
    email: { kind: 'email', label: 'Email' },
    company: { kind: 'text', label: 'Company' },
    phone: { kind: 'tel', label: 'Phone' },
    subject: { kind: 'select', label: 'Subject', options: CONTACT_SUBJECTS },
    message: { kind: 'textarea', label: 'Message' },
  },
  visitorEmail: 'email',
  sales: {
    contact: { name: 'name', phone: 'phone' },
    company: 'company',
    summary: ['subject'],
    qualifier: 'subject',
    words: ['message'],
    details: ['subject'],
  },
  exportColumns: ['name', 'email', 'company', 'subject', 'message', 'phone'],
});
