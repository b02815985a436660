/**
 * A test fixture: the contact form with one more text field, `jobTitle`, added the way a real
 * field is added. The two edits it takes are here (the definition) and in the web's copy of
 * the field (in the web test); the renderer, the default values, the e-mail and the export
 * follow from them. docs/decisions/044 shows the same two edits as a diff.
 */
import * as z from 'zod/mini';
import { lineField, optional } from '../text.ts';
import { contactDefinition, contactSchema } from './contact.ts';
import { defineLeadForm } from './lead-form.ts';

export const JOB_TITLE_MESSAGE = 'Job title must be at least 2 characters';

/** Edit 1a: the field's rule and messages, in the schema. */
export const contactWithJobTitleSchema = z.object({
  ...contactSchema.shape,
  jobTitle: optional(
    lineField(JOB_TITLE_MESSAGE).check(
      z.minLength(2, { error: JOB_TITLE_MESSAGE }),
      z.maxLength(100, { error: 'Job title is too long (maximum 100 characters)' }),
    ),
  ),
});

/** Edit 1b: where the field shows, how sales read it, and its export column. */
export const contactWithJobTitleDefinition = defineLeadForm({
  ...contactDefinition,
  schema: contactWithJobTitleSchema,
  fields: { ...contactDefinition.fields, jobTitle: { kind: 'text', label: 'Job title' } },
  sales: { ...contactDefinition.sales, details: [...contactDefinition.sales.details, 'jobTitle'] },
  exportColumns: [...contactDefinition.exportColumns, 'jobTitle'],
});
