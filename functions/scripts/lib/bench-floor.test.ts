import { ConditionalCheckFailedException, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import {
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { LEAD_FORMS, type LeadForm } from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { mockClient } from 'aws-sdk-client-mock';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAltchaService } from '../../src/adapters/altcha.ts';
import { type Handler, sampleBody } from '../../test/events.ts';
import {
  type BenchRequest,
  benchEvent,
  createFloor,
  describeCall,
  prepareFloor,
} from './bench-floor.ts';

// The wiring reads its configuration once, on import: set it first, then load the handlers.
Object.assign(process.env, {
  AWS_REGION: 'eu-west-1',
  AWS_ACCESS_KEY_ID: 'test',
  AWS_SECRET_ACCESS_KEY: 'test',
  TABLE_NAME: 'leads-floor',
  MAIL_FROM: 'Kryon Website <no-reply@kryon.example>',
  MAIL_TO: 'sales@kryon.example',
  IP_HASH_SECRET: 'floor-secret',
  SITE_ORIGIN: 'https://www.kryon.example',
  // The test addresses' domains are made up, and this machine has no DNS to the internet.
  MAIL_DOMAIN_CHECK: 'off',
  // Every accepted lead's event goes to the bus, as deployed (decision 090).
  LEAD_EVENT_BUS_NAME: 'kryon-floor-events',
});
const { formDeps, mailerOptions } = await import('../../src/wiring.ts');
const { formConfig, readConfig } = await import('../../src/config.ts');

const dynamo = mockClient(DynamoDBClient);
const documents = mockClient(DynamoDBDocumentClient);
const ses = mockClient(SESv2Client);
const eventBridge = mockClient(EventBridgeClient);

/** Every SDK request, in the order sent, from the handler's clients or the floor's alike. */
let sent: [string, unknown][];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date());
  dynamo.reset();
  documents.reset();
  ses.reset();
  eventBridge.reset();
  sent = [];
  const putEvents = async (input: unknown) => {
    sent.push(['PutEvents', input]);
    return { FailedEntryCount: 0, Entries: [{ EventId: `bus-${sent.length}` }] };
  };
  eventBridge.on(PutEventsCommand).callsFake(putEvents);
  documents.on(PutCommand).callsFake(async (input) => {
    sent.push(['Put', input]);
    return {};
  });
  // The challenge price is read at most once a second by a warm function, not per request:
  // neither the handler's calls nor the floor's list it.
  documents.on(GetCommand).resolves({});
  documents.on(UpdateCommand).callsFake(async (input) => {
    sent.push(['Update', input]);
    // The hourly ceiling is one key for every request: its window is already running.
    if (input.Key?.pk === 'RATE#visitor-mail#all' && input.UpdateExpression?.startsWith('SET')) {
      throw new ConditionalCheckFailedException({ message: 'running', $metadata: {} });
    }
    return { Attributes: { windowStart: Date.now() } };
  });
  ses.on(SendEmailCommand).callsFake(async (input) => {
    sent.push(['Send', input]);
    return { MessageId: `ses-${sent.length}` };
  });
});

afterEach(() => {
  vi.useRealTimers();
});

const challenges = createAltchaService({
  secret: 'floor-secret',
  difficulty: { cost: 1, counterMin: 1, counterMax: 4 },
});

async function benchRequest(form: LeadForm): Promise<BenchRequest> {
  const challenge = (await challenges.issue(form)) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  return {
    body: {
      ...sampleBody(form),
      [CHALLENGE_FIELD]: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
    },
    sourceIp: '198.18.0.7',
    idempotencyKey: 'floor-key-1',
    userAgent: 'Mozilla/5.0 floor test',
  };
}

/**
 * What differs between two runs of one request by nature: the submission id (a fresh UUID
 * each run), the lead event's id and the report link's signature (made from that id) and the
 * message ids SES answers, which the floor cannot know before it sends.
 */
function comparable(requests: [string, unknown][]): unknown {
  const text = JSON.stringify(requests)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>')
    .replace(/evt_[0-9a-f]{32}/g, 'evt_<id>')
    .replace(/sig=[A-Za-z0-9_-]+/g, 'sig=<sig>')
    .replace(/"messageId":"[^"]*"/g, '"messageId":"<id>"');
  return JSON.parse(text);
}

/**
 * The requests in order up to the lead's put; what follows runs side by side (the lead event,
 * its clears, the e-mails and their record), whose order is the network's: compared as a set.
 */
function inSteps(requests: unknown): unknown {
  const list = requests as [string, unknown][];
  const lastPut = list.map(([kind]) => kind).lastIndexOf('Put');
  const tail = list.slice(lastPut + 1).map((request) => JSON.stringify(request));
  return { inOrder: list.slice(0, lastPut + 1), sideBySide: tail.sort() };
}

describe('the bench floor', () => {
  it.each(LEAD_FORMS)('sends what the %s handler sends, in its order', async (form) => {
    const request = await benchRequest(form);
    const { handler } = (await import(`../../src/handlers/${form}.ts`)) as { handler: Handler };

    const response = await handler(benchEvent(form, request));
    expect(response.statusCode).toBe(200);
    const byHandler = sent;
    sent = [];
    const [call] = await prepareFloor(form, [request], {
      deps: formDeps(form, { current: 'floor-secret' }, readConfig(formConfig(form))),
      tableName: 'leads-floor',
      busName: 'kryon-floor-events',
      mail: mailerOptions(readConfig(formConfig(form))),
    });
    expect(sent).toEqual([]);
    const floor = createFloor();
    expect(await floor.run(call as NonNullable<typeof call>)).toBe('ok');
    floor.close();

    expect(byHandler.length).toBeGreaterThan(0);
    expect(inSteps(comparable(sent))).toEqual(inSteps(comparable(byHandler)));
  });

  it('names the calls of a form that mails the visitor', async () => {
    const [call] = await prepareFloor('demo', [await benchRequest('demo')], {
      deps: formDeps('demo', { current: 'floor-secret' }, readConfig(formConfig('demo'))),
      tableName: 'leads-floor',
      busName: 'kryon-floor-events',
      mail: mailerOptions(readConfig(formConfig('demo'))),
    });
    // Submission budgets, the challenge claim, the address's suppression entry, the
    // visitor's two budgets, the confirmation's admission to the challenge price (one
    // conditional add), the lead with its event owed (and its id's item), then beside each
    // other the event on the bus and its clear (two updates), both sends and their record.
    expect(describeCall(call)).toBe(
      'Put, Update, Update, Get, Update, Update, Update, Put, Put, PutEvents ‖ Send ‖ Send ‖ Update ‖ Update ‖ Update',
    );
  });
});
