import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { SUCCESS_MESSAGES } from '@kryon/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailsTo, type IntegrationEnv, useEmulators } from '../test/integration.ts';
import { main } from './invoke.ts';
import { captureIo } from './lib/capture-io.ts';

/*
 * `npm run invoke` while `npm start` runs: the emulators that answer on DYNAMODB_PORT and
 * SES_PORT (here the test run's) are used, and left running.
 */
const events = resolve(import.meta.dirname, '..', 'events');
const saved = { ...process.env };
let env: IntegrationEnv;
let dataDir: string;

beforeAll(async () => {
  env = await useEmulators('invoke');
  dataDir = mkdtempSync(join(tmpdir(), 'kryon-invoke-data-'));
  Object.assign(process.env, {
    DYNAMODB_PORT: new URL(process.env.AWS_ENDPOINT_URL_DYNAMODB ?? '').port,
    SES_PORT: new URL(env.sesUrl).port,
    DATA_DIR: dataDir,
  });
});

afterAll(() => {
  process.env = { ...saved };
  rmSync(dataDir, { recursive: true, force: true });
});

describe('invoke against a running local stack', () => {
  it('runs the contact handler with the sample event and prints its answer', async () => {
    const io = captureIo();
    expect(await main(['contact', join(events, 'contact.json')], io)).toBe(0);
    const out = io.stdout();
    expect(out).toContain('POST /api/email/contact -> contact');
    expect(out).toContain(
      `DynamoDB: the running local stack at ${process.env.AWS_ENDPOINT_URL_DYNAMODB}, table ${env.tableName}`,
    );
    expect(out).toContain(
      'HTTP 200\ncache-control: no-store\ncontent-type: application/json; charset=utf-8',
    );
    expect(out).toContain(`"message": "${SUCCESS_MESSAGES.contact}"`);
    expect(out).toContain(
      `E-mails sent by this call: 1. Read them in the SES inbox at ${env.sesUrl}`,
    );
    expect(out).toContain('Contact · Pricing · from “Analytical Engines Ltd”');
    expect(out).not.toContain('Note: the API routes');

    const submissionId = /"submissionId": "([^"]+)"/.exec(out)?.[1];
    const { Items = [] } = await env.dynamo.send(new ScanCommand({ TableName: env.tableName }));
    expect(Items.find((item) => item.submissionId === submissionId)).toMatchObject({
      form: 'contact',
      emailStatus: 'sent',
      fields: { email: 'ada.lovelace@analytical-engines.example' },
    });
    expect(await emailsTo(env.sesUrl, 'ada.lovelace@analytical-engines.example')).toHaveLength(1);
  });

  it('runs the health handler and says when an event belongs to another route', async () => {
    const io = captureIo();
    await main(['health', join(events, 'status.json')], io);
    expect(io.stdout()).toContain(
      'Note: the API routes GET /api/email/status to status, not health.',
    );
    expect(io.stdout()).toContain('HTTP 200');
    expect(io.stdout()).toMatch(/"database": "up",\s+"email": "up"/);
    expect(io.stdout()).toContain('E-mails sent by this call: 0.');
  });
});
