import {
  ChangeMessageVisibilityCommand,
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  SendMessageCommand,
  SQSClient,
  type SQSClientConfig,
} from '@aws-sdk/client-sqs';
import { QUEUE_ARN } from '../leads/event-destinations.ts';
import type { DeadLetterReason, QueuedMessage } from '../leads/lead-event-queue.ts';

/**
 * The DNS suffix of each partition's endpoints, as the SDK's partition data gives them
 * (@aws-sdk/core's partitions.js, 3.1169). A partition not here is refused rather than given
 * another's suffix: a new one is added when it is known.
 */
const PARTITION_DNS_SUFFIX: Readonly<Record<string, string>> = {
  aws: 'amazonaws.com',
  'aws-cn': 'amazonaws.com.cn',
  'aws-us-gov': 'amazonaws.com',
  'aws-eusc': 'amazonaws.eu',
  'aws-iso': 'c2s.ic.gov',
  'aws-iso-b': 'sc2s.sgov.gov',
  'aws-iso-e': 'cloud.adc-e.uk',
  'aws-iso-f': 'csp.hci.ic.gov',
};

/**
 * A queue's URL from its ARN, as SQS forms it (https://sqs.<region>.<suffix>/<account>/<name>):
 * the event source names the queue by ARN, ChangeMessageVisibility wants its URL, and a
 * GetQueueUrl call per batch would cost a request and a permission for what the ARN says.
 * Throws for a partition whose DNS suffix is not known here.
 */
export function queueUrlOfArn(arn: string): string {
  const match = QUEUE_ARN.exec(arn);
  if (!match) throw new Error(`Not the ARN of an SQS queue: ${arn}`);
  const [, partition, region, account, name] = match as unknown as [
    string,
    string,
    string,
    string,
    string,
  ];
  // The ARN's pattern starts every partition with "aws": no name an object inherits.
  const suffix = PARTITION_DNS_SUFFIX[partition];
  if (suffix === undefined) {
    throw new Error(
      `The queue ${arn} is in the partition ${partition}, whose SQS URLs are not known here (${Object.keys(PARTITION_DNS_SUFFIX).join(', ')})`,
    );
  }
  return `https://sqs.${region}.${suffix}/${account}/${name}`;
}

/**
 * The SQS client of the delivery function. Requests go to the endpoint the SDK resolves for
 * the function's region and settings (FIPS, dual-stack, the partition's), never to the host of
 * the queue URL this module forms: by default the SDK takes that host as the endpoint when the
 * two differ, and warns on every call.
 */
export function createSqsClient(config: SQSClientConfig = {}): SQSClient {
  return new SQSClient({ ...config, useQueueUrlAsEndpoint: false });
}

/**
 * The queue port of lead-event-queue.ts: a message becomes visible again `delaySeconds` from
 * now (SQS ChangeMessageVisibility, at most 12 hours), the wait before its next attempt.
 */
export function createSqsRetryAfter(client: SQSClient) {
  return async (message: QueuedMessage, delaySeconds: number): Promise<void> => {
    await client.send(
      new ChangeMessageVisibilityCommand({
        QueueUrl: queueUrlOfArn(message.queueArn),
        ReceiptHandle: message.receiptHandle,
        VisibilityTimeout: Math.min(Math.max(Math.round(delaySeconds), 0), 43_200),
      }),
    );
  };
}

/**
 * A queue whose redrive policy names no dead-letter queue: a class of its own, so a log line,
 * which says an error's class alone, tells it from any other failure.
 */
export class NoDeadLetterQueue extends Error {
  override name = 'NoDeadLetterQueue';
}

/**
 * The dead-letter queue of a queue, as its redrive policy names it: where SQS itself moves a
 * message after the last receive. Throws NoDeadLetterQueue when the queue has none.
 */
async function deadLetterQueueOf(client: SQSClient, queueArn: string): Promise<string> {
  const { Attributes } = await client.send(
    new GetQueueAttributesCommand({
      QueueUrl: queueUrlOfArn(queueArn),
      AttributeNames: ['RedrivePolicy'],
    }),
  );
  let target: unknown;
  try {
    target = (JSON.parse(Attributes?.RedrivePolicy ?? '{}') as { deadLetterTargetArn?: unknown })
      .deadLetterTargetArn;
  } catch {
    target = undefined;
  }
  if (typeof target !== 'string' || !QUEUE_ARN.test(target)) {
    throw new NoDeadLetterQueue(
      `The queue ${queueArn} has no dead-letter queue in its redrive policy`,
    );
  }
  return target;
}

/**
 * The dead-letter port of lead-event-queue.ts: the message's body, unchanged, sent (SQS
 * SendMessage) to the dead-letter queue its own queue's redrive policy names, the one its
 * alarm watches, found once per queue and container (GetQueueAttributes, which reading the
 * queue already allows). Why is in the attributes EventBridge gives its own dead letters;
 * `webhooks:replay --dead-letters` moves it back to the queue as it moves a redriven one.
 */
export function createSqsDeadLetter(client: SQSClient) {
  const deadLetterQueues = new Map<string, string>();
  return async (message: QueuedMessage, why: DeadLetterReason): Promise<void> => {
    let deadLetterQueueArn = deadLetterQueues.get(message.queueArn);
    if (deadLetterQueueArn === undefined) {
      deadLetterQueueArn = await deadLetterQueueOf(client, message.queueArn);
      deadLetterQueues.set(message.queueArn, deadLetterQueueArn);
    }
    try {
      await client.send(
        new SendMessageCommand({
          QueueUrl: queueUrlOfArn(deadLetterQueueArn),
          MessageBody: message.body,
          MessageAttributes: {
            ERROR_CODE: { DataType: 'String', StringValue: why.code },
            ERROR_MESSAGE: { DataType: 'String', StringValue: why.message },
          },
        }),
      );
    } catch (error) {
      // The redrive policy may have changed since it was read (another dead-letter queue, or
      // the one read deleted): the next gone receiver's event reads it again.
      deadLetterQueues.delete(message.queueArn);
      throw error;
    }
  };
}

/**
 * The delete port of lead-event-queue.ts: the message leaves its queue now (SQS DeleteMessage
 * by its receipt handle, which the event source's role already grants).
 */
export function createSqsDelete(client: SQSClient) {
  return async (message: QueuedMessage): Promise<void> => {
    await client.send(
      new DeleteMessageCommand({
        QueueUrl: queueUrlOfArn(message.queueArn),
        ReceiptHandle: message.receiptHandle,
      }),
    );
  };
}
