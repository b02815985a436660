import {
  GetConfigurationSetCommand,
  SESv2Client,
  SendEmailCommand,
  SendingPausedException,
} from '@aws-sdk/client-sesv2';
import { DynamoDBDocumentClient, GetCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type SesWithEvents, startSesWithEvents } from '../../local/ses-events.ts';
import { alarmEvent } from '../../test/alarm-event.ts';
import { type IntegrationEnv, useEmulators } from '../../test/integration.ts';
import { BRAKE_KEY, createDynamoBrakeStateStore } from '../adapters/brake-state.ts';
import { createSesVisitorBrake } from '../adapters/ses.ts';
import {
  applyVisitorBrake,
  holdVisitorBrake,
  liftVisitorBrake,
  resumeVisitorBrakeWhenDue,
  type VisitorBrakeDeps,
} from './visitor-brake.ts';

/*
 * The brake's own code path on the embedded emulators (decision 075): its item in dynalite,
 * written with the version check, and the visitor set's switch through the local SES proxy,
 * which keeps each set's sending option as SES would and refuses a send naming a set that is
 * off. Only the clock is the test's.
 */

let env: IntegrationEnv;
let ses: SesWithEvents;
let client: SESv2Client;
let clock: Date;
let deps: VisitorBrakeDeps;

beforeAll(async () => {
  env = await useEmulators('brake');
  ses = await startSesWithEvents({ port: 0, deliver: async () => undefined });
  client = new SESv2Client({
    endpoint: ses.url,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  clock = new Date('2026-11-26T10:05:00.000Z');
  deps = {
    brake: createSesVisitorBrake(client, { visitorConfigurationSet: 'kryon-visitor' }),
    store: createDynamoBrakeStateStore(env.dynamo, env.tableName),
    log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
    metrics: { count: vi.fn(), flush: vi.fn() },
    now: () => clock,
    settings: { coolDownMs: 3_600_000, maxCoolDownMs: 12 * 3_600_000 },
  };
});

afterAll(async () => {
  client.destroy();
  await ses.close();
});

async function sending(set: string): Promise<boolean | undefined> {
  const out = await client.send(new GetConfigurationSetCommand({ ConfigurationSetName: set }));
  return out.SendingOptions?.SendingEnabled;
}

function send(set: string) {
  return client.send(
    new SendEmailCommand({
      FromEmailAddress: 'no-reply@kryon.example',
      Destination: { ToAddresses: ['ada@example.com'] },
      ConfigurationSetName: set,
      Content: { Simple: { Subject: { Data: 'Hi' }, Body: { Text: { Data: 'Hello' } } } },
    }),
  );
}

function change(state: string, previous: string) {
  const event = alarmEvent(state, previous, 'kryon-VisitorBounceBrake');
  event.alarmData.state.timestamp = clock.toISOString();
  return event;
}

async function storedItem() {
  const doc = DynamoDBDocumentClient.from(env.dynamo);
  return (await doc.send(new GetCommand({ TableName: env.tableName, Key: BRAKE_KEY }))).Item;
}

describe('the visitor brake on the local stack', () => {
  it('pauses the visitor set alone, and the pause ends by itself after the cool-down', async () => {
    expect(await applyVisitorBrake(change('ALARM', 'OK'), deps)).toMatchObject({
      action: 'paused',
      pausedUntil: '2026-11-26T11:05:00.000Z',
    });
    expect(await sending('kryon-visitor')).toBe(false);
    await expect(send('kryon-visitor')).rejects.toBeInstanceOf(SendingPausedException);
    await expect(send('kryon-sales')).resolves.toMatchObject({ MessageId: expect.any(String) });
    expect(await storedItem()).toMatchObject({ mode: 'paused', trips: 1, version: 1 });

    clock = new Date('2026-11-26T10:10:00.000Z');
    await applyVisitorBrake(change('OK', 'ALARM'), deps);
    clock = new Date('2026-11-26T11:00:00.000Z');
    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'none' });
    expect(await sending('kryon-visitor')).toBe(false);

    clock = new Date('2026-11-26T11:05:00.000Z');
    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'resumed' });
    expect(await sending('kryon-visitor')).toBe(true);
    await expect(send('kryon-visitor')).resolves.toMatchObject({ MessageId: expect.any(String) });
    expect(await storedItem()).toMatchObject({ mode: 'running', trips: 1, version: 3 });
  });

  it('holds it for a person until a person lifts it', async () => {
    await holdVisitorBrake(deps, 'ops', 'scraped list');
    clock = new Date('2026-11-30T11:05:00.000Z');
    expect(await resumeVisitorBrakeWhenDue(deps)).toEqual({ action: 'none' });
    expect(await sending('kryon-visitor')).toBe(false);

    await liftVisitorBrake(deps, 'ops');
    expect(await sending('kryon-visitor')).toBe(true);
    expect(await storedItem()).toMatchObject({ mode: 'running', trips: 0, changedBy: 'ops' });
  });
});
