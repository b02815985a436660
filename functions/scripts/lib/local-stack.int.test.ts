import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { startDynamo } from '../../local/emulators.ts';
import { handlerEnvironment } from '../../local/environment.ts';
import { answersAsDynamo, answersAsSes, connectLocalStack } from './local-stack.ts';

const scratch = mkdtempSync(join(tmpdir(), 'kryon-stack-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function closedPort(): Promise<string> {
  return new Promise((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(String(typeof address === 'object' && address ? address.port : 0)));
    });
  });
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
      DYNAMODB_PORT: await closedPort(),
      SES_PORT: await closedPort(),
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
      // The holder answers, so its LevelDB is open.
      expect(await answersAsDynamo(holder.url)).toBe(true);
      const env = { DYNAMODB_PORT: await closedPort(), DATA_DIR: dataDir };
      await expect(connectLocalStack({ ses: false, env })).rejects.toThrow(
        /is open in another process .*Set DYNAMODB_PORT to its port/,
      );
    } finally {
      await holder.close();
    }
  });
});
