/**
 * `npm run leads:restore -- --from <file> --table <new> [--deployed] [--region <region>]`: a
 * backup taken by leads:backup into a NEW table with the leads table's schema, on the local
 * stack or in your AWS account (decision 086).
 */
import { readFileSync } from 'node:fs';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  fromCallerDir,
  type Io,
  isEntryPoint,
  parseCommandArgs,
  runCli,
  UsageError,
} from './lib/cli.ts';
import { connectLocalStack, localDynamoClient } from './lib/local-stack.ts';
import {
  createFreshTable,
  enableTimeToLive,
  hasExpired,
  manifestPathOf,
  readBackup,
  scanRawItems,
  writeItems,
} from './lib/table-backup.ts';

export const USAGE = `Usage: npm run leads:restore -- --from <file> --table <new table> [options]

Restores a backup taken by npm run leads:backup into a NEW table: creates <new table> with
the leads table's keys and re-send index (it refuses a table that exists: a restore never
writes into one in use), checks <file> against <file>.manifest.json (format, item count,
SHA-256), writes every item that has not expired yet (an item past its expiresAt, which
DynamoDB's TTL would have removed, is left out and counted), turns TTL on where the
endpoint supports it, and reads the new table back to count what it holds.

The functions keep using their table (TABLE_NAME) until they are pointed at the new one:
README, "Backups and restoring the leads". Re-run every erasure (leads:erase) made since
the backup was taken against the new table: the backup still holds those people.

  --from <file>      the data file leads:backup wrote (its manifest beside it)
  --table <name>     the table to create and fill
  --deployed         create it in your AWS account, with your AWS credentials (default:
                     the local stack of \`npm start\`, DYNAMODB_PORT / DATA_DIR)
  --region <region>  with --deployed: the region (default: AWS_REGION or your profile)`;

export interface ParsedRestoreArgs {
  from: string;
  table: string;
  deployed: boolean;
  region?: string;
}

/** DynamoDB's rule for a table name. */
const TABLE_NAME = /^[A-Za-z0-9_.-]{3,255}$/;

export function parseRestoreArgs(argv: string[]): ParsedRestoreArgs {
  const { values } = parseCommandArgs({
    args: argv,
    options: {
      from: { type: 'string' },
      table: { type: 'string' },
      deployed: { type: 'boolean', default: false },
      region: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  if (!values.from?.trim()) throw new UsageError('--from <file> is required.');
  const table = values.table?.trim();
  if (!table) throw new UsageError('--table <new table> is required: the table to create.');
  if (!TABLE_NAME.test(table)) {
    throw new UsageError(`--table ${table}: a table name is 3 to 255 letters, digits, _ . or -.`);
  }
  if (values.region !== undefined && !values.deployed) {
    throw new UsageError('--region only applies with --deployed.');
  }
  return {
    from: values.from.trim(),
    table,
    deployed: values.deployed,
    region: values.region?.trim() || undefined,
  };
}

/** The DynamoDB a restore writes to, and what to call it in the report. */
async function openTarget(args: ParsedRestoreArgs) {
  if (args.deployed) {
    const client = new DynamoDBClient(args.region ? { region: args.region } : {});
    let region: string;
    try {
      region = await client.config.region();
    } catch {
      client.destroy();
      throw new UsageError('No AWS region: pass --region or set AWS_REGION.');
    }
    const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB || process.env.AWS_ENDPOINT_URL;
    return {
      client,
      where: `DynamoDB in ${region}${endpoint ? ` via ${endpoint}` : ''}`,
      close: async () => client.destroy(),
    };
  }
  const stack = await connectLocalStack({ ses: false });
  const client = localDynamoClient(stack);
  return {
    client,
    where: stack.started.dynamo
      ? `dynalite started for this run on ${stack.settings.dataDir}`
      : `the running local stack at ${stack.dynamoUrl}`,
    close: async () => {
      client.destroy();
      await stack.close();
    },
  };
}

export async function main(argv: string[], io: Io, now = () => Date.now()): Promise<number> {
  const args = parseRestoreArgs(argv);
  const dataPath = fromCallerDir(args.from);
  // The files are checked before any table is made: a bad backup creates nothing.
  const { items, manifest } = readBackup(
    readFileSync(dataPath, 'utf8'),
    readFileSync(manifestPathOf(dataPath), 'utf8'),
  );
  const nowMs = now();
  const live = items.filter((item) => !hasExpired(item, nowMs));
  const target = await openTarget(args);
  try {
    await createFreshTable(target.client, args.table);
    await writeItems(target.client, args.table, live);
    const ttl = await enableTimeToLive(target.client, args.table);
    let found = 0;
    for await (const _ of scanRawItems(target.client, args.table)) found++;
    if (found !== live.length) {
      throw new Error(`Table ${args.table} holds ${found} items after writing ${live.length}.`);
    }
    const expired = items.length - live.length;
    io.err(
      `Restored ${live.length} of ${items.length} items of ${manifest.source} (scan begun ` +
        `${manifest.takenAt}) into the new table ${args.table} on ${target.where}` +
        `${expired ? `; left out ${expired} past their expiry (TTL would have removed them)` : ''}. ` +
        `${ttl ? 'TTL is on (expiresAt).' : 'TTL could not be turned on here (the local emulator has none).'}\n` +
        'Next: re-run the erasures made since the backup, then point the functions at the table (README, "Backups and restoring the leads").\n',
    );
    return 0;
  } finally {
    await target.close();
  }
}

if (isEntryPoint(import.meta.url)) await runCli(main, USAGE);
