import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeArchiveCommand,
  DescribeRuleCommand,
  EventBridgeClient,
  PutEventsCommand,
  type PutEventsCommandOutput,
  ResourceNotFoundException,
  StartReplayCommand,
} from '@aws-sdk/client-eventbridge';
import {
  DeleteMessageCommand,
  GetQueueAttributesCommand,
  ReceiveMessageCommand,
  SQSClient,
  StartMessageMoveTaskCommand,
} from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import type { DeployedDestinationOutput } from '../src/leads/destination-outputs.ts';
import { leadDelivery, leadErased, leadReportOpened } from '../src/leads/lead-events.ts';
import { captureIo } from './lib/capture-io.ts';
import { UsageError } from './lib/cli.ts';
import {
  type DeployedLeadEvents,
  deployedLeadEvents,
  failsEveryDeadLetter,
  innermostErrorName,
  main,
  parseReplayArgs,
  parseSince,
  REDELIVERY_VISIBILITY_SECONDS,
  readDeadLetter,
  replayDeployed,
  replayName,
  USAGE,
} from './webhooks-replay.ts';

const NOW = new Date('2026-11-29T10:00:00Z');

describe('webhooks:replay arguments', () => {
  it('takes a day or an ISO time with its zone, in the past', () => {
    expect(parseSince('2026-11-28', NOW).toISOString()).toBe('2026-11-28T00:00:00.000Z');
    expect(parseSince('2026-11-28T09:30:00+01:00', NOW).toISOString()).toBe(
      '2026-11-28T08:30:00.000Z',
    );
    expect(parseSince('2026-11-28T09:30Z', NOW).toISOString()).toBe('2026-11-28T09:30:00.000Z');
  });

  it('refuses a date that is not one, has no zone, or is not past, saying what it takes', () => {
    for (const wrong of [
      'yesterday',
      '2026-13-01',
      '2026-02-30',
      '2026-11-28T09:00',
      '28.11.2026',
    ]) {
      expect(() => parseSince(wrong, NOW)).toThrow(
        `--since must be a date (2026-11-28) or an ISO 8601 time with its zone (2026-11-28T09:00:00Z), not "${wrong}".`,
      );
    }
    expect(() => parseSince('2026-11-30', NOW)).toThrow('is not in the past');
    expect(() => parseSince(undefined, NOW)).toThrow('--since is required');
  });

  it('reads the local form and the deployed one', () => {
    expect(parseReplayArgs(['--since', '2026-11-28', '--destination', 'crm-webhook'], NOW)).toEqual(
      {
        since: new Date('2026-11-28T00:00:00Z'),
        destination: 'crm-webhook',
      },
    );
    expect(
      parseReplayArgs(
        ['--stack', 'KryonWebProd', '--region', 'eu-west-1', '--since', '2026-11-28'],
        NOW,
      ),
    ).toEqual({
      since: new Date('2026-11-28T00:00:00Z'),
      stack: { name: 'KryonWebProd', region: 'eu-west-1' },
    });
  });

  it('takes --dead-letters without a date, and never with --since: one command, one source', () => {
    expect(parseReplayArgs(['--dead-letters', '--destination', 'crm-webhook'], NOW)).toEqual({
      deadLetters: true,
      destination: 'crm-webhook',
    });
    expect(() =>
      parseReplayArgs(['--dead-letters', '--since', '2026-11-28', '--destination', 'crm'], NOW),
    ).toThrow('--dead-letters and --since go apart');
    expect(() => parseReplayArgs(['--destination', 'crm-webhook'], NOW)).toThrow(
      '--dead-letters or --since <date> is required',
    );
    expect(USAGE).toContain('a Slack channel\ndoes not drop repeats');
  });

  it('refuses an unknown option, and a stack without its region', () => {
    expect(() => parseReplayArgs(['--since', '2026-11-28', '--form', 'demo'], NOW)).toThrow(
      UsageError,
    );
    expect(() => parseReplayArgs(['--stack', 'S', '--since', '2026-11-28'], NOW)).toThrow(
      '--stack and --region go together',
    );
  });
});

const cloudformation = mockClient(CloudFormationClient);
const eventbridge = mockClient(EventBridgeClient);
const sqs = mockClient(SQSClient);
const documents = mockClient(DynamoDBDocumentClient);
afterEach(() => {
  cloudformation.reset();
  eventbridge.reset();
  sqs.reset();
  documents.reset();
});

const ARN = {
  bus: 'arn:aws:events:eu-west-1:111111111111:event-bus/KryonWebProd-leads',
  slackRule: 'arn:aws:events:eu-west-1:111111111111:rule/KryonWebProd-leads/sales-slack',
  crmRule: 'arn:aws:events:eu-west-1:111111111111:rule/KryonWebProd-leads/crm-webhook',
  slackQueue: 'arn:aws:sqs:eu-west-1:111111111111:KryonWebProd-sales-slack',
  slackDlq: 'arn:aws:sqs:eu-west-1:111111111111:KryonWebProd-sales-slack-dlq',
  crmQueue: 'arn:aws:sqs:eu-west-1:111111111111:KryonWebProd-crm-webhook',
  crmDlq: 'arn:aws:sqs:eu-west-1:111111111111:KryonWebProd-crm-webhook-dlq',
  partnerRule: 'arn:aws:events:eu-west-1:111111111111:rule/KryonWebProd-leads/partner-api',
  partnerRedelivery:
    'arn:aws:events:eu-west-1:111111111111:rule/KryonWebProd-leads/partner-api-redelivery',
  partnerDlq: 'arn:aws:sqs:eu-west-1:111111111111:KryonWebProd-partner-api-dlq',
  partnerApi:
    'arn:aws:events:eu-west-1:111111111111:api-destination/KryonWebProd-partner-api/0a1b2c3d',
  partnerConnection:
    'arn:aws:events:eu-west-1:111111111111:connection/KryonWebProd-partner-api/4e5f6a7b',
};
const queueUrl = (arn: string) =>
  `https://sqs.eu-west-1.amazonaws.com/111111111111/${arn.split(':').pop()}`;

const DESTINATIONS: DeployedDestinationOutput[] = [
  {
    name: 'sales-slack',
    kind: 'slack',
    ruleArn: ARN.slackRule,
    queueUrl: queueUrl(ARN.slackQueue),
    queueArn: ARN.slackQueue,
    deadLetterQueueUrl: queueUrl(ARN.slackDlq),
    deadLetterQueueArn: ARN.slackDlq,
  },
  {
    name: 'crm-webhook',
    kind: 'webhook',
    ruleArn: ARN.crmRule,
    queueUrl: queueUrl(ARN.crmQueue),
    queueArn: ARN.crmQueue,
    deadLetterQueueUrl: queueUrl(ARN.crmDlq),
    deadLetterQueueArn: ARN.crmDlq,
  },
];

const PARTNER: DeployedDestinationOutput = {
  name: 'partner-api',
  kind: 'api',
  ruleArn: ARN.partnerRule,
  deadLetterQueueUrl: queueUrl(ARN.partnerDlq),
  deadLetterQueueArn: ARN.partnerDlq,
  apiDestinationArn: ARN.partnerApi,
  connectionArn: ARN.partnerConnection,
  redeliveryRuleArn: ARN.partnerRedelivery,
};

const FACTS: DeployedLeadEvents = {
  stackName: 'KryonWebProd',
  region: 'eu-west-1',
  busName: 'KryonWebProd-leads',
  archiveName: 'KryonWebProd-leads-archive',
  tableName: 'KryonWebProd-Submissions-1A2B',
  destinations: DESTINATIONS,
};
const WITH_PARTNER: DeployedLeadEvents = { ...FACTS, destinations: [...DESTINATIONS, PARTNER] };

const clients = () => ({
  eventbridge: new EventBridgeClient({}),
  sqs: new SQSClient({}),
  dynamodb: new DynamoDBClient({}),
});

function stackWith(outputs: Record<string, string>) {
  cloudformation.on(DescribeStacksCommand, { StackName: 'KryonWebProd' }).resolves({
    Stacks: [
      {
        StackName: 'KryonWebProd',
        CreationTime: NOW,
        StackStatus: 'UPDATE_COMPLETE',
        Outputs: Object.entries(outputs).map(([OutputKey, OutputValue]) => ({
          OutputKey,
          OutputValue,
        })),
      },
    ],
  });
}

describe("a deployed stack's lead events", () => {
  it('are read from the LeadEventBusName, LeadEventArchiveName and LeadEventDestinations outputs', async () => {
    stackWith({
      TableName: 'KryonWebProd-Submissions-1A2B',
      LeadEventBusName: 'KryonWebProd-leads',
      LeadEventArchiveName: 'KryonWebProd-leads-archive',
      LeadEventDestinations: JSON.stringify(WITH_PARTNER.destinations),
    });
    expect(
      await deployedLeadEvents(new CloudFormationClient({}), 'KryonWebProd', 'eu-west-1'),
    ).toEqual(WITH_PARTNER);
  });

  it("read an older stack's destinations, which name no kind, as queued ones", async () => {
    const older = DESTINATIONS.map(({ kind: _, ...rest }) => rest);
    stackWith({
      TableName: 'KryonWebProd-Submissions-1A2B',
      LeadEventBusName: 'KryonWebProd-leads',
      LeadEventArchiveName: 'KryonWebProd-leads-archive',
      LeadEventDestinations: JSON.stringify(older),
    });
    sqs.on(StartMessageMoveTaskCommand).resolves({ TaskHandle: 'task-1' });
    const facts = await deployedLeadEvents(
      new CloudFormationClient({}),
      'KryonWebProd',
      'eu-west-1',
    );
    expect(facts.destinations).toEqual(older);

    await replayDeployed({ deadLetters: true }, facts, clients(), captureIo(), NOW);
    expect(sqs.commandCalls(StartMessageMoveTaskCommand).map((c) => c.args[0].input)).toEqual([
      { SourceArn: ARN.slackDlq, DestinationArn: ARN.slackQueue },
      { SourceArn: ARN.crmDlq, DestinationArn: ARN.crmQueue },
    ]);
  });

  it('say so when the stack predates them, or lists its destinations in another form', async () => {
    stackWith({ TableName: 'x' });
    await expect(
      deployedLeadEvents(new CloudFormationClient({}), 'KryonWebProd', 'eu-west-1'),
    ).rejects.toThrow('The stack KryonWebProd in eu-west-1 has no LeadEventBusName output');
    cloudformation.reset();
    stackWith({ LeadEventBusName: 'b', LeadEventDestinations: '["sales-slack"]' });
    await expect(
      deployedLeadEvents(new CloudFormationClient({}), 'KryonWebProd', 'eu-west-1'),
    ).rejects.toThrow(
      "The stack KryonWebProd's LeadEventDestinations output is not a JSON list of",
    );
    cloudformation.reset();
    const { connectionArn: _, ...partial } = PARTNER;
    stackWith({ LeadEventBusName: 'b', LeadEventDestinations: JSON.stringify([partial]) });
    await expect(
      deployedLeadEvents(new CloudFormationClient({}), 'KryonWebProd', 'eu-west-1'),
    ).rejects.toThrow('wrong or missing: [0].connectionArn');
  });
});

describe('the deployed replay', () => {
  it("replays the archive since the date through one destination's rule, and nothing else", async () => {
    eventbridge.on(DescribeArchiveCommand).resolves({ EventSourceArn: ARN.bus, State: 'ENABLED' });
    eventbridge.on(StartReplayCommand).resolves({ ReplayArn: 'arn:replay', State: 'STARTING' });
    sqs.on(StartMessageMoveTaskCommand).resolves({ TaskHandle: 'task-1' });
    const io = captureIo();
    const since = new Date('2026-11-28T00:00:00Z');

    const result = await replayDeployed(
      { since, destination: 'crm-webhook' },
      FACTS,
      clients(),
      io,
      NOW,
    );

    expect(eventbridge.commandCalls(DescribeArchiveCommand)[0]?.args[0].input).toEqual({
      ArchiveName: 'KryonWebProd-leads-archive',
    });
    expect(eventbridge.commandCalls(StartReplayCommand)[0]?.args[0].input).toEqual({
      ReplayName: 'webhooks-replay-20261129T100000-crm-webhook',
      Description:
        'npm run webhooks:replay --since 2026-11-28T00:00:00.000Z --destination crm-webhook',
      EventSourceArn: ARN.bus,
      EventStartTime: since,
      EventEndTime: NOW,
      Destination: { Arn: ARN.bus, FilterArns: [ARN.crmRule] },
    });
    // The dead letters stay: an event in both is not sent twice by this command.
    expect(sqs.commandCalls(StartMessageMoveTaskCommand)).toEqual([]);
    expect(result).toEqual({
      replayName: 'webhooks-replay-20261129T100000-crm-webhook',
      replayArn: 'arn:replay',
      moves: [],
      redeliveries: [],
    });
    expect(io.stdout()).not.toContain('Caution');
    expect(io.stdout()).toContain(
      'aws events describe-replay --replay-name webhooks-replay-20261129T100000-crm-webhook --region eu-west-1',
    );
  });

  it("with --dead-letters, moves one destination's dead letters back, and replays nothing", async () => {
    sqs.on(StartMessageMoveTaskCommand).resolves({ TaskHandle: 'task-1' });
    const io = captureIo();

    const result = await replayDeployed(
      { deadLetters: true, destination: 'crm-webhook' },
      // Moving needs no archive.
      { ...FACTS, archiveName: undefined },
      clients(),
      io,
      NOW,
    );

    expect(sqs.commandCalls(StartMessageMoveTaskCommand).map((c) => c.args[0].input)).toEqual([
      { SourceArn: ARN.crmDlq, DestinationArn: ARN.crmQueue },
    ]);
    expect(eventbridge.commandCalls(DescribeArchiveCommand)).toEqual([]);
    expect(eventbridge.commandCalls(StartReplayCommand)).toEqual([]);
    expect(result).toEqual({
      moves: [{ destination: 'crm-webhook', taskHandle: 'task-1' }],
      redeliveries: [],
    });
    expect(io.stdout()).toContain(
      `aws sqs list-message-move-tasks --source-arn ${ARN.crmDlq} --region eu-west-1`,
    );
  });

  it('without --destination, replays through every rule', async () => {
    eventbridge.on(DescribeArchiveCommand).resolves({ EventSourceArn: ARN.bus });
    eventbridge.on(StartReplayCommand).resolves({ State: 'STARTING' });

    await replayDeployed({ since: new Date('2026-11-28') }, FACTS, clients(), captureIo(), NOW);

    expect(
      eventbridge.commandCalls(StartReplayCommand)[0]?.args[0].input.Destination?.FilterArns,
    ).toEqual([ARN.slackRule, ARN.crmRule]);
  });

  it('without --destination, moves every dead-letter queue, reporting a move SQS refuses', async () => {
    sqs
      .on(StartMessageMoveTaskCommand, { SourceArn: ARN.slackDlq })
      .rejects(
        Object.assign(new Error('There is already a task running.'), {
          name: 'UnsupportedOperation',
        }),
      )
      .on(StartMessageMoveTaskCommand, { SourceArn: ARN.crmDlq })
      .resolves({ TaskHandle: 'task-2' });
    const io = captureIo();

    const result = await replayDeployed({ deadLetters: true }, FACTS, clients(), io, NOW);

    expect(eventbridge.commandCalls(StartReplayCommand)).toEqual([]);
    expect(result.moves).toEqual([
      { destination: 'sales-slack', error: 'There is already a task running.' },
      { destination: 'crm-webhook', taskHandle: 'task-2' },
    ]);
    expect(io.stderr()).toContain('The dead letters of sales-slack could not be moved');
  });

  it('explains an unknown destination, a missing archive, and a stack without one', async () => {
    const io = captureIo();
    await expect(
      replayDeployed({ since: NOW, destination: 'hubspot' }, FACTS, clients(), io, NOW),
    ).rejects.toThrow(
      'No destination "hubspot" in the stack KryonWebProd: sales-slack, crm-webhook.',
    );

    eventbridge
      .on(DescribeArchiveCommand)
      .rejects(new ResourceNotFoundException({ message: 'Archive does not exist', $metadata: {} }));
    await expect(replayDeployed({ since: NOW }, FACTS, clients(), io, NOW)).rejects.toThrow(
      'There is no archive KryonWebProd-leads-archive in eu-west-1: nothing to replay from.',
    );
    await expect(
      replayDeployed({ since: NOW }, { ...FACTS, archiveName: undefined }, clients(), io, NOW),
    ).rejects.toThrow('has no LeadEventArchiveName output: its bus keeps no archive to replay.');
    expect(eventbridge.commandCalls(StartReplayCommand)).toEqual([]);
    expect(sqs.commandCalls(StartMessageMoveTaskCommand)).toEqual([]);
  });

  it('names a replay as EventBridge allows: at most 64 of letters, digits, . - _', () => {
    const name = replayName(NOW, 'a'.repeat(32));
    expect(name.length).toBeLessThanOrEqual(64);
    expect(name).toMatch(/^[.\-_A-Za-z0-9]+$/);
  });
});

/** A dead letter as EventBridge writes it for an API destination: the envelope the rule matched. */
function deadLetter(id: string, detail: object & { type: string }, source = 'kryon.leads') {
  return {
    MessageId: id,
    ReceiptHandle: `receipt-${id}`,
    Body: JSON.stringify({
      version: '0',
      id: `bus-${id}`,
      'detail-type': detail.type,
      source,
      account: '111111111111',
      time: '2026-11-28T09:00:00Z',
      region: 'eu-west-1',
      resources: [],
      detail,
    }),
    MessageAttributes: {
      ERROR_CODE: { DataType: 'String', StringValue: 'SDK_CLIENT_ERROR' },
      RULE_ARN: { DataType: 'String', StringValue: ARN.partnerRule },
      TARGET_ARN: { DataType: 'String', StringValue: ARN.partnerApi },
    },
  };
}

const lead = (id: string) => ({ form: 'demo' as const, submissionId: id });
/** Lead ids as the publisher writes them: submission ids, UUIDs. */
const LEAD_1 = '6f1c2a3b-4d5e-4f60-8a1b-2c3d4e5f6a71';
const LEAD_2 = '6f1c2a3b-4d5e-4f60-8a1b-2c3d4e5f6a72';
const LEAD_3 = '6f1c2a3b-4d5e-4f60-8a1b-2c3d4e5f6a73';
const LEAD_4 = '6f1c2a3b-4d5e-4f60-8a1b-2c3d4e5f6a74';
const AT = '2026-11-28T09:00:00.000Z';

describe("an api destination's dead letters", () => {
  /** The redelivery rule as the stack makes it: ENABLED, matching what the replay puts. */
  function redeliveryRule(state = 'ENABLED', resources = [ARN.partnerApi]) {
    eventbridge.on(DescribeRuleCommand).resolves({
      Name: 'partner-api-redelivery',
      State: state as 'ENABLED',
      EventPattern: JSON.stringify({ resources, source: ['kryon.leads.redelivery'] }),
    });
  }
  /** The leads table: the leads of these ids were erased. */
  function erasedLeads(...ids: string[]) {
    documents
      .on(GetCommand)
      .callsFake((input: { Key: { pk: string } }) =>
        ids.some((id) => input.Key.pk === `ERASED#${id}`) ? { Item: input.Key } : {},
      );
  }

  it('puts each on the bus again for that destination alone, leaves out erased leads, and keeps what the bus refuses or cannot be read', async () => {
    redeliveryRule();
    erasedLeads(LEAD_2);
    // A key a newer publisher added: the receiver gets it too.
    const opened = { ...leadReportOpened(lead(LEAD_1), 'report-7', AT), addedLater: 'kept' };
    const erasedDelivery = leadDelivery(lead(LEAD_2), { outcome: 'delivered', at: AT });
    const erase = leadErased(lead(LEAD_2), AT);
    const refused = leadDelivery(lead(LEAD_3), { outcome: 'bounced', at: AT });
    const again = leadReportOpened(lead(LEAD_4), 'report-8', AT);
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({
        Messages: [
          deadLetter('m1', opened),
          deadLetter('m2', erasedDelivery),
          deadLetter('m3', erase),
          { MessageId: 'm4', ReceiptHandle: 'receipt-m4', Body: 'Bearer sk_live_notjson{' },
        ],
      })
      // A dead letter sent again that failed again carries the redelivery source.
      .resolvesOnce({
        Messages: [deadLetter('m5', refused), deadLetter('m6', again, 'kryon.leads.redelivery')],
      })
      .resolves({ Messages: [] });
    sqs.on(DeleteMessageCommand).resolves({});
    eventbridge.on(PutEventsCommand).callsFake((input: { Entries: { Detail: string }[] }) =>
      input.Entries[0]?.Detail === JSON.stringify(refused)
        ? {
            FailedEntryCount: 1,
            Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'Try again' }],
          }
        : { FailedEntryCount: 0, Entries: [{ EventId: 'new-event' }] },
    );
    const io = captureIo();

    const result = await replayDeployed(
      { deadLetters: true, destination: 'partner-api' },
      WITH_PARTNER,
      clients(),
      io,
      NOW,
    );

    expect(result).toEqual({
      moves: [],
      redeliveries: [{ destination: 'partner-api', sentAgain: 3, erased: 1, kept: 2 }],
    });
    expect(sqs.commandCalls(ReceiveMessageCommand)[0]?.args[0].input).toEqual({
      QueueUrl: PARTNER.deadLetterQueueUrl,
      MaxNumberOfMessages: 10,
      WaitTimeSeconds: 2,
      VisibilityTimeout: REDELIVERY_VISIBILITY_SECONDS,
    });
    expect(eventbridge.commandCalls(PutEventsCommand).map((c) => c.args[0].input.Entries)).toEqual(
      [opened, erase, refused, again].map((detail) => [
        {
          EventBusName: 'KryonWebProd-leads',
          Source: 'kryon.leads.redelivery',
          DetailType: detail.type,
          Detail: JSON.stringify(detail),
          Resources: [ARN.partnerApi],
        },
      ]),
    );
    // Deleted: what the bus took, and the erased lead's earlier event (never put again);
    // kept: the refused entry and the body that is no event.
    expect(sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input)).toEqual(
      ['m1', 'm2', 'm3', 'm6'].map((id) => ({
        QueueUrl: PARTNER.deadLetterQueueUrl,
        ReceiptHandle: `receipt-${id}`,
      })),
    );
    // Its erase itself is sent without asking; the others by the table's ERASED# item.
    expect(documents.commandCalls(GetCommand).map((c) => c.args[0].input)).toEqual(
      [LEAD_1, LEAD_2, LEAD_3, LEAD_4].map((id) => ({
        TableName: 'KryonWebProd-Submissions-1A2B',
        Key: { pk: `ERASED#${id}`, sk: 'ERASED' },
        ConsistentRead: true,
      })),
    );
    expect(sqs.commandCalls(StartMessageMoveTaskCommand)).toEqual([]);
    expect(io.stderr()).toContain('partner-api: dead letter m4 kept: its body is not JSON');
    expect(io.stderr()).toContain(
      'partner-api: dead letter m5 kept: the bus refused it (InternalFailure: Try again)',
    );
    expect(io.stderr() + io.stdout()).not.toContain('sk_live');
    expect(io.stdout()).toContain(
      'Dead letters of partner-api: 3 sent again (to it alone, by its redelivery rule), 1 left out (their lead was erased), 2 kept in its dead-letter queue',
    );
  });

  it("moves the queued destinations' dead letters and sends the api one's again in one run", async () => {
    redeliveryRule();
    erasedLeads();
    sqs.on(StartMessageMoveTaskCommand).resolves({ TaskHandle: 'task' });
    sqs.on(ReceiveMessageCommand).resolves({ Messages: [] });

    const result = await replayDeployed(
      { deadLetters: true },
      WITH_PARTNER,
      clients(),
      captureIo(),
      NOW,
    );

    expect(result.moves.map((m) => m.destination)).toEqual(['sales-slack', 'crm-webhook']);
    expect(result.redeliveries).toEqual([
      { destination: 'partner-api', sentAgain: 0, erased: 0, kept: 0 },
    ]);
    expect(
      sqs.commandCalls(StartMessageMoveTaskCommand).map((c) => c.args[0].input.SourceArn),
    ).toEqual([ARN.slackDlq, ARN.crmDlq]);
  });

  it('stops a destination, deleting nothing, when a call fails outright', async () => {
    redeliveryRule();
    documents
      .on(GetCommand)
      .rejects(Object.assign(new Error('not authorized'), { name: 'AccessDeniedException' }));
    sqs.on(ReceiveMessageCommand).resolves({
      Messages: [deadLetter('m1', leadReportOpened(lead(LEAD_1), 'report-7', AT))],
    });
    const io = captureIo();

    const result = await replayDeployed(
      { deadLetters: true, destination: 'partner-api' },
      WITH_PARTNER,
      clients(),
      io,
      NOW,
    );

    expect(result.redeliveries[0]).toMatchObject({
      sentAgain: 0,
      erased: 0,
      error: expect.any(String),
    });
    expect(sqs.commandCalls(ReceiveMessageCommand)).toHaveLength(1);
    expect(eventbridge.commandCalls(PutEventsCommand)).toEqual([]);
    expect(sqs.commandCalls(DeleteMessageCommand)).toEqual([]);
    expect(io.stderr()).toContain('The dead letters of partner-api were not all sent again');
  });

  it('keeps a dead letter whose own call fails, naming only the error class, and sends the others', async () => {
    redeliveryRule();
    // The table refuses one lead's key, and the bus one put, each with a message that repeats
    // what it was given: neither may reach a line.
    documents.on(GetCommand).callsFake((input: { Key: { pk: string } }) => {
      if (input.Key.pk === `ERASED#${LEAD_1}`) {
        throw Object.assign(
          new Error(`One or more parameter values were invalid: ${input.Key.pk}`),
          {
            name: 'ValidationException',
          },
        );
      }
      return {};
    });
    const echoed = leadReportOpened(lead(LEAD_2), 'report-echo', AT);
    eventbridge.on(PutEventsCommand).callsFake((input: { Entries: { Detail: string }[] }) => {
      if (input.Entries[0]?.Detail.includes('report-echo')) {
        throw Object.assign(new Error(`Rate exceeded for ${input.Entries[0].Detail}`), {
          name: 'ThrottlingException',
        });
      }
      return { FailedEntryCount: 0, Entries: [{ EventId: 'new-event' }] };
    });
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({
        Messages: [
          deadLetter('m1', leadReportOpened(lead(LEAD_1), 'report-7', AT)),
          deadLetter('m2', echoed),
          deadLetter('m3', leadReportOpened(lead(LEAD_3), 'report-9', AT)),
          deadLetter('m4', leadReportOpened(lead(LEAD_4), 'report-10', AT)),
        ],
      })
      .resolves({ Messages: [] });
    // The queue refuses one delete after the bus took its event: kept, sent again next run.
    sqs
      .on(DeleteMessageCommand)
      .resolves({})
      .on(DeleteMessageCommand, { ReceiptHandle: 'receipt-m4' })
      .rejects(Object.assign(new Error('Internal error'), { name: 'InternalError' }));
    const io = captureIo();

    const result = await replayDeployed(
      { deadLetters: true, destination: 'partner-api' },
      WITH_PARTNER,
      clients(),
      io,
      NOW,
    );

    expect(result.redeliveries).toEqual([
      { destination: 'partner-api', sentAgain: 1, erased: 0, kept: 3 },
    ]);
    expect(
      sqs.commandCalls(DeleteMessageCommand).map((c) => c.args[0].input.ReceiptHandle),
    ).toEqual(['receipt-m3', 'receipt-m4']);
    expect(io.stderr()).toContain(
      'partner-api: dead letter m1 kept: ValidationException asking the leads table whether its lead was erased (dynamodb:GetItem)\n',
    );
    expect(io.stderr()).toContain(
      'partner-api: dead letter m2 kept: ThrottlingException putting it on the bus (events:PutEvents)\n',
    );
    expect(io.stderr()).toContain(
      'partner-api: dead letter m4 kept: InternalError deleting it from the dead-letter queue (sqs:DeleteMessage) after the bus took it',
    );
    expect(io.stderr()).not.toContain('were not all sent again');
    expect(io.stderr()).not.toContain('ERASED#');
    expect(io.stderr()).not.toContain('report-echo');
  });

  it('stops a destination at an error every dead letter would meet: permissions, the queue or bus gone', async () => {
    const stopping = [
      { on: PutEventsCommand, name: 'AccessDeniedException' },
      { on: PutEventsCommand, name: 'ResourceNotFoundException' },
      { on: DeleteMessageCommand, name: 'QueueDoesNotExist' },
      { on: DeleteMessageCommand, name: 'AWS.SimpleQueueService.NonExistentQueue' },
    ] as const;
    for (const { on, name } of stopping) {
      eventbridge.reset();
      sqs.reset();
      documents.reset();
      redeliveryRule();
      erasedLeads();
      sqs.on(ReceiveMessageCommand).resolves({
        Messages: [
          deadLetter('m1', leadReportOpened(lead(LEAD_1), 'report-7', AT)),
          deadLetter('m2', leadReportOpened(lead(LEAD_2), 'report-8', AT)),
        ],
      });
      const refusal = Object.assign(new Error('refused'), { name });
      if (on === PutEventsCommand) {
        eventbridge.on(PutEventsCommand).rejects(refusal);
        sqs.on(DeleteMessageCommand).resolves({});
      } else {
        eventbridge.on(PutEventsCommand).resolves({ Entries: [{ EventId: 'new-event' }] });
        sqs.on(DeleteMessageCommand).rejects(refusal);
      }
      const io = captureIo();

      const result = await replayDeployed(
        { deadLetters: true, destination: 'partner-api' },
        WITH_PARTNER,
        clients(),
        io,
        NOW,
      );

      expect(result.redeliveries[0]?.error, name).toContain(`${name} `);
      expect(result.redeliveries[0]?.error, name).toContain('for dead letter m1');
      // m2 is never tried: it would fail the same way.
      expect(eventbridge.commandCalls(PutEventsCommand), name).toHaveLength(1);
      expect(sqs.commandCalls(ReceiveMessageCommand), name).toHaveLength(1);
      expect(io.stderr(), name).toContain(
        'The dead letters of partner-api were not all sent again',
      );
    }
  });

  it('keeps, unread, a dead letter whose leadId is not what the publisher writes, never asking the table', async () => {
    redeliveryRule();
    erasedLeads();
    // Over DynamoDB's 2048-byte key limit, which would fail its GetItem.
    const hostile = { ...leadReportOpened(lead(LEAD_1), 'report-7', AT), leadId: 'x'.repeat(3000) };
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({
        Messages: [
          deadLetter('m1', hostile),
          deadLetter('m2', leadReportOpened(lead(LEAD_2), 'report-8', AT)),
        ],
      })
      .resolves({ Messages: [] });
    sqs.on(DeleteMessageCommand).resolves({});
    eventbridge.on(PutEventsCommand).resolves({ Entries: [{ EventId: 'new-event' }] });
    const io = captureIo();

    const result = await replayDeployed(
      { deadLetters: true, destination: 'partner-api' },
      WITH_PARTNER,
      clients(),
      io,
      NOW,
    );

    expect(result.redeliveries).toEqual([
      { destination: 'partner-api', sentAgain: 1, erased: 0, kept: 1 },
    ]);
    expect(documents.commandCalls(GetCommand).map((c) => c.args[0].input.Key)).toEqual([
      { pk: `ERASED#${LEAD_2}`, sk: 'ERASED' },
    ]);
    expect(io.stderr()).toContain(
      'partner-api: dead letter m1 kept: its leadId is not a lead id (a UUID, as the publisher writes it)',
    );
  });

  it('warns how many dead letters may be in flight/hidden (received elsewhere), rather than a bare 0 sent', async () => {
    redeliveryRule();
    erasedLeads();
    // Someone read all three with `aws sqs receive-message`: none is visible to this run.
    sqs.on(ReceiveMessageCommand).resolves({ Messages: [] });
    sqs
      .on(GetQueueAttributesCommand)
      .resolves({ Attributes: { ApproximateNumberOfMessagesNotVisible: '3' } });
    const io = captureIo();

    const result = await replayDeployed(
      { deadLetters: true, destination: 'partner-api' },
      WITH_PARTNER,
      clients(),
      io,
      NOW,
    );

    expect(result.redeliveries).toEqual([
      { destination: 'partner-api', sentAgain: 0, erased: 0, kept: 0, hidden: 3 },
    ]);
    expect(sqs.commandCalls(GetQueueAttributesCommand)[0]?.args[0].input).toEqual({
      QueueUrl: PARTNER.deadLetterQueueUrl,
      AttributeNames: ['ApproximateNumberOfMessagesNotVisible'],
    });
    // A warning, worded as the approximate count it is.
    expect(io.stderr()).toContain(
      'Warning: about 3 dead letters may be in flight/hidden in the dead-letter queue of partner-api',
    );
    expect(io.stderr()).toContain("SQS's approximate count");
    expect(io.stderr()).toContain('If the count stays, run this again in a few minutes.');
    expect(USAGE).toContain('sqs:GetQueueAttributes');
  });

  it('exits 0 when the run sent what it saw, whatever the approximate hidden count says, and 1 when it kept one', async () => {
    /** A run of the command on one dead letter, which the bus answers with `put`. */
    async function runWith(put: PutEventsCommandOutput) {
      cloudformation.reset();
      eventbridge.reset();
      sqs.reset();
      documents.reset();
      stackWith({
        TableName: FACTS.tableName as string,
        LeadEventBusName: FACTS.busName,
        LeadEventDestinations: JSON.stringify([PARTNER]),
      });
      redeliveryRule();
      erasedLeads();
      eventbridge.on(PutEventsCommand).resolves(put);
      sqs
        .on(ReceiveMessageCommand)
        .resolvesOnce({ Messages: [deadLetter('m1', leadReportOpened(lead(LEAD_1), 'r-7', AT))] })
        .resolves({ Messages: [] });
      sqs.on(DeleteMessageCommand).resolves({});
      // The one it sent and deleted is still in SQS's count a moment later.
      sqs
        .on(GetQueueAttributesCommand)
        .resolves({ Attributes: { ApproximateNumberOfMessagesNotVisible: '1' } });
      const io = captureIo();
      const code = await main(
        ['--stack', 'KryonWebProd', '--region', 'eu-west-1', '--dead-letters'],
        io,
      );
      return { code, io };
    }

    const sent = await runWith({ $metadata: {}, Entries: [{ EventId: 'new-event' }] });
    expect(sent.code).toBe(0);
    expect(sent.io.stdout()).toContain('Dead letters of partner-api: 1 sent again');
    expect(sent.io.stderr()).toContain('Warning: about 1 dead letter may be in flight/hidden');

    // One it kept (the bus refused it) still fails the run.
    const kept = await runWith({
      $metadata: {},
      FailedEntryCount: 1,
      Entries: [{ ErrorCode: 'InternalFailure' }],
    });
    expect(kept.code).toBe(1);
    expect(kept.io.stdout()).toContain('1 kept in its dead-letter queue');
  });

  it('does not count as hidden the dead letters this run kept, and goes on when SQS will not say', async () => {
    redeliveryRule();
    erasedLeads();
    sqs
      .on(ReceiveMessageCommand)
      .resolvesOnce({ Messages: [{ MessageId: 'm1', ReceiptHandle: 'r1', Body: 'not json' }] })
      .resolves({ Messages: [] });
    // The one it kept is out of sight by its own receive.
    sqs
      .on(GetQueueAttributesCommand)
      .resolves({ Attributes: { ApproximateNumberOfMessagesNotVisible: '1' } });
    let io = captureIo();
    let result = await replayDeployed(
      { deadLetters: true, destination: 'partner-api' },
      WITH_PARTNER,
      clients(),
      io,
      NOW,
    );
    expect(result.redeliveries[0]).toEqual({
      destination: 'partner-api',
      sentAgain: 0,
      erased: 0,
      kept: 1,
    });
    expect(io.stderr()).not.toContain('in flight/hidden');

    sqs.reset();
    sqs.on(ReceiveMessageCommand).resolves({ Messages: [] });
    sqs
      .on(GetQueueAttributesCommand)
      .rejects(Object.assign(new Error('not authorized'), { name: 'AccessDenied' }));
    io = captureIo();
    result = await replayDeployed(
      { deadLetters: true, destination: 'partner-api' },
      WITH_PARTNER,
      clients(),
      io,
      NOW,
    );
    expect(result.redeliveries[0]).toEqual({
      destination: 'partner-api',
      sentAgain: 0,
      erased: 0,
      kept: 0,
    });
    expect(io.stderr()).toContain(
      'whether dead letters are out of sight (received elsewhere) could not be asked: AccessDenied (sqs:GetQueueAttributes)',
    );
  });

  it('touches no dead letter while its redelivery rule would not send it on, nor without the table', async () => {
    for (const rule of [
      () => redeliveryRule('DISABLED'),
      () =>
        redeliveryRule('ENABLED', [
          'arn:aws:events:eu-west-1:111111111111:api-destination/other/1',
        ]),
      () =>
        eventbridge
          .on(DescribeRuleCommand)
          .rejects(
            new ResourceNotFoundException({ message: 'Rule does not exist', $metadata: {} }),
          ),
    ]) {
      eventbridge.reset();
      rule();
      const io = captureIo();
      const result = await replayDeployed(
        { deadLetters: true, destination: 'partner-api' },
        WITH_PARTNER,
        clients(),
        io,
        NOW,
      );
      expect(result.redeliveries[0]?.error).toMatch(
        /its redelivery rule partner-api-redelivery (is DISABLED|does not match|is gone).*deploy the environment again first/,
      );
    }
    expect(eventbridge.commandCalls(DescribeRuleCommand)[0]?.args[0].input).toEqual({
      Name: 'partner-api-redelivery',
      EventBusName: 'KryonWebProd-leads',
    });

    const result = await replayDeployed(
      { deadLetters: true, destination: 'partner-api' },
      { ...WITH_PARTNER, tableName: undefined },
      clients(),
      captureIo(),
      NOW,
    );
    expect(result.redeliveries[0]?.error).toContain('has no TableName output');
    expect(sqs.commandCalls(ReceiveMessageCommand)).toEqual([]);
  });

  it('with --since, replays through its rule and warns once that erased leads go too', async () => {
    eventbridge.on(DescribeArchiveCommand).resolves({ EventSourceArn: ARN.bus });
    eventbridge.on(StartReplayCommand).resolves({ State: 'STARTING' });
    const io = captureIo();

    await replayDeployed({ since: new Date('2026-11-28') }, WITH_PARTNER, clients(), io, NOW);

    expect(
      eventbridge.commandCalls(StartReplayCommand)[0]?.args[0].input.Destination?.FilterArns,
    ).toEqual([ARN.slackRule, ARN.crmRule, ARN.partnerRule]);
    const cautions = io
      .stdout()
      .split('\n')
      .filter((line) => line.includes('Caution'));
    expect(cautions).toEqual([
      expect.stringContaining(
        "partner-api is an API destination, which cannot leave out erased leads' events",
      ),
    ]);
    expect(cautions[0]).toContain('must drop the events of any lead id it got lead.erased for');
  });
});

describe('the errors of one dead letter', () => {
  it('stop the destination only when every dead letter would meet them, by name, through wrapping errors', () => {
    const named = (name: string, cause?: unknown) =>
      Object.assign(new Error('text', cause === undefined ? {} : { cause }), { name });
    for (const name of [
      'AccessDeniedException',
      'AccessDenied',
      'ResourceNotFoundException',
      'QueueDoesNotExist',
      'AWS.SimpleQueueService.NonExistentQueue',
      'ExpiredTokenException',
    ]) {
      expect(failsEveryDeadLetter(named(name)), name).toBe(true);
    }
    // The leads table's adapter wraps the SDK's error.
    expect(failsEveryDeadLetter(named('DependencyError', named('AccessDeniedException')))).toBe(
      true,
    );
    for (const name of [
      'ValidationException',
      'ThrottlingException',
      'ProvisionedThroughputExceededException',
      'InternalError',
      'TypeError',
    ]) {
      expect(failsEveryDeadLetter(named(name)), name).toBe(false);
    }
    expect(failsEveryDeadLetter(named('DependencyError', named('ValidationException')))).toBe(
      false,
    );
    expect(failsEveryDeadLetter('a string')).toBe(false);
  });

  it('are named by their innermost class, never by their message', () => {
    const inner = Object.assign(new Error('echo: Bearer sk_live_x'), {
      name: 'ValidationException',
    });
    expect(innermostErrorName(new Error('database unavailable', { cause: inner }))).toBe(
      'ValidationException',
    );
    expect(innermostErrorName('sk_live_x')).toBe('an error with no name');
    expect(innermostErrorName(Object.assign(new Error('x'), { name: 'sk live x\n' }))).toBe(
      'an error with no name',
    );
  });
});

describe('readDeadLetter', () => {
  it('refuses what is no lead event, naming where, never the body', () => {
    const detail = leadErased(lead(LEAD_1), AT);
    expect(
      readDeadLetter(JSON.stringify({ source: 'aws.ses', 'detail-type': 'x', detail })),
    ).toEqual({ unreadable: 'it is no lead event of version 1 (at source)' });
    expect(
      readDeadLetter(
        JSON.stringify({ source: 'kryon.leads', 'detail-type': 'lead.accepted', detail }),
      ),
    ).toEqual({ unreadable: 'its detail-type is not its detail type' });
    expect(readDeadLetter('whsec_secret')).toEqual({ unreadable: 'its body is not JSON' });
  });
});
