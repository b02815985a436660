import { DefaultStackSynthesizer } from 'aws-cdk-lib';
import { EnvironmentError, parseEnvironment } from '../lib/environment.ts';
import { loadEnvironmentFile } from '../lib/environment-files.ts';
import { bootstrapRoleArn } from '../lib/github-deploy-access.ts';

/*
 * `tsx infra/scripts/deploy-target.ts <environment>`: what deploy.yml needs to know of an
 * environment, read from its file rather than restated in GitHub: its account (the
 * credentials of any other are refused), its region, and its bootstrap lookup role, the
 * read-only role verify's AWS reads run as. Printed as `key=value` lines for $GITHUB_OUTPUT.
 * The default bootstrap qualifier, as cdk.json sets none (decision 082).
 */
const name = process.argv[2] ?? '';
try {
  const { file, input } = await loadEnvironmentFile(name);
  const { account, region } = parseEnvironment(file, input).config.env;
  if (!account || !region) {
    throw new EnvironmentError(`${file} names no account or region: nothing can deploy it.`);
  }
  const qualifier = DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  console.log(`account=${account}`);
  console.log(`region=${region}`);
  console.log(`lookup-role-arn=${bootstrapRoleArn('lookup', { account, region, qualifier })}`);
} catch (error) {
  if (!(error instanceof EnvironmentError)) throw error;
  console.error(error.message);
  process.exit(1);
}
