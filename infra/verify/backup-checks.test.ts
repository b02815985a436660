import {
  CloudWatchClient,
  DescribeAlarmsCommand,
  ListMetricsCommand,
} from '@aws-sdk/client-cloudwatch';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  BACKUP_COPY_ALARM,
  BACKUP_FAILED_ALARM,
  BACKUP_STOPPED_ALARM,
  BACKUP_VAULT,
  backupAlarm,
  COPY_VAULT_NAME,
  listedMetric,
  REGION,
  stackFacts,
} from './aws-fixtures.ts';
import { checkBackupMetrics, FIRST_BACKUP_WITHIN_HOURS } from './backup-checks.ts';
import type { StackFacts } from './stack-facts.ts';

/*
 * Response shapes: DescribeAlarms (MetricAlarms[], MetricAlarm.Metrics[] of MetricDataQuery)
 * and ListMetrics (Metrics[] with Dimensions, NextToken), as cited in backup-checks.ts.
 */
const cloudwatch = mockClient(CloudWatchClient);
const cw = new CloudWatchClient({ region: REGION });
const NOW = new Date('2026-11-29T12:00:00Z');
const daysOld = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

const FAILED = [
  'NumberOfBackupJobsFailed',
  'NumberOfBackupJobsAborted',
  'NumberOfBackupJobsExpired',
];
const COPY_FAILED = backupAlarm(
  BACKUP_COPY_ALARM,
  ['NumberOfCopyJobsFailed'],
  [BACKUP_VAULT, COPY_VAULT_NAME],
);
const VAULT = { BackupVaultName: BACKUP_VAULT };
const VAULT_AND_TYPE = { BackupVaultName: BACKUP_VAULT, ResourceType: 'DynamoDB' };

/** The stack's facts, created `days` ago, with the copy's alarm when `copy`. */
function facts(days = 30, copy = false): StackFacts {
  const base = stackFacts();
  return {
    ...base,
    createdAt: daysOld(days),
    resources: copy
      ? [
          ...base.resources,
          {
            logicalId: 'BackupsBackupCopyFailed3767D881',
            physicalId: BACKUP_COPY_ALARM,
            type: 'AWS::CloudWatch::Alarm',
          },
        ]
      : base.resources,
  };
}

/** ListMetrics answers a vault's filter with these series (metric name, dimensions). */
function publish(byVault: Record<string, [string, Record<string, string>][]>) {
  cloudwatch
    .on(ListMetricsCommand)
    .callsFake((input: { Dimensions: { Name: string; Value: string }[] }) => ({
      Metrics: (byVault[input.Dimensions[0]?.Value ?? ''] ?? []).map(([name, dims]) =>
        listedMetric('AWS/Backup', name, dims),
      ),
    }));
}

beforeEach(() => {
  cloudwatch.reset();
  const described = [
    backupAlarm(BACKUP_FAILED_ALARM, FAILED),
    backupAlarm(BACKUP_STOPPED_ALARM, ['NumberOfBackupJobsCompleted']),
    COPY_FAILED,
  ];
  cloudwatch.on(DescribeAlarmsCommand).callsFake((input: { AlarmNames: string[] }) => ({
    MetricAlarms: described.filter((alarm) => input.AlarmNames.includes(alarm.AlarmName)),
  }));
});

describe('checkBackupMetrics', () => {
  it('passes a vault whose completed backups are published under a set the alarms read', async () => {
    publish({
      [BACKUP_VAULT]: [
        ['NumberOfBackupJobsCompleted', VAULT],
        ['NumberOfBackupJobsCreated', VAULT],
      ],
    });

    const [result] = await checkBackupMetrics(cw, facts(), NOW);

    expect(result?.status).toBe('ok');
    expect(result?.detail).toBe(
      `for ${BACKUP_VAULT}: NumberOfBackupJobsCompleted, NumberOfBackupJobsCreated as {BackupVaultName=${BACKUP_VAULT}}`,
    );
    // Listed by the vault's dimension, in AWS/Backup, once per vault the alarms name.
    expect(cloudwatch.commandCalls(ListMetricsCommand).map((c) => c.args[0].input)).toEqual([
      {
        Namespace: 'AWS/Backup',
        Dimensions: [{ Name: 'BackupVaultName', Value: BACKUP_VAULT }],
        NextToken: undefined,
      },
    ]);
    expect(cloudwatch.commandCalls(DescribeAlarmsCommand)[0]?.args[0].input).toEqual({
      AlarmNames: [BACKUP_FAILED_ALARM, BACKUP_STOPPED_ALARM],
    });
  });

  it('passes the vault with its resource type, the alarms’ other set', async () => {
    publish({
      [BACKUP_VAULT]: [
        ['NumberOfBackupJobsCompleted', VAULT_AND_TYPE],
        ['NumberOfBackupJobsFailed', VAULT_AND_TYPE],
      ],
    });
    const [result] = await checkBackupMetrics(cw, facts(), NOW);
    expect(result?.status).toBe('ok');
    expect(result?.detail).toContain('ResourceType=DynamoDB');
  });

  it('fails a count published for the vault under none of the alarms’ sets, and names it', async () => {
    publish({
      [BACKUP_VAULT]: [
        ['NumberOfBackupJobsCompleted', { ...VAULT, ResourceType: 'AWS::DynamoDB::Table' }],
      ],
    });

    const [result] = await checkBackupMetrics(cw, facts(), NOW);

    expect(result?.status).toBe('fail');
    expect(result?.detail).toBe(
      `AWS/Backup NumberOfBackupJobsCompleted of ${BACKUP_VAULT} is published as ` +
        `{BackupVaultName=${BACKUP_VAULT}, ResourceType=AWS::DynamoDB::Table}; the alarms read ` +
        `{BackupVaultName=${BACKUP_VAULT}} / {BackupVaultName=${BACKUP_VAULT}, ResourceType=DynamoDB}`,
    );
    expect(result?.fix).toContain('BACKUP_METRIC_DIMENSIONS');
  });

  it('skips a stack younger than its first backup', async () => {
    publish({});
    const young = facts((FIRST_BACKUP_WITHIN_HOURS - 2) / 24);
    const [result] = await checkBackupMetrics(cw, young, NOW);
    expect(result?.status).toBe('skipped');
    expect(result?.detail).toContain(`the stack is ${FIRST_BACKUP_WITHIN_HOURS - 2} hours old`);
  });

  it('warns when nothing names the vault after the first backup day', async () => {
    publish({});
    const [result] = await checkBackupMetrics(cw, facts(FIRST_BACKUP_WITHIN_HOURS / 24), NOW);
    expect(result?.status).toBe('warn');
    expect(result?.detail).toBe(
      `no AWS/Backup metric names BackupVaultName=${BACKUP_VAULT} in the last two weeks`,
    );
    expect(result?.fix).toContain(
      `aws backup list-backup-jobs --by-backup-vault-name ${BACKUP_VAULT}`,
    );
  });

  it('warns when the vault has jobs but none completed in two weeks', async () => {
    publish({
      [BACKUP_VAULT]: [
        ['NumberOfBackupJobsCreated', VAULT],
        ['NumberOfBackupJobsFailed', VAULT],
      ],
    });
    const [result] = await checkBackupMetrics(cw, facts(), NOW);
    expect(result?.status).toBe('warn');
    expect(result?.detail).toContain('and no NumberOfBackupJobsCompleted in the last two weeks');
  });

  it('with a copy, also lists the destination vault’s name, and checks its counts too', async () => {
    publish({
      [BACKUP_VAULT]: [['NumberOfBackupJobsCompleted', VAULT]],
      [COPY_VAULT_NAME]: [['NumberOfCopyJobsCompleted', { BackupVaultName: COPY_VAULT_NAME }]],
    });
    const [passed] = await checkBackupMetrics(cw, facts(30, true), NOW);
    expect(passed?.status).toBe('ok');
    expect(passed?.detail).toContain(
      `; for ${COPY_VAULT_NAME}: NumberOfCopyJobsCompleted as {BackupVaultName=${COPY_VAULT_NAME}}`,
    );
    expect(cloudwatch.commandCalls(ListMetricsCommand)).toHaveLength(2);

    publish({
      [BACKUP_VAULT]: [['NumberOfBackupJobsCompleted', VAULT]],
      [COPY_VAULT_NAME]: [
        ['NumberOfCopyJobsFailed', { BackupVaultName: COPY_VAULT_NAME, SourceAccount: '1' }],
      ],
    });
    const [failed] = await checkBackupMetrics(cw, facts(30, true), NOW);
    expect(failed?.status).toBe('fail');
    expect(failed?.detail).toContain(
      `NumberOfCopyJobsFailed of ${COPY_VAULT_NAME} is published as`,
    );
  });

  it('pages through ListMetrics', async () => {
    cloudwatch
      .on(ListMetricsCommand, { NextToken: undefined })
      .resolves({
        Metrics: [listedMetric('AWS/Backup', 'NumberOfBackupJobsCreated', VAULT)],
        NextToken: 'page-2',
      })
      .on(ListMetricsCommand, { NextToken: 'page-2' })
      .resolves({ Metrics: [listedMetric('AWS/Backup', 'NumberOfBackupJobsCompleted', VAULT)] });
    const [result] = await checkBackupMetrics(cw, facts(), NOW);
    expect(result?.status).toBe('ok');
  });

  it('fails a stack without the vault output or its alarms, and an AWS error', async () => {
    const noOutput = stackFacts();
    delete noOutput.outputs.BackupVaultName;
    expect((await checkBackupMetrics(cw, noOutput, NOW))[0]?.detail).toBe(
      'the stack has no BackupVaultName output',
    );
    const [older] = await checkBackupMetrics(cw, stackFacts({ resources: [] }), NOW);
    expect(older?.status).toBe('fail');
    expect(older?.detail).toBe('the stack has 0 of the 2 backup alarms');

    cloudwatch
      .on(ListMetricsCommand)
      .rejects(Object.assign(new Error('no'), { name: 'AccessDenied' }));
    const [denied] = await checkBackupMetrics(cw, facts(), NOW);
    expect(denied?.status).toBe('fail');
    expect(denied?.detail).toBe('AccessDenied: no');
  });
});
