import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  SendMessageCommand,
  SQSClient,
} from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { describe, expect, it, vi } from 'vitest';
import { errorClass } from '../leads/error-class.ts';
import { GONE_REASON, type QueuedMessage } from '../leads/lead-event-queue.ts';
import {
  createSqsClient,
  createSqsDeadLetter,
  createSqsDelete,
  NoDeadLetterQueue,
  queueUrlOfArn,
} from './sqs.ts';

const QUEUE = 'arn:aws:sqs:eu-west-1:123456789012:kryon-lead-events-crm';
const message: QueuedMessage = {
  messageId: 'm1',
  queueArn: QUEUE,
  receiptHandle: 'receipt-m1',
  body: '{"id":"bus-m1"}',
  receiveCount: 1,
};

/** A client of its own, its calls mocked: each test's dead-letter cache starts empty. */
function mockedClient() {
  const client = new SQSClient({ region: 'eu-west-1' });
  return { client, sqs: mockClient(client) };
}

const redrivingTo = (name: string) => ({
  Attributes: {
    RedrivePolicy: JSON.stringify({
      deadLetterTargetArn: `arn:aws:sqs:eu-west-1:123456789012:${name}`,
      maxReceiveCount: 17,
    }),
  },
});

describe('createSqsDeadLetter', () => {
  it('reads a queue’s dead-letter queue once while sends to it succeed', async () => {
    const { client, sqs } = mockedClient();
    sqs.on(GetQueueAttributesCommand).resolves(redrivingTo('crm-dlq'));
    sqs.on(SendMessageCommand).resolves({ MessageId: 'dead-1' });
    const deadLetter = createSqsDeadLetter(client);

    await deadLetter(message, GONE_REASON);
    await deadLetter({ ...message, messageId: 'm2' }, GONE_REASON);

    expect(sqs).toHaveReceivedCommandTimes(GetQueueAttributesCommand, 1);
    expect(sqs).toHaveReceivedCommandTimes(SendMessageCommand, 2);
  });

  it('reads the redrive policy again after a send to the dead-letter queue it read failed', async () => {
    const { client, sqs } = mockedClient();
    // The dead-letter queue was replaced: the one read first is gone.
    sqs
      .on(GetQueueAttributesCommand)
      .resolvesOnce(redrivingTo('crm-dlq-old'))
      .resolves(redrivingTo('crm-dlq-new'));
    sqs
      .on(SendMessageCommand, {
        QueueUrl: queueUrlOfArn(`${QUEUE.replace(/[^:]+$/, '')}crm-dlq-old`),
      })
      .rejects(Object.assign(new Error('gone'), { name: 'QueueDoesNotExist' }));
    sqs
      .on(SendMessageCommand, {
        QueueUrl: queueUrlOfArn(`${QUEUE.replace(/[^:]+$/, '')}crm-dlq-new`),
      })
      .resolves({ MessageId: 'dead-1' });
    const deadLetter = createSqsDeadLetter(client);

    await expect(deadLetter(message, GONE_REASON)).rejects.toThrow('gone');
    await deadLetter(message, GONE_REASON);

    expect(sqs).toHaveReceivedCommandTimes(GetQueueAttributesCommand, 2);
    expect(sqs).toHaveReceivedNthCommandWith(SendMessageCommand, 2, {
      QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/crm-dlq-new',
      MessageBody: message.body,
    });
  });

  it('throws NoDeadLetterQueue, a class a log line names, for a queue with no redrive policy', async () => {
    const { client, sqs } = mockedClient();
    sqs.on(GetQueueAttributesCommand).resolves({ Attributes: {} });
    const deadLetter = createSqsDeadLetter(client);

    const error = await deadLetter(message, GONE_REASON).catch((thrown: unknown) => thrown);

    expect(error).toBeInstanceOf(NoDeadLetterQueue);
    expect(errorClass(error)).toBe('NoDeadLetterQueue');
    expect(sqs).not.toHaveReceivedCommand(SendMessageCommand);
  });
});

describe('createSqsDelete', () => {
  it('deletes the message from the queue it came from, by its receipt handle', async () => {
    const { client, sqs } = mockedClient();
    sqs.on(DeleteMessageCommand).resolves({});

    await createSqsDelete(client)(message);

    expect(sqs).toHaveReceivedCommandWith(DeleteMessageCommand, {
      QueueUrl: 'https://sqs.eu-west-1.amazonaws.com/123456789012/kryon-lead-events-crm',
      ReceiptHandle: 'receipt-m1',
    });
  });
});

describe('createSqsClient', () => {
  /** A client whose requests are answered here, with the host each went to and its warnings. */
  function capturingClient(settings: {
    useFipsEndpoint?: boolean;
    useDualstackEndpoint?: boolean;
  }) {
    const hosts: string[] = [];
    const warn = vi.fn();
    const client = createSqsClient({
      region: 'eu-west-1',
      credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      ...settings,
      logger: { trace() {}, debug() {}, info() {}, warn, error() {} },
      requestHandler: {
        handle: async (request: { hostname: string }) => {
          hosts.push(request.hostname);
          return {
            response: {
              statusCode: 200,
              headers: { 'content-type': 'application/x-amz-json-1.0' },
              body: new TextEncoder().encode('{}'),
            },
          };
        },
      },
    });
    return { client, hosts, warn };
  }

  it('sends to the endpoint the SDK resolves, not the queue URL’s host, and does not warn', async () => {
    for (const [settings, host] of [
      [{ useFipsEndpoint: true }, 'sqs-fips.eu-west-1.amazonaws.com'],
      [{ useDualstackEndpoint: true }, 'sqs.eu-west-1.api.aws'],
    ] as const) {
      const { client, hosts, warn } = capturingClient(settings);
      await client.send(
        new ChangeMessageVisibilityCommand({
          QueueUrl: queueUrlOfArn(QUEUE),
          ReceiptHandle: 'receipt-m1',
          VisibilityTimeout: 30,
        }),
      );
      expect(hosts).toEqual([host]);
      expect(warn).not.toHaveBeenCalled();
    }
  });
});

describe('queueUrlOfArn', () => {
  it('forms the queue URL SQS gives, in each partition', () => {
    expect(queueUrlOfArn('arn:aws:sqs:eu-west-1:123456789012:kryon-events')).toBe(
      'https://sqs.eu-west-1.amazonaws.com/123456789012/kryon-events',
    );
    expect(queueUrlOfArn('arn:aws-cn:sqs:cn-north-1:123456789012:q.fifo')).toBe(
      'https://sqs.cn-north-1.amazonaws.com.cn/123456789012/q.fifo',
    );
    expect(queueUrlOfArn('arn:aws-us-gov:sqs:us-gov-west-1:123456789012:q')).toBe(
      'https://sqs.us-gov-west-1.amazonaws.com/123456789012/q',
    );
    expect(queueUrlOfArn('arn:aws-iso:sqs:us-iso-east-1:123456789012:q')).toBe(
      'https://sqs.us-iso-east-1.c2s.ic.gov/123456789012/q',
    );
    expect(queueUrlOfArn('arn:aws-iso-b:sqs:us-isob-east-1:123456789012:q')).toBe(
      'https://sqs.us-isob-east-1.sc2s.sgov.gov/123456789012/q',
    );
    expect(queueUrlOfArn('arn:aws-eusc:sqs:eusc-de-east-1:123456789012:q')).toBe(
      'https://sqs.eusc-de-east-1.amazonaws.eu/123456789012/q',
    );
    expect(() => queueUrlOfArn('arn:aws:sns:eu-west-1:123456789012:topic')).toThrow(
      'Not the ARN of an SQS queue',
    );
  });

  it('refuses a partition whose URLs it does not know, rather than give it another’s', () => {
    expect(() => queueUrlOfArn('arn:aws-new:sqs:xx-new-1:123456789012:q')).toThrow(
      'is in the partition aws-new, whose SQS URLs are not known here',
    );
  });
});
