import { isLeadForm, type LeadForm } from '@kryon/shared/api';
import type { FormDefinition } from './form-definition.ts';
import { betaAccessForm } from './forms/beta-access.ts';
import { contactForm } from './forms/contact.ts';
import { demoForm } from './forms/demo.ts';
import { downloadForm } from './forms/download.ts';
import { partnerForm } from './forms/partner.ts';

/**
 * Every form by name, for the re-send and the tools that handle every form (decision 044). A
 * form's handler imports its own module instead, so its bundle carries one schema.
 */
export const FORM_DEFINITIONS = {
  contact: contactForm,
  partner: partnerForm,
  demo: demoForm,
  'beta-access': betaAccessForm,
  download: downloadForm,
} as const satisfies { readonly [K in LeadForm]: FormDefinition };

export function formDefinition(form: string): FormDefinition | undefined {
  return isLeadForm(form) ? FORM_DEFINITIONS[form] : undefined;
}
