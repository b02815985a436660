import * as z from 'zod/mini';
import { attributionField } from '../attribution.ts';
import { DOWNLOAD_ROLES, optionValues } from '../options.ts';
import { RESEARCH_DOWNLOAD_IDS, RESEARCH_DOWNLOADS } from '../research-catalogue.ts';
import { requiredEmailField, requiredLineField } from '../text.ts';
import { defineLeadForm } from './lead-form.ts';

export const DOWNLOAD_LIMITS = {
  emailMin: 5,
  firstNameMin: 2,
  firstNameMax: 100,
  companyMin: 2,
  companyMax: 100,
} as const;

const L = DOWNLOAD_LIMITS;
const REQUIRED = 'This field is required';

/**
 * The research download lead form plus the item asked for, which
 * picks the link the e-mail carries. Used by the download modal and the Lambda.
 */
export const downloadSchema = z.object({
  email: requiredEmailField({
    required: REQUIRED,
    invalid: 'Please enter a valid email address',
    min: L.emailMin,
  }),
  firstName: requiredLineField(REQUIRED, {
    min: { length: L.firstNameMin, error: `Name must be at least ${L.firstNameMin} characters` },
    max: {
      length: L.firstNameMax,
      error: `Name is too long (maximum ${L.firstNameMax} characters)`,
    },
  }),
  company: requiredLineField(REQUIRED, {
    min: {
      length: L.companyMin,
      error: `Company name must be at least ${L.companyMin} characters`,
    },
    max: {
      length: L.companyMax,
      error: `Company name is too long (maximum ${L.companyMax} characters)`,
    },
  }),
  role: z.enum(optionValues(DOWNLOAD_ROLES), { error: REQUIRED }),
  researchId: z.enum(RESEARCH_DOWNLOAD_IDS, {
    error: 'Please choose a research item to download',
  }),
  attribution: attributionField,
});

/** What the visitor types (before cleaning). */
export type DownloadInput = z.input<typeof downloadSchema>;
/** What is stored and mailed (after cleaning). */
export type DownloadRequest = z.output<typeof downloadSchema>;

/** The research items as options: the id sent, the title sales read. */
const RESEARCH_OPTIONS = RESEARCH_DOWNLOADS.map((item) => ({ value: item.id, label: item.title }));

export const downloadDefinition = defineLeadForm({
  form: 'download',
  schema: downloadSchema,
  fields: {
    email: { kind: 'email', label: 'Email' },
    firstName: { kind: 'text', label: 'First name' },
    company: { kind: 'text', label: 'Company' },
    role: { kind: 'select', label: 'Role', options: DOWNLOAD_ROLES },
    // The item the dialog was opened for.
    researchId: { kind: 'preset', label: 'Research', options: RESEARCH_OPTIONS },
  },
  visitorEmail: 'email',
  sales: {
    contact: { name: 'firstName', title: 'role' },
    company: 'company',
    summary: ['researchId'],
    qualifier: 'researchId',
    words: [],
    // The role is the contact's title, shown with the name: a field is shown in one place.
    details: ['researchId'],
  },
  exportColumns: ['email', 'firstName', 'company', 'role', 'researchId'],
});
