import {
  DescribeTableCommand,
  DynamoDBClient,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, paginateScan, type ScanCommandInput } from '@aws-sdk/lib-dynamodb';
import type { LeadForm } from '@kryon/shared/api';
import { localSiteSecret } from '../../local/environment.ts';
import { leadKey } from '../../src/adapters/dynamodb.ts';
import { UsageError } from './cli.ts';
import { connectLocalStack, localDynamoClient } from './local-stack.ts';

/** A table item as the document client reads it: plain JS values. */
export type Item = Record<string, unknown>;

export interface LeadsTable {
  doc: DynamoDBDocumentClient;
  tableName: string;
  /** Which table this is, for the command's report. */
  description: string;
  /**
   * The secret the functions key e-mail hashes with, when known: the local stack's own, or
   * for a deployed table IP_HASH_SECRET from the shell.
   */
  hashSecret?: string;
  close(): Promise<void>;
}

export interface TableOptions {
  /** A deployed table: read with the shell's AWS credentials and region. */
  table?: string;
  region?: string;
}

/**
 * The leads table a command works on: the deployed one when `--table` names it (the SDK's
 * usual credential and region chain, no endpoint of ours), else the local stack's.
 */
export async function openLeadsTable(options: TableOptions): Promise<LeadsTable> {
  if (options.table) return openDeployedTable(options.table, options.region);
  if (options.region) throw new UsageError('--region only applies with --table');

  const stack = await connectLocalStack({ ses: false });
  const client = localDynamoClient(stack);
  const { tableName } = stack.settings;
  const where = stack.started.dynamo
    ? `dynalite started for this run on ${stack.settings.dataDir}`
    : `the running local stack at ${stack.dynamoUrl}`;
  const table = tableOf(client, tableName, `local table ${tableName} (${where})`, async () => {
    client.destroy();
    await stack.close();
  });
  table.hashSecret = localSiteSecret(stack.settings.dataDir);
  try {
    await mustExist(client, tableName, 'Has `npm start` or `npm run invoke` stored a lead yet?');
  } catch (error) {
    await table.close();
    throw error;
  }
  return table;
}

async function openDeployedTable(tableName: string, region: string | undefined) {
  const client = new DynamoDBClient(region ? { region } : {});
  try {
    region = await client.config.region();
  } catch {
    client.destroy();
    throw new UsageError('No AWS region: pass --region or set AWS_REGION.');
  }
  // The standard variable still applies: said out loud, so nobody exports the wrong table.
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB || process.env.AWS_ENDPOINT_URL;
  const description = `DynamoDB table ${tableName} in ${region}${endpoint ? ` via ${endpoint}` : ''}`;
  const table = tableOf(client, tableName, description, async () => client.destroy());
  table.hashSecret = process.env.IP_HASH_SECRET?.trim() || undefined;
  try {
    await mustExist(client, tableName, 'Check --table and the AWS account and region.');
  } catch (error) {
    await table.close();
    throw error;
  }
  return table;
}

function tableOf(
  client: DynamoDBClient,
  tableName: string,
  description: string,
  close: () => Promise<void>,
): LeadsTable {
  const doc = DynamoDBDocumentClient.from(client);
  const table: LeadsTable = { doc, tableName, description, close };
  return table;
}

async function mustExist(client: DynamoDBClient, tableName: string, hint: string) {
  try {
    await client.send(new DescribeTableCommand({ TableName: tableName }));
  } catch (error) {
    if (error instanceof ResourceNotFoundException) {
      throw new Error(`Table ${tableName} does not exist. ${hint}`);
    }
    throw error;
  }
}

/** Every item a scan with these parameters returns, page after page. */
export async function* scanItems(
  table: LeadsTable,
  params: Omit<ScanCommandInput, 'TableName'> = {},
): AsyncGenerator<Item> {
  const pages = paginateScan({ client: table.doc }, { ...params, TableName: table.tableName });
  for await (const page of pages) {
    for (const item of page.Items ?? []) yield item;
  }
}

/**
 * Where lead items sit: the lead adapter's own key, so rate-limit counters and anything
 * else in the table are never taken for leads.
 */
export function leadKeyFilter(form?: LeadForm) {
  const sample = leadKey(form ?? 'contact', '');
  const prefix = form ? sample.pk : `${sample.pk.split('#')[0]}#`;
  return {
    FilterExpression: 'begins_with(pk, :leadPrefix) AND sk = :leadSk',
    ExpressionAttributeValues: { ':leadPrefix': prefix, ':leadSk': sample.sk },
  };
}
