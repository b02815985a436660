import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  GetSecretValueCommand,
  ResourceNotFoundException,
  SecretsManagerClient,
} from '@aws-sdk/client-secrets-manager';
import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import type { SQSEvent, SQSRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queueUrlOfArn } from '../adapters/sqs.ts';
import { LEAD_EVENT_SOURCE, retryDelaySeconds } from '../leads/event-destinations.ts';
import { type LeadEvent, leadDelivery, leadErased } from '../leads/lead-events.ts';

/*
 * The function as Lambda runs it: an SQS batch in, the partial batch response out, the
 * destinations' secrets from Secrets Manager and the next attempt's visibility set at SQS
 * (both mocked), the deliveries made over HTTP to a receiver on 127.0.0.1. The destinations
 * are https URLs, as deployed (the function refuses loopback: inside Lambda, 127.0.0.1:9001 is
 * the Runtime API); fetch is pointed from their hosts to the receiver.
 */

const SECRET = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
// As the stack writes them: the name, without the six characters Secrets Manager appends.
const ARN = (name: string) => `arn:aws:secretsmanager:eu-west-1:123456789012:secret:kryon/${name}`;
const QUEUE = (name: string) => `arn:aws:sqs:eu-west-1:123456789012:kryon-lead-events-${name}`;

// A receiver that fails the leads whose id says so (gone, limited, failing), and keeps what it took.
const received: { path: string; body: string; headers: Record<string, string> }[] = [];
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const headers = Object.fromEntries(
      Object.entries(req.headers).map(([name, value]) => [name, String(value)]),
    );
    received.push({ path: req.url ?? '', body, headers });
    if (body.includes('lead-gone')) res.writeHead(410);
    else if (body.includes('lead-limited')) res.writeHead(429, { 'retry-after': '900' });
    else res.writeHead(body.includes('lead-fails') ? 500 : 200);
    res.end('ok');
  });
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const RECEIVER_HOSTS = new Set(['hooks.slack.com', 'crm.example']);
const realFetch = globalThis.fetch;
vi.stubGlobal('fetch', (input: string | URL | Request, init?: RequestInit) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  return RECEIVER_HOSTS.has(url.hostname)
    ? realFetch(`${origin}${url.pathname}${url.search}`, init)
    : realFetch(input, init);
});
afterAll(async () => {
  vi.unstubAllGlobals();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const SLACK_URL = 'https://hooks.slack.com/services/T0AAAAAAA/B0BBBBBBB/abcdefghijklmnopqrstuvwx';
/** The secrets by the name they are read by. */
const SECRETS: Record<string, string> = {
  'kryon/slack': SLACK_URL,
  'kryon/crm': SECRET,
};

// The wiring reads its configuration once, on import: set it first, then load the handler.
Object.assign(process.env, {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  // Where leads:erase leaves an erased lead's id (mocked below).
  TABLE_NAME: 'leads-unit',
  LEAD_EVENT_DESTINATIONS: JSON.stringify([
    {
      name: 'sales-slack',
      kind: 'slack',
      secretArn: ARN('slack'),
      queueArn: QUEUE('sales-slack'),
      perSecond: 50,
    },
    {
      name: 'crm',
      kind: 'webhook',
      url: 'https://crm.example/hooks/crm',
      secretArn: ARN('crm'),
      queueArn: QUEUE('crm'),
      perSecond: 50,
    },
  ]),
});
const secretsManager = mockClient(SecretsManagerClient);
const sqs = mockClient(SQSClient);
const documents = mockClient(DynamoDBDocumentClient);
/** The ids leads:erase has left, as the table's ERASED# items. */
const erased = new Set<string>();
/**
 * The handler of a container of its own, loaded again for each test: what the wiring keeps per
 * container (the secrets read, each queue's dead-letter queue, the pacing and waits of each
 * destination) is never one an earlier test left.
 */
let handler: typeof import('./lead-event-delivery.ts')['handler'];

beforeEach(async () => {
  vi.resetModules();
  ({ handler } = await import('./lead-event-delivery.ts'));
  received.length = 0;
  erased.clear();
  documents.reset();
  documents.on(GetCommand).callsFake((input) => {
    const pk = String(input.Key?.pk ?? '');
    const id = pk.startsWith('ERASED#') ? pk.slice('ERASED#'.length) : undefined;
    return id && erased.has(id) ? { Item: { pk, sk: 'ERASED' } } : {};
  });
  sqs.reset();
  sqs.on(ChangeMessageVisibilityCommand).resolves({});
  sqs.on(SendMessageCommand).resolves({ MessageId: 'dead-1' });
  sqs.on(DeleteMessageCommand).resolves({});
  // Each queue's redrive policy, as the stack sets it: its own dead-letter queue.
  sqs.on(GetQueueAttributesCommand).callsFake((input) => ({
    Attributes: {
      RedrivePolicy: JSON.stringify({
        deadLetterTargetArn: `arn:aws:sqs:eu-west-1:123456789012:${String(input.QueueUrl).split('/').pop()}-dlq`,
        maxReceiveCount: 17,
      }),
    },
  }));
  secretsManager.reset();
  secretsManager.on(GetSecretValueCommand).callsFake((input) => {
    const value = SECRETS[input.SecretId as string];
    if (input.VersionStage === 'AWSPREVIOUS' || value === undefined) {
      throw new ResourceNotFoundException({ $metadata: {}, message: 'not found' });
    }
    return { ARN: input.SecretId, SecretString: value };
  });
});

const AT = '2026-11-24T08:01:46.220Z';

function record(
  id: string,
  event: LeadEvent | string,
  queueArn: string,
  receiveCount = 1,
): SQSRecord {
  const body =
    typeof event === 'string'
      ? event
      : JSON.stringify({
          version: '0',
          id: `bus-${id}`,
          'detail-type': event.type,
          source: LEAD_EVENT_SOURCE,
          account: '123456789012',
          time: AT,
          region: 'eu-west-1',
          resources: [],
          detail: event,
        });
  return {
    messageId: id,
    receiptHandle: `receipt-${id}`,
    body,
    attributes: {
      ApproximateReceiveCount: String(receiveCount),
      SentTimestamp: '1764000000000',
      SenderId: 'AIDAEXAMPLE',
      ApproximateFirstReceiveTimestamp: '1764000000000',
    },
    messageAttributes: {},
    md5OfBody: '',
    eventSource: 'aws:sqs',
    eventSourceARN: queueArn,
    awsRegion: 'eu-west-1',
  };
}

const batch = (...records: SQSRecord[]): SQSEvent => ({ Records: records });
const delivered = leadDelivery(
  { form: 'demo', submissionId: 'lead-1' },
  { outcome: 'bounced', at: AT, bounceType: 'permanent' },
);
const failing = leadErased({ form: 'demo', submissionId: 'lead-fails' }, AT);

describe('the lead-event delivery handler', () => {
  it('reports only the failed message, after setting its next attempt at SQS', async () => {
    const response = await handler(
      batch(record('m1', delivered, QUEUE('crm')), record('m2', failing, QUEUE('crm'), 4)),
    );

    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(sqs).toHaveReceivedCommandTimes(ChangeMessageVisibilityCommand, 1);
    expect(sqs).toHaveReceivedCommandWith(ChangeMessageVisibilityCommand, {
      QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/kryon-lead-events-crm',
      ReceiptHandle: 'receipt-m2',
      VisibilityTimeout: retryDelaySeconds(4),
    });
    // Both were sent, signed with the secret Secrets Manager holds.
    expect(received.map((request) => request.path)).toEqual(['/hooks/crm', '/hooks/crm']);
    const [first] = received;
    expect(new Webhook(SECRET).verify(first?.body ?? '', first?.headers ?? {})).toEqual(delivered);
  });

  it('waits before the next attempt as long as the receiver asks with Retry-After', async () => {
    const limited = leadErased({ form: 'demo', submissionId: 'lead-limited' }, AT);
    const response = await handler(batch(record('m1', limited, QUEUE('crm'), 2)));

    expect(response).toEqual({ batchItemFailures: [{ itemIdentifier: 'm1' }] });
    expect(sqs).toHaveReceivedCommandWith(ChangeMessageVisibilityCommand, {
      ReceiptHandle: 'receipt-m1',
      VisibilityTimeout: 900,
    });
    expect(retryDelaySeconds(2)).toBeLessThan(900);
  });

  it('holds the destination’s other events, in this batch and the next, until that wait is over', async () => {
    const limited = leadErased({ form: 'demo', submissionId: 'lead-limited' }, AT);
    const first = await handler(
      batch(record('m1', limited, QUEUE('crm'), 2), record('m2', delivered, QUEUE('crm'))),
    );
    const next = await handler(batch(record('m3', delivered, QUEUE('crm'))));

    // One POST: the receiver's answer held the rest, in this container's next batch too.
    expect(received).toHaveLength(1);
    expect(first).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }],
    });
    expect(next).toEqual({ batchItemFailures: [{ itemIdentifier: 'm3' }] });
    for (const receipt of ['receipt-m2', 'receipt-m3']) {
      expect(sqs).toHaveReceivedCommandWith(ChangeMessageVisibilityCommand, {
        ReceiptHandle: receipt,
        VisibilityTimeout: expect.toSatisfy((seconds: number) => seconds > 890 && seconds <= 900),
      });
    }
  });

  it("sends an erased lead's events no more, asking the table, and takes them off the queue", async () => {
    erased.add('lead-1');
    const response = await handler(batch(record('m1', delivered, QUEUE('crm'))));

    expect(response).toEqual({ batchItemFailures: [] });
    expect(received).toEqual([]);
    expect(documents).toHaveReceivedCommandWith(GetCommand, {
      TableName: 'leads-unit',
      Key: { pk: 'ERASED#lead-1', sk: 'ERASED' },
      ConsistentRead: true,
    });
  });

  it('posts a Slack destination’s events to the URL its secret holds', async () => {
    const response = await handler(batch(record('s1', delivered, QUEUE('sales-slack'))));

    expect(response).toEqual({ batchItemFailures: [] });
    expect(received.map((request) => request.path)).toEqual([new URL(SLACK_URL).pathname]);
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({
      text: expect.stringContaining('Confirmation bounced'),
    });
    expect(secretsManager).toHaveReceivedCommandWith(GetSecretValueCommand, {
      SecretId: 'kryon/slack',
    });
    expect(sqs).not.toHaveReceivedCommand(ChangeMessageVisibilityCommand);
  });

  it('fails a message from a queue of no destination, and one that is no lead event', async () => {
    const stray = QUEUE('gone');
    const response = await handler(
      batch(record('m1', delivered, stray), record('m2', '{"not":"an event"}', QUEUE('crm'))),
    );

    expect(response).toEqual({
      batchItemFailures: [{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }],
    });
    expect(received).toHaveLength(0);
    expect(sqs).toHaveReceivedCommandWith(ChangeMessageVisibilityCommand, {
      QueueUrl: queueUrlOfArn(stray),
      ReceiptHandle: 'receipt-m1',
      VisibilityTimeout: 7200,
    });
    expect(sqs).toHaveReceivedCommandWith(ChangeMessageVisibilityCommand, {
      ReceiptHandle: 'receipt-m2',
      VisibilityTimeout: 7200,
    });
  });

  it('puts a gone receiver’s event in its dead-letter queue at once, and deletes it from its queue', async () => {
    const gone = leadErased({ form: 'demo', submissionId: 'lead-gone' }, AT);
    const message = record('m1', gone, QUEUE('crm'));
    const response = await handler(batch(message, record('m2', gone, QUEUE('crm'))));

    expect(response).toEqual({ batchItemFailures: [] });
    // The dead-letter queue its queue's redrive policy names, asked once.
    expect(sqs).toHaveReceivedCommandTimes(GetQueueAttributesCommand, 1);
    expect(sqs).toHaveReceivedCommandWith(GetQueueAttributesCommand, {
      QueueUrl: queueUrlOfArn(QUEUE('crm')),
      AttributeNames: ['RedrivePolicy'],
    });
    expect(sqs).toHaveReceivedCommandTimes(SendMessageCommand, 2);
    expect(sqs).toHaveReceivedCommandWith(SendMessageCommand, {
      QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/kryon-lead-events-crm-dlq',
      MessageBody: message.body,
      MessageAttributes: {
        ERROR_CODE: { DataType: 'String', StringValue: 'RECEIVER_GONE' },
        ERROR_MESSAGE: { DataType: 'String', StringValue: expect.stringContaining('HTTP 410') },
      },
    });
    // Deleted now, each by its receipt handle, not left to the batch's answer.
    expect(sqs.commandCalls(DeleteMessageCommand).map((call) => call.args[0].input)).toEqual([
      { QueueUrl: queueUrlOfArn(QUEUE('crm')), ReceiptHandle: 'receipt-m1' },
      { QueueUrl: queueUrlOfArn(QUEUE('crm')), ReceiptHandle: 'receipt-m2' },
    ]);
    expect(sqs).not.toHaveReceivedCommand(ChangeMessageVisibilityCommand);
  });

  it('tries a gone receiver’s event again on the schedule when it cannot be dead-lettered', async () => {
    const gone = leadErased({ form: 'demo', submissionId: 'lead-gone' }, AT);
    // A queue without a redrive policy (the Slack one here), and a send the role may not make.
    sqs
      .on(GetQueueAttributesCommand, { QueueUrl: queueUrlOfArn(QUEUE('sales-slack')) })
      .resolves({ Attributes: {} });
    sqs
      .on(SendMessageCommand)
      .rejects(Object.assign(new Error('denied'), { name: 'AccessDenied' }));
    const response = await handler(
      batch(record('s1', gone, QUEUE('sales-slack'), 2), record('m1', gone, QUEUE('crm'), 3)),
    );

    expect(response).toEqual({
      batchItemFailures: [{ itemIdentifier: 's1' }, { itemIdentifier: 'm1' }],
    });
    // Each was to be moved: the Slack queue's redrive policy asked, which names no dead-letter
    // queue; the webhook's dead-letter queue read, and the send to it refused.
    expect(sqs).toHaveReceivedCommandWith(GetQueueAttributesCommand, {
      QueueUrl: queueUrlOfArn(QUEUE('sales-slack')),
      AttributeNames: ['RedrivePolicy'],
    });
    expect(sqs).toHaveReceivedCommandWith(GetQueueAttributesCommand, {
      QueueUrl: queueUrlOfArn(QUEUE('crm')),
      AttributeNames: ['RedrivePolicy'],
    });
    expect(sqs.commandCalls(SendMessageCommand).map((call) => call.args[0].input)).toEqual([
      expect.objectContaining({
        QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/kryon-lead-events-crm-dlq',
        MessageBody: record('m1', gone, QUEUE('crm'), 3).body,
      }),
    ]);
    expect(sqs).not.toHaveReceivedCommand(DeleteMessageCommand);
    expect(sqs).toHaveReceivedCommandWith(ChangeMessageVisibilityCommand, {
      ReceiptHandle: 'receipt-s1',
      VisibilityTimeout: retryDelaySeconds(2),
    });
    expect(sqs).toHaveReceivedCommandWith(ChangeMessageVisibilityCommand, {
      ReceiptHandle: 'receipt-m1',
      VisibilityTimeout: retryDelaySeconds(3),
    });
  });
});

describe('secretNameOf', () => {
  it('reads a destination’s secret by the name its ARN gives, as the stack writes it', async () => {
    const { secretNameOf } = await import('../wiring.ts');
    expect(secretNameOf('arn:aws:secretsmanager:eu-west-1:123456789012:secret:kryon/crm')).toBe(
      'kryon/crm',
    );
    // A name that itself ends in a hyphen and six characters stays whole.
    expect(
      secretNameOf('arn:aws:secretsmanager:eu-west-1:123456789012:secret:crm-signing-secret'),
    ).toBe('crm-signing-secret');
  });
});
