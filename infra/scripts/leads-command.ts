import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { LOCAL_EVENT_BUS_NAME } from '@kryon/functions/local-event-bus';
import { localSettings, localSiteSecret } from '@kryon/functions/local-settings';
import { EnvironmentError, parseEnvironment } from '../lib/environment.ts';
import { environmentNames, loadEnvironmentFile } from '../lib/environment-files.ts';

/*
 * `npm run leads:export|leads:erase|leads:resend|leads:backup -- [<environment>] [options]`: the day-2
 * commands (functions/scripts/) on one environment's leads table, named as deploys name it.
 * Without an environment the command runs as before, on the local stack. With one, it is
 * resolved here to `--table <name> --region <region>` (a deployed stack's TableName output,
 * read from CloudFormation with the credentials at hand; `local`: the running `npm start`'s
 * table through its DynamoDB endpoint), so `local` takes the very path a deployment does.
 */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export const LEADS_COMMANDS = {
  'leads:export': 'functions/scripts/leads-export.ts',
  'leads:erase': 'functions/scripts/leads-erase.ts',
  'leads:resend': 'functions/scripts/leads-resend.ts',
  'leads:backup': 'functions/scripts/leads-backup.ts',
} as const;
export type LeadsCommand = keyof typeof LEADS_COMMANDS;

/** Where an environment's leads are: the table, its region, and the variables to reach it. */
export interface TableTarget {
  table: string;
  region: string;
  /** Added to the command's environment: the local endpoint and credentials, the hash key. */
  env: Record<string, string>;
}

/** The running `npm start`'s table, reached as a deployed one is: by name, region and endpoint. */
export function localTableTarget(env: NodeJS.ProcessEnv = process.env): TableTarget {
  const settings = localSettings(env);
  return {
    table: settings.tableName,
    region: 'us-east-1',
    env: {
      AWS_ENDPOINT_URL_DYNAMODB: `http://127.0.0.1:${settings.dynamoPort}`,
      AWS_ENDPOINT_URL_SESV2: `http://127.0.0.1:${settings.sesPort}`,
      // Where leads:erase tells the destinations, as the handlers publish (decision 090).
      AWS_ENDPOINT_URL_EVENTBRIDGE: `http://127.0.0.1:${settings.eventBusPort}`,
      LEAD_EVENT_BUS_NAME: LOCAL_EVENT_BUS_NAME,
      AWS_ACCESS_KEY_ID: 'local',
      AWS_SECRET_ACCESS_KEY: 'local',
      // What leads:erase matches the keyed hashes with, as a deployment's comes from the shell.
      IP_HASH_SECRET: localSiteSecret(settings.dataDir, env),
    },
  };
}

/** A deployed environment's table: its stack's TableName output, in the file's region. */
export async function deployedTableTarget(
  name: string,
  options: { dir?: string } = {},
): Promise<TableTarget> {
  const { file, input } = await loadEnvironmentFile(name, options.dir);
  const { config } = parseEnvironment(file, input, { region: process.env.AWS_REGION });
  const region = config.env.region;
  if (!region) throw new EnvironmentError(`${file} names no region, and AWS_REGION is not set.`);
  const client = new CloudFormationClient({ region });
  try {
    const { Stacks } = await client.send(
      new DescribeStacksCommand({ StackName: config.stackName }),
    );
    const outputs = Stacks?.[0]?.Outputs ?? [];
    const table = outputs.find((output) => output.OutputKey === 'TableName');
    if (!table?.OutputValue) {
      throw new EnvironmentError(
        `The stack ${config.stackName} in ${region} has no TableName output: is ${name} deployed?`,
      );
    }
    // Where leads:erase tells the destinations; a stack deployed before the bus has none.
    const bus = outputs.find((output) => output.OutputKey === 'LeadEventBusName')?.OutputValue;
    return { table: table.OutputValue, region, env: bus ? { LEAD_EVENT_BUS_NAME: bus } : {} };
  } finally {
    client.destroy();
  }
}

/** The arguments the command gets: the environment's table in place of its name. */
export function commandArgs(target: TableTarget | undefined, args: readonly string[]): string[] {
  return target ? ['--table', target.table, '--region', target.region, ...args] : [...args];
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv as [LeadsCommand, ...string[]];
  const script = LEADS_COMMANDS[command];
  if (!script) {
    console.error(
      `Usage: leads-command.ts ${Object.keys(LEADS_COMMANDS).join('|')} [<environment>] [options]`,
    );
    return 2;
  }
  const [first, ...options] = rest;
  const names = ['local', ...environmentNames().filter((name) => name !== 'local')];
  let target: TableTarget | undefined;
  let args = rest;
  if (first !== undefined && !first.startsWith('-')) {
    if (!names.includes(first)) {
      console.error(`No environment "${first}": one of ${names.join(', ')} (infra/environments/).`);
      return 2;
    }
    try {
      target = first === 'local' ? localTableTarget() : await deployedTableTarget(first);
    } catch (error) {
      if (!(error instanceof EnvironmentError)) throw error;
      console.error(error.message);
      return 2;
    }
    args = options;
  }
  const tsx = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const run = spawnSync(tsx, [script, ...commandArgs(target, args)], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, ...target?.env },
  });
  return run.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
