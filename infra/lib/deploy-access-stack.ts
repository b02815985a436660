import { type App, CfnOutput, DefaultStackSynthesizer, Stack, type StackProps } from 'aws-cdk-lib';
import type { Construct } from 'constructs';
import { EnvironmentError, parseEnvironment } from './environment.ts';
import { checkStackNames, loadEnvironmentFile } from './environment-files.ts';
import {
  EXISTING_GITHUB_OIDC_PROVIDER,
  GITHUB_REPOSITORY,
  GitHubDeployAccess,
  type GitHubRepository,
} from './github-deploy-access.ts';

export interface DeployAccessStackProps extends StackProps {
  /** The environment's name: its file, and the GitHub environment that deploys it. */
  environmentName: string;
  /** The account and region the environment file names. */
  env: { account: string; region: string };
  /**
   * @default GITHUB_REPOSITORY
   */
  repository?: GitHubRepository;
  /**
   * Use the account's GitHub OIDC provider rather than create one.
   * @default whether EXISTING_GITHUB_OIDC_PROVIDER names the environment
   */
  existingProvider?: boolean;
}

/**
 * What ops deploy once per environment, with their own credentials, before the deploy
 * workflow can run: the OIDC provider and the environment's deploy role (decision 082).
 */
export class DeployAccessStack extends Stack {
  readonly access: GitHubDeployAccess;

  constructor(scope: Construct, id: string, props: DeployAccessStackProps) {
    super(scope, id, props);
    // The qualifier the app's stacks are synthesized for: the context key
    // @aws-cdk/core:bootstrapQualifier when cdk.json sets one, else CDK's default.
    const qualifier =
      (this.synthesizer instanceof DefaultStackSynthesizer
        ? this.synthesizer.bootstrapQualifier
        : undefined) ?? DefaultStackSynthesizer.DEFAULT_QUALIFIER;
    this.access = new GitHubDeployAccess(this, 'GitHub', {
      repository: props.repository ?? GITHUB_REPOSITORY,
      environment: props.environmentName,
      account: props.env.account,
      region: props.env.region,
      qualifier,
      existingProvider:
        props.existingProvider ?? EXISTING_GITHUB_OIDC_PROVIDER.includes(props.environmentName),
    });
    new CfnOutput(this, 'DeployRoleArn', {
      description: `The GitHub environment ${props.environmentName}'s variable AWS_DEPLOY_ROLE_ARN`,
      value: this.access.role.roleArn,
    });
    new CfnOutput(this, 'TrustedSubject', {
      description: 'The only OIDC sub claim the deploy role trusts',
      value: this.access.subject,
    });
  }
}

/**
 * The deploy-access stack of one environment file, `<stackName>-deploy-access` in the file's
 * account and region. A file that names no account or region is refused: the role is for
 * one account, and the CLI's credentials must not choose it.
 */
export async function deployAccessStack(
  app: App,
  options: { name: string; dir?: string },
): Promise<DeployAccessStack> {
  const { file, input } = await loadEnvironmentFile(options.name, options.dir);
  const { config } = parseEnvironment(file, input);
  await checkStackNames(options.dir);
  const { account, region } = config.env;
  if (!account || !region) {
    throw new EnvironmentError(
      `${file} names no ${[!account && 'account', !region && 'region'].filter(Boolean).join(' and ')}: ` +
        'its deploy role is for one account and region, which the file must name.',
    );
  }
  return new DeployAccessStack(app, `${config.stackName}-deploy-access`, {
    environmentName: options.name,
    env: { account, region },
    description: `Kryon website: GitHub Actions' deploy role for ${options.name} (OIDC, no stored key)`,
  });
}
