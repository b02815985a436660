import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Validations } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { AwsSolutionsChecks } from 'cdk-nag';
import { afterAll, describe, expect, it } from 'vitest';
import { filledInProduction } from '../test/filled-in-production.ts';
import { cdkJsonContext, logicalId, nagFindings } from '../test/synth.ts';
import {
  DeployAccessStack,
  type DeployAccessStackProps,
  deployAccessStack,
} from './deploy-access-stack.ts';
import { EnvironmentError } from './environment.ts';
import { GITHUB_REPOSITORY } from './github-deploy-access.ts';
import { policyValidators } from './policy-validation.ts';

const ACCOUNT = '123456789012';
const REGION = 'eu-central-1';
const ISSUER = 'token.actions.githubusercontent.com';

/** The stack as bin/app.ts builds it: cdk.json's flags, cdk-nag and cfn-guard on the app. */
function synthAccess(props: Partial<DeployAccessStackProps> = {}, context = {}) {
  const app = new App({ context: { ...cdkJsonContext(), ...context } });
  const stack = new DeployAccessStack(app, 'KryonWeb-deploy-access', {
    environmentName: 'production',
    env: { account: ACCOUNT, region: REGION },
    ...props,
  });
  Validations.of(app).addPlugins(
    new AwsSolutionsChecks(app),
    ...policyValidators({ customDomain: false }),
  );
  app.synth(); // throws on an unacknowledged cdk-nag finding or cfn-guard violation
  return { app, stack, template: Template.fromStack(stack) };
}

type Resources = Record<string, { Type: string; Properties: Record<string, unknown> }>;
const resourcesOf = (template: Template, type: string) =>
  Object.values(template.findResources(type) as Resources);

const bootstrapRoles = (qualifier: string) =>
  ['deploy', 'file-publishing', 'lookup'].map(
    (role) => `arn:aws:iam::${ACCOUNT}:role/cdk-${qualifier}-${role}-role-${ACCOUNT}-${REGION}`,
  );

describe('the deploy-access stack of production', () => {
  const { app, stack, template } = synthAccess();
  const [role] = resourcesOf(template, 'AWS::IAM::Role');
  const providerId = logicalId(stack.access.provider.node.defaultChild as never);

  it('passes cdk-nag and cfn-guard with no acknowledgement', () => {
    expect(nagFindings(app)).toEqual([]);
    const acks = stack.node
      .findAll()
      .flatMap((c) =>
        c.node.metadata.filter((m) => m.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY),
      );
    expect(acks).toEqual([]);
  });

  it('holds the provider and the role, nothing else', () => {
    const types = Object.values(template.toJSON().Resources as Resources)
      .map((resource) => resource.Type)
      .filter((type) => type !== 'AWS::CDK::Metadata')
      .sort();
    expect(types).toEqual(['AWS::IAM::OIDCProvider', 'AWS::IAM::Role']);
  });

  it("creates GitHub's OIDC provider with the STS audience, kept if the stack goes", () => {
    template.hasResource('AWS::IAM::OIDCProvider', {
      Properties: { Url: `https://${ISSUER}`, ClientIdList: ['sts.amazonaws.com'] },
      DeletionPolicy: 'Retain',
    });
    const [provider] = resourcesOf(template, 'AWS::IAM::OIDCProvider');
    expect(Object.keys(provider?.Properties ?? {}).sort()).toEqual(['ClientIdList', 'Url']);
  });

  it("trusts only this repository's production environment, with the STS audience", () => {
    expect(role?.Properties.AssumeRolePolicyDocument).toEqual({
      Version: '2012-10-17',
      Statement: [
        {
          Effect: 'Allow',
          Action: 'sts:AssumeRoleWithWebIdentity',
          Principal: { Federated: { Ref: providerId } },
          Condition: {
            StringEquals: {
              [`${ISSUER}:aud`]: 'sts.amazonaws.com',
              [`${ISSUER}:sub`]: 'repo:kryon-security/kryon-web:environment:production',
            },
          },
        },
      ],
    });
  });

  it('may only assume the bootstrap roles the CLI uses, in its account and region', () => {
    expect(role?.Properties.Policies).toEqual([
      {
        PolicyName: 'AssumeCdkBootstrapRoles',
        PolicyDocument: {
          Version: '2012-10-17',
          Statement: [
            { Effect: 'Allow', Action: 'sts:AssumeRole', Resource: bootstrapRoles('hnb659fds') },
          ],
        },
      },
    ]);
    expect(role?.Properties.ManagedPolicyArns).toBeUndefined();
    expect(role?.Properties.PermissionsBoundary).toBeUndefined();
    expect(resourcesOf(template, 'AWS::IAM::Policy')).toEqual([]);
    expect(resourcesOf(template, 'AWS::IAM::ManagedPolicy')).toEqual([]);
  });

  it('allows a session of two hours, as deploy.yml asks', () => {
    expect(role?.Properties.MaxSessionDuration).toBe(7200);
  });

  it('outputs the role ARN ops put in the GitHub environment, and the subject it trusts', () => {
    const outputs = template.toJSON().Outputs as Record<string, { Value: unknown }>;
    expect(outputs.DeployRoleArn?.Value).toEqual({
      'Fn::GetAtt': [logicalId(stack.access.role.node.defaultChild as never), 'Arn'],
    });
    expect(outputs.TrustedSubject?.Value).toBe(
      'repo:kryon-security/kryon-web:environment:production',
    );
  });
});

describe('options', () => {
  it("uses the account's provider when told it exists, and creates none", () => {
    const { template } = synthAccess({ existingProvider: true });
    expect(resourcesOf(template, 'AWS::IAM::OIDCProvider')).toEqual([]);
    const [role] = resourcesOf(template, 'AWS::IAM::Role');
    const trust = role?.Properties.AssumeRolePolicyDocument as
      | { Statement: { Principal: unknown }[] }
      | undefined;
    expect(trust?.Statement[0]?.Principal).toEqual({
      Federated: `arn:aws:iam::${ACCOUNT}:oidc-provider/${ISSUER}`,
    });
  });

  it('trusts the immutable subject of a repository that has one, per environment', () => {
    const { stack } = synthAccess({
      environmentName: 'staging',
      repository: { ...GITHUB_REPOSITORY, ids: { owner: 1234, repository: 5678 } },
    });
    expect(stack.access.subject).toBe(
      'repo:kryon-security@1234/kryon-web@5678:environment:staging',
    );
  });

  it("names the bootstrap roles of the app's qualifier when cdk.json customises it", () => {
    const { template } = synthAccess({}, { '@aws-cdk/core:bootstrapQualifier': 'kryon1' });
    const [role] = resourcesOf(template, 'AWS::IAM::Role');
    expect(JSON.stringify(role?.Properties.Policies)).toContain(
      JSON.stringify(bootstrapRoles('kryon1')),
    );
  });
});

describe('deployAccessStack, from an environment file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kryon-environments-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, input: unknown) =>
    writeFileSync(join(dir, `${name}.ts`), `export default ${JSON.stringify(input)};\n`);
  write('production', filledInProduction());
  write('preview', { kind: 'preview' });

  it("is the file's stack name with -deploy-access, in the file's account and region", async () => {
    const app = new App({ context: cdkJsonContext() });
    const stack = await deployAccessStack(app, { name: 'production', dir });
    expect(stack.stackName).toBe('KryonWeb-deploy-access');
    expect([stack.account, stack.region]).toEqual([ACCOUNT, 'us-east-1']);
    expect(stack.access.subject).toBe('repo:kryon-security/kryon-web:environment:production');
  });

  it('refuses a file that names no account or region', async () => {
    const app = new App({ context: cdkJsonContext() });
    const refusal = deployAccessStack(app, { name: 'preview', dir });
    await expect(refusal).rejects.toThrow(EnvironmentError);
    await expect(refusal).rejects.toThrow(/names no account and region/);
  });
});
