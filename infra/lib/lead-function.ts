import { join } from 'node:path';
import { BUNDLE_ALIASES } from '@kryon/functions/bundling';
import { mailToVariable } from '@kryon/functions/mail-to';
import { type SettingReader, type Settings, settingVariables } from '@kryon/functions/settings';
import type { LeadForm } from '@kryon/shared/api';
import { Duration, Token } from 'aws-cdk-lib';
import { type IRole, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { type ILogGroup, LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { type IQueue, Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { type LogLevel, type Recipients, recipientsOf } from './environment.ts';
import { acknowledge } from './nag.ts';

export const POWERTOOLS_SERVICE_NAME = 'kryon-leads';
/** Where the functions' Powertools metrics go (EMF), and where the alarms read them. */
export const METRIC_NAMESPACE = 'Kryon/Leads';

export interface LeadFunctionProps {
  /** The handler module's path (a `.ts` file exporting `handler`). */
  entry: string;
  description: string;
  memorySize: number;
  timeout: Duration;
  role: IRole;
  logGroup: ILogGroup;
  /** Powertools' log level (POWERTOOLS_LOG_LEVEL). */
  logLevel: LogLevel;
  environment: Record<string, string>;
  /**
   * The settings the function reads, set as their variables (functions/src/settings.ts).
   * @default none
   */
  settings?: { reader: SettingReader; values: Settings };
  /** The monorepo root: the lockfile and the workspace packages esbuild resolves. */
  repoRoot: string;
  /**
   * For asynchronously invoked functions: where events that failed every retry go.
   * @default none: a synchronous caller (API Gateway) sees the failure itself
   */
  deadLetterQueue?: IQueue;
}

/**
 * Every Kryon function is built the same way: Node.js 24 on arm64, bundled by esbuild with
 * the AWS SDK inside, source maps on, Powertools configured, its own log group.
 */
export function leadFunction(scope: Construct, id: string, props: LeadFunctionProps) {
  const environment = {
    POWERTOOLS_SERVICE_NAME,
    POWERTOOLS_METRICS_NAMESPACE: METRIC_NAMESPACE,
    POWERTOOLS_LOG_LEVEL: props.logLevel,
    // Stack traces in the logs point at the TypeScript sources through the bundled map.
    NODE_OPTIONS: '--enable-source-maps',
    ...props.environment,
  };
  const settings = props.settings
    ? settingVariables(props.settings.reader, props.settings.values)
    : {};
  const taken = Object.keys(settings).filter((name) => name in environment);
  if (taken.length > 0)
    throw new Error(`${id}: a setting's variable is taken: ${taken.join(', ')}`);
  Object.assign(environment, settings);
  const bytes = environmentBytes(environment);
  if (bytes > LAMBDA_ENVIRONMENT_BYTES) {
    throw new Error(
      `${id}: its environment variables take about ${bytes} bytes; Lambda allows ${LAMBDA_ENVIRONMENT_BYTES} (fewer or shorter recipients?)`,
    );
  }
  const fn = new NodejsFunction(scope, id, {
    entry: props.entry,
    handler: 'handler',
    description: props.description,
    runtime: Runtime.NODEJS_24_X,
    architecture: Architecture.ARM_64,
    memorySize: props.memorySize,
    timeout: props.timeout,
    role: props.role,
    logGroup: props.logGroup,
    deadLetterQueue: props.deadLetterQueue,
    environment,
    projectRoot: props.repoRoot,
    depsLockFilePath: join(props.repoRoot, 'package-lock.json'),
    bundling: {
      format: OutputFormat.CJS,
      target: 'node24',
      minify: true,
      sourceMap: true,
      sourcesContent: false,
      // The SDK goes into the bundle: it imports about twice as fast as the runtime's copy
      // and pins the version the tests ran against.
      bundleAwsSDK: true,
      externalModules: [],
      // Prefer ES module builds so esbuild can drop unused SDK code.
      mainFields: ['module', 'main'],
      // The credentials chain reduced to the environment, where Lambda puts the role's keys.
      esbuildArgs: Object.fromEntries(
        Object.entries(BUNDLE_ALIASES).map(([from, to]) => [`--alias:${from}`, to]),
      ),
      tsconfig: join(props.repoRoot, 'functions', 'tsconfig.json'),
    },
  });
  acknowledge(
    fn,
    'L1',
    'Node.js 24 is the pinned Lambda target of this project (.nvmrc, docs/decisions/047); ' +
      'moving to a newer runtime is a deliberate, tested change rather than an automatic one.',
  );
  return fn;
}

/**
 * "Environment variables: 4 KB, for all environment variables associated with the function, in
 * aggregate" (Lambda quotas, docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html):
 * past it a deploy fails, so synth refuses it first.
 */
export const LAMBDA_ENVIRONMENT_BYTES = 4096;

/** Names and values in UTF-8; a reference (an ARN, a name resolved at deploy) counted at 256. */
export function environmentBytes(environment: Record<string, string>): number {
  return Object.entries(environment).reduce(
    (sum, [name, value]) =>
      sum + name.length + (Token.isUnresolved(value) ? 256 : Buffer.byteLength(value)),
    0,
  );
}

/**
 * The recipients variables of a function that mails the leads of `forms`: each form's list
 * (its own, else `default`) under MAIL_TO_<FORM>, the one name the functions read it by
 * (functions/src/leads/mail-to.ts). The form functions and the re-send function both get
 * theirs from here, so a re-sent e-mail goes where the first one went.
 */
export function recipientEnvironment(
  recipients: Recipients,
  forms: readonly LeadForm[],
): Record<string, string> {
  return Object.fromEntries(
    forms.map((form) => [mailToVariable(form), recipientsOf(form, recipients).join(',')]),
  );
}

/**
 * The log group and role of a function that is not behind the API: the role may write to
 * that log group and nothing else until the caller grants what the function uses.
 */
export function functionLogsAndRole(
  scope: Construct,
  props: { description: string; logRetention: RetentionDays },
): { logGroup: LogGroup; role: Role } {
  const logGroup = new LogGroup(scope, 'Logs', { retention: props.logRetention });
  const role = new Role(scope, 'Role', {
    assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
    description: props.description,
  });
  logGroup.grantWrite(role);
  return { logGroup, role };
}

/**
 * The dead-letter queue of an asynchronously invoked function (and its rule): encrypted,
 * TLS only, kept 14 days, its depth alarmed by the operations alarms. `what` says whose it
 * is, for the acknowledgement that it needs no dead-letter queue of its own.
 */
export function deadLetterQueue(scope: Construct, what: string): Queue {
  const queue = new Queue(scope, 'DeadLetterQueue', {
    encryption: QueueEncryption.SQS_MANAGED,
    enforceSSL: true,
    retentionPeriod: Duration.days(14),
  });
  acknowledge(
    queue,
    'SQS3',
    `This queue is itself the dead-letter queue of ${what}; its depth alarms and a person ` +
      'replays or discards what lands here.',
  );
  return queue;
}
