/**
 * The leads table's items as they are stored, read with a schema rather than cast: what comes
 * out of the table is checked, because it may be older than the code (written before a field
 * existed) or edited by hand. The lead's own schemas are the domain's (leads/lead.ts); each
 * keeps what its type names and drops the rest: the table's bookkeeping (`pk`, `sk`, `entity`,
 * `resendPartition`) and what the updates leave beside a lead for people reading the table
 * (`emailUpdatedAt`, `lastDownloadedAt`), which no code reads.
 *
 * An item that does not parse is not guessed at: readItem throws the domain's DependencyError
 * (see there), parseItem reports it.
 */
import * as z from 'zod/mini';
import { DependencyError } from '../leads/errors.ts';
import type { MailboxSuppression } from '../leads/lead.ts';
import type { UnreadableItem } from '../leads/ports.ts';
import { brakeState } from '../leads/visitor-brake.ts';

/** A rate-limit window's item (pk `RATE#<key>`), as a count in it returns it: when it opened. */
export const rateWindowItem = z.object({ windowStart: z.number() });

/** A fixed window's count (pk `RATE#<key>#<window number>`), read with only `hits` projected. */
export const windowCountItem = z.object({ hits: z.number() });

/**
 * A mailbox's entry on our suppression list (pk `SUPPRESSED#<mailboxHash>`): a flag per reason
 * it was listed for, and the set of tagged spellings that bounced, each present only once
 * such an event came.
 */
export const suppressionItem = z.pipe(
  z.object({
    complained: z.optional(z.boolean()),
    bounced: z.optional(z.boolean()),
    bouncedSpellings: z.optional(z.set(z.string())),
  }),
  z.transform(
    ({ complained, bounced, bouncedSpellings }): MailboxSuppression => ({
      complained: complained === true,
      bounced: bounced === true,
      bouncedSpellings: bouncedSpellings ? [...bouncedSpellings] : [],
    }),
  ),
);

/** The visitor brake's one item (pk `BRAKE#visitor`): its state and the version writes check. */
export const brakeItem = z.extend(brakeState, { version: z.number().check(z.int(), z.gte(1)) });

/**
 * The item read with its schema, or its key and first issue when it does not parse: the
 * issue's path, code and, for a value of the wrong type, the type expected. Never zod's
 * message (zod/mini's is only "Invalid input" unless a locale is loaded) and never the value
 * found: the log says what is wrong without the visitor's data in it.
 */
export function parseItem<T>(
  schema: z.ZodMiniType<T>,
  item: unknown,
  key: { pk: string; sk: string },
): { item: T } | { unreadable: UnreadableItem } {
  const parsed = z.safeParse(schema, item);
  if (parsed.success) return { item: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? issue.path.join('.') : 'the item';
  const what = !issue
    ? 'unreadable'
    : issue.code === 'invalid_type'
      ? `${issue.code} (expected ${issue.expected})`
      : issue.code;
  return { unreadable: { key, issue: `${where}: ${what}` } };
}

/** Why an item could not be read, as parseItem says it. */
export class UnreadableItemError extends Error {
  constructor({ key, issue }: UnreadableItem) {
    super(`the item ${key.pk} (${key.sk}) is not what the code writes: ${issue}`);
    this.name = 'UnreadableItemError';
  }
}

/**
 * The item read with its schema. One that does not parse throws DependencyError ('database'),
 * as an outage does, never silently another value (a suppressed mailbox taken for a clean one);
 * only the re-send's claim skips it (parseItem, decision 078). Its cause, an
 * UnreadableItemError, names the item's key and first issue.
 */
export function readItem<T>(
  schema: z.ZodMiniType<T>,
  item: unknown,
  key: { pk: string; sk: string },
): T {
  const read = parseItem(schema, item, key);
  if ('item' in read) return read.item;
  throw new DependencyError('database', { cause: new UnreadableItemError(read.unreadable) });
}
