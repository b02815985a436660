import {
  DeleteTableCommand,
  DescribeTableCommand,
  ResourceNotFoundException,
} from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiEvent, bodyOf, type Handler } from '../../test/events.ts';
import { type IntegrationEnv, useEmulators } from '../../test/integration.ts';
import { createSesMailer } from '../adapters/ses.ts';

let env: IntegrationEnv;
let handler: Handler;

beforeAll(async () => {
  env = await useEmulators('health');
  ({ handler } = await import('./health.ts'));
});

const get = () => apiEvent({ method: 'GET', path: '/api/email/health', body: undefined });

describe('GET /api/email/health against dynalite and aws-ses-v2-local', () => {
  it('answers 200 { success: true } with both emulators up', async () => {
    const response = await handler(get());
    expect(response.statusCode).toBe(200);
    expect(bodyOf(response)).toMatchObject({
      success: true,
      services: { database: 'up', email: 'up' },
    });
  });

  it('reads a visitor set the emulator does not know as not known, never as paused or down', async () => {
    // The local stack names no configuration set; a deployment names both. aws-ses-v2-local
    // has no GetConfigurationSet route (it answers 404 `<UnknownOperationException/>`): this
    // is what health would meet there.
    const mailer = createSesMailer(new SESv2Client({ endpoint: env.sesUrl }), {
      from: 'no-reply@kryon.example',
      configurationSet: 'kryon-sales',
      visitorConfigurationSet: 'kryon-visitor',
    });
    await expect(mailer.ping()).resolves.toEqual({ sandbox: false });
  });

  it('answers 503 with the database down once its table is gone', async () => {
    await env.dynamo.send(new DeleteTableCommand({ TableName: env.tableName }));
    // dynalite answers DeleteTable with DELETING and drops the table a moment later.
    await vi.waitFor(
      () =>
        expect(
          env.dynamo.send(new DescribeTableCommand({ TableName: env.tableName })),
        ).rejects.toBeInstanceOf(ResourceNotFoundException),
      { timeout: 5_000, interval: 20 },
    );
    // Within 45 s the warm handler answers from its last probe (decision 056): still up.
    expect((await handler(get())).statusCode).toBe(200);
    // Past it, a new probe finds the table gone. Only Date is faked: the SDK runs as usual.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 45_000);
    const response = await handler(get()).finally(() => vi.useRealTimers());
    expect(response.statusCode).toBe(503);
    expect(bodyOf(response)).toMatchObject({
      success: false,
      services: { database: 'down', email: 'up' },
    });
  });
});
