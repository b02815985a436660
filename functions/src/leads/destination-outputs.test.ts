import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import {
  type DestinationOutput,
  destinationOutput,
  readDestinationOutputs,
} from './destination-outputs.ts';

const ACCOUNT = 'arn:aws:events:eu-west-1:111111111111';
const SQS = 'https://sqs.eu-west-1.amazonaws.com/111111111111';

const webhook: DestinationOutput = {
  name: 'crm-webhook',
  kind: 'webhook',
  ruleArn: `${ACCOUNT}:rule/KryonWebProd-lead-events/crm-webhook`,
  queueUrl: `${SQS}/crm-webhook`,
  queueArn: 'arn:aws:sqs:eu-west-1:111111111111:crm-webhook',
  deadLetterQueueUrl: `${SQS}/crm-webhook-dlq`,
  deadLetterQueueArn: 'arn:aws:sqs:eu-west-1:111111111111:crm-webhook-dlq',
};

const api: DestinationOutput = {
  name: 'partner-api',
  kind: 'api',
  ruleArn: `${ACCOUNT}:rule/KryonWebProd-lead-events/partner-api`,
  deadLetterQueueUrl: `${SQS}/partner-api-dlq`,
  deadLetterQueueArn: 'arn:aws:sqs:eu-west-1:111111111111:partner-api-dlq',
  apiDestinationArn: `${ACCOUNT}:api-destination/partner-api/0a1b2c3d`,
  connectionArn: `${ACCOUNT}:connection/partner-api/4e5f6a7b`,
  redeliveryRuleArn: `${ACCOUNT}:rule/KryonWebProd-lead-events/partner-api-redelivery`,
};

describe('the LeadEventDestinations output', () => {
  it('reads what the stack writes, of each kind', () => {
    expect(readDestinationOutputs(JSON.stringify([webhook, api]))).toEqual({
      destinations: [webhook, api],
    });
  });

  it("reads an older stack's entry, which names no kind, as a queued destination's", () => {
    const { kind: _, ...older } = webhook;
    const read = readDestinationOutputs(JSON.stringify([older]));
    expect(read).toEqual({ destinations: [older] });
    // Written, the kind is required.
    expect(z.safeParse(destinationOutput, older).success).toBe(false);
  });

  it('drops keys a newer stack adds, so an older command still reads the list', () => {
    expect(readDestinationOutputs(JSON.stringify([{ ...api, archiveArn: 'arn:x' }]))).toEqual({
      destinations: [api],
    });
  });

  it("reads an api entry's deployed secretVersion, and one without it (no pin, or an older stack)", () => {
    const pinned = { ...api, secretVersion: '7e3f9a21-4c6b-4d8e-9f10-2a3b4c5d6e7f' };
    expect(readDestinationOutputs(JSON.stringify([pinned, api]))).toEqual({
      destinations: [pinned, api],
    });
    expect(z.safeParse(destinationOutput, pinned).success).toBe(true);
    expect(readDestinationOutputs(JSON.stringify([{ ...api, secretVersion: 7 }]))).toEqual({
      problem: expect.stringContaining('wrong or missing: [0].secretVersion'),
    });
  });

  it('requires a queue of a queued kind and the API destination, connection and redelivery rule of an api one', () => {
    const { queueUrl: _url, ...noQueue } = webhook;
    const { connectionArn: _connection, ...noConnection } = api;
    const read = readDestinationOutputs(
      JSON.stringify([noQueue, noConnection, { ...api, kind: 'email' }]),
    );
    expect(read).toEqual({
      problem: expect.stringContaining(
        'wrong or missing: [0].queueUrl, [1].connectionArn, [2].kind',
      ),
    });
  });

  it('says what is wrong without repeating the text', () => {
    const text = '{"name":"sales-slack","secret":"https://hooks.slack.com/services/T/B/x"}';
    const read = readDestinationOutputs(text);
    expect('problem' in read && read.problem).toContain('(the whole value)');
    expect(JSON.stringify(read)).not.toContain('hooks.slack.com');
    expect(readDestinationOutputs('not json')).toEqual({
      problem: expect.stringMatching(/^is not JSON; it should be a list of \{ name, kind/),
    });
  });
});
