/**
 * `npm run leads:erase -- --email x@y.com [--yes]`: a privacy request. Finds one person's
 * submissions in every form, lists them, and with --yes deletes them, the rate-limit
 * counter kept for their address, its entries on our suppression list and on SES's.
 */
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { isLeadForm, type LeadForm } from '@kryon/shared/api';
import { normaliseEmail } from '@kryon/shared/email';
import { erasedLeadRequest, leadIdKey, suppressionKey } from '../src/adapters/dynamodb.ts';
import { createEventBridgeBus } from '../src/adapters/event-bus.ts';
import { emailHash } from '../src/leads/hash.ts';
import { leadErased } from '../src/leads/lead-events.ts';
import type { LeadEventBus } from '../src/leads/ports.ts';
import { owedEvent } from '../src/leads/publish-events.ts';
import { addressBudgetPrefix } from '../src/leads/rate-limit.ts';
import { type Io, isEntryPoint, parseCommandArgs, runCli, UsageError } from './lib/cli.ts';
import {
  type Item,
  type LeadsTable,
  leadKeyFilter,
  openLeadsTable,
  scanItems,
} from './lib/leads-table.ts';
import { openSesSuppressionList } from './lib/ses-suppression.ts';

export const USAGE = `Usage: npm run leads:erase -- --email <address> [--yes] [options]

Finds every stored submission of one person (any form), by the keyed hash of the canonical
address (lower-case, +tag removed, Gmail's dots ignored) and by the address field itself.
Lists them; deletes them, the address's rate-limit counters and its entries on our
suppression list (kept when an e-mail to it bounced or its owner complained; one per exact
spelling, of the given address and of each address its submissions name) only with --yes.
Also takes each of those spellings off SES's own account suppression list (where the visitor
mail set puts an address that hard-bounced or complained): deployed, the table's region with
your credentials; locally, the running npm start's SES emulator. Says what it cannot reach
(sales mailboxes, backups, dead-letter queues). For a deployed table, set IP_HASH_SECRET to
the stack's IP-hash secret to find the counters and the suppression entries too.
Before each submission is deleted, the lead-event destinations that may have received it
(Slack, webhooks) are told with a lead.erased event on the bus LEAD_EVENT_BUS_NAME names (set
by \`npm run leads:erase -- <environment>\`); a submission whose event the bus refuses is
not deleted, so the command can be run again.

  --email <address>  the person's e-mail address, as they gave it or normalised
  --yes              delete what was found (without it: a dry run that changes nothing)
  --table <name>     a deployed table, with your AWS credentials (default: the local
                     stack of \`npm start\`, DYNAMODB_PORT / DATA_DIR / TABLE_NAME)
  --region <region>  the deployed table's region (default: AWS_REGION or your profile)`;

type Key = { pk: string; sk: string };

export interface FoundSubmission {
  key: Key;
  form: string;
  submissionId: string;
  createdAt: string;
  emailStatus: string;
  matchedBy: 'emailHash' | 'email field';
  /**
   * Whether destinations may have received it: not spam and not synthetic, the leads that
   * have a lead.accepted event (decision 090).
   */
  announced: boolean;
}

export interface Findings {
  normalisedEmail: string;
  /** Undefined without the hash secret: then only the address fields are matched. */
  emailHash: string | undefined;
  submissions: FoundSubmission[];
  /** The address's rate-limit counters the table holds. */
  rateCounters: Key[];
  /**
   * The person's entries on our suppression list. The list is keyed by the exact address a
   * message bounced from, not the canonical one, so each spelling is looked up: the one given
   * and every address the found submissions name.
   */
  suppressions: (Key & { reason: string })[];
  /** Every spelling of the address: the one given and each one its submissions name. */
  addresses: string[];
}

/**
 * A scan filter for the counters kept for an address, as the lead adapter keys them
 * (`RATE#<key>`): its submissions, one per client network and standing (and the older
 * single `email#<emailHash>`), and the confirmations sent to it (`visitor-mail#...`).
 */
export function rateCounterFilter(hash: string) {
  return {
    FilterExpression: 'sk = :rateSk AND (begins_with(pk, :submissions) OR pk = :visitorMail)',
    ExpressionAttributeValues: {
      ':rateSk': 'RATE',
      ':submissions': `RATE#${addressBudgetPrefix(hash)}`,
      ':visitorMail': `RATE#visitor-mail#${hash}`,
    },
  };
}

export function parseEraseArgs(argv: string[]) {
  const { values } = parseCommandArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      yes: { type: 'boolean', default: false },
      table: { type: 'string' },
      region: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const email = values.email?.trim();
  if (!email) throw new UsageError('--email is required.');
  const at = email.lastIndexOf('@');
  if (at < 1 || at === email.length - 1 || /\s/.test(email)) {
    throw new UsageError(`--email ${JSON.stringify(values.email)} is not an e-mail address.`);
  }
  if (values.table !== undefined && values.table.trim() === '') {
    throw new UsageError('--table needs a table name.');
  }
  return {
    email,
    yes: values.yes,
    table: values.table?.trim(),
    region: values.region?.trim() || undefined,
  };
}

/** Every lead of this person and their rate-limit counter; changes nothing. */
export async function findSubmissions(table: LeadsTable, email: string): Promise<Findings> {
  const normalisedEmail = normaliseEmail(email);
  const hash = table.hashSecret ? emailHash(table.hashSecret, email) : undefined;
  const submissions: FoundSubmission[] = [];
  /** The addresses the found submissions name, as typed: suppression entries are per spelling. */
  const addresses: string[] = [];
  // A full scan: the table has no index by person, and an erasure is rare.
  for await (const item of scanItems(table, leadKeyFilter())) {
    const matchedBy =
      hash !== undefined && item.emailHash === hash
        ? 'emailHash'
        : emailFieldValues(item).some((value) => normaliseEmail(value) === normalisedEmail)
          ? 'email field'
          : undefined;
    if (!matchedBy) continue;
    addresses.push(...emailFieldValues(item));
    submissions.push({
      key: { pk: String(item.pk), sk: String(item.sk) },
      form: String(item.form ?? ''),
      submissionId: String(item.submissionId ?? ''),
      createdAt: String(item.createdAt ?? ''),
      emailStatus: String(item.emailStatus ?? ''),
      matchedBy,
      announced: item.spam !== true && item.synthetic !== true,
    });
  }
  submissions.sort((a, b) => a.createdAt.localeCompare(b.createdAt));

  const rateCounters: Key[] = [];
  if (hash) {
    for await (const item of scanItems(table, {
      ...rateCounterFilter(hash),
      ConsistentRead: true,
    })) {
      rateCounters.push({ pk: String(item.pk), sk: String(item.sk) });
    }
    rateCounters.sort((a, b) => a.pk.localeCompare(b.pk));
  }
  const suppressions: Findings['suppressions'] = [];
  const { hashSecret } = table;
  if (hashSecret) {
    // Kept per mailbox: one entry for the address given and each mailbox its leads name.
    const mailboxes = new Set([email, ...addresses].map((a) => emailHash(hashSecret, a)));
    for (const mailbox of mailboxes) {
      const key = suppressionKey(mailbox);
      const out = await table.doc.send(
        new GetCommand({ TableName: table.tableName, Key: key, ConsistentRead: true }),
      );
      if (out.Item) suppressions.push({ ...key, reason: suppressionReasons(out.Item) });
    }
  }
  const spellings = [...new Set([email, ...addresses].map((a) => a.trim().toLowerCase()))];
  return {
    normalisedEmail,
    emailHash: hash,
    submissions,
    rateCounters,
    suppressions,
    addresses: spellings,
  };
}

/** What a mailbox's entry on our suppression list holds, in words. */
function suppressionReasons(item: Record<string, unknown>): string {
  const spellings = item.bouncedSpellings instanceof Set ? item.bouncedSpellings.size : 0;
  return [
    item.complained === true ? 'complained' : '',
    item.bounced === true ? 'bounced' : '',
    spellings ? `${spellings} tagged spelling${spellings === 1 ? '' : 's'} bounced` : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** The bus erase events go to: LEAD_EVENT_BUS_NAME's, through the SDK's usual endpoint. */
export function eraseEventBus(env: NodeJS.ProcessEnv = process.env): LeadEventBus | undefined {
  const name = env.LEAD_EVENT_BUS_NAME?.trim();
  return name ? createEventBridgeBus(name) : undefined;
}

/** The bus refused a lead.erased event: that submission and the rest were left as they are. */
export class EraseEventError extends Error {}

/**
 * Deletes what findSubmissions found; counts what was still there to delete. Each announced
 * submission's lead.erased event goes to the bus first: a submission is never deleted while
 * the destinations that received it cannot be told (they would keep it), and the event's id is
 * the same on a second run, so a receiver told twice drops the repeat.
 */
export async function eraseSubmissions(
  table: LeadsTable,
  findings: Findings,
  options: { bus?: LeadEventBus; now?: () => Date } = {},
): Promise<{
  deleted: number;
  countersDeleted: number;
  suppressionsDeleted: number;
  told: number;
}> {
  let deleted = 0;
  let toldCount = 0;
  const now = options.now ?? (() => new Date());
  for (const submission of findings.submissions) {
    // A lead stored before ids were kept has none to name it by: no destination received it.
    const told =
      submission.announced && submission.submissionId !== '' && isLeadForm(submission.form);
    if (told && options.bus) {
      const event = owedEvent(
        leadErased(
          { form: submission.form as LeadForm, submissionId: submission.submissionId },
          now().toISOString(),
        ),
      );
      const refused = await options.bus.publish([event]).then(
        ({ failed }) => failed.length > 0,
        () => true,
      );
      if (refused) {
        throw new EraseEventError(
          `The event bus did not take the erase event of ${submission.form} submission ${submission.submissionId}: ` +
            `it and those after it were not deleted (${deleted} deleted before it). Run the command again once the bus answers.`,
        );
      }
      toldCount += 1;
    }
    // Its id stays, alone, while copies of its events may be sent again (a retry, a dead letter
    // moved back, a replay of the archive): the delivery sends none of them (decision 090).
    if (told) {
      await table.doc.send(
        new PutCommand(
          erasedLeadRequest(table.tableName, submission.submissionId, now().getTime()),
        ),
      );
    }
    if (await deleteItem(table, submission.key)) deleted += 1;
    // The item that finds the lead by its id names only the lead's key, but it goes too.
    if (submission.submissionId) await deleteItem(table, leadIdKey(submission.submissionId));
  }
  let countersDeleted = 0;
  for (const key of findings.rateCounters) {
    if (await deleteItem(table, key)) countersDeleted += 1;
  }
  // A privacy request leaves no trace of the address: not even that it bounced.
  let suppressionsDeleted = 0;
  for (const { pk, sk } of findings.suppressions) {
    if (await deleteItem(table, { pk, sk })) suppressionsDeleted += 1;
  }
  return { deleted, countersDeleted, suppressionsDeleted, told: toldCount };
}

export async function main(argv: string[], io: Io): Promise<number> {
  const args = parseEraseArgs(argv);
  const table = await openLeadsTable({ table: args.table, region: args.region });
  const ses = await openSesSuppressionList(args);
  try {
    const findings = await findSubmissions(table, args.email);
    const { submissions, rateCounters, suppressions } = findings;
    const sesListed: { address: string; reason: string }[] = [];
    for (const address of ses ? findings.addresses : []) {
      const reason = await ses?.find(address);
      if (reason) sesListed.push({ address, reason });
    }
    io.out(
      `Searched ${table.description}\nfor ${findings.normalisedEmail} (${
        findings.emailHash
          ? `emailHash ${findings.emailHash}`
          : 'by address only: set IP_HASH_SECRET to match hashes and find its counters'
      }).\n\n`,
    );
    const sesLine = ses
      ? `On ${ses.description}: ${
          sesListed.length
            ? sesListed.map((entry) => `${entry.address} (${entry.reason})`).join(', ')
            : 'no'
        }\n`
      : "SES's suppression list: not checked (no SES emulator running; deployed, name the --table).\n";
    if (
      submissions.length === 0 &&
      rateCounters.length === 0 &&
      suppressions.length === 0 &&
      sesListed.length === 0
    ) {
      io.out(`Nothing stored for this address.\n${sesLine}`);
      return 0;
    }
    io.out(`${plural(submissions.length, 'submission')} found:\n`);
    for (const s of submissions) {
      io.out(
        `  ${s.form.padEnd(12)} ${s.createdAt.padEnd(25)} ${s.submissionId}  e-mail ${s.emailStatus || '-'}  (matched by ${s.matchedBy})\n`,
      );
    }
    io.out(`Rate-limit counters for this address: ${rateCounters.length || 'none'}\n`);
    io.out(
      `On our suppression list: ${
        suppressions.length ? `yes (${suppressions.map((s) => s.reason).join(', ')})` : 'no'
      }\n${sesLine}\n`,
    );

    const counterText =
      (rateCounters.length ? ` and ${plural(rateCounters.length, 'rate-limit counter')}` : '') +
      (suppressions.length ? ` and ${plural(suppressions.length, 'suppression entry')}` : '') +
      (sesListed.length ? ` and ${plural(sesListed.length, 'SES suppression list entry')}` : '');
    if (!args.yes) {
      io.out(
        `Dry run: nothing was deleted. Run again with --yes to delete ${plural(submissions.length, 'submission')}${counterText}.\n`,
      );
      return 0;
    }
    const bus = eraseEventBus();
    let erased: Awaited<ReturnType<typeof eraseSubmissions>>;
    try {
      erased = await eraseSubmissions(table, findings, bus ? { bus } : {});
    } catch (error) {
      if (!(error instanceof EraseEventError)) throw error;
      io.err(`${error.message}\n`);
      return 1;
    }
    const { deleted, countersDeleted, suppressionsDeleted, told } = erased;
    let sesRemoved = 0;
    for (const { address } of sesListed) {
      if (await ses?.remove(address)) sesRemoved += 1;
    }
    io.out(
      `Deleted ${plural(deleted, 'submission')}${countersDeleted ? ` and ${plural(countersDeleted, 'rate-limit counter')}` : ''}${suppressionsDeleted ? ` and ${plural(suppressionsDeleted, 'suppression entry')}` : ''}${sesRemoved ? `, and took ${plural(sesRemoved, 'address')} off ${ses?.description}` : ''}.\n`,
    );
    io.out(
      bus
        ? `Told the lead-event destinations (lead.erased) about ${plural(told, 'submission')}.\n`
        : 'Lead-event destinations not told: no LEAD_EVENT_BUS_NAME (run it as npm run leads:erase -- <environment>).\n',
    );
    io.out(NOT_REACHED);
    return 0;
  } finally {
    ses?.close();
    await table.close();
  }
}

/**
 * What an erasure cannot reach, said every time so whoever answers the request can say it too
 * (the privacy notice states the same).
 */
export const NOT_REACHED =
  'Not reached by this command, and gone only when they expire:\n' +
  "  - the sales mailboxes' copies of the lead e-mails (delete them there);\n" +
  "  - deployed, the table's point-in-time recovery (35 days) and its AWS Backup recovery\n" +
  '    points (kept as long as a lead, then deleted);\n' +
  "  - the functions' dead-letter queues (14 days), which may hold an SES event naming the\n" +
  '    address. The logs name no address (they are redacted);\n' +
  "  - copies of the lead's events in the event bus's archive (30 days) and in the lead-event\n" +
  "    queues (14 days): never sent again, since the lead's id is kept, alone, for 45 days;\n" +
  '    and what the destinations keep (told by a lead.erased event: check they acted on it).\n';

/** Address values of the stored fields (`email`, `workEmail`, ...), for leads without a hash. */
function emailFieldValues(item: Item): string[] {
  const fields = item.fields;
  if (typeof fields !== 'object' || fields === null) return [];
  return Object.entries(fields as Record<string, unknown>)
    .filter(([name, value]) => /email/i.test(name) && typeof value === 'string')
    .map(([, value]) => value as string);
}

async function deleteItem(table: LeadsTable, key: Key): Promise<boolean> {
  const out = await table.doc.send(
    new DeleteCommand({ TableName: table.tableName, Key: key, ReturnValues: 'ALL_OLD' }),
  );
  return out.Attributes !== undefined;
}

function plural(count: number, noun: string): string {
  if (count === 1) return `${count} ${noun}`;
  return `${count} ${noun.endsWith('y') ? `${noun.slice(0, -1)}ie` : noun}s`;
}

if (isEntryPoint(import.meta.url)) await runCli(main, USAGE);
