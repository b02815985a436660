import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { EnvironmentError, parseEnvironment, placeholderList } from '../lib/environment.ts';
import {
  checkStackNames,
  DEFAULT_ENVIRONMENT,
  environmentNames,
  loadEnvironmentFile,
} from '../lib/environment-files.ts';
import { unpinnedKeys } from '../lib/environment-stack.ts';
import { REPO_ROOT } from '../lib/kryon-stack.ts';

/*
 * `npm run synth|diff|deploy -- <environment> [cdk options]`: one environment file drives both
 * the site build and the stack. The file is checked before anything slow runs; `diff`,
 * `deploy` and a production `synth` build the site with the file's origins first, so the
 * pages link to and post to what the stack serves; then the CDK CLI runs with the file's name.
 */
const COMMANDS = ['synth', 'diff', 'deploy'] as const;
type Command = (typeof COMMANDS)[number];

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): void {
  const result = spawnSync(command, args, {
    cwd: REPO_ROOT,
    stdio: 'inherit',
    env: { ...process.env, CDK_DISABLE_CLI_TELEMETRY: 'true', ...env },
  });
  if (result.status !== 0) {
    fail(`${command} ${args.join(' ')} failed (exit ${result.status ?? result.signal}).`);
  }
}

/** The deployed version the functions' logs name: the commit, marked when files differ. */
function appVersion(): string {
  const git = (...args: string[]) =>
    spawnSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).stdout?.trim() ?? '';
  const commit = git('rev-parse', '--short=12', 'HEAD');
  if (!commit) return 'dev';
  return git('status', '--porcelain') ? `${commit}-modified` : commit;
}

const [command, name, ...cdkOptions] = process.argv.slice(2) as [Command, string?, ...string[]];
if (!COMMANDS.includes(command)) {
  fail(`Usage: npm run ${COMMANDS.join('|')} -- <environment> [cdk options]`);
}
if (!name && command !== 'synth') {
  fail(
    `Name the environment to ${command}: npm run ${command} -- <environment>, one of ` +
      `${environmentNames().join(', ')} (infra/environments/).`,
  );
}
const environment = name ?? DEFAULT_ENVIRONMENT;

let parsed: ReturnType<typeof parseEnvironment>;
try {
  const { file, input } = await loadEnvironmentFile(environment);
  parsed = parseEnvironment(file, input);
  if (command === 'deploy' && parsed.placeholders.length > 0) {
    throw new EnvironmentError(
      `${file} names no ${placeholderList(parsed.placeholders)}: it synthesizes with example.com ` +
        'placeholders, and nothing deploys them. Name them in the file to deploy it.',
    );
  }
  const unpinned = unpinnedKeys(parsed);
  if (command === 'deploy' && unpinned.length > 0) {
    throw new EnvironmentError(
      `${file} names no ${unpinned.join(' or ')}: name them, and the CDK CLI refuses credentials ` +
        'of any other account (decision 084).',
    );
  }
  // Before the site build: two files that share a stack are refused at once.
  await checkStackNames();
} catch (error) {
  if (error instanceof EnvironmentError) fail(error.message);
  throw error;
}

if (command !== 'synth' || parsed.kind === 'production') {
  console.log(
    `Building the site for ${environment}: origin ${parsed.site.origin ?? '(the default)'}, ` +
      `API ${parsed.site.apiOrigin || 'on the same origin'}.`,
  );
  run('npm', ['run', 'build', '-w', 'web'], {
    ...(parsed.site.origin ? { VITE_SITE_ORIGIN: parsed.site.origin } : {}),
    VITE_API_ORIGIN: parsed.site.apiOrigin,
    VITE_LEAD_DESTINATIONS: parsed.site.leadDestinations,
  });
}

run(join(REPO_ROOT, 'node_modules', '.bin', 'cdk'), [
  command,
  ...(command === 'synth' ? ['--quiet'] : []),
  '--context',
  `environment=${environment}`,
  '--context',
  `appVersion=${appVersion()}`,
  ...cdkOptions,
]);
