import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBridgeClient } from '@aws-sdk/client-eventbridge';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type LocalEventBus, startLocalEventBus } from '../../local/event-bus.ts';
import { bodyOf, contactBody, contactEvent, type Handler } from '../../test/events.ts';
import {
  type IntegrationEnv,
  uniqueEmail,
  uniqueKey,
  useEmulators,
} from '../../test/integration.ts';
import { createDynamoLeadStore } from '../adapters/dynamodb.ts';
import { createEventBridgeBus } from '../adapters/event-bus.ts';
import { leadEvent } from './lead-events.ts';
import { PUBLISH_RETRY_MS, publishOwedEvents } from './publish-events.ts';

/*
 * The bus fails after the lead is stored: through the real contact handler, the SDK's
 * PutEvents and DynamoDB (dynalite), the visitor is answered, the lead is stored with its
 * event owed, and the scheduled run publishes it, with the same id, once the bus answers. The
 * bus is the local EventBridge behind a relay that can be switched off.
 */
let env: IntegrationEnv;
let bus: LocalEventBus;
let relay: Server;
let relayUrl: string;
let down = false;
const dir = mkdtempSync(join(tmpdir(), 'publish-outage-'));

beforeAll(async () => {
  env = await useEmulators('publish-outage');
  bus = await startLocalEventBus({
    port: 0,
    dir,
    destinations: [],
    deliver: async () => ({ ok: true, status: 200 }),
  });
  relay = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (down) {
        // What EventBridge answers when it cannot take a call: a 5xx the SDK retries, then throws.
        res.writeHead(503, {
          'content-type': 'application/x-amz-json-1.1',
          'x-amzn-errortype': 'ServiceUnavailableException',
        });
        res.end(JSON.stringify({ message: 'unavailable' }));
        return;
      }
      const upstream = await fetch(`${bus.url}${req.url}`, {
        method: req.method,
        headers: {
          'content-type': String(req.headers['content-type']),
          'x-amz-target': String(req.headers['x-amz-target']),
        },
        body: Buffer.concat(chunks),
      });
      res.writeHead(upstream.status, { 'content-type': 'application/x-amz-json-1.1' });
      res.end(await upstream.text());
    });
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}`;
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_EVENTBRIDGE: relayUrl,
    LEAD_EVENT_BUS_NAME: bus.busName,
  });
});

afterAll(async () => {
  await new Promise((resolve) => relay.close(resolve));
  await bus.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('a lead event when the bus fails after the lead is stored', () => {
  it('is kept on the lead and published later with the same id: nothing lost', async () => {
    const { handler } = (await import('../handlers/contact.ts')) as { handler: Handler };
    down = true;
    const response = await handler(
      contactEvent(contactBody({ email: uniqueEmail('outage') }), uniqueKey()),
    );
    // The visitor's answer does not depend on the bus.
    expect(response.statusCode).toBe(200);
    const submissionId = String(bodyOf(response).submissionId);
    expect(bus.archived()).toEqual([]);

    const store = createDynamoLeadStore(env.dynamo, env.tableName);
    const later = () => new Date(Date.now() + PUBLISH_RETRY_MS + 1_000);
    const due = await store.listOwedEvents({ dueBy: later().getTime(), limit: 10 });
    expect(due.leads).toHaveLength(1);
    const {
      events: [owed],
    } = await store.readOwedEvents(due.leads[0] as never);
    expect(owed?.type).toBe('lead.accepted');

    down = false;
    const client = new EventBridgeClient({ endpoint: relayUrl });
    const summary = await publishOwedEvents({
      store,
      bus: createEventBridgeBus(bus.busName, client),
      log: { info: vi.fn(), warn: vi.fn(), error: vi.fn() },
      now: later,
    });
    client.destroy();
    expect(summary).toEqual({ leads: 1, published: 1, failed: 0, unreadable: 0 });
    const [archived] = bus.archived();
    expect(archived?.['detail-type']).toBe('lead.accepted');
    expect(leadEvent.parse(archived?.detail)).toMatchObject({
      id: owed?.id,
      leadId: submissionId,
      type: 'lead.accepted',
    });
    // Published and cleared: the next run has nothing to do.
    expect((await store.listOwedEvents({ dueBy: later().getTime(), limit: 10 })).leads).toEqual([]);
  }, 30_000);
});
