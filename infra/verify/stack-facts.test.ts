import {
  CloudFormationClient,
  DescribeStacksCommand,
  ListStackResourcesCommand,
} from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadStackFacts, outputsNamed, resourcesOf } from './stack-facts.ts';

/* Response shapes: DescribeStacks (Stacks[].Outputs[]) and ListStackResources (StackResourceSummaries[], NextToken). */
const cloudformation = mockClient(CloudFormationClient);
const client = new CloudFormationClient({ region: 'us-east-1' });
beforeEach(() => cloudformation.reset());

const summary = (LogicalResourceId: string, PhysicalResourceId: string, ResourceType: string) => ({
  LogicalResourceId,
  PhysicalResourceId,
  ResourceType,
  LastUpdatedTimestamp: new Date('2026-11-30'),
  ResourceStatus: 'CREATE_COMPLETE' as const,
});

describe('loadStackFacts', () => {
  it('reads the outputs and every page of resources', async () => {
    cloudformation.on(DescribeStacksCommand, { StackName: 'KryonWeb' }).resolves({
      Stacks: [
        {
          StackName: 'KryonWeb',
          StackStatus: 'UPDATE_COMPLETE',
          CreationTime: new Date('2026-11-01'),
          Outputs: [
            {
              OutputKey: 'SalesConfigurationSet',
              OutputValue: 'sales-set',
              Description: 'SES configuration set',
            },
            { OutputKey: 'EmailDkimRecord2237C1F2F', OutputValue: 'b' },
            { OutputKey: 'EmailDkimRecord13AF1872A', OutputValue: 'a' },
          ],
        },
      ],
    });
    cloudformation
      .on(ListStackResourcesCommand, { StackName: 'KryonWeb', NextToken: undefined })
      .resolves({
        StackResourceSummaries: [summary('ApiHttpApi4C294DC0', 'a1b2c3', 'AWS::ApiGatewayV2::Api')],
        NextToken: 'more',
      })
      .on(ListStackResourcesCommand, { StackName: 'KryonWeb', NextToken: 'more' })
      .resolves({
        StackResourceSummaries: [
          summary('DeliveryEventsRuleEF6C5E4B', 'rule-name', 'AWS::Events::Rule'),
        ],
      });

    const facts = await loadStackFacts(client, 'KryonWeb', 'us-east-1');

    expect(facts.outputs.SalesConfigurationSet).toBe('sales-set');
    expect(facts.createdAt).toEqual(new Date('2026-11-01'));
    expect(facts.resources).toHaveLength(2);
    expect(resourcesOf(facts, 'AWS::Events::Rule', 'DeliveryEventsRule')[0]?.physicalId).toBe(
      'rule-name',
    );
    expect(outputsNamed(facts, (key) => key.includes('DkimRecord')).map(([, v]) => v)).toEqual([
      'a',
      'b',
    ]);
  });

  it('throws when the stack is not there: nothing else can be checked', async () => {
    cloudformation.on(DescribeStacksCommand).resolves({ Stacks: [] });
    await expect(loadStackFacts(client, 'KryonWeb', 'eu-west-1')).rejects.toThrow(
      'no stack KryonWeb in eu-west-1',
    );
  });
});
