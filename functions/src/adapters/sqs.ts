import { ChangeMessageVisibilityCommand, type SQSClient } from '@aws-sdk/client-sqs';
import { QUEUE_ARN } from '../leads/event-destinations.ts';
import type { QueuedMessage } from '../leads/lead-event-queue.ts';

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
