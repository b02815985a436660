import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { type Emulator, startDynamo } from '../../local/emulators.ts';
import { type LocalSettings, localSettings } from '../../local/environment.ts';
import { deliverToHandler } from '../../local/ses-event-handler.ts';
import { startSesWithEvents } from '../../local/ses-events.ts';

const require = createRequire(import.meta.url);

export interface LocalStack {
  settings: LocalSettings;
  dynamoUrl: string;
  /** Set when the caller asked for SES. */
  sesUrl: string | undefined;
  /** The emulators this process started for the call; the others belong to `npm start`. */
  started: { dynamo: boolean; ses: boolean };
  /**
   * Resolves once SES's delivery events of the e-mails sent so far have been handled, when
   * this process started the SES emulator (a running `npm start` handles its own).
   */
  sesEventsSettled(): Promise<void>;
  /** Stops what this process started; leaves a running `npm start` alone. */
  close(): Promise<void>;
}

/**
 * The local emulators for one command: the ones a running `npm start` serves on
 * DYNAMODB_PORT and SES_PORT when they answer, otherwise dynalite on the same DATA_DIR (so
 * what the command stores is there for `npm start` later) and an SES emulator, started in
 * this process on free ports and stopped by close().
 */
export async function connectLocalStack(options: {
  ses: boolean;
  env?: NodeJS.ProcessEnv;
}): Promise<LocalStack> {
  const settings = localSettings(options.env);
  const own: Emulator[] = [];
  const close = async () => {
    await Promise.all(own.map((emulator) => emulator.close()));
  };
  try {
    let dynamoUrl = `http://127.0.0.1:${settings.dynamoPort}`;
    const dynamoRunning = await answersAsDynamo(dynamoUrl);
    if (!dynamoRunning) {
      const path = join(settings.dataDir, 'dynamodb');
      await assertDataFree(path, settings.dynamoPort);
      const dynamo = await startDynamo({ port: 0, path });
      own.push(dynamo);
      dynamoUrl = dynamo.url;
    }
    let sesUrl: string | undefined;
    let sesRunning = false;
    let sesEventsSettled = async () => {};
    if (options.ses) {
      sesUrl = `http://127.0.0.1:${settings.sesPort}`;
      sesRunning = await answersAsSes(sesUrl);
      if (!sesRunning) {
        const ses = await startSesWithEvents({ port: 0, deliver: deliverToHandler });
        own.push(ses);
        sesUrl = ses.url;
        sesEventsSettled = () => ses.settled();
      }
    }
    return {
      settings,
      dynamoUrl,
      sesUrl,
      started: { dynamo: !dynamoRunning, ses: options.ses && !sesRunning },
      sesEventsSettled,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** A DynamoDB client of the local emulator, whatever AWS profile or region the shell has. */
export function localDynamoClient(stack: Pick<LocalStack, 'dynamoUrl'>): DynamoDBClient {
  return new DynamoDBClient({
    endpoint: stack.dynamoUrl,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
}

/** Any DynamoDB answers with a request id, even to an unsigned request. */
export async function answersAsDynamo(url: string): Promise<boolean> {
  const response = await probe(url);
  await response?.body?.cancel();
  return response?.headers.has('x-amzn-requestid') ?? false;
}

/** aws-ses-v2-local lists what it holds at /store. */
export async function answersAsSes(url: string): Promise<boolean> {
  const response = await probe(`${url}/store`);
  if (!response?.ok) return false;
  try {
    const body = (await response.json()) as { emails?: unknown };
    return Array.isArray(body.emails);
  } catch {
    return false;
  }
}

/**
 * Where nothing listens the connection is refused at once, so the wait only matters for an
 * emulator that is busy (a loaded machine, a long scan): taking it for absent would start a
 * second dynalite on its data.
 */
async function probe(url: string): Promise<Response | undefined> {
  try {
    return await fetch(url, { signal: AbortSignal.timeout(5_000) });
  } catch {
    return undefined;
  }
}

/**
 * LevelDB lets one process open a directory. A second dynalite on it does not fail at start
 * but throws on its first request, uncaught, ending the process: so ask LevelDB first, with
 * the very `level` package dynalite opens it with.
 */
async function assertDataFree(path: string, dynamoPort: number): Promise<void> {
  mkdirSync(path, { recursive: true });
  const fromDynalite = createRequire(require.resolve('dynalite'));
  const { Level } = fromDynalite('level') as { Level: new (path: string) => LevelDb };
  const db = new Level(path);
  try {
    await db.open();
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== 'LEVEL_LOCKED') throw error;
    throw new Error(
      `${path} is open in another process (an \`npm start\` whose DYNAMODB_PORT is not ${dynamoPort}?). ` +
        'Set DYNAMODB_PORT to its port, or stop it.',
    );
  }
  await db.close();
}

interface LevelDb {
  open(): Promise<void>;
  close(): Promise<void>;
}
