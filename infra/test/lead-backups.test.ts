import { rmSync } from 'node:fs';
import { DATA_RETENTION } from '@kryon/shared/constants';
import type { CfnResource } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvironmentError, parseEnvironment } from '../lib/environment.ts';
import {
  BACKUP_ALARM_IDS,
  BACKUP_ALARMS,
  FAILED_BACKUP_METRICS,
  PROTECTED_KEY_ACTIONS,
  PROTECTED_VAULT_ACTIONS,
} from '../lib/lead-backups.ts';
import { SUBMISSIONS_TABLE_LOGICAL_ID } from '../lib/submissions-table.ts';
import { evaluate } from './metric-math.ts';
import { writeSiteFixture } from './site-fixture.ts';
import { logicalId, nagFindings, resourcesOf, synth, TEST_ENVIRONMENT } from './synth.ts';

// Decision 086. Two synths: the default (no copy) and one with a copy to a second account.
const ACCOUNT = '111111111111';
const COPY_VAULT = 'arn:aws:backup:eu-west-1:222222222222:backup-vault:kryon-leads-copy';
const siteDir = writeSiteFixture();
const plain = synth({ siteDir, account: ACCOUNT, region: 'eu-west-1' });
const copied = synth({
  siteDir,
  account: ACCOUNT,
  region: 'eu-west-1',
  environment: { backup: { copyToVaultArn: COPY_VAULT } },
});
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  for (const { outdir } of [plain, copied]) rmSync(outdir, { recursive: true, force: true });
});

const id = (resource: unknown) =>
  logicalId((resource as { node: { defaultChild: CfnResource } }).node.defaultChild);
/** The account's root user, as the template writes its ARN (the region names the partition). */
const ROOT = `arn:aws:iam::${ACCOUNT}:root`;

function onlyOne(template: typeof plain.template, type: string) {
  const found = Object.values(resourcesOf(template, type));
  expect(found, type).toHaveLength(1);
  return found[0] as { Properties: Record<string, unknown>; DeletionPolicy?: string };
}

describe('the backup plan', () => {
  it('backs up once a day, into the vault, and keeps each recovery point as long as a lead', () => {
    const plan = onlyOne(plain.template, 'AWS::Backup::BackupPlan').Properties as {
      BackupPlan: { BackupPlanRule: Record<string, unknown>[] };
    };
    expect(plan.BackupPlan.BackupPlanRule).toHaveLength(1);
    const [rule] = plan.BackupPlan.BackupPlanRule as [Record<string, unknown>];
    // Every day at 03:00 UTC (AWS Backup's cron: minutes hours day-of-month month
    // day-of-week year).
    expect(rule.ScheduleExpression).toBe('cron(0 3 * * ? *)');
    const days = (rule.Lifecycle as { DeleteAfterDays: number }).DeleteAfterDays;
    expect(days).toBeGreaterThanOrEqual(DATA_RETENTION.leadDays);
    // Not longer either: no recovery point outlives the last lead it holds.
    expect(days).toBe(DATA_RETENTION.leadDays);
    expect(rule.Lifecycle).not.toHaveProperty('MoveToColdStorageAfterDays');
    expect(rule.TargetBackupVault).toEqual({
      'Fn::GetAtt': [id(plain.stack.backups.vault), 'BackupVaultName'],
    });
    expect(rule).not.toHaveProperty('CopyActions');
  });

  it('selects the leads table, and only it', () => {
    const selection = onlyOne(plain.template, 'AWS::Backup::BackupSelection').Properties as {
      BackupSelection: { Resources: unknown[]; IamRoleArn: unknown };
    };
    expect(selection.BackupSelection.Resources).toEqual([
      { 'Fn::GetAtt': [SUBMISSIONS_TABLE_LOGICAL_ID, 'Arn'] },
    ]);
    expect(selection.BackupSelection.IamRoleArn).toEqual({
      'Fn::GetAtt': [id(plain.stack.backups.role), 'Arn'],
    });
  });

  it('leaves point-in-time recovery on', () => {
    plain.template.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      Replicas: [
        Match.objectLike({
          PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        }),
      ],
    });
  });

  it('copies each recovery point to the second account’s vault, kept as long, when named', () => {
    const plan = onlyOne(copied.template, 'AWS::Backup::BackupPlan').Properties as {
      BackupPlan: { BackupPlanRule: { CopyActions?: unknown }[] };
    };
    expect(plan.BackupPlan.BackupPlanRule[0]?.CopyActions).toEqual([
      {
        DestinationBackupVaultArn: COPY_VAULT,
        Lifecycle: { DeleteAfterDays: DATA_RETENTION.leadDays },
      },
    ]);
  });
});

describe('the vault', () => {
  const vault = () => onlyOne(plain.template, 'AWS::Backup::BackupVault');

  it('is encrypted with its own key and retained with the stack', () => {
    expect(vault().Properties.EncryptionKeyArn).toEqual({
      'Fn::GetAtt': [id(plain.stack.backups.key), 'Arn'],
    });
    expect(vault().DeletionPolicy).toBe('Retain');
  });

  it('denies deleting recovery points and changing its policy to everyone but the root user', () => {
    const policy = vault().Properties.AccessPolicy as { Statement: Record<string, unknown>[] };
    expect(policy.Statement).toEqual([
      {
        Sid: 'RecoveryPointsOutliveEveryoneButBreakGlass',
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Action: [...PROTECTED_VAULT_ACTIONS],
        Resource: '*',
        Condition: { ArnNotEquals: { 'aws:PrincipalArn': ROOT } },
      },
    ]);
    // What AWS Config's backup-recovery-point-manual-deletion-disabled rule asks for.
    expect(PROTECTED_VAULT_ACTIONS).toEqual(
      expect.arrayContaining([
        'backup:DeleteRecoveryPoint',
        'backup:UpdateRecoveryPointLifecycle',
        'backup:PutBackupVaultAccessPolicy',
      ]),
    );
    // The exception is the root user alone: no role (the deploy role, the CloudFormation
    // execution role, anything the stack makes) is let through.
    expect(JSON.stringify(policy)).not.toMatch(/role\/|cdk-|assumed-role/);
  });

  it('has no Vault Lock: neither governance (the deploy role could lift it) nor compliance', () => {
    expect(vault().Properties).not.toHaveProperty('LockConfiguration');
  });
});

describe('the vault’s key', () => {
  // The stack has other keys (the alarm topic's): this one, by its logical ID.
  const key = () =>
    resourcesOf(plain.template, 'AWS::KMS::Key')[id(plain.stack.backups.key)] as unknown as {
      Properties: Record<string, unknown>;
      DeletionPolicy?: string;
    };
  const statements = () =>
    (key().Properties.KeyPolicy as { Statement: Record<string, unknown>[] }).Statement;

  it('rotates, and is retained with the stack', () => {
    expect(key().Properties.EnableKeyRotation).toBe(true);
    expect(key().Properties.PendingWindowInDays).toBe(30);
    expect(key().DeletionPolicy).toBe('Retain');
  });

  it('cannot be disabled or scheduled for deletion but by the root user', () => {
    expect(statements()).toContainEqual({
      Sid: 'KeepTheBackupKeyUsable',
      Effect: 'Deny',
      Principal: { AWS: '*' },
      Action: [...PROTECTED_KEY_ACTIONS].sort(),
      Resource: '*',
      Condition: { ArnNotEquals: { 'aws:PrincipalArn': ROOT } },
    });
  });

  it('lets only AWS services create grants on it (CT.KMS.PR.3)', () => {
    expect(statements()).toContainEqual(
      expect.objectContaining({
        Effect: 'Deny',
        Action: 'kms:CreateGrant',
        Condition: {
          BoolIfExists: {
            'kms:GrantIsForAWSResource': 'false',
            'aws:PrincipalIsAWSService': 'false',
          },
        },
      }),
    );
  });
});

interface Query {
  Id: string;
  Expression?: string;
  MetricStat?: {
    Metric: {
      Namespace: string;
      MetricName: string;
      Dimensions: { Name: string; Value: unknown }[];
    };
    Period: number;
    Stat: string;
  };
}
type AlarmProps = Record<string, unknown> & { Metrics: Query[] };

/** The backups' alarm of one id (BACKUP_ALARM_IDS), or undefined, by its logical ID. */
function backupAlarm(template: typeof plain.template, id: string): AlarmProps | undefined {
  const found = Object.entries(resourcesOf(template, 'AWS::CloudWatch::Alarm')).filter(([key]) =>
    new RegExp(`^Backups${id}[0-9A-F]{8}$`).test(key),
  );
  expect(found.length, id).toBeLessThanOrEqual(1);
  return found[0]?.[1].Properties as AlarmProps | undefined;
}
function theAlarm(template: typeof plain.template, id: string): AlarmProps {
  const props = backupAlarm(template, id);
  expect(props, id).toBeDefined();
  return props as AlarmProps;
}
const expressionOf = (props: AlarmProps) => props.Metrics.find((m) => m.Expression)?.Expression;
const stats = (props: AlarmProps) => props.Metrics.filter((m) => m.MetricStat);
/** Each metric an alarm reads, as `name {dimension=value, ...}` with a token as its logical ID. */
const read = (props: AlarmProps) =>
  stats(props)
    .map(({ MetricStat }) => {
      const { Namespace, MetricName, Dimensions } = MetricStat?.Metric ?? {};
      const dims = (Dimensions ?? []).map(({ Name, Value }) => {
        const value = typeof Value === 'string' ? Value : JSON.stringify(Value).replace(/"/g, '');
        return `${Name}=${value}`;
      });
      return `${Namespace} ${MetricName} {${dims.join(', ')}}`;
    })
    .sort();
/** The vault's name, as `read` shows its token. */
const VAULT = `{Fn::GetAtt:[${id(plain.stack.backups.vault)},BackupVaultName]}`;
const topic = () => ({ Ref: id(plain.stack.alarms.topic) });

/**
 * CloudWatch's verdict after the last EvaluationPeriods periods of one-hour values: each
 * period's metrics by id (absent: no data); a period whose expression has no value is missing,
 * which notBreaching does not count.
 */
function fires(props: AlarmProps, periods: Record<string, number | undefined>[]): boolean {
  expect(props.TreatMissingData).toBe('notBreaching');
  expect(props.ComparisonOperator).toBe('GreaterThanOrEqualToThreshold');
  const ids = stats(props).map((m) => m.Id);
  const window = periods.slice(-(props.EvaluationPeriods as number));
  const breaching = window.filter((period) => {
    const values = Object.fromEntries(ids.map((m) => [m, period[m]]));
    return evaluate(expressionOf(props) as string, values) >= (props.Threshold as number);
  });
  return breaching.length >= (props.DatapointsToAlarm as number);
}

describe('the backup alarms', () => {
  const hour = BACKUP_ALARMS.failed.period.toSeconds();

  it('BackupFailed: a backup job of this vault failed, aborted or expired, one in an hour', () => {
    const props = theAlarm(plain.template, BACKUP_ALARM_IDS.failed);
    expect(read(props)).toEqual(
      FAILED_BACKUP_METRICS.flatMap((metric) => [
        `AWS/Backup ${metric} {BackupVaultName=${VAULT}, ResourceType=DynamoDB}`,
        `AWS/Backup ${metric} {BackupVaultName=${VAULT}}`,
      ]).sort(),
    );
    for (const { MetricStat } of stats(props)) {
      expect(MetricStat).toMatchObject({ Period: hour, Stat: 'Sum' });
    }
    expect(props).toMatchObject({
      Threshold: 1,
      EvaluationPeriods: 1,
      DatapointsToAlarm: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [topic()],
      OKActions: [topic()],
    });
    expect(props.AlarmDescription).toContain(
      'aws backup list-backup-jobs --by-backup-vault-name <BackupVaultName output> --by-state FAILED',
    );
    expect(props.AlarmDescription).toContain(`DeleteAfterDays=${DATA_RETENTION.leadDays}`);
  });

  it('BackupFailed fires on one job under either dimension set, and is quiet without data', () => {
    const props = theAlarm(plain.template, BACKUP_ALARM_IDS.failed);
    for (const { Id } of stats(props)) expect(fires(props, [{ [Id]: 1 }]), Id).toBe(true);
    expect(fires(props, [{ f0Vault: 0, f0VaultAndType: 0 }])).toBe(false);
    expect(fires(props, [{}])).toBe(false);
  });

  it('BackupCopyFailed: only with a copy, a failed copy job named by either vault', () => {
    expect(backupAlarm(plain.template, BACKUP_ALARM_IDS.copyFailed)).toBeUndefined();
    const props = theAlarm(copied.template, BACKUP_ALARM_IDS.copyFailed);
    expect(read(props)).toEqual(
      [
        `AWS/Backup NumberOfCopyJobsFailed {BackupVaultName=${VAULT}, ResourceType=DynamoDB}`,
        `AWS/Backup NumberOfCopyJobsFailed {BackupVaultName=${VAULT}}`,
        'AWS/Backup NumberOfCopyJobsFailed {BackupVaultName=kryon-leads-copy, ResourceType=DynamoDB}',
        'AWS/Backup NumberOfCopyJobsFailed {BackupVaultName=kryon-leads-copy}',
      ].sort(),
    );
    for (const { MetricStat } of stats(props)) {
      expect(MetricStat).toMatchObject({ Period: hour, Stat: 'Sum' });
    }
    expect(props).toMatchObject({
      Threshold: 1,
      EvaluationPeriods: 1,
      DatapointsToAlarm: 1,
      AlarmActions: [{ Ref: id(copied.stack.alarms.topic) }],
      OKActions: [{ Ref: id(copied.stack.alarms.topic) }],
    });
    for (const { Id } of stats(props)) expect(fires(props, [{ [Id]: 1 }]), Id).toBe(true);
    expect(fires(props, [{}])).toBe(false);
    expect(props.AlarmDescription).toContain(
      `aws backup list-copy-jobs --by-destination-vault-arn ${COPY_VAULT} --by-state FAILED`,
    );
  });

  describe('BackupStopped', () => {
    const props = () => theAlarm(plain.template, BACKUP_ALARM_IDS.stopped);
    /** Hours of a running stack (the re-send ran 12 times), a backup completed in `backups`. */
    const hours = (count: number, backups: number[] = [], from = 0) =>
      Array.from({ length: count }, (_, i) =>
        backups.includes(from + i) ? { ran: 12, cVault: 1 } : { ran: 12 },
      );

    it('reads the completed backup jobs of this vault and the re-send’s invocations, 26 hours', () => {
      expect(read(props())).toEqual(
        [
          `AWS/Backup NumberOfBackupJobsCompleted {BackupVaultName=${VAULT}, ResourceType=DynamoDB}`,
          `AWS/Backup NumberOfBackupJobsCompleted {BackupVaultName=${VAULT}}`,
          `AWS/Lambda Invocations {FunctionName={Ref:${id(plain.stack.resend.fn)}}}`,
        ].sort(),
      );
      for (const { MetricStat } of stats(props())) {
        expect(MetricStat).toMatchObject({ Period: hour, Stat: 'Sum' });
      }
      expect(props()).toMatchObject({
        Threshold: 1,
        EvaluationPeriods: 26,
        DatapointsToAlarm: 26,
        AlarmActions: [topic()],
        OKActions: [topic()],
      });
      expect(props().AlarmDescription).toContain(
        'aws backup list-backup-jobs --by-backup-vault-name <BackupVaultName output>',
      );
    });

    it('is quiet while a backup completes every day at 03:00, under either dimension set', () => {
      const days = [3, 27, 51, 75];
      for (let end = 1; end <= 96; end += 1) {
        expect(fires(props(), hours(end, days)), `hour ${end}`).toBe(false);
      }
      const byType = hours(96, []).map((h, i) =>
        days.includes(i) ? { ...h, cVaultAndType: 1 } : h,
      );
      expect(fires(props(), byType)).toBe(false);
    });

    it('fires in the 26th hour of a running stack without a completed backup, not the 25th', () => {
      const lastBackup = hours(4, [3]);
      expect(fires(props(), [...lastBackup, ...hours(25)])).toBe(false);
      expect(fires(props(), [...lastBackup, ...hours(26)])).toBe(true);
      // No count at all (the plan never ran, or the dimensions are wrong): the same.
      expect(fires(props(), hours(26))).toBe(true);
    });

    it('is quiet for a stack younger than its first backup: hours before it are no data', () => {
      // Created at 04:00, just after the day's run: the first backup is 23 hours later.
      const beforeTheStack = Array.from({ length: 30 }, () => ({}));
      for (let age = 1; age <= 24; age += 1) {
        const run = [...beforeTheStack, ...hours(age, [23])];
        expect(fires(props(), run), `${age} hours old`).toBe(false);
      }
    });

    it('is quiet while the stack does not run (nothing at all)', () => {
      expect(
        fires(
          props(),
          Array.from({ length: 30 }, () => ({})),
        ),
      ).toBe(false);
    });
  });

  it('are the operations alarms’ too, so the dashboard shows their state', () => {
    const alarms = new Set(plain.stack.alarms.alarms);
    const ids = [...plain.stack.backups.node.children]
      .filter((child) => alarms.has(child as never))
      .map((child) => child.node.id);
    expect(ids.sort()).toEqual([BACKUP_ALARM_IDS.failed, BACKUP_ALARM_IDS.stopped].sort());
    const copiedAlarms = new Set(copied.stack.alarms.alarms);
    expect(
      [...copied.stack.backups.node.children].filter((c) => copiedAlarms.has(c as never)),
    ).toHaveLength(3);
  });
});

describe('cdk-nag', () => {
  it('reports nothing unacknowledged, with a copy or without', () => {
    expect(nagFindings(plain.app)).toEqual([]);
    expect(nagFindings(copied.app)).toEqual([]);
  });
});

describe('outputs', () => {
  it('name the vault and the role a restore job is started with', () => {
    const outputs = plain.template.findOutputs('*');
    expect(outputs.BackupVaultName?.Value).toEqual({
      'Fn::GetAtt': [id(plain.stack.backups.vault), 'BackupVaultName'],
    });
    expect(outputs.BackupRoleArn?.Value).toEqual({
      'Fn::GetAtt': [id(plain.stack.backups.role), 'Arn'],
    });
  });
});

describe('the environment key backup.copyToVaultArn', () => {
  const parse = (backup: unknown, extra: object = {}) =>
    parseEnvironment('test.ts', { ...TEST_ENVIRONMENT, ...extra, backup });

  it('is optional: absent, there is no copy', () => {
    expect(parse(undefined).config.backup).toEqual({});
    expect(parse({}).config.backup).toEqual({});
  });

  it('takes a vault ARN of another account', () => {
    expect(parse({ copyToVaultArn: COPY_VAULT }, { account: ACCOUNT }).config.backup).toEqual({
      copyToVaultArn: COPY_VAULT,
    });
  });

  it('refuses what is no vault ARN, a vault of the same account, and unknown keys', () => {
    expect(() => parse({ copyToVaultArn: 'arn:aws:s3:::bucket' })).toThrow(
      /backup\.copyToVaultArn: must be a backup vault ARN/,
    );
    expect(() =>
      parse(
        { copyToVaultArn: `arn:aws:backup:eu-west-1:${ACCOUNT}:backup-vault:same` },
        { account: ACCOUNT },
      ),
    ).toThrow(/backup\.copyToVaultArn: is in this environment's own account/);
    expect(() => parse({ copyToVault: COPY_VAULT })).toThrow(EnvironmentError);
  });
});
