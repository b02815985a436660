import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { createErasedLeadCheck } from '../src/adapters/dynamodb.ts';
import type { LeadEventDestination } from '../src/leads/event-destinations.ts';
import { API_ROUTES, FALLBACK_HANDLER } from '../src/routes.ts';
import { startDynamo } from './emulators.ts';
import {
  applyHandlerEnvironment,
  handlerEnvironment,
  LOCAL_DEFAULTS,
  type LocalSettings,
} from './environment.ts';
import { type LocalEventBus, startLocalEventBus } from './event-bus.ts';
import { closeServer, listenOnLoopback } from './http-body.ts';
import {
  apiKeysOf,
  inboxSecrets,
  localApiDestination,
  localDelivery,
  localDeliverySettings,
  localDestinations,
  localEventSecrets,
} from './lead-event-destinations.ts';
import { createLocalServer, type Handler } from './server.ts';
import { deliverToHandler } from './ses-event-handler.ts';
import { startSesWithEvents } from './ses-events.ts';
import { ensureTable } from './table.ts';
import { startWebhookInbox, type WebhookInbox } from './webhook-inbox.ts';

export interface RunningStack {
  /** The local server's own address. */
  url: string;
  dynamoUrl: string;
  sesUrl: string;
  /** The local EventBridge the handlers publish lead events to (local/event-bus.ts). */
  eventBus: LocalEventBus;
  /** The webhook inbox the local destinations deliver to, when the stack delivers lead events. */
  webhookUrl?: string;
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
 * Lead events go to a local EventBridge (local/event-bus.ts), which archives them in DATA_DIR.
 * With `leadEvents` (npm start, npm run dev) the bus listens on EVENT_BUS_PORT and delivers to
 * the destinations of infra/environments/local.ts (or `destinations`), the webhook inbox on
 * WEBHOOK_PORT receiving them; without (the tests' stacks), it takes a free port and only
 * archives, so a test never holds those ports or publishes to a running `npm start`.
 */
export async function startLocalStack(
  settings: LocalSettings,
  options: {
    serveSite: boolean;
    sesEventDelayMs?: number;
    leadEvents?: boolean;
    destinations?: readonly LeadEventDestination[];
  },
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

  const leadEvents = await startLeadEvents(settings, { ...options, dynamoUrl: dynamo.url });

  // The handlers read this configuration once, when they are imported below.
  applyHandlerEnvironment(
    handlerEnvironment(settings, {
      dynamoUrl: dynamo.url,
      sesUrl: ses.url,
      eventBusUrl: leadEvents.bus.url,
    }),
  );
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
  const port = await listenOnLoopback(server, settings.port);

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
    eventBus: leadEvents.bus,
    ...(leadEvents.inbox ? { webhookUrl: leadEvents.inbox.url } : {}),
    sesEventsSettled: () => ses.settled(),
    stopSes,
    close() {
      closing ??= (async () => {
        server.closeAllConnections();
        await Promise.all([
          closeServer(server),
          dynamo.close(),
          stopSes(),
          leadEvents.bus.close(),
          leadEvents.inbox?.close(),
        ]);
      })();
      return closing;
    },
  };
}

/**
 * The local bus and, when the stack delivers lead events, the inbox and the destinations'
 * local secrets: each event goes out through the delivery function's own code
 * (`localDelivery`: `deliverLeadEvent`, the signer, fetch without redirects), or an `api`
 * destination's as EventBridge's API destination sends it (`localApiDestination`).
 */
async function startLeadEvents(
  settings: LocalSettings,
  options: {
    leadEvents?: boolean;
    destinations?: readonly LeadEventDestination[];
    dynamoUrl: string;
  },
): Promise<{ bus: LocalEventBus; inbox?: WebhookInbox }> {
  const dir = join(settings.dataDir, 'lead-events');
  if (!options.leadEvents) {
    const bus = await startLocalEventBus({
      port: 0,
      dir,
      destinations: [],
      deliver: async () => ({ ok: false, reason: 'no destination' }),
    });
    return { bus };
  }
  const named = options.destinations ?? (await localDestinations());
  const secrets = localEventSecrets(settings.dataDir, named);
  const inbox = await startWebhookInbox({
    port: settings.webhookPort,
    secrets: inboxSecrets(settings.dataDir, named, secrets),
    apiKeys: apiKeysOf(named, secrets),
  });
  const destinations = inboxOnItsPort(named, Number(new URL(inbox.url).port));
  // As deployed: an erased lead's events are sent no more (leads:erase leaves its id), by the
  // delivery function and by a replay of an API destination's dead letters.
  const isErased = createErasedLeadCheck(
    new DynamoDBClient({
      endpoint: options.dynamoUrl,
      region: 'us-east-1',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    }),
    settings.tableName,
  );
  try {
    const bus = await startLocalEventBus({
      port: settings.eventBusPort,
      dir,
      destinations,
      retryScale: settings.leadEventRetryScale,
      deliver: localDelivery({
        destinations,
        secrets,
        inboxUrl: inbox.url,
        isErased,
        // The sales e-mail's zone, read as the form handlers read it (SALES_TIME_ZONE).
        timeZone: localDeliverySettings().sales.timeZone,
      }),
      invokeApi: localApiDestination({ secrets }),
      isErased,
    });
    return { bus, inbox };
  } catch (error) {
    await inbox.close();
    throw error;
  }
}

/**
 * local.ts names the inbox at its default address (http://127.0.0.1:8010); with another
 * WEBHOOK_PORT (a second checkout, the browser tests), its webhooks and API destinations (each
 * named by its `url`) go to this stack's inbox, never to another stack's.
 */
function inboxOnItsPort(
  destinations: readonly LeadEventDestination[],
  webhookPort: number,
): LeadEventDestination[] {
  const defaultInbox = `http://127.0.0.1:${LOCAL_DEFAULTS.webhookPort}`;
  return destinations.map((destination) =>
    destination.url && new URL(destination.url).origin === defaultInbox
      ? {
          ...destination,
          url: `http://127.0.0.1:${webhookPort}${destination.url.slice(defaultInbox.length)}`,
        }
      : destination,
  );
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
