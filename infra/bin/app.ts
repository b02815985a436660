import { fileURLToPath } from 'node:url';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import {
  CONTEXT_KEYS,
  type DeployConfig,
  DeployConfigError,
  parseDeployConfig,
  type RawContext,
} from '../lib/deploy-config.ts';
import { KryonStack } from '../lib/kryon-stack.ts';
import { policyValidators } from '../lib/policy-validation.ts';

/*
 * The only place that reads CDK context and the environment. Everything below receives
 * typed props; see docs/decisions/ and the README's Deploy section for the keys.
 */
const app = new App({ policyValidationBeta1: policyValidators() });

const raw: RawContext = {};
for (const key of CONTEXT_KEYS) raw[key] = app.node.tryGetContext(key);

let config: DeployConfig;
try {
  config = parseDeployConfig(raw, {
    repoRoot: fileURLToPath(new URL('../../', import.meta.url)),
    account: process.env.CDK_DEFAULT_ACCOUNT,
    region: process.env.CDK_DEFAULT_REGION,
  });
} catch (error) {
  if (!(error instanceof DeployConfigError)) throw error;
  // A wrong context value is the deployer's to fix: say which, without a stack trace.
  console.error(`Invalid CDK context: ${error.message}`);
  process.exit(1);
}

const { stackName, env, placeholders, ...props } = config;
const stack = new KryonStack(app, stackName, {
  ...props,
  env,
  description: 'Kryon website: CloudFront + S3 site, lead API (HTTP API + Lambda), DynamoDB, SES',
});

if (placeholders.length > 0) {
  Validations.of(stack).addWarning(
    'kryon:placeholder-context',
    `Context ${placeholders.join(', ')} not set: example.com placeholders are in use. ` +
      'Synthesis works; do not deploy this. See the README "Deploy" section.',
  );
}

Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
