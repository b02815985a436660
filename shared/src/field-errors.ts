import type * as z from 'zod/mini';
import type { FieldErrors } from './api.ts';

/** zod issues as the API's `details`: messages keyed by top-level field name. */
export function fieldErrors(error: z.core.$ZodError): FieldErrors {
  const details: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path.length > 0 ? String(issue.path[0]) : '_form';
    details[field] ??= [];
    if (!details[field].includes(issue.message)) details[field].push(issue.message);
  }
  return details;
}
