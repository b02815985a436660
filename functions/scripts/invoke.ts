/**
 * `npm run invoke -- <handler> <event.json>`: one Lambda handler, one API Gateway HTTP API
 * event, the local emulators, the response printed. Trying a Lambda without the browser.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHALLENGE_FORM_PARAM, LEAD_FORMS, type LeadForm } from '@kryon/shared/api';
import { CHALLENGE_FIELD } from '@kryon/shared/constants';
import type { Challenge } from 'altcha-lib';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { applyHandlerEnvironment, handlerEnvironment } from '../local/environment.ts';
import { type StoredEmail, storedEmails } from '../local/ses-inbox.ts';
import { ensureTable } from '../local/table.ts';
import type { HttpResponse } from '../src/http/responses.ts';
import { formDefinition } from '../src/leads/forms.ts';
import { API_ROUTES, FALLBACK_HANDLER } from '../src/routes.ts';
import {
  describeError,
  fromCallerDir,
  type Io,
  isEntryPoint,
  parseCommandArgs,
  runCli,
  UsageError,
} from './lib/cli.ts';
import { connectLocalStack, localDynamoClient } from './lib/local-stack.ts';
import { solveBrowserCheck } from './lib/solve-challenge.ts';

const functionsDir = resolve(fileURLToPath(new URL('..', import.meta.url)));

/** The handlers the API routes to, and the fallback for every other request. */
export function handlerNames(): string[] {
  return [...new Set([...API_ROUTES.map((route) => route.handler), FALLBACK_HANDLER])];
}

export const USAGE = `Usage: npm run invoke -- <handler> <event.json> [--email <address>] [--solve-challenge]

Runs one Lambda handler with an API Gateway HTTP API (payload 2.0) event against the local
emulators and prints the response: status, headers and the body (parsed when JSON).

  <handler>          ${handlerNames().join(', ')}
  <event.json>       an event file, e.g. functions/events/demo.json (one per endpoint)
  --email <address>  a form's handler: the visitor's address instead of the event's, e.g.
                     bounce@simulator.amazonses.com (SES's mailbox simulator: the local SES
                     answers it with a hard bounce, complaint@ with a complaint)
  --solve-challenge  a form's handler: fetch a browser-check challenge from the challenge
                     handler and post its solution, as the site's form does, so the
                     visitor's confirmation may go out

Uses the emulators of a running \`npm start\` when they answer on DYNAMODB_PORT and SES_PORT
(default 8000 and 8005). Otherwise it starts dynalite on DATA_DIR (default .data, so the
lead is there for \`npm start\` later) and an SES emulator for this one call, and prints the
e-mails sent. The event gets a fresh requestId and time; without an Idempotency-Key header
each run is a new submission (and the rate limit of 3 per address per minute applies).

SES's delivery events of the e-mails sent (local/ses-events.ts) are handled a moment later,
by the running stack or, with emulators of its own, before this command ends.

Example: npm run invoke -- demo functions/events/demo.json
         npm run invoke -- download functions/events/download.json \\
           --email bounce@simulator.amazonses.com --solve-challenge`;

type Handler = (event: APIGatewayProxyEventV2) => Promise<HttpResponse>;

export interface InvokeArgs {
  handler: string;
  eventPath: string;
  /** The visitor's address to post instead of the event's. */
  email?: string;
  /** Post a solved browser check. */
  solveChallenge?: true;
}

export function parseInvokeArgs(argv: string[]): InvokeArgs {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      email: { type: 'string' },
      'solve-challenge': { type: 'boolean', default: false },
    },
    strict: true,
    allowPositionals: true,
  });
  const [handler, eventFile, ...rest] = positionals;
  if (!handler || !eventFile) throw new UsageError('Give a handler and an event file.');
  if (rest.length > 0) throw new UsageError(`Unexpected argument ${rest[0]}.`);
  if (!handlerNames().includes(handler)) {
    throw new UsageError(`Unknown handler "${handler}": use one of ${handlerNames().join(', ')}.`);
  }
  const email = values.email?.trim();
  const solve = values['solve-challenge'] === true;
  if ((email !== undefined || solve) && !isLeadForm(handler)) {
    throw new UsageError('--email and --solve-challenge apply to a form handler only.');
  }
  if (email !== undefined && !/^[^\s@]+@[^\s@]+$/.test(email)) {
    throw new UsageError(`--email ${JSON.stringify(values.email)} is not an e-mail address.`);
  }
  return {
    handler,
    eventPath: eventFilePath(eventFile),
    ...(email ? { email } : {}),
    ...(solve ? { solveChallenge: true as const } : {}),
  };
}

function isLeadForm(name: string): name is LeadForm {
  return (LEAD_FORMS as readonly string[]).includes(name);
}

/**
 * The event with the form's body changed as asked: the visitor's address, and a browser
 * check solved from a challenge the challenge handler issued for this form.
 */
async function adjustedEvent(
  event: APIGatewayProxyEventV2,
  args: InvokeArgs,
  io: Io,
): Promise<APIGatewayProxyEventV2> {
  if (!args.email && !args.solveChallenge) return event;
  const form = args.handler as LeadForm;
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(event.body ?? '{}') as Record<string, unknown>;
  } catch {
    throw new UsageError('--email and --solve-challenge need an event whose body is JSON.');
  }
  if (args.email) {
    body[formDefinition(form)?.visitorEmail ?? 'email'] = args.email;
  }
  if (args.solveChallenge) {
    const solved = await solveBrowserCheck(await issuedChallenge(form));
    body[CHALLENGE_FIELD] = solved.payload;
    io.out(
      `Browser check: solved a ${form} challenge (price level ${solved.level}) in ${(solved.solveMs / 1000).toFixed(1)} s
`,
    );
  }
  const text = JSON.stringify(body);
  const headers = { ...event.headers };
  if (headers['content-length']) headers['content-length'] = String(Buffer.byteLength(text));
  return { ...event, headers, body: text };
}

/** A challenge for the form, from the challenge handler with the sample challenge event. */
async function issuedChallenge(form: LeadForm): Promise<Challenge> {
  const sample = readEvent(resolve(functionsDir, 'events', 'challenge.json'));
  const mod = (await import('../src/handlers/challenge.ts')) as { handler: Handler };
  const response = await mod.handler({
    ...sample,
    rawQueryString: `${CHALLENGE_FORM_PARAM}=${form}`,
    queryStringParameters: { [CHALLENGE_FORM_PARAM]: form },
  });
  if (response.statusCode !== 200) {
    throw new Error(`the challenge handler answered ${response.statusCode}: ${response.body}`);
  }
  return JSON.parse(response.body ?? '') as Challenge;
}

/** The file as typed from the caller's directory; failing that, from functions/. */
function eventFilePath(file: string): string {
  const fromCaller = fromCallerDir(file);
  if (existsSync(fromCaller)) return fromCaller;
  const fromFunctions = resolve(functionsDir, file);
  if (existsSync(fromFunctions)) return fromFunctions;
  throw new UsageError(`No event file at ${fromCaller}.`);
}

/** The event in the file, checked to be a payload 2.0 event, with a fresh id and time. */
export function readEvent(path: string): APIGatewayProxyEventV2 {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new UsageError(`${path} is not JSON: ${describeError(error)}`);
  }
  const event = parsed as Partial<APIGatewayProxyEventV2> | null;
  if (
    typeof event !== 'object' ||
    event === null ||
    event.version !== '2.0' ||
    typeof event.rawPath !== 'string' ||
    typeof event.requestContext?.http?.method !== 'string'
  ) {
    throw new UsageError(
      `${path} is not an API Gateway HTTP API event (version "2.0" with rawPath and requestContext.http.method).`,
    );
  }
  const now = new Date();
  return {
    ...(event as APIGatewayProxyEventV2),
    requestContext: {
      ...(event as APIGatewayProxyEventV2).requestContext,
      requestId: randomUUID(),
      time: apiGatewayTime(now),
      timeEpoch: now.getTime(),
    },
  };
}

const MONTHS = 'Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec'.split(' ');

/** requestContext.time as API Gateway writes it: `23/Nov/2026:10:42:02 +0000`. */
export function apiGatewayTime(date: Date): string {
  const two = (n: number) => String(n).padStart(2, '0');
  return `${two(date.getUTCDate())}/${MONTHS[date.getUTCMonth()]}/${date.getUTCFullYear()}:${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} +0000`;
}

/** The response as a person reads it: status line, headers, then the body. */
export function formatResponse(response: HttpResponse): string {
  const lines = [`HTTP ${response.statusCode}`];
  for (const [name, value] of Object.entries(response.headers ?? {}).sort(([a], [b]) =>
    a.localeCompare(b),
  )) {
    lines.push(`${name}: ${value}`);
  }
  const raw = response.isBase64Encoded
    ? Buffer.from(response.body ?? '', 'base64').toString('utf8')
    : (response.body ?? '');
  let body = raw;
  try {
    body = JSON.stringify(JSON.parse(raw), null, 2);
  } catch {
    // Not JSON: shown as it is.
  }
  return `${lines.join('\n')}\n\n${body}\n`;
}

export async function main(argv: string[], io: Io): Promise<number> {
  const args = parseInvokeArgs(argv);
  const { handler: name, eventPath } = args;
  const sample = readEvent(eventPath);
  const stack = await connectLocalStack({ ses: true });
  try {
    const sesUrl = stack.sesUrl as string;
    // The handlers read their configuration once, on import, from these variables.
    applyHandlerEnvironment(handlerEnvironment(stack.settings, stack));
    const dynamo = localDynamoClient(stack);
    await ensureTable(dynamo, stack.settings.tableName);
    dynamo.destroy();

    const event = await adjustedEvent(sample, args, io);
    const route = `${event.requestContext.http.method} ${event.rawPath}`;
    io.out(`${route} -> ${name} (${relative(process.env.INIT_CWD || process.cwd(), eventPath)})\n`);
    const routed =
      API_ROUTES.find((r) => `${r.method} ${r.path}` === route)?.handler ?? FALLBACK_HANDLER;
    if (routed !== name) io.out(`Note: the API routes ${route} to ${routed}, not ${name}.\n`);
    io.out(
      stack.started.dynamo
        ? `DynamoDB: dynalite started for this call, table ${stack.settings.tableName}, data in ${stack.settings.dataDir}\n`
        : `DynamoDB: the running local stack at ${stack.dynamoUrl}, table ${stack.settings.tableName}\n`,
    );

    const before = new Set((await storedEmails(sesUrl)).map((email) => email.messageId));
    const mod = (await import(`../src/handlers/${name}.ts`)) as { handler: Handler };
    const response = await mod.handler(event);
    io.out(`\n${formatResponse(response)}\n`);

    const sent = (await storedEmails(sesUrl)).filter((email) => !before.has(email.messageId));
    if (stack.started.ses && sent.length > 0) {
      // SES's delivery events come a moment after the send: handled before the emulators stop.
      await stack.sesEventsSettled();
      io.out("SES's delivery events of these e-mails were handled (see npm run leads:export).\n");
    }
    if (!stack.started.ses) {
      io.out(
        `E-mails sent by this call: ${sent.length}. Read them in the SES inbox at ${sesUrl}\n`,
      );
      for (const email of sent)
        io.out(`  ${email.subject} (to ${email.destination.to.join(', ')})\n`);
    } else {
      io.out(
        `E-mails sent by this call: ${sent.length}. The SES emulator stops with this command, so they are shown here (\`npm start\` keeps an inbox at http://127.0.0.1:${stack.settings.sesPort}).\n`,
      );
      for (const email of sent) io.out(formatEmail(email));
    }
    return 0;
  } finally {
    await stack.close();
  }
}

function formatEmail(email: StoredEmail): string {
  const headers = [
    `Subject: ${email.subject}`,
    `From: ${email.from}`,
    `To: ${email.destination.to.join(', ')}`,
    ...(email.replyTo.length > 0 ? [`Reply-To: ${email.replyTo.join(', ')}`] : []),
  ];
  return `\n----\n${headers.join('\n')}\n\n${email.body.text ?? email.body.html ?? ''}\n----\n`;
}

if (isEntryPoint(import.meta.url)) await runCli(main, USAGE);
