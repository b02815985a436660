import { createHash } from 'node:crypto';
import {
  type AttributeValue,
  BatchWriteItemCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceNotFoundException,
  ScanCommand,
  UpdateTimeToLiveCommand,
} from '@aws-sdk/client-dynamodb';
import { ensureTable } from '../../local/table.ts';
import { LEADS_TABLE } from '../../src/adapters/table-schema.ts';

/*
 * A backup of the leads table as a file, and its restore into a fresh table (decision 086).
 * The data file holds one item per line, `{"Item":{...}}` in DynamoDB's own JSON (every
 * attribute with its type: S, N, BOOL, M, L, SS...), the line format of DynamoDB's export to
 * S3 in DYNAMODB_JSON ("DynamoDB table export output format",
 * https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/S3DataExport.Output.html):
 * numbers stay the strings DynamoDB sent, so nothing is rounded or retyped on the way. A
 * manifest beside it records what was taken, how many items and the file's SHA-256, so a
 * truncated or edited file is refused rather than restored short.
 */

/** One table item as DynamoDB's low-level API reads and writes it. */
export type RawItem = Record<string, AttributeValue>;

export const BACKUP_FORMAT = 'kryon-leads-backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  version: 1;
  /** The table the items were read from, and how it was reached. */
  source: string;
  /** When the scan began (ISO 8601): items written after it may or may not be in the file. */
  takenAt: string;
  itemCount: number;
  /** SHA-256 (hex) of the data file's bytes. */
  sha256: string;
  /** The key schema the items were written for (functions/src/adapters/table-schema.ts). */
  schema: { partitionKey: string; sortKey: string; timeToLiveAttribute: string };
}

/** The manifest that belongs to a data file: `<file>.manifest.json`. */
export function manifestPathOf(dataPath: string): string {
  return `${dataPath}.manifest.json`;
}

/**
 * Every item of the table, read with strongly consistent reads, page after page. A scan is
 * no snapshot: an item written during it may be in or out (the manifest dates the start).
 */
export async function* scanRawItems(
  client: Pick<DynamoDBClient, 'send'>,
  tableName: string,
): AsyncGenerator<RawItem> {
  let start: RawItem | undefined;
  do {
    const page = await client.send(
      new ScanCommand({ TableName: tableName, ConsistentRead: true, ExclusiveStartKey: start }),
    );
    for (const item of page.Items ?? []) yield item;
    start = page.LastEvaluatedKey;
  } while (start);
}

/** The data file's text and its manifest, for the items read. */
export function backupOf(
  items: readonly RawItem[],
  source: string,
  takenAt: string,
): { data: string; manifest: BackupManifest } {
  const data = items.map((item) => `${JSON.stringify({ Item: item })}\n`).join('');
  return {
    data,
    manifest: {
      format: BACKUP_FORMAT,
      version: 1,
      source,
      takenAt,
      itemCount: items.length,
      sha256: sha256Hex(data),
      schema: {
        partitionKey: LEADS_TABLE.partitionKey,
        sortKey: LEADS_TABLE.sortKey,
        timeToLiveAttribute: LEADS_TABLE.timeToLiveAttribute,
      },
    },
  };
}

export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/**
 * The items of a data file, checked against its manifest: the format, the item count, the
 * file's SHA-256, and that every line is one item with the table's string keys.
 */
export function readBackup(
  data: string,
  manifestText: string,
): {
  items: RawItem[];
  manifest: BackupManifest;
} {
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(manifestText) as BackupManifest;
  } catch {
    throw new BackupFileError('The manifest is not JSON.');
  }
  if (manifest?.format !== BACKUP_FORMAT || manifest.version !== 1) {
    throw new BackupFileError(`The manifest is not a ${BACKUP_FORMAT} manifest of version 1.`);
  }
  const { partitionKey, sortKey } = LEADS_TABLE;
  if (manifest.schema?.partitionKey !== partitionKey || manifest.schema?.sortKey !== sortKey) {
    throw new BackupFileError(
      `The backup was taken with keys ${manifest.schema?.partitionKey}/${manifest.schema?.sortKey}, the table has ${partitionKey}/${sortKey}.`,
    );
  }
  if (sha256Hex(data) !== manifest.sha256) {
    throw new BackupFileError(
      'The data file is not the one the manifest describes (its SHA-256 differs): truncated, edited or another file.',
    );
  }
  const items = data
    .split('\n')
    .filter((line) => line !== '')
    .map((line, index) => {
      let parsed: unknown;
      try {
        parsed = JSON.parse(line);
      } catch {
        throw new BackupFileError(`Line ${index + 1} is not JSON.`);
      }
      const item = (parsed as { Item?: RawItem } | null)?.Item;
      if (typeof item?.[partitionKey]?.S !== 'string' || typeof item[sortKey]?.S !== 'string') {
        throw new BackupFileError(
          `Line ${index + 1} is no item with string ${partitionKey} and ${sortKey}.`,
        );
      }
      return item;
    });
  if (items.length !== manifest.itemCount) {
    throw new BackupFileError(
      `The data file holds ${items.length} items, the manifest says ${manifest.itemCount}.`,
    );
  }
  return { items, manifest };
}

/** Whether DynamoDB's TTL would already have removed the item (its expiry has passed). */
export function hasExpired(item: RawItem, nowMs: number): boolean {
  const expiry = item[LEADS_TABLE.timeToLiveAttribute]?.N;
  return expiry !== undefined && Number(expiry) * 1000 <= nowMs;
}

export class TargetTableError extends Error {
  override name = 'TargetTableError';
}

/**
 * Creates the table a restore writes into, with the leads table's keys and re-send index, and
 * refuses one that exists: a restore never writes over (or into) live data.
 */
export async function createFreshTable(client: DynamoDBClient, tableName: string): Promise<void> {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
    throw new TargetTableError(
      `Table ${tableName} exists already: a restore goes into a new table, never into one in use. Name another.`,
    );
  } catch (error) {
    if (!(error instanceof ResourceNotFoundException)) throw error;
  }
  await ensureTable(client, tableName);
}

/**
 * Turns on TTL on the restored table, which neither AWS Backup nor a new table has: without it
 * leads past their retention would stay. Returns false where the endpoint cannot (dynalite).
 */
export async function enableTimeToLive(
  client: DynamoDBClient,
  tableName: string,
): Promise<boolean> {
  try {
    await client.send(
      new UpdateTimeToLiveCommand({
        TableName: tableName,
        TimeToLiveSpecification: {
          AttributeName: LEADS_TABLE.timeToLiveAttribute,
          Enabled: true,
        },
      }),
    );
    return true;
  } catch (error) {
    const name = (error as { name?: string }).name ?? '';
    if (name === 'UnknownOperationException' || name === 'UnrecognizedClientException') {
      return false;
    }
    throw error;
  }
}

/** DynamoDB's limit of items in one BatchWriteItem. */
const BATCH = 25;

/**
 * Writes the items, 25 a request, writing again what DynamoDB left unprocessed (throttling)
 * after a growing pause, up to `attempts` times per batch.
 */
export async function writeItems(
  client: Pick<DynamoDBClient, 'send'>,
  tableName: string,
  items: readonly RawItem[],
  options: { attempts?: number; pauseMs?: number } = {},
): Promise<void> {
  const attempts = options.attempts ?? 8;
  const pauseMs = options.pauseMs ?? 100;
  for (let i = 0; i < items.length; i += BATCH) {
    let requests = items.slice(i, i + BATCH).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 1; requests.length > 0; attempt++) {
      if (attempt > attempts) {
        throw new Error(
          `DynamoDB left ${requests.length} items unwritten after ${attempts} attempts; the restore stopped at item ${i + 1}. Delete ${tableName} and restore again.`,
        );
      }
      const out = await client.send(
        new BatchWriteItemCommand({ RequestItems: { [tableName]: requests } }),
      );
      requests = (out.UnprocessedItems?.[tableName] ?? []).flatMap((request) =>
        request.PutRequest?.Item ? [{ PutRequest: { Item: request.PutRequest.Item } }] : [],
      );
      if (requests.length > 0) {
        await new Promise((resolve) => setTimeout(resolve, pauseMs * 2 ** (attempt - 1)));
      }
    }
  }
}

function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
