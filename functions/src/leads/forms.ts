import type { LeadForm } from '@kryon/shared/api';
import type { FormDefinition } from './form-definition.ts';
import { betaAccessForm } from './forms/beta-access.ts';
import { contactForm } from './forms/contact.ts';
import { demoForm } from './forms/demo.ts';
import { downloadForm } from './forms/download.ts';
import { partnerForm } from './forms/partner.ts';

/**
 * Every form's definition by name: what the re-send reads a stored lead's e-mails with. A
 * form's handler imports its own definition module instead, so its bundle carries one schema.
 */
const FORM_DEFINITIONS: Readonly<Record<LeadForm, FormDefinition>> = {
  contact: contactForm,
  partner: partnerForm,
  demo: demoForm,
  'beta-access': betaAccessForm,
  download: downloadForm,
};

export function formDefinition(form: string): FormDefinition | undefined {
  return Object.hasOwn(FORM_DEFINITIONS, form) ? FORM_DEFINITIONS[form as LeadForm] : undefined;
}
