/**
 * `npm run leads:export -- --form demo --since 2026-11-01 [--until 2026-11-30] [--out x.csv]`:
 * one form's stored leads as CSV for sales, from the local stack or a deployed table.
 */
import { writeFileSync } from 'node:fs';
import { LEAD_FORMS, type LeadForm } from '@kryon/shared/api';
import { ATTRIBUTION_KEYS } from '@kryon/shared/attribution';
import type { LeadFormDefinition } from '@kryon/shared/forms/lead-form';
import { countedExportStatus, digestNetworkOf } from '../src/leads/digest.ts';
import { FORM_DEFINITIONS, formDefinition } from '../src/leads/forms.ts';
import {
  fromCallerDir,
  type Io,
  isEntryPoint,
  parseCommandArgs,
  runCli,
  UsageError,
} from './lib/cli.ts';
import { toCsv } from './lib/csv.ts';
import {
  type Item,
  type LeadsTable,
  leadKeyFilter,
  openLeadsTable,
  scanItems,
} from './lib/leads-table.ts';

export const USAGE = `Usage: npm run leads:export -- --form <form> --since <date> [options]

Writes one form's stored leads as CSV: one row per lead, columns submissionId, form,
createdAt, the form's fields (lists joined with "; "), where the visit came from
(landingPath, referrerOrigin, utmSource, utmMedium, utmCampaign, utmTerm, utmContent,
formPath; empty when not known), browserCheck, for the research download downloadedAt and
downloadCount (when the visitor first opened the report, and how often), emailStatus
(pending, sent, failed, abandoned or skipped; held-for-digest or sent-in-digest for an
unverified lead listed in the hourly sales digest instead of its own e-mail, and
"counted-in-digest (network 1a2b3c4d)" for one the digest counted on its network's line
rather than listed), for a form
that e-mails the visitor visitorEmail (sent, pending, failed, abandoned, rejected, or
withheld with its reason, e.g. "withheld (address-bounced)": an earlier e-mail to it
bounced), visitorDelivery (what SES reported after sending: delivered, delayed,
"bounced (permanent)" = the address does not exist, "bounced (transient)", rejected,
complained = marked as spam) and visitorDeliveryAt (when), then spam.
UTF-8 with a byte order mark, every cell quoted. Safe to open in any spreadsheet locale
(separator , ; or tab): a ' is put at the start of a cell, and after each , ; tab or line
break inside it, where = + - @ (or their full-width forms), a tab, a line break or a ' would
follow, past blanks and double quotes. Remove that ' to get the stored text back.

  --form <form>      ${LEAD_FORMS.join(', ')}
  --since <date>     first day (YYYY-MM-DD, UTC) or instant (ISO 8601) to include
  --until <date>     last day to include (YYYY-MM-DD), or instant to stop before
  --with-synthetic   also the synthetic leads to SES's mailbox simulator (a verify run's,
                     the canary's), left out by default; they are gone within a day
  --out <file>       write the CSV to this file (created private); default: stdout.
                     npm writes its banner to stdout first unless run with -s, so into a
                     pipe or a file: npm run -s leads:export -- ... > leads.csv
  --table <name>     a deployed table, read with your AWS credentials (default: the
                     local stack of \`npm start\`, DYNAMODB_PORT / DATA_DIR / TABLE_NAME)
  --region <region>  the deployed table's region (default: AWS_REGION or your profile)`;

export interface ExportQuery {
  form: LeadForm;
  /** ISO instant, inclusive. */
  since: string;
  /** ISO instant, exclusive. */
  until?: string;
  /** Also the synthetic leads (to SES's mailbox simulator), which are nobody's. */
  withSynthetic?: boolean;
}

export interface ParsedExportArgs {
  query: ExportQuery;
  out?: string;
  table?: string;
  region?: string;
}

export function parseExportArgs(argv: string[]): ParsedExportArgs {
  const { values } = parseCommandArgs({
    args: argv,
    options: {
      form: { type: 'string' },
      since: { type: 'string' },
      until: { type: 'string' },
      out: { type: 'string' },
      table: { type: 'string' },
      region: { type: 'string' },
      'with-synthetic': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  const form = values.form;
  if (!form) throw new UsageError('--form is required.');
  if (!isLeadForm(form)) {
    throw new UsageError(`Unknown form "${form}": use one of ${LEAD_FORMS.join(', ')}.`);
  }
  if (!values.since) throw new UsageError('--since is required.');
  const since = parseDateBound(values.since, 'since');
  const until = values.until === undefined ? undefined : parseDateBound(values.until, 'until');
  if (until !== undefined && until <= since) {
    throw new UsageError(`--until (${values.until}) must come after --since (${values.since}).`);
  }
  if (values.out !== undefined && values.out.trim() === '') {
    throw new UsageError('--out needs a file name.');
  }
  if (values.table !== undefined && values.table.trim() === '') {
    throw new UsageError('--table needs a table name.');
  }
  return {
    query: { form, since, until, ...(values['with-synthetic'] ? { withSynthetic: true } : {}) },
    out: values.out,
    table: values.table?.trim(),
    region: values.region?.trim() || undefined,
  };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/**
 * A bound as the ISO instant createdAt is compared with. A day is read in UTC; as --until
 * it includes that whole day, so `--since 2026-11-01 --until 2026-11-30` is all November.
 */
export function parseDateBound(value: string, bound: 'since' | 'until'): string {
  const day = DAY.exec(value.trim());
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const start = new Date(Date.UTC(year, month - 1, date));
    if (
      start.getUTCFullYear() !== year ||
      start.getUTCMonth() !== month - 1 ||
      start.getUTCDate() !== date
    ) {
      throw new UsageError(`--${bound} ${value} is not a calendar date.`);
    }
    if (bound === 'until') start.setUTCDate(start.getUTCDate() + 1);
    return start.toISOString();
  }
  const instant = new Date(value.trim());
  if (!INSTANT.test(value.trim()) || Number.isNaN(instant.getTime())) {
    throw new UsageError(
      `--${bound} ${JSON.stringify(value)} is neither a date (YYYY-MM-DD) nor an ISO 8601 instant.`,
    );
  }
  return instant.toISOString();
}

/**
 * The CSV's header and one row per lead, oldest first. The field columns are the form's
 * shared definition's export columns; the attribution is no field (a lead stores it beside
 * its fields) and has columns of its own.
 */
export function leadRows(
  form: LeadForm,
  items: readonly Item[],
  definition: Pick<LeadFormDefinition, 'exportColumns'> = FORM_DEFINITIONS[form],
): unknown[][] {
  const known: readonly string[] = definition.exportColumns;
  // A field stored that the schema does not list (an older or newer form) is kept too.
  const extra = [...new Set(items.flatMap((item) => Object.keys(fieldsOf(item))))]
    .filter((name) => !known.includes(name))
    .sort();
  const fields = [...known, ...extra];
  const sorted = [...items].sort((a, b) =>
    String(a.createdAt ?? '').localeCompare(String(b.createdAt ?? '')),
  );
  // What the visitor did with the report: the intent sales follow up on.
  const opened = form === 'download' ? (['downloadedAt', 'downloadCount'] as const) : [];
  // What became of the visitor's own e-mail: sales see "this address does not exist".
  const visitor = visitorColumns(form);
  return [
    [
      'submissionId',
      'form',
      'createdAt',
      ...fields,
      ...ATTRIBUTION_KEYS,
      'browserCheck',
      ...opened,
      'emailStatus',
      ...visitor,
      'spam',
    ],
    ...sorted.map((item) => {
      const values = fieldsOf(item);
      const source = objectOf(item.attribution);
      return [
        item.submissionId,
        item.form,
        item.createdAt,
        ...fields.map((name) => values[name]),
        ...ATTRIBUTION_KEYS.map((name) => source[name]),
        item.browserCheck,
        ...opened.map((name) => item[name] ?? (name === 'downloadCount' ? 0 : undefined)),
        emailStatusOf(item),
        ...(visitor.length > 0 ? visitorEmailCells(item) : []),
        item.spam === true,
      ];
    }),
  ];
}

/** The stored leads of one form created in the range, as CSV text. */
export async function exportLeads(
  table: LeadsTable,
  query: ExportQuery,
): Promise<{ csv: string; count: number }> {
  const keys = leadKeyFilter(query.form);
  const items: Item[] = [];
  for await (const item of scanItems(table, {
    FilterExpression: `${keys.FilterExpression} AND createdAt >= :since${
      query.until ? ' AND createdAt < :until' : ''
    }${query.withSynthetic ? '' : ' AND attribute_not_exists(synthetic)'}`,
    ExpressionAttributeValues: {
      ...keys.ExpressionAttributeValues,
      ':since': query.since,
      ...(query.until ? { ':until': query.until } : {}),
    },
  })) {
    items.push(item);
  }
  return { csv: toCsv(leadRows(query.form, items)), count: items.length };
}

export async function main(argv: string[], io: Io): Promise<number> {
  const args = parseExportArgs(argv);
  if (!args.out && io.outHasNpmBanner) {
    // Refused rather than written: a spreadsheet would read npm's lines as the first leads.
    throw new UsageError(
      'npm has written its banner to stdout, ahead of where the CSV would go. ' +
        'Run npm silent (npm run -s leads:export -- ...) or give --out <file>.',
    );
  }
  const table = await openLeadsTable({ table: args.table, region: args.region });
  try {
    const { csv, count } = await exportLeads(table, args.query);
    const range = `createdAt from ${args.query.since}${args.query.until ? ` until before ${args.query.until}` : ''}`;
    const what = `${count} ${args.query.form} lead${count === 1 ? '' : 's'} (${range}) from ${table.description}`;
    if (args.out) {
      const path = fromCallerDir(args.out);
      // Leads are personal data: the file is readable by its owner only.
      writeFileSync(path, csv, { mode: 0o600 });
      io.err(`Exported ${what} to ${path}\n`);
    } else {
      io.out(csv);
      io.err(`Exported ${what}\n`);
    }
    return 0;
  } finally {
    await table.close();
  }
}

function isLeadForm(value: string): value is LeadForm {
  return (LEAD_FORMS as readonly string[]).includes(value);
}

function fieldsOf(item: Item): Record<string, unknown> {
  return objectOf(item.fields);
}

function objectOf(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

/**
 * The lead's e-mail status as a whole; for an unverified lead whose sales notification was
 * held for the hourly digest, what became of it: still `held-for-digest`, `sent-in-digest`
 * (listed in one), or `counted-in-digest (network …)`, named as the digest's count line names
 * its network, so sales find every lead a digest counted without listing it.
 */
function emailStatusOf(item: Item): unknown {
  const sales = objectOf(objectOf(item.emails).sales);
  if (sales.status === 'held' && item.emailStatus === 'pending') return 'held-for-digest';
  if (sales.via === 'digest' && item.emailStatus === 'sent') return 'sent-in-digest';
  if (sales.via === 'digest-count' && item.emailStatus === 'sent') {
    return countedExportStatus(digestNetworkOf(item) ?? '');
  }
  return item.emailStatus;
}

/** The visitor e-mail's columns, for a form that sends the visitor one. */
function visitorColumns(form: LeadForm): string[] {
  return formDefinition(form)?.visitorMessage
    ? ['visitorEmail', 'visitorDelivery', 'visitorDeliveryAt']
    : [];
}

/**
 * The visitor e-mail's state (a withheld one with its reason) and SES's last word on it
 * (a bounce with its type), as sales read them.
 */
function visitorEmailCells(item: Item): unknown[] {
  const visitor = objectOf(objectOf(item.emails).visitor);
  const delivery = objectOf(visitor.delivery);
  const status =
    visitor.status === 'withheld' && visitor.reason
      ? `withheld (${String(visitor.reason)})`
      : visitor.status;
  const outcome =
    delivery.outcome === 'bounced' && delivery.bounceType
      ? `bounced (${String(delivery.bounceType)})`
      : delivery.outcome;
  return [status, outcome, delivery.at];
}

if (isEntryPoint(import.meta.url)) await runCli(main, USAGE);
