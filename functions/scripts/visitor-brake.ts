/**
 * `npm run brake -- <status|lift|hold|check>`: what ops do with the brake on visitor e-mail
 * (decision 075), on a deployed stack with the shell's AWS credentials (every call IAM-signed),
 * or on the local stack.
 */

import { userInfo } from 'node:os';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { SESv2Client } from '@aws-sdk/client-sesv2';
import { ensureTable } from '../local/table.ts';
import { createDynamoBrakeStateStore } from '../src/adapters/brake-state.ts';
import { createSesVisitorBrake } from '../src/adapters/ses.ts';
import {
  alarmsInAlarm,
  type BrakeState,
  holdVisitorBrake,
  liftVisitorBrake,
  RUNNING,
  resumeVisitorBrakeWhenDue,
  type VisitorBrakeDeps,
} from '../src/leads/visitor-brake.ts';
import { SETTINGS } from '../src/settings.ts';
import { type Io, isEntryPoint, parseCommandArgs, runCli, UsageError } from './lib/cli.ts';
import { connectLocalStack, localDynamoClient } from './lib/local-stack.ts';

/** The name the local SES proxy keeps the visitor set's switch under (the local stack names none). */
export const LOCAL_VISITOR_SET = 'kryon-visitor-local';

export const USAGE = `Usage: npm run brake -- <status|lift|hold|check> [options]

The brake on visitor e-mail (confirmations and download links) pauses the visitor SES
configuration set when too large a share of an hour's visitor e-mails bounced for good or
drew complaints, and resumes it by itself after a cool-down (1 hour, doubled for each trip
within a day of the last pause's end, at most 12 hours by default). Sales e-mail is never
paused.

  status   what the brake is doing: running, paused until when, or held; its trips, and
           which brake alarms were last in ALARM
  lift     resume visitor e-mail now (a pause or a hold); the next trip starts again
           from the first cool-down
  hold     pause visitor e-mail until someone lifts it; nothing automatic lifts a hold
  check    what the 5-minute schedule does: end a pause whose cool-down is over

Options:
  --table <name>        the deployed leads table (the stack's TableName output); with
                        --visitor-set, works on AWS with the shell's credentials
  --visitor-set <name>  the deployed visitor configuration set (VisitorConfigurationSet output)
  --region <region>     the deployment's region (default: the shell's)
  --by <name>           who lifts or holds it, recorded on the brake (default: your user name)
  --note <text>         why, recorded on the brake

Without --table, it works on the local stack: the emulators of a running \`npm start\`, or
its own on DATA_DIR.`;

type Action = 'status' | 'lift' | 'hold' | 'check';

export interface BrakeArgs {
  action: Action;
  table?: string;
  visitorSet?: string;
  region?: string;
  by: string;
  note?: string;
}

export function parseBrakeArgs(argv: string[], user = defaultUser()): BrakeArgs {
  const { values, positionals } = parseCommandArgs({
    args: argv,
    options: {
      table: { type: 'string' },
      'visitor-set': { type: 'string' },
      region: { type: 'string' },
      by: { type: 'string' },
      note: { type: 'string' },
    },
    strict: true,
    allowPositionals: true,
  });
  const [action, ...rest] = positionals;
  if (action !== 'status' && action !== 'lift' && action !== 'hold' && action !== 'check') {
    throw new UsageError(action === undefined ? 'Say what to do.' : `No such action: ${action}.`);
  }
  if (rest.length > 0) throw new UsageError(`One action at a time, not ${positionals.join(' ')}.`);
  if (Boolean(values.table) !== Boolean(values['visitor-set'])) {
    throw new UsageError('--table and --visitor-set go together: both name the deployment.');
  }
  if (values.region && !values.table) throw new UsageError('--region only applies with --table');
  return {
    action,
    table: values.table,
    visitorSet: values['visitor-set'],
    region: values.region,
    by: values.by?.trim() || user,
    note: values.note?.trim() || undefined,
  };
}

/** The action on a brake, and what it says it did: every line names the state it left. */
export async function runBrake(args: BrakeArgs, deps: VisitorBrakeDeps, io: Io): Promise<number> {
  switch (args.action) {
    case 'status': {
      const { state } = await deps.store.read();
      io.out(describe(state));
      return 0;
    }
    case 'lift': {
      const { before, alarming } = await liftVisitorBrake(deps, args.by, args.note);
      io.out(
        before.mode === 'running'
          ? 'The brake was not pulled; visitor e-mail sends (its set was switched on all the same).\n'
          : `Lifted the brake (it was ${before.mode}): visitor e-mail sends again. Recorded as by ${args.by}.\n`,
      );
      if (alarming.length > 0) {
        io.out(
          `Still in ALARM: ${alarming.join(', ')}. An alarm acts only when its state changes, so it will not pause visitor e-mail again until it has been OK; watch its share on the dashboard.\n`,
        );
      }
      return 0;
    }
    case 'hold': {
      const { before } = await holdVisitorBrake(deps, args.by, args.note);
      io.out(
        `Held the brake (it was ${before.mode}): visitor e-mail is paused until someone runs \`npm run brake -- lift\`. Recorded as by ${args.by}${args.note ? `: ${args.note}` : ''}.\n`,
      );
      return 0;
    }
    case 'check': {
      const outcome = await resumeVisitorBrakeWhenDue(deps);
      const { state } = await deps.store.read();
      io.out(
        outcome.action === 'resumed'
          ? 'The cool-down was over: visitor e-mail resumed.\n'
          : `Nothing to resume. ${describe(state)}`,
      );
      return 0;
    }
  }
}

/** One brake state in words, for a person. */
export function describe(state: BrakeState): string {
  const alarming = alarmsInAlarm(state);
  const lines = [
    state.mode === 'running'
      ? 'Visitor e-mail sends: the brake is not pulled.'
      : state.mode === 'paused'
        ? `Visitor e-mail is paused by the brake until ${state.pausedUntil} (then it resumes by itself, once no brake alarm is in ALARM).`
        : `Visitor e-mail is held since ${state.pausedAt}: only \`npm run brake -- lift\` resumes it.`,
    state.changedAt === RUNNING.changedAt
      ? 'It has never been pulled here.'
      : `Trips in this run: ${state.trips}. Last change: ${state.changedAt} by ${state.changedBy}${state.reason ? ` (${state.reason})` : ''}.`,
    alarming.length > 0
      ? `Brake alarms last in ALARM: ${alarming.join(', ')}.`
      : 'No brake alarm was last in ALARM.',
  ];
  return `${lines.join('\n')}\n`;
}

export async function main(argv: string[], io: Io): Promise<number> {
  const args = parseBrakeArgs(argv);
  const base = {
    log: { info() {}, warn() {}, error() {} },
    metrics: { count() {}, flush() {} },
    now: () => new Date(),
    settings: {
      coolDownMs: SETTINGS.visitorBrake.coolDownMinutes.default * 60_000,
      maxCoolDownMs: SETTINGS.visitorBrake.maxCoolDownMinutes.default * 60_000,
    },
  };
  if (args.table && args.visitorSet) {
    // The SDK's usual credential and region chain: every call is signed by the shell's IAM
    // identity, which needs GetItem/PutItem on the brake's item and the set's sending option.
    const region = args.region ? { region: args.region } : {};
    const dynamo = new DynamoDBClient(region);
    const ses = new SESv2Client(region);
    try {
      io.err(`Deployed table ${args.table}, visitor set ${args.visitorSet}.\n`);
      return await runBrake(
        args,
        {
          ...base,
          brake: createSesVisitorBrake(ses, { visitorConfigurationSet: args.visitorSet }),
          store: createDynamoBrakeStateStore(dynamo, args.table),
        },
        io,
      );
    } finally {
      dynamo.destroy();
      ses.destroy();
    }
  }
  const stack = await connectLocalStack({ ses: true });
  const dynamo = localDynamoClient(stack);
  const ses = new SESv2Client({
    endpoint: stack.sesUrl,
    region: 'us-east-1',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await ensureTable(dynamo, stack.settings.tableName);
    io.err(
      `Local table ${stack.settings.tableName}; the SES proxy keeps the switch of "${LOCAL_VISITOR_SET}".\n`,
    );
    return await runBrake(
      args,
      {
        ...base,
        brake: createSesVisitorBrake(ses, { visitorConfigurationSet: LOCAL_VISITOR_SET }),
        store: createDynamoBrakeStateStore(dynamo, stack.settings.tableName),
      },
      io,
    );
  } finally {
    dynamo.destroy();
    ses.destroy();
    await stack.close();
  }
}

function defaultUser(): string {
  try {
    return userInfo().username || 'ops';
  } catch {
    return 'ops';
  }
}

if (isEntryPoint(import.meta.url)) await runCli(main, USAGE);
