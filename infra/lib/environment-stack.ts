import { type App, Validations } from 'aws-cdk-lib';
import {
  EnvironmentError,
  type ParsedEnvironment,
  parseEnvironment,
  placeholderList,
} from './environment.ts';
import { checkStackNames, loadEnvironmentFile, siteBuildProblem } from './environment-files.ts';
import { KryonStack } from './kryon-stack.ts';

export interface EnvironmentStackOptions {
  /** The environment's name: infra/environments/<name>.ts. */
  name: string;
  /**
   * Where the environment files are.
   * @default ENVIRONMENTS_DIR, infra/environments/
   */
  dir?: string;
  /** The site build the stack uploads (web/build/client). */
  siteDir: string;
  /**
   * The CLI's account, for an environment that names none.
   * @default none: the stack is account-agnostic
   */
  account?: string;
  /**
   * The CLI's region, for an environment that names none.
   * @default none: the stack is region-agnostic
   */
  region?: string;
  /**
   * What the functions' logs name as the deployed version.
   * @default "dev"
   */
  appVersion?: string;
}

/**
 * The stack of one environment file, checked: every key, and the site build against its
 * origins; production is refused (an EnvironmentError) where a preview is warned (decision 067).
 */
export async function environmentStack(
  app: App,
  options: EnvironmentStackOptions,
): Promise<{ stack: KryonStack; parsed: ParsedEnvironment }> {
  const { file, input } = await loadEnvironmentFile(options.name, options.dir);
  const parsed = parseEnvironment(file, input, options);
  await checkStackNames(options.dir);
  const unpinned = unpinnedKeys(parsed);
  if (parsed.placeholders.length === 0 && unpinned.length > 0) {
    // A stack that names no account deploys wherever the credentials point; one that names it
    // is refused by the CDK CLI with credentials of any other account (decision 084).
    throw new EnvironmentError(
      `${file} names no ${unpinned.join(' or ')}: a file that can deploy names where it deploys, ` +
        'so that credentials of another account are refused.',
    );
  }
  const warnings: string[] = [];
  const problem = siteBuildProblem(options.siteDir, parsed.site);
  if (problem && parsed.kind === 'production') {
    throw new EnvironmentError(
      `${problem}\nA production stack deploys only its own build: run \`npm run deploy -- ${options.name}\`, ` +
        'which builds the site with this environment first.',
    );
  }
  if (problem) warnings.push(`${problem} Synthesis goes on: ${file} is a preview.`);
  if (parsed.placeholders.length > 0) {
    warnings.push(
      `${file} names no ${placeholderList(parsed.placeholders)}: example.com placeholders are in ` +
        'use. It synthesizes; it does not deploy.',
    );
  }

  const { stackName, env, ...props } = parsed.config;
  const stack = new KryonStack(app, stackName, {
    ...props,
    siteDir: options.siteDir,
    env,
    description: 'Kryon website: CloudFront + S3 site, lead API (HTTP API + Lambda), DynamoDB, SES',
  });
  for (const warning of warnings) {
    Validations.of(stack).addWarning('kryon:preview-environment', warning);
  }
  return { stack, parsed };
}

/** What a file leaves to the CLI's credentials of where its stack goes: account, region. */
export function unpinnedKeys(parsed: ParsedEnvironment): ('account' | 'region')[] {
  return (['account', 'region'] as const).filter((key) => !parsed.pinned[key]);
}
