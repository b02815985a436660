import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnResource, type IPolicyValidationPluginBeta1, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { type EnvironmentInput, parseEnvironment } from '../lib/environment.ts';
import { KryonStack, type KryonStackProps, REPO_ROOT } from '../lib/kryon-stack.ts';

/** The feature flags of cdk.json, so tests build the app exactly as `cdk synth` does. */
export function cdkJsonContext(): Record<string, unknown> {
  const cdkJson = JSON.parse(readFileSync(join(REPO_ROOT, 'cdk.json'), 'utf8')) as {
    context?: Record<string, unknown>;
  };
  return cdkJson.context ?? {};
}

/** The environment every test synth starts from; `environment` options replace its keys. */
export const TEST_ENVIRONMENT = {
  kind: 'preview',
  // The name the tests' construct paths (/KryonWeb/...) and fixtures know.
  stackName: 'KryonWeb',
  sender: { identity: 'kryon.example' },
  recipients: { default: ['sales@kryon.example'], partner: ['partners@kryon.example'] },
  alarmEmails: ['ops@kryon.example'],
} satisfies EnvironmentInput;

export interface SynthOptions {
  /** Keys that replace TEST_ENVIRONMENT's, as an environment file would hold them. */
  environment?: Partial<EnvironmentInput>;
  /**
   * The environment file it stands for, as parseEnvironment names it: its name decides what
   * only local.ts may hold (the local receiver, http://127.0.0.1).
   * @default "the test environment"
   */
  file?: string;
  /** The site build to upload; the repository's web/build/client by default. */
  siteDir?: string;
  /** Bundle the functions with esbuild (slow); off, CDK stages placeholder code. */
  bundle?: boolean;
  account?: string;
  region?: string;
  routes?: KryonStackProps['routes'];
  /**
   * Validation plugins for the app, as bin/app.ts passes policyValidators() (cfn-guard). None
   * by default: the Control Tower rules add seconds to each synthesis, so one test runs them.
   */
  validators?: IPolicyValidationPluginBeta1[];
}

export interface Synthesized {
  app: App;
  stack: KryonStack;
  template: Template;
  outdir: string;
}

/**
 * Builds and synthesizes the stack once, the way bin/app.ts does (the environment checked by
 * parseEnvironment, cdk-nag registered on the app), so a test file shares one template.
 * Synthesis throws if cdk-nag reports any unacknowledged finding.
 */
export function synth(options: SynthOptions = {}): Synthesized {
  const outdir = mkdtempSync(join(tmpdir(), 'kryon-cdk-'));
  const app = new App({
    outdir,
    context: {
      ...cdkJsonContext(),
      ...(options.bundle ? {} : { 'aws:cdk:bundling-stacks': [] }),
    },
  });
  const { config } = parseEnvironment(
    options.file ?? 'the test environment',
    { ...TEST_ENVIRONMENT, ...options.environment },
    { account: options.account, region: options.region },
  );
  const { stackName, env, ...props } = config;
  const stack = new KryonStack(app, stackName, {
    ...props,
    siteDir: options.siteDir ?? join(REPO_ROOT, 'web', 'build', 'client'),
    env,
    routes: options.routes,
  });
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app), ...(options.validators ?? []));
  try {
    app.synth();
  } catch (error) {
    rmSync(outdir, { recursive: true, force: true });
    throw error;
  }
  return { app, stack, template: Template.fromStack(stack), outdir };
}

/** cdk-nag's findings that no acknowledgement covers (empty when the app is clean). */
export function nagFindings(scope: IConstruct): string[] {
  return new AwsSolutionsChecks()
    .validateScope(scope)
    .violations.flatMap((violation) =>
      violation.violatingResources.map(
        (resource) => `${violation.ruleName} at ${resource.constructPath}`,
      ),
    );
}

/** Every acknowledgement in the tree: rule ID and reason. */
export function acknowledgements(scope: IConstruct): { id: string; reason: string }[] {
  return scope.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(entry.data as Record<string, string>).map(([id, reason]) => ({
          id,
          reason,
        })),
      ),
  );
}

/** The logical ID CloudFormation sees for a construct's resource. */
export function logicalId(resource: CfnResource): string {
  return resource.stack.resolve(resource.logicalId) as string;
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;

/** Resources of one type, keyed by logical ID. */
export function resourcesOf(template: Template, type: string): Resources {
  return template.findResources(type) as Resources;
}
