import { LOCAL_DEFAULTS } from '../../functions/local/environment.ts';
import { CONFIRMATION_RATE_KEY, PRICE_CURVE } from '../../functions/src/leads/challenge-price.ts';
import { E2E_PORTS } from '../playwright.config.ts';

/** The table `npm start` creates when TABLE_NAME is not set. */
const TABLE = LOCAL_DEFAULTS.tableName;

/** A DynamoDB attribute value as the JSON protocol writes it. */
type AttributeValue = {
  S?: string;
  N?: string;
  BOOL?: boolean;
  M?: Record<string, AttributeValue>;
};

/**
 * The leads stored for this visitor's address, read from the e2e stack's DynamoDB emulator
 * with the plain DynamoDB JSON protocol (the emulator does not check the signature).
 */
export async function leadsOf(email: string): Promise<Record<string, AttributeValue>[]> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORTS.dynamodb}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': 'DynamoDB_20120810.Scan',
      'x-amz-date': '20260101T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0',
    },
    body: JSON.stringify({
      TableName: TABLE,
      ConsistentRead: true,
      FilterExpression: 'entity = :lead AND contains(#fields.#email, :email)',
      ExpressionAttributeNames: { '#fields': 'fields', '#email': 'email' },
      ExpressionAttributeValues: { ':lead': { S: 'lead' }, ':email': { S: email } },
    }),
  });
  if (!response.ok)
    throw new Error(`DynamoDB answered ${response.status}: ${await response.text()}`);
  const { Items } = (await response.json()) as { Items?: Record<string, AttributeValue>[] };
  return Items ?? [];
}

/**
 * Sets the confirmations the challenge price counts (functions/src/leads/challenge-price.ts)
 * as a flood would have left them: `hits` in the running window, none in the one before (so
 * the rate is `hits` now, and eases off only after the window has turned). `undefined` clears
 * both.
 */
export async function setConfirmationCounts(hits: number | undefined): Promise<void> {
  const running = Math.floor(Date.now() / PRICE_CURVE.windowMs);
  for (const index of [running - 1, running]) {
    const key = {
      pk: { S: `RATE#${CONFIRMATION_RATE_KEY}#${index}` },
      sk: { S: 'RATE' },
    };
    await dynamo(
      hits === undefined || index !== running ? 'DeleteItem' : 'PutItem',
      hits === undefined || index !== running
        ? { TableName: TABLE, Key: key }
        : { TableName: TABLE, Item: { ...key, hits: { N: String(hits) } } },
    );
  }
}

/** One call of the DynamoDB JSON protocol to the e2e stack's emulator. */
async function dynamo(operation: string, body: unknown): Promise<unknown> {
  const response = await fetch(`http://127.0.0.1:${E2E_PORTS.dynamodb}/`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-amz-json-1.0',
      'x-amz-target': `DynamoDB_20120810.${operation}`,
      'x-amz-date': '20260101T000000Z',
      authorization:
        'AWS4-HMAC-SHA256 Credential=local/20260101/us-east-1/dynamodb/aws4_request, SignedHeaders=host;x-amz-date, Signature=0',
    },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`DynamoDB answered ${response.status}: ${await response.text()}`);
  return response.json();
}
