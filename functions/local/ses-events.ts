import { createServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { MAILBOX_SIMULATOR_DOMAIN } from '@kryon/shared/email';
import { startSes } from './emulators.ts';
import { closeServer, listenOnLoopback, readBody } from './http-body.ts';
import {
  type DeliveryEventEnvelope,
  eventBridgeEvent,
  type SentMessage,
  type SimulatedEvent,
  sesEventRecord,
} from './ses-event-records.ts';

/*
 * The SES emulator (aws-ses-v2-local) accepts and stores mail, and says nothing after. SES
 * then publishes what became of each message. A proxy in front of the emulator does the
 * latter the way SES does: it sees every SendEmail (its recipients, tags and configuration
 * set) and the message id the emulator gave, then, a moment later, hands the SES events of the
 * mailbox simulator's addresses, in their EventBridge envelope, to the very handler the
 * deployed stack runs. Everything else (the inbox at `/`, `/store`) passes through.
 */

/**
 * The events SES publishes for a message to this address: the mailbox simulator's scenarios
 * (a `+label` is ignored, as SES does); any other address was taken by the emulator's inbox,
 * so it was delivered.
 */
export function simulatedEvents(address: string): SimulatedEvent[] {
  const [local = '', domain = ''] = address.toLowerCase().split('@');
  if (domain !== MAILBOX_SIMULATOR_DOMAIN) return [{ type: 'Delivery' }];
  switch (local.split('+')[0]) {
    case 'bounce':
      return [{ type: 'Bounce', bounceType: 'Permanent', bounceSubType: 'General' }];
    case 'complaint':
      // The mailbox accepts it; then its owner marks it as spam.
      return [{ type: 'Delivery' }, { type: 'Complaint' }];
    case 'suppressionlist':
      return [
        { type: 'Bounce', bounceType: 'Permanent', bounceSubType: 'OnAccountSuppressionList' },
      ];
    default:
      // success@, ooto@ (an autoreply is delivered mail) and any other.
      return [{ type: 'Delivery' }];
  }
}

/** What one SendEmail request (SES v2's JSON) and the emulator's answer say was sent. */
export function sentMessage(
  requestBody: string,
  responseBody: string,
  at: string,
): SentMessage | undefined {
  try {
    const sent = JSON.parse(requestBody) as {
      FromEmailAddress?: string;
      Destination?: { ToAddresses?: string[]; CcAddresses?: string[]; BccAddresses?: string[] };
      EmailTags?: { Name?: string; Value?: string }[];
      ConfigurationSetName?: string;
    };
    const { MessageId } = JSON.parse(responseBody) as { MessageId?: string };
    if (!MessageId) return undefined;
    const destination = sent.Destination ?? {};
    return {
      messageId: MessageId,
      destination: [
        ...(destination.ToAddresses ?? []),
        ...(destination.CcAddresses ?? []),
        ...(destination.BccAddresses ?? []),
      ],
      tags: Object.fromEntries(
        (sent.EmailTags ?? [])
          .filter((tag) => tag.Name && tag.Value !== undefined)
          .map((tag) => [tag.Name as string, tag.Value as string]),
      ),
      configurationSet: sent.ConfigurationSetName,
      sentAt: at,
      source: sent.FromEmailAddress,
    };
  } catch {
    return undefined;
  }
}

/**
 * The EventBridge events SES would publish for one message, one recipient at a time, in the
 * order it would: each `delayMs` after the one before.
 */
export function eventsFor(
  message: SentMessage,
  sentMs: number,
  delayMs: number,
  onSuppressionList: (address: string) => boolean = () => false,
) {
  return message.destination.flatMap((address) =>
    (onSuppressionList(address)
      ? // SES accepts the message and delivers nothing: it bounces as suppressed.
        ([
          { type: 'Bounce', bounceType: 'Permanent', bounceSubType: 'OnAccountSuppressionList' },
        ] satisfies SimulatedEvent[])
      : simulatedEvents(address)
    ).map((event, index) => {
      const atMs = sentMs + delayMs * (index + 1);
      const at = new Date(atMs).toISOString();
      const record = sesEventRecord({ ...message, destination: [address] }, event, at);
      return { afterMs: delayMs * (index + 1), event: eventBridgeEvent(record, at) };
    }),
  );
}

export interface SesWithEventsOptions {
  /** The port the SDK talks to (the proxy); the emulator itself takes a free one. */
  port: number;
  /** Hands one event to the delivery-events handler. */
  deliver: (event: DeliveryEventEnvelope) => Promise<unknown>;
  /** How long after a send SES's first event comes (200 ms), and between the next ones. */
  delayMs?: number;
  /** Where a failed delivery is reported (default: the console). */
  onError?: (error: unknown) => void;
  /** False: mail is accepted and kept, and no event follows (SES_EVENTS=off). Default true. */
  publishEvents?: boolean;
}

export interface SesWithEvents {
  url: string;
  /** The emulator's own address, behind the proxy. */
  emulatorUrl: string;
  /** Resolves once every event scheduled so far has been handled. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

const SEND_EMAIL = '/v2/email/outbound-emails';
/** SES v2's routes of one configuration set, and of its sending option. */
const CONFIGURATION_SET = /^\/v2\/email\/configuration-sets\/([^/?]+)(\/sending)?$/;

/**
 * What the emulator lacks for the visitor brake (decision 075): a configuration set's sending
 * option. PutConfigurationSetSendingOptions turns a set off or on, GetConfigurationSet answers
 * it, and SendEmail naming a set that is off is refused as SES v2 documents a paused sending
 * (SendingPausedException). A set never switched sends. Kept in this process only.
 */
export function sendingOptions() {
  const off = new Set<string>();
  return {
    /** The answer to a configuration-set request, or undefined for anything else. */
    answer(method: string, path: string, body: string) {
      const match = CONFIGURATION_SET.exec(path);
      if (!match) return undefined;
      const name = decodeURIComponent(match[1] as string);
      if (match[2] && method === 'PUT') {
        const enabled = (JSON.parse(body || '{}') as { SendingEnabled?: unknown }).SendingEnabled;
        if (enabled === false) off.add(name);
        else off.delete(name);
        return { status: 200, body: {} };
      }
      if (!match[2] && method === 'GET') {
        return {
          status: 200,
          body: { ConfigurationSetName: name, SendingOptions: { SendingEnabled: !off.has(name) } },
        };
      }
      return undefined;
    },
    /** Whether a SendEmail request names a set whose sending is off. */
    refuses(body: string): boolean {
      try {
        const set = (JSON.parse(body) as { ConfigurationSetName?: unknown }).ConfigurationSetName;
        return typeof set === 'string' && off.has(set);
      } catch {
        return false;
      }
    },
  };
}

const SUPPRESSED_ADDRESSES = '/v2/email/suppression/addresses';

/**
 * What the emulator lacks for a privacy request: the account's suppression list, as SES v2
 * serves it (PutSuppressedDestination, GetSuppressedDestination, DeleteSuppressedDestination;
 * NotFoundException for an address not on it), kept in this process only. Nothing is added
 * by itself here (every address but the simulator's is delivered); a send to a listed address
 * bounces as `OnAccountSuppressionList`, as SES answers it.
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_DeleteSuppressedDestination.html
 */
export function accountSuppressionList() {
  const listed = new Map<string, { Reason: string; LastUpdateTime: string }>();
  const notFound = {
    status: 404,
    errorType: 'NotFoundException',
    body: { message: 'Email address is not on the suppression list for your account.' },
  };
  return {
    has: (address: string) => listed.has(address.trim().toLowerCase()),
    /** The answer to a suppression-list request, or undefined for anything else. */
    answer(method: string, path: string, body: string) {
      if (path === SUPPRESSED_ADDRESSES && method === 'PUT') {
        const { EmailAddress, Reason } = JSON.parse(body || '{}') as Record<string, unknown>;
        if (typeof EmailAddress !== 'string' || (Reason !== 'BOUNCE' && Reason !== 'COMPLAINT')) {
          return {
            status: 400,
            errorType: 'BadRequestException',
            body: { message: 'Invalid input' },
          };
        }
        listed.set(EmailAddress.trim().toLowerCase(), {
          Reason,
          LastUpdateTime: new Date().toISOString(),
        });
        return { status: 200, body: {} };
      }
      if (!path.startsWith(`${SUPPRESSED_ADDRESSES}/`)) return undefined;
      const address = decodeURIComponent(path.slice(SUPPRESSED_ADDRESSES.length + 1)).toLowerCase();
      const entry = listed.get(address);
      if (method === 'GET') {
        return entry
          ? {
              status: 200,
              body: {
                SuppressedDestination: {
                  EmailAddress: address,
                  Reason: entry.Reason,
                  LastUpdateTime: Date.parse(entry.LastUpdateTime) / 1000,
                },
              },
            }
          : notFound;
      }
      if (method === 'DELETE') {
        if (!entry) return notFound;
        listed.delete(address);
        return { status: 200, body: {} };
      }
      return undefined;
    },
  };
}

/** The SES emulator behind the event-publishing proxy, both in this process. */
export async function startSesWithEvents(options: SesWithEventsOptions): Promise<SesWithEvents> {
  const emulator = await startSes({ port: 0 });
  const target = new URL(emulator.url);
  const delayMs = options.delayMs ?? 200;
  const onError =
    options.onError ??
    ((error: unknown) => console.error('The local SES events could not be handled:', error));
  const pending = new Set<Promise<void>>();
  /** The events not yet due: dropped on close, as a stopped stack has no handler to call. */
  const waiting = new Set<() => void>();

  const suppressionList = accountSuppressionList();
  const publish = (message: SentMessage) => {
    for (const { afterMs, event } of eventsFor(message, Date.now(), delayMs, (address) =>
      suppressionList.has(address),
    )) {
      const due = new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => {
          waiting.delete(drop);
          resolve(true);
        }, afterMs);
        const drop = () => {
          clearTimeout(timer);
          resolve(false);
        };
        waiting.add(drop);
      });
      const done: Promise<void> = due
        .then((go) => (go ? options.deliver(event) : undefined))
        .then(
          () => undefined,
          (error: unknown) => onError(error),
        )
        .finally(() => pending.delete(done));
      pending.add(done);
    }
  };

  const switches = sendingOptions();
  const server = createServer(async (req, res) => {
    try {
      const body = await readBody(req);
      const path = req.url?.split('?')[0] ?? '';
      const method = req.method ?? 'GET';
      const own: { status: number; body: unknown; errorType?: string } | undefined =
        switches.answer(method, path, body.toString('utf8')) ??
        suppressionList.answer(method, path, body.toString('utf8'));
      if (own) {
        res.writeHead(own.status, {
          'content-type': 'application/json',
          ...(own.errorType ? { 'x-amzn-errortype': own.errorType } : {}),
        });
        res.end(JSON.stringify(own.body));
        return;
      }
      if (req.method === 'POST' && path === SEND_EMAIL && switches.refuses(body.toString('utf8'))) {
        res.writeHead(400, {
          'content-type': 'application/json',
          'x-amzn-errortype': 'SendingPausedException',
        });
        res.end(
          JSON.stringify({
            message:
              "The message can't be sent because the account's ability to send email is currently paused.",
          }),
        );
        return;
      }
      const upstream = await forward(target, req, body);
      res.writeHead(upstream.status, upstream.headers);
      res.end(upstream.body);
      if (
        req.method === 'POST' &&
        req.url?.split('?')[0] === SEND_EMAIL &&
        upstream.status === 200
      ) {
        const message = sentMessage(
          body.toString('utf8'),
          upstream.body.toString('utf8'),
          new Date().toISOString(),
        );
        if (message && options.publishEvents !== false) publish(message);
      }
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`SES proxy: ${error instanceof Error ? error.message : String(error)}`);
    }
  });
  const port = await listenOnLoopback(server, options.port);

  return {
    url: `http://127.0.0.1:${port}`,
    emulatorUrl: emulator.url,
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      for (const drop of waiting) drop();
      waiting.clear();
      await closeServer(server);
      await emulator.close();
    },
  };
}

function forward(
  target: URL,
  req: IncomingMessage,
  body: Buffer,
): Promise<{ status: number; headers: Record<string, string | string[]>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const headers = { ...req.headers, host: target.host };
    const upstream = httpRequest(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (res) => {
        readBody(res).then((data) => {
          const out: Record<string, string | string[]> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            // The body is passed whole, so its length is recomputed and never chunked.
            if (value === undefined || name === 'transfer-encoding' || name === 'connection')
              continue;
            out[name] = value;
          }
          out['content-length'] = String(data.length);
          resolve({ status: res.statusCode ?? 502, headers: out, body: data });
        }, reject);
      },
    );
    upstream.on('error', reject);
    upstream.end(body);
  });
}
