import { type StoredEmail, storedEmails } from '../../functions/local/ses-inbox.ts';
import { E2E_PORTS } from '../playwright.config.ts';

/** The e-mails sent so far that mention `needle` (each test uses its own unique e-mail). */
export async function emailsMentioning(needle: string): Promise<StoredEmail[]> {
  const emails = await storedEmails(`http://127.0.0.1:${E2E_PORTS.ses}`);
  return emails.filter((e) => JSON.stringify(e).includes(needle));
}

/**
 * The e-mails addressed to the visitor (their confirmation, their download link). The server
 * sends these only with a solved browser check (docs/decisions/028), so their arrival shows
 * the form solved one.
 */
export async function visitorEmails(email: string): Promise<StoredEmail[]> {
  return (await emailsMentioning(email)).filter((e) => e.destination.to.includes(email));
}

export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}
