import type { LeadForm } from '@kryon/shared/api';

/** The variable that holds the recipients of every form without a list of its own. */
export const MAIL_TO = 'MAIL_TO';

/**
 * The variable that holds one form's own recipients: MAIL_TO_BETA_ACCESS for beta-access.
 * The stack writes it and the functions read it through this one function, so the two cannot
 * spell it differently.
 */
export function mailToVariable(form: LeadForm): string {
  return `${MAIL_TO}_${form.toUpperCase().replace(/-/g, '_')}`;
}
