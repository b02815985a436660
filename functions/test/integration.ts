import { randomUUID } from 'node:crypto';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { inject } from 'vitest';
import { type StoredEmail, storedEmails } from '../local/ses-inbox.ts';
import { ensureTable } from '../local/table.ts';
import type { EmulatorUrls } from './provided-context.ts';

export interface IntegrationEnv {
  tableName: string;
  sesUrl: string;
  /** A client of the emulated DynamoDB, for reading back what the handlers stored. */
  dynamo: DynamoDBClient;
}

/**
 * Points the real SDK clients at the run's emulators through the standard endpoint
 * variables and creates a table of this file's own, so test files never share data.
 * Call it before importing a handler: the wiring reads the environment once, on import.
 */
export async function useEmulators(label: string): Promise<IntegrationEnv> {
  const tableName = `leads-${label}-${randomUUID().slice(0, 8)}`;
  const { dynamoUrl, sesUrl }: EmulatorUrls = {
    dynamoUrl: inject('dynamoUrl'),
    sesUrl: inject('sesUrl'),
  };
  Object.assign(process.env, {
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    AWS_ENDPOINT_URL_DYNAMODB: dynamoUrl,
    AWS_ENDPOINT_URL_SESV2: sesUrl,
    TABLE_NAME: tableName,
    MAIL_FROM: 'Kryon Website <no-reply@kryon.example>',
    MAIL_TO: 'sales@kryon.example',
    IP_HASH_SECRET: 'integration-secret',
    SITE_ORIGIN: 'https://www.kryon.example',
    // The test addresses' domains are made up, and this machine has no DNS to the internet.
    MAIL_DOMAIN_CHECK: 'off',
  });
  delete process.env.AWS_PROFILE;
  const dynamo = new DynamoDBClient({});
  await ensureTable(dynamo, tableName);
  return { tableName, sesUrl, dynamo };
}

/** An address no other test uses: the rate limit and the inbox are keyed by it. */
export function uniqueEmail(label: string): string {
  return `${label}-${randomUUID().slice(0, 12)}@example.com`;
}

export function uniqueKey(): string {
  return `key-${randomUUID()}`;
}

/** The e-mails the SES emulator holds whose Reply-To is this visitor. */
export async function emailsTo(sesUrl: string, visitor: string): Promise<StoredEmail[]> {
  return (await storedEmails(sesUrl)).filter((email) => email.replyTo.includes(visitor));
}

/** A lead item as the document client reads it; tests look into it freely. */
// biome-ignore lint/suspicious/noExplicitAny: an item of any shape, as the table returns it
type StoredLeadItem = Record<string, any>;

/** A lead as the table holds it (read strongly consistent), or undefined. */
export async function storedLeadItem(
  env: IntegrationEnv,
  form: string,
  idempotencyKey: string,
): Promise<StoredLeadItem | undefined> {
  const { Item } = await DynamoDBDocumentClient.from(env.dynamo).send(
    new GetCommand({
      TableName: env.tableName,
      Key: { pk: `LEAD#${form}#${idempotencyKey}`, sk: 'LEAD' },
      ConsistentRead: true,
    }),
  );
  return Item;
}

/** The e-mails the emulator received addressed to this address (a visitor's own). */
export async function emailsSentTo(sesUrl: string, address: string): Promise<StoredEmail[]> {
  return (await storedEmails(sesUrl)).filter((email) => email.destination.to.includes(address));
}

/** The message as MIME, as the emulator renders it for download. */
export async function rawMessage(sesUrl: string, messageId: string): Promise<string> {
  const response = await fetch(
    `${sesUrl}/get-emlContent?messageId=${encodeURIComponent(messageId)}`,
  );
  if (!response.ok) throw new Error(`SES eml answered ${response.status}`);
  const { body } = (await response.json()) as { body: { type: 'Buffer'; data: number[] } | string };
  return typeof body === 'string' ? body : Buffer.from(body.data).toString('utf8');
}
