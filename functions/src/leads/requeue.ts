import type { StoredLead } from './lead.ts';

/**
 * A lead whose sales notification was given up on after its retries (SES down for a day, a
 * rejected recipient since fixed), owed again from a clean count: what a person does once
 * the cause is fixed, so sales still hear of the lead. The visitor's confirmation is not
 * re-queued: days late it helps nobody, and the visitor had the answer (and any report link)
 * on screen. Undefined when nothing of the lead is abandoned.
 */
export function requeuedEmails(lead: StoredLead): StoredLead['emails'] | undefined {
  const sales = lead.emails.sales;
  if (sales?.status !== 'abandoned') return undefined;
  return { ...lead.emails, sales: { ...sales, status: 'failed', attempts: 0 } };
}
