/**
 * `npm run leads:backup -- --out <file> [--table <name>] [--region <region>]`: every item of
 * the leads table (leads, their id links, rate-limit and budget counters, suppression entries)
 * to a file and its manifest, from the local stack or a deployed table (decision 086).
 */
import { writeFileSync } from 'node:fs';
import {
  fromCallerDir,
  type Io,
  isEntryPoint,
  parseCommandArgs,
  runCli,
  UsageError,
} from './lib/cli.ts';
import { openLeadsTable } from './lib/leads-table.ts';
import { backupOf, manifestPathOf, type RawItem, scanRawItems } from './lib/table-backup.ts';

export const USAGE = `Usage: npm run leads:backup -- --out <file> [options]

Reads every item of the leads table (leads, the links from their ids, rate-limit and
e-mail budget counters, suppression entries, used one-time tokens) and writes them to
<file>, one item a line in DynamoDB's JSON (the line format of DynamoDB's export to S3),
and <file>.manifest.json beside it: the source, when the scan began, how many items and
the file's SHA-256, which npm run leads:restore checks. Both files are created private
(they hold personal data); keep them where the leads may be kept, and delete them when no
longer needed: an erasure (leads:erase) does not reach them.

  --out <file>       where to write the items (an existing file is refused)
  --table <name>     a deployed table, read with your AWS credentials (default: the
                     local stack of \`npm start\`, DYNAMODB_PORT / DATA_DIR / TABLE_NAME)
  --region <region>  the deployed table's region (default: AWS_REGION or your profile)`;

export interface ParsedBackupArgs {
  out: string;
  table?: string;
  region?: string;
}

export function parseBackupArgs(argv: string[]): ParsedBackupArgs {
  const { values } = parseCommandArgs({
    args: argv,
    options: {
      out: { type: 'string' },
      table: { type: 'string' },
      region: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!values.out?.trim()) throw new UsageError('--out <file> is required.');
  if (values.table !== undefined && values.table.trim() === '') {
    throw new UsageError('--table needs a table name.');
  }
  return {
    out: values.out.trim(),
    table: values.table?.trim(),
    region: values.region?.trim() || undefined,
  };
}

export async function main(argv: string[], io: Io, now = () => new Date()): Promise<number> {
  const args = parseBackupArgs(argv);
  const dataPath = fromCallerDir(args.out);
  const table = await openLeadsTable({ table: args.table, region: args.region });
  try {
    const takenAt = now().toISOString();
    const items: RawItem[] = [];
    for await (const item of scanRawItems(table.doc, table.tableName)) items.push(item);
    const { data, manifest } = backupOf(items, table.description, takenAt);
    // Personal data: readable by its owner only; an existing backup is never overwritten.
    writeFileSync(dataPath, data, { mode: 0o600, flag: 'wx' });
    writeFileSync(manifestPathOf(dataPath), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
    io.err(
      `Backed up ${items.length} item${items.length === 1 ? '' : 's'} of ${table.description} ` +
        `(scan begun ${takenAt}) to ${dataPath}, manifest ${manifestPathOf(dataPath)}\n`,
    );
    return 0;
  } finally {
    await table.close();
  }
}

if (isEntryPoint(import.meta.url)) await runCli(main, USAGE);
