import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { commandArgs, deployedTableTarget, localTableTarget } from './leads-command.ts';

const cloudformation = mockClient(CloudFormationClient);
const dir = mkdtempSync(join(tmpdir(), 'kryon-leads-command-'));
writeFileSync(
  join(dir, 'staging.ts'),
  `export default ${JSON.stringify({ kind: 'preview', region: 'eu-west-1', stackName: 'KryonWebStaging' })};\n`,
);
afterEach(() => cloudformation.reset());
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('leads commands on an environment', () => {
  it('reach the running npm start by table name, region and endpoint, as a deployment is reached', () => {
    const target = localTableTarget({
      DYNAMODB_PORT: '8300',
      TABLE_NAME: 'my-leads',
      IP_HASH_SECRET: 'local-secret',
    });
    expect(target).toEqual({
      table: 'my-leads',
      region: 'us-east-1',
      env: {
        AWS_ENDPOINT_URL_DYNAMODB: 'http://127.0.0.1:8300',
        AWS_ENDPOINT_URL_SESV2: 'http://127.0.0.1:8005',
        AWS_ENDPOINT_URL_EVENTBRIDGE: 'http://127.0.0.1:8011',
        LEAD_EVENT_BUS_NAME: 'kryon-lead-events',
        AWS_ACCESS_KEY_ID: 'local',
        AWS_SECRET_ACCESS_KEY: 'local',
        IP_HASH_SECRET: 'local-secret',
      },
    });
    expect(commandArgs(target, ['--form', 'demo'])).toEqual([
      '--table',
      'my-leads',
      '--region',
      'us-east-1',
      '--form',
      'demo',
    ]);
  });

  it("find a deployed environment's table by its stack's TableName output, in the file's region", async () => {
    // DescribeStacks, Outputs[].OutputKey / OutputValue:
    // https://docs.aws.amazon.com/AWSCloudFormation/latest/APIReference/API_DescribeStacks.html
    cloudformation.on(DescribeStacksCommand, { StackName: 'KryonWebStaging' }).resolves({
      Stacks: [
        {
          StackName: 'KryonWebStaging',
          CreationTime: new Date(),
          StackStatus: 'UPDATE_COMPLETE',
          Outputs: [
            { OutputKey: 'TableName', OutputValue: 'KryonWebStaging-Submissions-1A2B' },
            { OutputKey: 'LeadEventBusName', OutputValue: 'KryonWebStaging-lead-events' },
          ],
        },
      ],
    });
    // leads:erase tells the destinations through the stack's bus (decision 090).
    expect(await deployedTableTarget('staging', { dir })).toEqual({
      table: 'KryonWebStaging-Submissions-1A2B',
      region: 'eu-west-1',
      env: { LEAD_EVENT_BUS_NAME: 'KryonWebStaging-lead-events' },
    });
  });

  it('say so when the stack has no TableName output', async () => {
    cloudformation.on(DescribeStacksCommand).resolves({
      Stacks: [
        { StackName: 'KryonWebStaging', CreationTime: new Date(), StackStatus: 'CREATE_COMPLETE' },
      ],
    });
    await expect(deployedTableTarget('staging', { dir })).rejects.toThrow(
      'The stack KryonWebStaging in eu-west-1 has no TableName output',
    );
  });
});
