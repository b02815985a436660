import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { deployAccessStack } from '../lib/deploy-access-stack.ts';
import { EnvironmentError } from '../lib/environment.ts';
import { DEFAULT_ENVIRONMENT } from '../lib/environment-files.ts';
import { environmentStack } from '../lib/environment-stack.ts';
import { REPO_ROOT } from '../lib/kryon-stack.ts';
import { policyValidators } from '../lib/policy-validation.ts';

/*
 * The only place that reads CDK context and the process environment. It synthesizes one
 * environment, infra/environments/<name>.ts, named by the context key `environment`, which
 * `npm run synth|diff|deploy -- <name>` sets (infra/scripts/cdk.ts; README "Deploy"). With the
 * context key `deployAccess=true` (infra/scripts/deploy-access.ts) it synthesizes instead that
 * environment's deploy-access stack, the GitHub deploy role ops deploy once (decision 082).
 */
const app = new App();
const name = String(app.node.tryGetContext('environment') ?? DEFAULT_ENVIRONMENT);
let customDomain = false;
try {
  if (String(app.node.tryGetContext('deployAccess')) === 'true') {
    await deployAccessStack(app, { name });
  } else {
    const { parsed } = await environmentStack(app, {
      name,
      siteDir: join(REPO_ROOT, 'web', 'build', 'client'),
      account: process.env.CDK_DEFAULT_ACCOUNT,
      region: process.env.CDK_DEFAULT_REGION,
      appVersion: app.node.tryGetContext('appVersion'),
    });
    customDomain = parsed.config.domain !== undefined;
  }
} catch (error) {
  if (!(error instanceof EnvironmentError)) throw error;
  // The deployer's to fix: say what and where, without a stack trace.
  console.error(error.message);
  process.exit(1);
}
Validations.of(app).addPlugins(new AwsSolutionsChecks(app), ...policyValidators({ customDomain }));
