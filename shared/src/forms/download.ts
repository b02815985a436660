import * as z from 'zod/mini';
import { attributionField } from '../attribution.ts';
import { DOWNLOAD_ROLES, optionValues } from '../options.ts';
import { RESEARCH_DOWNLOAD_IDS } from '../research-catalogue.ts';
import { requiredEmailField, requiredLineField } from '../text.ts';

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
