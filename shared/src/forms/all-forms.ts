import type { LeadForm } from '../api.ts';
import { betaAccessDefinition } from './beta-access.ts';
import { contactDefinition } from './contact.ts';
import { demoDefinition } from './demo.ts';
import { downloadDefinition } from './download.ts';
import type { LeadFormDefinition } from './lead-form.ts';
import { partnerDefinition } from './partner.ts';

/**
 * Every form's definition by name, for tools that handle all forms (the export, the bench).
 * It carries all five schemas: a page or a form's function imports its own definition.
 */
export const LEAD_FORM_DEFINITIONS: Readonly<Record<LeadForm, LeadFormDefinition>> = {
  contact: contactDefinition,
  partner: partnerDefinition,
  demo: demoDefinition,
  'beta-access': betaAccessDefinition,
  download: downloadDefinition,
} as unknown as Record<LeadForm, LeadFormDefinition>;
