import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { CfnResource } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSiteFixture } from '../test/site-fixture.ts';
import { logicalId, resourcesOf, synth } from '../test/synth.ts';

// A site of its own, so the test needs no build of the real one (a clean clone has none).
const siteDir = writeSiteFixture();
const synthesized = synth({ siteDir });
afterAll(() => {
  rmSync(synthesized.outdir, { recursive: true, force: true });
  rmSync(join(siteDir, '..'), { recursive: true, force: true });
});

describe('the leads reader role', () => {
  const { stack, template } = synthesized;
  const role = stack.node.findChild('LeadsReader').node.findChild('Role').node
    .defaultChild as CfnResource;
  const tableId = logicalId(stack.table.table.node.defaultChild as CfnResource);

  it('is trusted by the account alone, and may only describe and scan the leads table and read the stack', () => {
    template.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: {
        Statement: [
          {
            Action: 'sts:AssumeRole',
            Effect: 'Allow',
            Principal: {
              AWS: {
                'Fn::Join': [
                  '',
                  ['arn:', { Ref: 'AWS::Partition' }, ':iam::', Match.anyValue(), ':root'],
                ],
              },
            },
          },
        ],
      },
      Description: 'Reads the leads table for npm run leads:export (no writes)',
    });
    const policies = Object.values(resourcesOf(template, 'AWS::IAM::Policy')).filter((policy) =>
      JSON.stringify(policy.Properties?.Roles).includes(logicalId(role)),
    );
    expect(policies).toHaveLength(1);
    const document = policies[0]?.Properties?.PolicyDocument as { Statement: unknown[] };
    expect(document.Statement).toEqual([
      {
        Action: ['dynamodb:DescribeTable', 'dynamodb:Scan'],
        Effect: 'Allow',
        Resource: { 'Fn::GetAtt': [tableId, 'Arn'] },
      },
      {
        Action: 'cloudformation:DescribeStacks',
        Effect: 'Allow',
        Resource: { Ref: 'AWS::StackId' },
      },
    ]);
  });

  it('is an output the README names', () => {
    template.hasOutput('LeadsReaderRoleArn', {
      Value: { 'Fn::GetAtt': [logicalId(role), 'Arn'] },
    });
  });
});
