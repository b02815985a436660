/**
 * On the beta form a field counts as complete when a list is non-empty, text is
 * non-blank or a box is checked. Completion says "something is there", not "it is valid";
 * validity is the per-field check's job.
 */
export function isFilled(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'string') return value.trim() !== '';
  if (typeof value === 'boolean') return value;
  return value !== undefined && value !== null;
}

export interface SectionProgress {
  done: number;
  total: number;
  complete: boolean;
}

export function sectionProgress(
  values: Readonly<Record<string, unknown>>,
  fields: readonly string[],
): SectionProgress {
  const done = fields.filter((name) => isFilled(values[name])).length;
  return { done, total: fields.length, complete: done === fields.length };
}
