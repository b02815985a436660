/** Option lists of spec section 3, each with the value stored and the label shown. */
export interface Option<V extends string = string> {
  readonly value: V;
  readonly label: string;
}

export const CONTACT_SUBJECTS = [
  { value: 'demo', label: 'Request Demo' },
  { value: 'pricing', label: 'Pricing' },
  { value: 'support', label: 'Technical Support' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'security', label: 'Security Question' },
  { value: 'general', label: 'General Inquiry' },
] as const satisfies readonly Option[];

export type ContactSubject = (typeof CONTACT_SUBJECTS)[number]['value'];

/** The values of an option list as a non-empty tuple, the shape z.enum wants. */
export function optionValues<const T extends readonly Option[]>(options: T) {
  return options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];
}

export function optionLabel(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}
