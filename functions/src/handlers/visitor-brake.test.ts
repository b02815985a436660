import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import {
  GetConfigurationSetCommand,
  NotFoundException,
  PutConfigurationSetSendingOptionsCommand,
  SESv2Client,
  SendEmailCommand,
  SendingPausedException,
} from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alarmEvent } from '../../test/alarm-event.ts';
import { sampleBody } from '../../test/events.ts';
import {
  FakeChallenges,
  FakeLeadStore,
  FakeMetrics,
  fakeSolution,
} from '../../test/fake-lead-store.ts';
import { testLeadConfig } from '../../test/lead-config.ts';
import { createSesMailer } from '../adapters/ses.ts';
import { confirmationOf } from '../leads/deliver.ts';
import { downloadForm } from '../leads/forms/download.ts';
import { type LeadDeps, submitLead } from '../leads/submit-lead.ts';

// The wiring reads its configuration once, on import: set it first, then load the handler.
Object.assign(process.env, {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  MAIL_FROM: 'Kryon Website <no-reply@kryon.example>',
  SES_CONFIGURATION_SET: 'kryon-sales',
  SES_VISITOR_CONFIGURATION_SET: 'kryon-visitor',
  TABLE_NAME: 'kryon-leads',
});
const { handler } = await import('./visitor-brake.ts');
const { logger } = await import('../wiring.ts');

/**
 * SES v2 as far as the brake and a lead's e-mails reach it, with state: each configuration
 * set sends until PutConfigurationSetSendingOptions turns it off, and SendEmail naming a set
 * that is off is refused. The SES v2 API documents one error for a paused sending,
 * SendingPausedException (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html),
 * worded as the account's pause whatever was paused: the mock answers in those words, so only
 * the mailer's GetConfigurationSet (answered from the same state) can tell the set's pause.
 */
const ses = mockClient(SESv2Client);
/**
 * The table as far as the brake reaches it: its one item, put only if its version is still the
 * one read (the document client's commands, as the adapter sends them).
 */
const dynamo = mockClient(DynamoDBDocumentClient);
let brakeItem: Record<string, unknown> | undefined;
const sending = new Map<string, boolean>();
/** What SES accepted for delivery: recipients and the set each message named. */
const accepted: { to: string[]; set: string | undefined }[] = [];

beforeEach(() => {
  vi.useRealTimers();
  dynamo.reset();
  brakeItem = undefined;
  dynamo.on(GetCommand).callsFake(async () => ({ Item: brakeItem && structuredClone(brakeItem) }));
  dynamo.on(PutCommand).callsFake(async (input) => {
    const expected = input.ExpressionAttributeValues?.[':version'];
    const holds =
      expected === undefined ? brakeItem === undefined : brakeItem?.version === expected;
    if (!holds) {
      throw new ConditionalCheckFailedException({
        message: 'The conditional request failed',
        $metadata: {},
      });
    }
    brakeItem = structuredClone(input.Item);
    return {};
  });
  ses.reset();
  sending.clear();
  accepted.length = 0;
  sending.set('kryon-sales', true);
  sending.set('kryon-visitor', true);
  ses.on(PutConfigurationSetSendingOptionsCommand).callsFake(async (input) => {
    const name = input.ConfigurationSetName as string;
    if (!sending.has(name)) {
      throw new NotFoundException({
        message: `Configuration set <${name}> does not exist.`,
        $metadata: {},
      });
    }
    sending.set(name, input.SendingEnabled === true);
    return {};
  });
  ses.on(GetConfigurationSetCommand).callsFake(async (input) => {
    const name = input.ConfigurationSetName as string;
    if (!sending.has(name)) {
      throw new NotFoundException({
        message: `Configuration set <${name}> does not exist.`,
        $metadata: {},
      });
    }
    return { ConfigurationSetName: name, SendingOptions: { SendingEnabled: sending.get(name) } };
  });
  ses.on(SendEmailCommand).callsFake(async (input) => {
    const set = input.ConfigurationSetName;
    if (set !== undefined && sending.get(set) === false) {
      throw new SendingPausedException({
        message:
          "The message can't be sent because the account's ability to send email is currently paused.",
        $metadata: { httpStatusCode: 400 },
      });
    }
    accepted.push({ to: input.Destination?.ToAddresses ?? [], set });
    return { MessageId: `ses-${accepted.length}` };
  });
});

afterEach(() => {
  vi.useRealTimers();
  // Whatever happened, the brake never named the sales set (it may now turn the visitor set
  // back on: its cool-down ends by itself, decision 075).
  for (const call of ses.commandCalls(PutConfigurationSetSendingOptionsCommand)) {
    expect(call.args[0].input).toMatchObject({ ConfigurationSetName: 'kryon-visitor' });
  }
  expect(sending.get('kryon-sales')).toBe(true);
});

/** EventBridge's scheduled event, as the brake's rule sends it every few minutes. */
const scheduled = {
  version: '0',
  id: 'f0e1d2c3-0000-4000-8000-000000000000',
  'detail-type': 'Scheduled Event',
  source: 'aws.events',
  account: '111122223333',
  time: '2026-11-26T12:00:00Z',
  region: 'eu-west-1',
  resources: ['arn:aws:events:eu-west-1:111122223333:rule/kryon-VisitorBrakeSchedule'],
  detail: {},
};

/** A lead function as production builds it, with SES mocked and the other ports faked. */
function leadFunction() {
  const store = new FakeLeadStore();
  const metrics = new FakeMetrics();
  let clock = new Date('2026-11-26T10:00:00.000Z');
  let ids = 0;
  const deps: LeadDeps = {
    store,
    mailer: createSesMailer(
      new SESv2Client({
        region: 'eu-west-1',
        credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
      }),
      {
        from: 'Kryon Website <no-reply@kryon.example>',
        configurationSet: 'kryon-sales',
        visitorConfigurationSet: 'kryon-visitor',
      },
    ),
    metrics,
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    now: () => clock,
    newId: () => `lead-${++ids}`,
    challenges: new FakeChallenges(),
    config: testLeadConfig(),
  };
  const submit = (idempotencyKey: string, email: string) => {
    clock = new Date(clock.getTime() + 120_000);
    return submitLead(
      {
        definition: downloadForm,
        body: { ...sampleBody('download'), email, altcha: fakeSolution() },
        idempotencyKey,
        userAgent: 'Mozilla/5.0',
        sourceIp: '203.0.113.7',
      },
      deps,
    );
  };
  return { store, metrics, submit };
}

describe('the visitor brake (SES v2 mocked with state)', () => {
  it('pauses the visitor stream on ALARM, and the next lead’s sales e-mail is still sent', async () => {
    const leads = leadFunction();
    // Before the brake: both messages go out, each with its own set.
    expect(await leads.submit('key-before-0001', 'ada@example.com')).toMatchObject({
      confirmation: 'sent',
    });
    expect(accepted.map((a) => a.set).sort()).toEqual(['kryon-sales', 'kryon-visitor']);
    accepted.length = 0;

    expect(await handler(alarmEvent('ALARM', 'OK'))).toMatchObject({
      action: 'paused',
      alarmName: 'kryon-VisitorBounceRate',
      trips: 1,
    });
    expect(sending.get('kryon-visitor')).toBe(false);

    const result = await leads.submit('key-after-00001', 'grace@example.com');

    // The visitor is told the truth, and keeps the link on the page.
    expect(result).toMatchObject({
      kind: 'accepted',
      confirmation: 'not-sent',
      reportUrl: expect.stringContaining('/api/email/report?'),
    });
    // Sales got the lead, with the sales set; SES delivered nothing to the visitor.
    expect(accepted).toEqual([{ to: ['sales@kryon.example'], set: 'kryon-sales' }]);
    const refused = ses
      .commandCalls(SendEmailCommand)
      .map((call) => call.args[0].input)
      .filter((input) => input.ConfigurationSetName === 'kryon-visitor');
    expect(refused.at(-1)?.Destination?.ToAddresses).toEqual(['grace@example.com']);
    // The lead is stored, its sales e-mail sent, its confirmation withheld for good.
    const lead = leads.store.rows.get('download#key-after-00001');
    expect(lead).toMatchObject({
      emailStatus: 'sent',
      pending: false,
      emails: {
        sales: { status: 'sent', attempts: 1 },
        visitor: { status: 'withheld', reason: 'visitor-stream-paused', attempts: 0 },
      },
    });
    expect(lead && confirmationOf(lead, downloadForm)).toBe('not-sent');
    expect(leads.metrics.counts['VisitorEmailPaused:download']).toBe(1);
  });

  it('does not resume on OK or INSUFFICIENT_DATA: the schedule does, once the cool-down is over', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T10:05:00.000Z'));
    await handler(alarmEvent('ALARM', 'OK'));
    vi.setSystemTime(new Date('2026-11-26T10:10:00.000Z'));
    const ok = alarmEvent('OK', 'ALARM');
    ok.alarmData.state.timestamp = '2026-11-26T10:10:00.000+0000';

    expect(await handler(ok)).toMatchObject({ action: 'recorded', state: 'OK' });
    expect(sending.get('kryon-visitor')).toBe(false);
    // Within the first cool-down (an hour): still paused.
    vi.setSystemTime(new Date('2026-11-26T11:00:00.000Z'));
    expect(await handler(scheduled)).toEqual({ action: 'none' });
    expect(sending.get('kryon-visitor')).toBe(false);

    vi.setSystemTime(new Date('2026-11-26T11:06:00.000Z'));
    expect(await handler(scheduled)).toEqual({ action: 'resumed' });
    expect(sending.get('kryon-visitor')).toBe(true);
    expect(brakeItem).toMatchObject({
      pk: 'BRAKE#visitor',
      sk: 'BRAKE',
      mode: 'running',
      trips: 1,
      changedBy: 'schedule',
    });

    // The next lead's confirmation goes out again.
    const leads = leadFunction();
    expect(await leads.submit('key-resumed-001', 'ada@example.com')).toMatchObject({
      confirmation: 'sent',
    });
  });

  it('pauses a paused stream again without error (the complaint alarm after the bounce one)', async () => {
    await handler(alarmEvent('ALARM', 'OK', 'kryon-VisitorBounceRate'));
    await handler(alarmEvent('ALARM', 'OK', 'kryon-VisitorComplaintRate'));

    expect(sending.get('kryon-visitor')).toBe(false);
    expect(ses).toHaveReceivedCommandTimes(PutConfigurationSetSendingOptionsCommand, 2);
  });

  it('logs the pause at error level with the alarm’s name and reason', async () => {
    const error = vi.spyOn(logger, 'error');
    try {
      await handler(alarmEvent('ALARM', 'OK', 'kryon-VisitorComplaintRate'));

      expect(error).toHaveBeenCalledWith(
        expect.stringContaining('visitor e-mail paused by the brake'),
        expect.objectContaining({
          alarmName: 'kryon-VisitorComplaintRate',
          reason: expect.stringContaining('Threshold Crossed'),
        }),
      );
    } finally {
      error.mockRestore();
    }
  });

  it('fails the invocation when SES does not take the pause, for Lambda to retry it', async () => {
    ses
      .on(PutConfigurationSetSendingOptionsCommand)
      .rejects(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));

    await expect(handler(alarmEvent('ALARM', 'OK'))).rejects.toMatchObject({
      name: 'TooManyRequestsException',
    });
  });
});
