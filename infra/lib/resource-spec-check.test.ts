import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeSiteFixture } from '../test/site-fixture.ts';
import { synth } from '../test/synth.ts';
import { checkTemplateAgainstSpec, loadResourceSpec } from './resource-spec-check.ts';

// The real stack, synthesized as in test/stack.test.ts (functions not bundled).
const siteDir = writeSiteFixture();
const { template, outdir } = synth({ siteDir });
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(outdir, { recursive: true, force: true });
});

let db: Awaited<ReturnType<typeof loadResourceSpec>>;
beforeAll(async () => {
  db = await loadResourceSpec();
});

describe('the CloudFormation resource specification check', () => {
  it('finds nothing in the real stack', () => {
    const json = template.toJSON();
    // The check ran on something: the stack has dozens of resources of many types.
    expect(Object.keys(json.Resources).length).toBeGreaterThan(50);
    expect(checkTemplateAgainstSpec(json, db)).toEqual([]);
  });

  it('names the logical ID, type and property of each seeded mistake, and nothing else', () => {
    const template = {
      Resources: {
        // A misspelt property at the top level and one in a nested property type.
        Content: {
          Type: 'AWS::S3::Bucket',
          Properties: {
            BucketEncryptoin: { ServerSideEncryptionConfiguration: [] },
            VersioningConfiguration: { Status: 'Enabled' },
            LifecycleConfiguration: { Rules: [{ Status: 'Enabled', ExpirationInDay: 30 }] },
          },
        },
        // Principal is required.
        Invoke: {
          Type: 'AWS::Lambda::Permission',
          Properties: { Action: 'lambda:InvokeFunction', FunctionName: { Ref: 'Fn' } },
        },
        Jobs: { Type: 'AWS::SQS::Queu', Properties: {} },
        // Intrinsics and custom resources are not checked.
        Fn: {
          Type: 'AWS::Lambda::Function',
          Properties: {
            Role: { 'Fn::GetAtt': ['Role', 'Arn'] },
            Code: { 'Fn::If': ['Cond', { ZipFile: 'x' }, { ZipFile: 'y' }] },
          },
        },
        Deploy: { Type: 'Custom::CDKBucketDeployment', Properties: { Anything: 1 } },
      },
    };
    expect(checkTemplateAgainstSpec(template, db)).toEqual([
      {
        kind: 'unknown-property',
        logicalId: 'Content',
        type: 'AWS::S3::Bucket',
        property: 'BucketEncryptoin',
        message: 'Content (AWS::S3::Bucket): unknown property "BucketEncryptoin"',
      },
      {
        kind: 'unknown-property',
        logicalId: 'Content',
        type: 'AWS::S3::Bucket',
        property: 'LifecycleConfiguration.Rules[0].ExpirationInDay',
        message:
          'Content (AWS::S3::Bucket): unknown property ' +
          '"LifecycleConfiguration.Rules[0].ExpirationInDay"',
      },
      {
        kind: 'missing-property',
        logicalId: 'Invoke',
        type: 'AWS::Lambda::Permission',
        property: 'Principal',
        message: 'Invoke (AWS::Lambda::Permission): missing required property "Principal"',
      },
      {
        kind: 'unknown-type',
        logicalId: 'Jobs',
        type: 'AWS::SQS::Queu',
        message: 'Jobs (AWS::SQS::Queu): unknown resource type',
      },
    ]);
  });
});
