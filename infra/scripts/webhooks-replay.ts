import { spawnSync } from 'node:child_process';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EnvironmentError, parseEnvironment } from '../lib/environment.ts';
import { environmentNames, loadEnvironmentFile, stackTargets } from '../lib/environment-files.ts';

/*
 * `npm run webhooks:replay -- <environment> (--dead-letters | --since <date>) [--destination <name>]`:
 * the lead events' replay (functions/scripts/webhooks-replay.ts) on one environment, named as
 * deploys and the leads:* commands name it (leads-command.ts), or by its stack's name, as the
 * alarms name it. `local` runs it on the local bus of `npm start`; a deployed environment is
 * resolved here to `--stack <name> --region <region>` (the environment file's stack and
 * region), where the script reads the stack's outputs.
 */
const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCRIPT = 'functions/scripts/webhooks-replay.ts';
const USAGE =
  'Usage: npm run webhooks:replay -- <environment> (--dead-letters | --since <date>) [--destination <name>]';

/** The script's arguments for this command line, or the message that says why there are none. */
export async function replayArgs(
  argv: readonly string[],
  options: { dir?: string; region?: string } = {},
): Promise<{ args: string[] } | { error: string }> {
  const [given, ...rest] = argv;
  const names = ['local', ...environmentNames(options.dir).filter((n) => n !== 'local')];
  if (given === undefined || given.startsWith('-')) {
    return { error: `${USAGE}\nName the environment first: one of ${names.join(', ')}.` };
  }
  let name = given;
  if (!names.includes(name)) {
    // A stack's name, as an alarm's description gives it: the one file that deploys it.
    const files = (await stackTargets(options.dir))
      .filter((target) => target.stackName === given)
      .map((target) => basename(target.file, '.ts'));
    if (files.length > 1) {
      return {
        error: `The stack ${given} is deployed by ${files.join(' and ')} (in other accounts or regions): name the environment.`,
      };
    }
    const [file] = files;
    if (file === undefined) {
      return {
        error: `No environment "${given}": one of ${names.join(', ')} (infra/environments/), or the stack of one.`,
      };
    }
    name = file;
  }
  if (name === 'local') return { args: [...rest] };
  try {
    const { file, input } = await loadEnvironmentFile(name, options.dir);
    const { config } = parseEnvironment(file, input, { region: options.region });
    const region = config.env.region;
    if (!region) return { error: `${file} names no region, and AWS_REGION is not set.` };
    return { args: ['--stack', config.stackName, '--region', region, ...rest] };
  } catch (error) {
    if (error instanceof EnvironmentError) return { error: error.message };
    throw error;
  }
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) argv = ['local', '--help'];
  const resolved = await replayArgs(argv, { region: process.env.AWS_REGION });
  if ('error' in resolved) {
    console.error(resolved.error);
    return 2;
  }
  const tsx = join(REPO_ROOT, 'node_modules', '.bin', 'tsx');
  const run = spawnSync(tsx, [SCRIPT, ...resolved.args], { cwd: REPO_ROOT, stdio: 'inherit' });
  return run.status ?? 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  process.exitCode = await main(process.argv.slice(2));
}
