import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  DescribeArchiveCommand,
  EventBridgeClient,
  ResourceNotFoundException,
  StartReplayCommand,
} from '@aws-sdk/client-eventbridge';
import { SQSClient, StartMessageMoveTaskCommand } from '@aws-sdk/client-sqs';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, describe, expect, it } from 'vitest';
import { captureIo } from './lib/capture-io.ts';
import { UsageError } from './lib/cli.ts';
import {
  type DeployedLeadEvents,
  deployedLeadEvents,
  parseReplayArgs,
  parseSince,
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
afterEach(() => {
  cloudformation.reset();
  eventbridge.reset();
  sqs.reset();
});

const ARN = {
  bus: 'arn:aws:events:eu-west-1:111111111111:event-bus/KryonWebProd-leads',
  slackRule: 'arn:aws:events:eu-west-1:111111111111:rule/KryonWebProd-leads/sales-slack',
  crmRule: 'arn:aws:events:eu-west-1:111111111111:rule/KryonWebProd-leads/crm-webhook',
  slackQueue: 'arn:aws:sqs:eu-west-1:111111111111:KryonWebProd-sales-slack',
  slackDlq: 'arn:aws:sqs:eu-west-1:111111111111:KryonWebProd-sales-slack-dlq',
  crmQueue: 'arn:aws:sqs:eu-west-1:111111111111:KryonWebProd-crm-webhook',
  crmDlq: 'arn:aws:sqs:eu-west-1:111111111111:KryonWebProd-crm-webhook-dlq',
};

const DESTINATIONS = [
  {
    name: 'sales-slack',
    ruleArn: ARN.slackRule,
    queueArn: ARN.slackQueue,
    deadLetterQueueArn: ARN.slackDlq,
  },
  {
    name: 'crm-webhook',
    ruleArn: ARN.crmRule,
    queueArn: ARN.crmQueue,
    deadLetterQueueArn: ARN.crmDlq,
  },
];

const FACTS: DeployedLeadEvents = {
  stackName: 'KryonWebProd',
  region: 'eu-west-1',
  busName: 'KryonWebProd-leads',
  archiveName: 'KryonWebProd-leads-archive',
  destinations: DESTINATIONS,
};

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
      TableName: 'x',
      LeadEventBusName: 'KryonWebProd-leads',
      LeadEventArchiveName: 'KryonWebProd-leads-archive',
      LeadEventDestinations: JSON.stringify(DESTINATIONS),
    });
    expect(
      await deployedLeadEvents(new CloudFormationClient({}), 'KryonWebProd', 'eu-west-1'),
    ).toEqual(FACTS);
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
    ).rejects.toThrow('is not a JSON list of { name, ruleArn, queueArn, deadLetterQueueArn }');
  });
});

describe('the deployed replay', () => {
  const clients = () => ({ eventbridge: new EventBridgeClient({}), sqs: new SQSClient({}) });

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
    });
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
    expect(result).toEqual({ moves: [{ destination: 'crm-webhook', taskHandle: 'task-1' }] });
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
