/**
 * The providers whose own documented rule delivers more spellings of an address to one
 * mailbox than plain `+tag` sub-addressing does. Only what the provider says of its own
 * consumer domains is here: a rule inferred for a hosted domain (Google Workspace, Microsoft
 * 365) is the administrator's to set, and Google's help says dots do matter there.
 */
interface ProviderRule {
  /** The domain every spelling is keyed under (googlemail.com is gmail.com). */
  domain: string;
  /** Dots in the local part are ignored: `j.smith` and `jsmith` are one mailbox. */
  ignoresDots?: true;
  /**
   * A separator besides `+` that starts a tag: Yahoo's disposable addresses are
   * `base-keyword@yahoo.com`, and a Yahoo username cannot contain a hyphen.
   */
  tagSeparator?: '-';
  /**
   * Every spelling is a mailbox of its own: no tag is dropped. SES's mailbox simulator is no
   * person's inbox, and its local part alone says what SES does (`bounce+run-1@` bounces), so
   * each verify run's label keeps its own budget and suppression entry.
   */
  keepsTags?: true;
}

/**
 * SES's mailbox simulator: SES answers mail to it (success, bounce, complaint...) without it
 * leaving SES, and it counts neither towards the account's bounce and complaint rates nor as
 * anyone's lead: a lead to it is synthetic (a verify run's or the canary's). "Using the mailbox
 * simulator", https://docs.aws.amazon.com/ses/latest/dg/send-an-email-from-console.html
 */
export const MAILBOX_SIMULATOR_DOMAIN = 'simulator.amazonses.com';

const PROVIDERS: ReadonlyMap<string, ProviderRule> = new Map([
  ['gmail.com', { domain: 'gmail.com', ignoresDots: true }],
  ['googlemail.com', { domain: 'gmail.com', ignoresDots: true }],
  ['yahoo.com', { domain: 'yahoo.com', tagSeparator: '-' }],
  [MAILBOX_SIMULATOR_DOMAIN, { domain: MAILBOX_SIMULATOR_DOMAIN, keepsTags: true }],
]);

/** Whether the address is at SES's mailbox simulator: its lead is a synthetic one. */
export function isMailboxSimulator(email: string): boolean {
  const lower = email.trim().toLowerCase();
  return lower.slice(lower.lastIndexOf('@') + 1) === MAILBOX_SIMULATOR_DOMAIN;
}

/** One mailbox, as the budgets, the suppression list and the stored leads know it. */
export interface Mailbox {
  /** The mailbox's key: see `normaliseEmail`. */
  key: string;
  /**
   * A tag was dropped to make the key (`ada+x@`, Yahoo's `ada-x@`). A tagged spelling may
   * fail where its mailbox works: many domains refuse `+tags`, and a disposable address can
   * be deleted. What only the spelling showed (a bounce) says nothing of the mailbox.
   */
  tagged: boolean;
}

/**
 * The one rule that tells which spellings of an address are one mailbox (decision 073):
 * - trimmed and lower-cased;
 * - without a `+tag` on any domain, so `Ada+1@x.io` and `ada@x.io` share one budget (most
 *   mail servers deliver sub-addresses; where one does not, the tag is refused, and a
 *   stranger still cannot buy a new budget with each tag);
 * - at the providers above, also without what their own rule ignores: Gmail's dots (and
 *   googlemail.com is gmail.com), Yahoo's `-keyword`.
 * Dots are dropped for Gmail only: elsewhere `j.smith` and `jsmith` may be two people, and a
 * privacy request for one must never find the other's leads.
 */
export function mailboxOf(email: string): Mailbox {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at < 0) return { key: lower, tagged: false };
  const written = lower.slice(0, at);
  const rule = PROVIDERS.get(lower.slice(at + 1));
  let local = rule?.keepsTags ? written : cutAt(written, '+');
  if (rule?.tagSeparator) local = cutAt(local, rule.tagSeparator);
  const tagged = local !== written;
  if (rule?.ignoresDots) local = local.replaceAll('.', '');
  return { key: `${local}@${rule?.domain ?? lower.slice(at + 1)}`, tagged };
}

function cutAt(local: string, separator: string): string {
  const index = local.indexOf(separator);
  return index < 0 ? local : local.slice(0, index);
}

/**
 * The key an e-mail address is counted by: both rate limits (3 submissions per address per
 * 60 s; the browser's limiter and the Lambda's use this one function, so they agree), the
 * visitor's confirmation budget, the suppression list and the server's e-mail hash, which
 * also finds a person's leads for a privacy request. So `John.Smith+x@googlemail.com` is
 * `johnsmith@gmail.com` everywhere.
 *
 * It is a key, never an address: what is stored and mailed is what the visitor typed.
 * Changing the rule changes stored keys: a lead's hash, an entry on the suppression list.
 */
export function normaliseEmail(email: string): string {
  return mailboxOf(email).key;
}
