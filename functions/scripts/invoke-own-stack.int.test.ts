import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { DynamoDBDocumentClient, ScanCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDynamo } from '../local/emulators.ts';
import { type HeldPort, holdPortOfNothing } from '../test/port-of-nothing.ts';
import { main } from './invoke.ts';
import { captureIo } from './lib/capture-io.ts';
import { localDynamoClient } from './lib/local-stack.ts';

/*
 * `npm run invoke` with no `npm start` running: it starts dynalite on DATA_DIR and an SES
 * emulator for the one call, prints the e-mails (their inbox goes when it stops), and the
 * lead stays on disk for the next start.
 */
const events = resolve(import.meta.dirname, '..', 'events');
const saved = { ...process.env };
let dataDir: string;
let held: HeldPort[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'kryon-invoke-own-'));
  held = [await holdPortOfNothing(), await holdPortOfNothing()];
  Object.assign(process.env, {
    DYNAMODB_PORT: String(held[0]?.port),
    SES_PORT: String(held[1]?.port),
    DATA_DIR: dataDir,
    TABLE_NAME: 'kryon-leads',
  });
});

afterAll(async () => {
  process.env = { ...saved };
  await Promise.all(held.map((port) => port.close()));
  rmSync(dataDir, { recursive: true, force: true });
});

describe('invoke without a running local stack', () => {
  it('starts the emulators for the call, prints the e-mail, and keeps the lead on DATA_DIR', async () => {
    const io = captureIo();
    expect(await main(['contact', join(events, 'contact.json')], io)).toBe(0);
    const out = io.stdout();
    expect(out).toContain(
      `DynamoDB: dynalite started for this call, table kryon-leads, data in ${dataDir}`,
    );
    expect(out).toContain('HTTP 200');
    expect(out).toContain('E-mails sent by this call: 1. The SES emulator stops with this command');
    expect(out).toContain('Subject: Contact · Pricing · from “Analytical Engines Ltd”');
    expect(out).toContain('Reply-To: ada.lovelace@analytical-engines.example');
    expect(out).toContain('Is there an annual plan?');
    const submissionId = /"submissionId": "([^"]+)"/.exec(out)?.[1];
    expect(submissionId).toMatch(/^[0-9a-f-]{36}$/);

    // Its dynalite is closed (LevelDB allows one opener) and the lead is on disk.
    const dynamo = await startDynamo({ port: 0, path: join(dataDir, 'dynamodb') });
    try {
      const client = localDynamoClient({ dynamoUrl: dynamo.url });
      const { Items = [] } = await DynamoDBDocumentClient.from(client).send(
        new ScanCommand({ TableName: 'kryon-leads' }),
      );
      expect(Items.filter((item) => item.submissionId === submissionId)).toHaveLength(1);
      client.destroy();
    } finally {
      await dynamo.close();
    }
  });
});
