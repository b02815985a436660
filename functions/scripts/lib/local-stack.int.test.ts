import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListTablesCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { startDynamo } from '../../local/emulators.ts';
import { handlerEnvironment } from '../../local/environment.ts';
import { holdPortOfNothing } from '../../test/port-of-nothing.ts';
import {
  answersAsDynamo,
  answersAsSes,
  connectLocalStack,
  localDynamoClient,
} from './local-stack.ts';

const scratch = mkdtempSync(join(tmpdir(), 'kryon-stack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** A port on which no emulator answers, until the test ends. */
async function portOfNothing(): Promise<string> {
  const held = await holdPortOfNothing();
  onTestFinished(held.close);
  return String(held.port);
}

describe('connectLocalStack', () => {
  it('uses the emulators that answer on DYNAMODB_PORT and SES_PORT, and leaves them running', async () => {
    const dynamoUrl = inject('dynamoUrl');
    const sesUrl = inject('sesUrl');
    const env = {
      DYNAMODB_PORT: new URL(dynamoUrl).port,
      SES_PORT: new URL(sesUrl).port,
      DATA_DIR: join(scratch, 'attached'),
    };
    const stack = await connectLocalStack({ ses: true, env });
    expect(stack).toMatchObject({ dynamoUrl, sesUrl, started: { dynamo: false, ses: false } });
    await stack.close();
    expect(await answersAsDynamo(dynamoUrl)).toBe(true);
    expect(await answersAsSes(sesUrl)).toBe(true);
  });

  it('starts its own emulators when none answer, and stops them on close', async () => {
    const dataDir = join(scratch, 'own');
    const env = {
      DYNAMODB_PORT: await portOfNothing(),
      SES_PORT: await portOfNothing(),
      DATA_DIR: dataDir,
    };
    const stack = await connectLocalStack({ ses: true, env });
    expect(stack.started).toEqual({ dynamo: true, ses: true });
    expect(await answersAsDynamo(stack.dynamoUrl)).toBe(true);
    expect(await answersAsSes(stack.sesUrl ?? '')).toBe(true);

    const vars = handlerEnvironment(stack.settings, stack, {});
    expect(vars).toMatchObject({
      AWS_ENDPOINT_URL_DYNAMODB: stack.dynamoUrl,
      AWS_ENDPOINT_URL_SESV2: stack.sesUrl,
      TABLE_NAME: 'kryon-leads',
    });
    // The IP-hash secret is the one `npm start` keeps in DATA_DIR, created once.
    expect(vars.IP_HASH_SECRET).toBe(readFileSync(join(dataDir, 'ip-hash-secret'), 'utf8'));
    expect(handlerEnvironment(stack.settings, stack, {}).IP_HASH_SECRET).toBe(vars.IP_HASH_SECRET);

    await stack.close();
    expect(await answersAsDynamo(stack.dynamoUrl)).toBe(false);
    expect(await answersAsSes(stack.sesUrl ?? '')).toBe(false);
  });

  it('refuses a DATA_DIR whose database another process holds open', async () => {
    const dataDir = join(scratch, 'held');
    const holder = await startDynamo({ port: 0, path: join(dataDir, 'dynamodb') });
    try {
      // dynalite opens its LevelDB in the background, and answering a GET does not need it.
      // Listing tables reads the database, so the lock is held once it answers.
      const client = localDynamoClient({ dynamoUrl: holder.url });
      expect((await client.send(new ListTablesCommand({}))).TableNames).toEqual([]);
      client.destroy();
      const env = { DYNAMODB_PORT: await portOfNothing(), DATA_DIR: dataDir };
      await expect(connectLocalStack({ ses: false, env })).rejects.toThrow(
        /is open in another process .*Set DYNAMODB_PORT to its port/,
      );
    } finally {
      await holder.close();
    }
  });
});
