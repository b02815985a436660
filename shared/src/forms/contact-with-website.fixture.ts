/**
 * A test fixture: the contact form with one more text field, `website`, added the way a real
 * field is added. The two edits it takes are here (the definition) and in the web's copy of
 * the field (in the web test); the renderer, the e-mail, the export and the browser's default
 * values follow from them. docs/decisions/044 shows the same two edits as a diff.
 */
import * as z from 'zod/mini';
import { lineField, optional } from '../text.ts';
import { contactDefinition, contactSchema } from './contact.ts';
import { defineLeadForm } from './lead-form.ts';

export const WEBSITE_MESSAGE = 'Please enter a web address starting with https://';

/** Edit 1a: the field's rule and message, in the schema. */
export const contactWithWebsiteSchema = z.object({
  ...contactSchema.shape,
  website: optional(
    lineField(WEBSITE_MESSAGE).check(
      z.regex(/^https:\/\/\S+$/, { error: WEBSITE_MESSAGE }),
      z.maxLength(200, { error: 'Web address is too long (maximum 200 characters)' }),
    ),
  ),
});

/** Edit 1b: where the field shows, how sales read it, and its export column. */
export const contactWithWebsiteDefinition = defineLeadForm({
  ...contactDefinition,
  schema: contactWithWebsiteSchema,
  fields: { ...contactDefinition.fields, website: { kind: 'text', label: 'Website' } },
  sales: { ...contactDefinition.sales, details: [...contactDefinition.sales.details, 'website'] },
  exportColumns: [...contactDefinition.exportColumns, 'website'],
});
