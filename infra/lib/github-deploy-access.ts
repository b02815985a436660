import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import {
  type IOidcProvider,
  OidcProviderNative,
  PolicyDocument,
  PolicyStatement,
  Role,
  WebIdentityPrincipal,
} from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

/*
 * What lets the deploy workflow (.github/workflows/deploy.yml) into one AWS account without a
 * stored key: GitHub's OIDC provider in IAM and a role its tokens may assume, for one GitHub
 * environment of this repository only, allowed nothing but to assume the CDK bootstrap roles
 * (decision 082). Sources: GitHub Docs, "Configuring OpenID Connect in Amazon Web Services"
 * (https://docs.github.com/en/actions/how-tos/secure-your-work/security-harden-deployments/oidc-in-aws)
 * and "OpenID Connect reference" (https://docs.github.com/en/actions/reference/security/oidc).
 */

/** The issuer of GitHub Actions' OIDC tokens: the provider's URL, and its condition keys' prefix. */
export const GITHUB_OIDC_ISSUER = 'token.actions.githubusercontent.com';

/** The audience aws-actions/configure-aws-credentials asks for, its default, and the one trusted. */
export const GITHUB_OIDC_AUDIENCE = 'sts.amazonaws.com';

/** A GitHub repository as its OIDC tokens name it in their `sub` claim. */
export interface GitHubRepository {
  owner: string;
  name: string;
  /**
   * The numeric IDs of the owner and the repository, for a repository with immutable subject
   * claims (every repository created on github.com from 15 July 2026, and older ones that opted
   * in): its tokens' `sub` is then `repo:<owner>@<ownerId>/<name>@<repositoryId>:…`, and a trust
   * on the name-only form refuses them ("Not authorized to perform
   * sts:AssumeRoleWithWebIdentity"). The repository's OIDC settings show the prefix.
   * @default none: the name-only `sub` of an older repository
   */
  ids?: { owner: number; repository: number };
}

/**
 * This repository, the one place its name is written. Its tokens are the only ones the deploy
 * roles trust. The owner is the organisation the site links to (web/app/site-config.ts), the
 * name the root package's; a token from any other repository (a fork, a renamed copy) is refused.
 */
export const GITHUB_REPOSITORY: GitHubRepository = { owner: 'kryon-security', name: 'kryon-web' };

/**
 * The environments (infra/environments/<name>.ts) whose account already had GitHub's OIDC
 * provider when their deploy-access stack was first deployed: IAM holds one provider per URL
 * per account, so these stacks use it rather than create a second (CloudFormation would fail
 * with EntityAlreadyExists). Add the name before that first deploy.
 */
export const EXISTING_GITHUB_OIDC_PROVIDER: readonly string[] = [];

/** The `sub` claim of a job of `repository` that names the GitHub environment `environment`. */
export function githubSubject(repository: GitHubRepository, environment: string): string {
  const owner = repository.ids ? `${repository.owner}@${repository.ids.owner}` : repository.owner;
  const name = repository.ids ? `${repository.name}@${repository.ids.repository}` : repository.name;
  return `repo:${owner}/${name}:environment:${environment}`;
}

/**
 * The bootstrap roles the CDK CLI assumes for `diff` and `deploy` of this app: `deploy` (the
 * CloudFormation calls), `file-publishing` (assets to the staging bucket) and `lookup` (the
 * deployed template for diff; read-only). Not `image-publishing` (the app has no container
 * image) nor `cfn-exec` (CloudFormation's own, which trusts only cloudformation.amazonaws.com).
 * Names as the bootstrap template gives them: AWS CDK v2 Developer Guide, "AWS CDK
 * bootstrapping" (https://docs.aws.amazon.com/cdk/v2/guide/bootstrapping.html), and
 * DefaultStackSynthesizer (https://docs.aws.amazon.com/cdk/api/v2/docs/aws-cdk-lib.DefaultStackSynthesizer.html).
 */
export const CLI_BOOTSTRAP_ROLES = ['deploy', 'file-publishing', 'lookup'] as const;
export type BootstrapRole = (typeof CLI_BOOTSTRAP_ROLES)[number];

/** One bootstrap role's ARN in an account and region, for a bootstrap qualifier. */
export function bootstrapRoleArn(
  role: BootstrapRole,
  where: { account: string; region: string; qualifier: string; partition?: string },
): string {
  const { account, region, qualifier, partition = 'aws' } = where;
  return `arn:${partition}:iam::${account}:role/cdk-${qualifier}-${role}-role-${account}-${region}`;
}

export interface GitHubDeployAccessProps {
  /** The repository whose workflows may assume the role. */
  repository: GitHubRepository;
  /** The GitHub environment a job must name (`environment:`) to assume it. */
  environment: string;
  /** The account and region whose bootstrap roles it may assume. */
  account: string;
  region: string;
  /** The bootstrap qualifier of that account and region (`hnb659fds` unless customised). */
  qualifier: string;
  /**
   * Use the account's GitHub OIDC provider instead of creating one.
   * @default false: the construct creates it
   */
  existingProvider?: boolean;
}

/**
 * GitHub's OIDC provider (created, or the account's own) and the deploy role of one GitHub
 * environment: trusted for `sts:AssumeRoleWithWebIdentity` by tokens of that environment of
 * this repository with the STS audience, and allowed `sts:AssumeRole` on the CLI's bootstrap
 * roles of its account and region, nothing else. What deploys is what those roles may do.
 */
export class GitHubDeployAccess extends Construct {
  readonly provider: IOidcProvider;
  readonly role: Role;
  /** The `sub` claim the role trusts. */
  readonly subject: string;

  constructor(scope: Construct, id: string, props: GitHubDeployAccessProps) {
    super(scope, id);
    const { partition } = Stack.of(this);
    this.provider = props.existingProvider
      ? OidcProviderNative.fromOidcProviderArn(
          this,
          'Provider',
          `arn:${partition}:iam::${props.account}:oidc-provider/${GITHUB_OIDC_ISSUER}`,
        )
      : new OidcProviderNative(this, 'Provider', {
          url: `https://${GITHUB_OIDC_ISSUER}`,
          clientIds: [GITHUB_OIDC_AUDIENCE],
          // No thumbprint: IAM checks GitHub's certificate against its library of trusted
          // CAs ("Create an OpenID Connect (OIDC) identity provider in IAM",
          // https://docs.aws.amazon.com/IAM/latest/UserGuide/id_roles_providers_create_oidc.html).
          // Retained: other roles of the account may come to trust it, and an environment
          // moved to EXISTING_GITHUB_OIDC_PROVIDER must find it still there.
          removalPolicy: RemovalPolicy.RETAIN,
        });

    this.subject = githubSubject(props.repository, props.environment);
    this.role = new Role(this, 'Role', {
      description:
        `Assumed by GitHub Actions (deploy.yml) in environment ${props.environment} of ` +
        `${props.repository.owner}/${props.repository.name}; may only assume the CDK bootstrap roles.`,
      // StringEquals on both claims, as GitHub and IAM advise: without `sub` any repository's
      // workflow could assume the role.
      assumedBy: new WebIdentityPrincipal(this.provider.oidcProviderArn, {
        StringEquals: {
          [`${GITHUB_OIDC_ISSUER}:aud`]: GITHUB_OIDC_AUDIENCE,
          [`${GITHUB_OIDC_ISSUER}:sub`]: this.subject,
        },
      }),
      // The workflow's one session covers diff, deploy and verify; the CLI re-assumes the
      // bootstrap roles from it, since "role chaining limits your AWS CLI or AWS API role
      // session to a maximum of one hour" (AWS STS API Reference, AssumeRole,
      // https://docs.aws.amazon.com/STS/latest/APIReference/API_AssumeRole.html). deploy.yml
      // asks for these two hours.
      maxSessionDuration: Duration.hours(2),
      inlinePolicies: {
        AssumeCdkBootstrapRoles: new PolicyDocument({
          statements: [
            new PolicyStatement({
              actions: ['sts:AssumeRole'],
              resources: CLI_BOOTSTRAP_ROLES.map((role) =>
                bootstrapRoleArn(role, { ...props, partition }),
              ),
            }),
          ],
        }),
      },
    });
  }
}
