// Gmail delivers every dotted spelling of a local part, and googlemail.com, to one mailbox.
const GMAIL_DOMAINS = new Set(['gmail.com', 'googlemail.com']);
const GMAIL_DOMAIN = 'gmail.com';

/**
 * The key an e-mail address is counted by: both rate limits (3 submissions per address per
 * 60 s; the browser's limiter and the Lambda's use this one function, so they agree) and
 * the server's e-mail hash. One person's mailbox gets one key:
 * - trimmed and lower-cased;
 * - without a `+tag` on any domain, so `Ada+1@x.io` and `ada@x.io` share one budget;
 * - at gmail.com and googlemail.com, without the dots of the part before the @ and with
 *   gmail.com as the domain, so `John.Smith+x@googlemail.com` is `johnsmith@gmail.com`.
 * Dots are dropped for Gmail only: elsewhere `j.smith` and `jsmith` may be two people.
 *
 * It is a key, never an address: what is stored and mailed is what the visitor typed.
 */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return lower;
  const local = lower.slice(0, at).replace(/\+.*$/, '');
  const domain = lower.slice(at + 1);
  if (GMAIL_DOMAINS.has(domain)) return `${local.replaceAll('.', '')}@${GMAIL_DOMAIN}`;
  return `${local}@${domain}`;
}
