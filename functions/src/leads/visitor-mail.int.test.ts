import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
} from '@aws-sdk/lib-dynamodb';
import { CHALLENGE_FIELD, CHALLENGE_TTL_MS } from '@kryon/shared/constants';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { solvedChallenge } from '../../test/browser-check.ts';
import { apiEvent, type Handler, sampleBody } from '../../test/events.ts';
import {
  emailsSentTo,
  type IntegrationEnv,
  storedLeadItem,
  uniqueEmail,
  uniqueKey,
  useEmulators,
} from '../../test/integration.ts';
import { CONFIRMATION_RATE_KEY, PRICE_CURVE } from './challenge-price.ts';

/*
 * The rest of the visitor-mail rules through the real demo handler, the real SDK clients and
 * the emulators: the hourly ceiling, an expired challenge, and an address SES refuses for
 * good. SES is reached through a small relay that answers SES's own 400 BadRequestException
 * for an address starting with "refused-" (what SES v2 answers for a malformed address) and
 * passes everything else to the emulator, which accepts any address.
 */
let env: IntegrationEnv;
let relay: Server;
let handler: Handler;

beforeAll(async () => {
  env = await useEmulators('visitor-mail');
  relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const body = Buffer.concat(chunks);
      if (/"ToAddresses":\["refused-/.test(body.toString('utf8'))) {
        res.writeHead(400, {
          'content-type': 'application/json',
          'x-amzn-errortype': 'BadRequestException',
        });
        res.end(JSON.stringify({ message: "Missing final '@domain'" }));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' &&
            !['host', 'connection', 'content-length'].includes(entry[0]),
        ),
      );
      const upstream = await fetch(`${env.sesUrl}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' ? undefined : body,
      });
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  process.env.AWS_ENDPOINT_URL_SESV2 = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  // Two confirmations an hour over every form, so the ceiling is reached in a test.
  process.env.VISITOR_MAIL_PER_HOUR = '2';
  handler = ((await import('../handlers/demo.ts')) as { handler: Handler }).handler;
});

afterAll(async () => {
  await new Promise((resolve) => relay.close(resolve));
});

afterEach(() => {
  vi.useRealTimers();
});

async function demo(email: string, altcha: string | undefined) {
  const key = uniqueKey();
  const response = await handler(
    apiEvent({
      path: '/api/email/demo',
      body: { ...sampleBody('demo'), workEmail: email, [CHALLENGE_FIELD]: altcha },
      headers: { 'idempotency-key': key },
    }),
  );
  expect(response.statusCode).toBe(200);
  return storedLeadItem(env, 'demo', key);
}

describe('e-mails to visitors against the emulators', () => {
  it('withholds a confirmation past its lifetime: the challenge expired', async () => {
    const altcha = await solvedChallenge('demo');
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + CHALLENGE_TTL_MS + 60_000 });
    const email = uniqueEmail('late');

    const lead = await demo(email, altcha);

    expect(lead).toMatchObject({
      browserCheck: 'expired',
      emails: { visitor: { status: 'withheld', reason: 'unverified' } },
    });
    expect(await emailsSentTo(env.sesUrl, email)).toEqual([]);
  });

  it('records an address SES refuses for good as rejected, never to be retried', async () => {
    const email = uniqueEmail('refused');

    const lead = await demo(email, await solvedChallenge('demo'));

    expect(lead?.emails.visitor).toMatchObject({ status: 'rejected', attempts: 1 });
    expect(lead?.emails.visitor.error).toMatch(/PermanentSendError.*BadRequestException/);
    expect(lead?.emails.sales).toMatchObject({ status: 'sent' });
    expect(lead?.emailStatus).toBe('sent');
    // Not on the re-send list: nothing is owed.
    expect(lead?.resendPartition).toBeUndefined();
  });

  it('asks for a new solution when the challenge was bought before a flood raised the price', async () => {
    const cheap = await solvedChallenge('demo');
    // A flood's confirmations since: a level above the price it was issued at.
    const doc = DynamoDBDocumentClient.from(env.dynamo);
    const key = {
      pk: `RATE#${CONFIRMATION_RATE_KEY}#${Math.floor(Date.now() / PRICE_CURVE.windowMs)}`,
      sk: 'RATE',
    };
    await doc.send(
      new PutCommand({
        TableName: env.tableName,
        Item: { ...key, hits: PRICE_CURVE.free + 1 },
      }),
    );
    // Past the second a warm function keeps the price it read when it issued the challenge.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1_500 });
    const email = uniqueEmail('repriced');
    const idempotencyKey = uniqueKey();

    try {
      const response = await handler(
        apiEvent({
          path: '/api/email/demo',
          body: { ...sampleBody('demo'), workEmail: email, [CHALLENGE_FIELD]: cheap },
          headers: { 'idempotency-key': idempotencyKey },
        }),
      );

      expect(response.statusCode).toBe(409);
      expect(JSON.parse(response.body)).toMatchObject({
        success: false,
        reason: 'challenge-repriced',
        message: expect.stringMatching(/send the form again/),
      });
      expect(await storedLeadItem(env, 'demo', idempotencyKey)).toBeUndefined();
      expect(await emailsSentTo(env.sesUrl, email)).toEqual([]);

      // The site's next try, with a challenge at the new price: taken and confirmed.
      vi.useRealTimers();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 3_000 });
      const again = await handler(
        apiEvent({
          path: '/api/email/demo',
          body: {
            ...sampleBody('demo'),
            workEmail: email,
            [CHALLENGE_FIELD]: await solvedChallenge('demo'),
          },
          headers: { 'idempotency-key': idempotencyKey },
        }),
      );
      expect(again.statusCode).toBe(200);
      expect(await storedLeadItem(env, 'demo', idempotencyKey)).toMatchObject({
        browserCheck: 'verified',
      });
    } finally {
      await doc.send(new DeleteCommand({ TableName: env.tableName, Key: key }));
    }
  });

  it('sends confirmations up to the hourly ceiling, then withholds them, every lead kept', async () => {
    // What earlier tests of this file already took of the ceiling of two.
    const { Item: counter } = await DynamoDBDocumentClient.from(env.dynamo).send(
      new GetCommand({
        TableName: env.tableName,
        Key: { pk: 'RATE#visitor-mail#all', sk: 'RATE' },
        ConsistentRead: true,
      }),
    );
    const left = 2 - Number(counter?.hits ?? 0);
    const leads = [];
    for (const label of ['first', 'second', 'third']) {
      leads.push(await demo(uniqueEmail(label), await solvedChallenge('demo')));
    }

    expect(leads.map((lead) => lead?.emails.visitor.status)).toEqual(
      ['sent', 'sent', 'sent'].map((sent, i) => (i < left ? sent : 'withheld')),
    );
    expect(leads.at(-1)?.emails.visitor.reason).toBe('hourly-ceiling');
    for (const lead of leads) expect(lead?.emails.sales).toMatchObject({ status: 'sent' });
  });
});
