import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { EnvironmentError } from './environment.ts';

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

/** The file the site build writes beside its client folder: the origins it was built with. */
export const SITE_BUILD_RECORD = 'site-build.json';

/**
 * Why the site build in `siteDir` is not the one this environment needs, or undefined when it
 * is: no build at all (every page would answer 404), or a build made for other origins
 * (canonical links elsewhere, or forms that post to an API this stack does not serve).
 */
export function siteBuildProblem(
  siteDir: string,
  expected: { origin: string | undefined; apiOrigin: string },
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
  return problems.length
    ? `The site in ${siteDir} was built with ${problems.join(' and ')}.`
    : undefined;
}
