import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EnvironmentError, stackNameOf } from './environment.ts';

/** Where the environment files live: one `<name>.ts` per deployment. */
export const ENVIRONMENTS_DIR = new URL('../environments/', import.meta.url).pathname;

/** What `npm run synth` and `cdk synth` use when no environment is named. */
export const DEFAULT_ENVIRONMENT = 'local';

/** The environments the repository holds, by name. */
export function environmentNames(dir: string = ENVIRONMENTS_DIR): string[] {
  return readdirSync(dir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

/** One environment file's default export, unchecked, and the file's path for messages. */
export async function loadEnvironmentFile(
  name: string,
  dir: string = ENVIRONMENTS_DIR,
): Promise<{ file: string; input: unknown }> {
  const names = environmentNames(dir);
  if (!/^[a-z][a-z0-9-]*$/.test(name) || !names.includes(name)) {
    throw new EnvironmentError(
      `There is no environment "${name}": the environments are ${names.join(', ')} ` +
        `(files in infra/environments/). To add one, copy production.ts to ${
          /^[a-z][a-z0-9-]*$/.test(name) ? `${name}.ts` : '<name>.ts'
        } and fill it in.`,
    );
  }
  const file = join(dir, `${name}.ts`);
  const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
  if (module.default === undefined) {
    throw new EnvironmentError(
      `${file} has no default export: end it with export default defineEnvironment({ ... }).`,
    );
  }
  return { file: `infra/environments/${name}.ts`, input: module.default };
}

/** Where one environment file's stack goes: its name, and the account and region if the file names them. */
export interface StackTarget {
  file: string;
  stackName: string;
  /** Unset when the file names none (or has still to fill it in): the CLI's, whatever that is. */
  account: string | undefined;
  region: string | undefined;
}

/**
 * Every environment file's stack target, read from the files as they are (a file still to be
 * filled in counts too), so that a file cannot take another's stack before it is complete.
 */
export async function stackTargets(dir: string = ENVIRONMENTS_DIR): Promise<StackTarget[]> {
  const targets: StackTarget[] = [];
  for (const name of environmentNames(dir)) {
    const { file, input } = await loadEnvironmentFile(name, dir);
    const raw = (typeof input === 'object' && input !== null ? input : {}) as Record<
      string,
      unknown
    >;
    const given = (key: string, rule: RegExp) => {
      const value = raw[key];
      return typeof value === 'string' && rule.test(value.trim()) ? value.trim() : undefined;
    };
    targets.push({
      file,
      stackName: given('stackName', /^[A-Za-z][A-Za-z0-9-]*$/) ?? stackNameOf(name),
      account: given('account', /^\d{12}$/),
      region: given('region', /^[a-z]{2}(-[a-z]+)+-\d$/),
    });
  }
  return targets;
}

/**
 * Each pair of files whose stacks would be one: the same stack name (compared without case: the
 * canary's name is derived from it lower-cased) in one account and region, where a file
 * that names no account or region counts as naming the other's (the credentials choose).
 */
export function stackCollisions(targets: readonly StackTarget[]): string[] {
  const found: string[] = [];
  const same = (a: string | undefined, b: string | undefined) => !a || !b || a === b;
  for (const [i, a] of targets.entries()) {
    for (const b of targets.slice(i + 1)) {
      if (a.stackName.toLowerCase() !== b.stackName.toLowerCase()) continue;
      if (!same(a.account, b.account) || !same(a.region, b.region)) continue;
      const where =
        a.account && b.account && a.region && b.region
          ? `account ${a.account}, ${a.region}`
          : `one account and region (${[a, b]
              .filter((t) => !t.account || !t.region)
              .map((t) => t.file)
              .join(' and ')} names no account or region: the credentials choose)`;
      found.push(
        `${a.file} and ${b.file} both deploy the stack ${a.stackName} to ${where}: a deploy of ` +
          "either would update, and delete from, the other's.",
      );
    }
  }
  return found;
}

/**
 * Refuses, at every synth, environment files that share a stack: the first such deploy would
 * replace the other environment's resources with its own (decision 084).
 */
export async function checkStackNames(dir: string = ENVIRONMENTS_DIR): Promise<void> {
  const collisions = stackCollisions(await stackTargets(dir));
  if (collisions.length === 0) return;
  throw new EnvironmentError(
    `${collisions.join('\n')}\nLeave stackName out of the newer file (its stack is then ` +
      'KryonWeb-<its name>), or give it one no other file uses there.',
  );
}

/** The file the site build writes beside its client folder: the origins it was built with. */
export const SITE_BUILD_RECORD = 'site-build.json';

/**
 * Why the site build in `siteDir` is not the one this environment needs, or undefined when it
 * is: no build at all (every page would answer 404), or a build made for other origins
 * (canonical links elsewhere, or forms that post to an API this stack does not serve).
 */
export function siteBuildProblem(
  siteDir: string,
  expected: { origin: string | undefined; apiOrigin: string; leadDestinations?: string },
): string | undefined {
  if (!existsSync(join(siteDir, 'index.html'))) {
    return `There is no site build in ${siteDir}: the stack would upload no page.`;
  }
  const recordFile = join(siteDir, '..', SITE_BUILD_RECORD);
  if (!existsSync(recordFile)) {
    return `The site build in ${siteDir} has no ${SITE_BUILD_RECORD}: it was made by an older build.`;
  }
  const built = JSON.parse(readFileSync(recordFile, 'utf8')) as {
    siteOrigin?: string;
    apiOrigin?: string;
    leadDestinations?: string;
  };
  const problems: string[] = [];
  if (expected.origin !== undefined && built.siteOrigin !== expected.origin) {
    problems.push(`site origin ${built.siteOrigin}, not ${expected.origin}`);
  }
  if ((built.apiOrigin ?? '') !== expected.apiOrigin) {
    problems.push(
      `API origin "${built.apiOrigin ?? ''}", not "${expected.apiOrigin}" ` +
        '(its forms would post where this stack does not answer)',
    );
  }
  const destinations = expected.leadDestinations ?? '';
  if ((built.leadDestinations ?? '') !== destinations) {
    problems.push(
      `lead destinations "${built.leadDestinations ?? ''}", not "${destinations}" ` +
        '(its privacy notice would name other recipients than the leads have)',
    );
  }
  return problems.length
    ? `The site in ${siteDir} was built with ${problems.join(' and ')}.`
    : undefined;
}
