import {
  ChangeMessageVisibilityCommand,
  GetQueueAttributesCommand,
  SendMessageCommand,
  type SQSClient,
} from '@aws-sdk/client-sqs';
import { QUEUE_ARN } from '../leads/event-destinations.ts';
import type { DeadLetterReason, QueuedMessage } from '../leads/lead-event-queue.ts';

/** The DNS suffix of a partition's endpoints (the China regions' differs). */
function dnsSuffix(partition: string): string {
  return partition === 'aws-cn' ? 'amazonaws.com.cn' : 'amazonaws.com';
}

/**
 * A queue's URL from its ARN, as SQS forms it (https://sqs.<region>.<suffix>/<account>/<name>):
 * the event source names the queue by ARN, ChangeMessageVisibility wants its URL, and a
 * GetQueueUrl call per batch would cost a request and a permission for what the ARN says.
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
  return `https://sqs.${region}.${dnsSuffix(partition)}/${account}/${name}`;
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
 * The dead-letter queue of a queue, as its redrive policy names it: where SQS itself moves a
 * message after the last receive. Throws when the queue has none.
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
    throw new Error(`The queue ${queueArn} has no dead-letter queue in its redrive policy`);
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
  };
}
