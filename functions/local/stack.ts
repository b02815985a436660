import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { API_ROUTES, FALLBACK_HANDLER } from '../src/routes.ts';
import { startDynamo } from './emulators.ts';
import { applyHandlerEnvironment, handlerEnvironment, type LocalSettings } from './environment.ts';
import { createLocalServer, type Handler } from './server.ts';
import { deliverToHandler } from './ses-event-handler.ts';
import { startSesWithEvents } from './ses-events.ts';
import { ensureTable } from './table.ts';

export interface RunningStack {
  /** The local server's own address. */
  url: string;
  dynamoUrl: string;
  sesUrl: string;
  /** Resolves once SES's delivery events of every e-mail sent so far have been handled. */
  sesEventsSettled(): Promise<void>;
  /** Stops the SES emulator alone, the rest running: an e-mail outage, for a test. */
  stopSes(): Promise<void>;
  close(): Promise<void>;
}

/**
 * DynamoDB (dynalite, data in DATA_DIR) and SES v2 (aws-ses-v2-local) in this process, and the
 * local server on PORT: `/api` through the very Lambda handlers and, for `npm start`, the
 * prerendered site beside it. `npm run dev` leaves the site to Vite, which proxies `/api` here.
 * SES's delivery events of each e-mail reach the delivery-events handler as they would
 * deployed, `sesEventDelayMs` (200) after the send (local/ses-events.ts).
 */
export async function startLocalStack(
  settings: LocalSettings,
  options: { serveSite: boolean; sesEventDelayMs?: number },
): Promise<RunningStack> {
  mkdirSync(settings.dataDir, { recursive: true });
  const dynamo = await startDynamo({
    port: settings.dynamoPort,
    path: join(settings.dataDir, 'dynamodb'),
  });
  const ses = await startSesWithEvents({
    port: settings.sesPort,
    delayMs: options.sesEventDelayMs,
    deliver: deliverToHandler,
    publishEvents: settings.sesEvents,
  });

  // The handlers read this configuration once, when they are imported below.
  applyHandlerEnvironment(handlerEnvironment(settings, { dynamoUrl: dynamo.url, sesUrl: ses.url }));
  const client = new DynamoDBClient({});
  await ensureTable(client, settings.tableName);
  client.destroy();

  const routes = new Map<string, Handler>();
  for (const route of API_ROUTES) {
    routes.set(`${route.method} ${route.path}`, await loadHandler(route.handler));
  }
  const server = createLocalServer({
    siteDir: options.serveSite ? settings.siteDir : undefined,
    routes,
    fallback: await loadHandler(FALLBACK_HANDLER),
  });
  const port = await listen(server, settings.port);

  let sesStopped: Promise<void> | undefined;
  const stopSes = () => {
    sesStopped ??= ses.close();
    return sesStopped;
  };
  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}`,
    dynamoUrl: dynamo.url,
    sesUrl: ses.url,
    sesEventsSettled: () => ses.settled(),
    stopSes,
    close() {
      closing ??= (async () => {
        server.closeAllConnections();
        await Promise.all([new Promise((done) => server.close(done)), dynamo.close(), stopSes()]);
      })();
      return closing;
    },
  };
}

/** Stops the stack on Ctrl-C or a TERM signal, then exits. */
export function stopOnSignals(stack: Pick<RunningStack, 'close'>): void {
  const stop = async () => {
    await stack.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

async function loadHandler(name: string): Promise<Handler> {
  const mod = (await import(`../src/handlers/${name}.ts`)) as { handler: Handler };
  return mod.handler;
}

/** Listens on the port (0: any free one) and says which it got. */
function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}
