import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  BackupPlan,
  BackupPlanRule,
  BackupResource,
  BackupVault,
  type IBackupVault,
} from 'aws-cdk-lib/aws-backup';
import { type Alarm, type IMetric, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import {
  AnyPrincipal,
  Effect,
  type IRole,
  PolicyDocument,
  PolicyStatement,
} from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Construct } from 'constructs';
import { denyGrantsButForAwsServices } from './key-grants.ts';
import { fillSum } from './lead-metrics.ts';
import { type AlarmWindow, type OperationsAlarms, stays } from './operations-alarms.ts';

/*
 * AWS Backup of the leads table (decision 086). What this relies on:
 * - Vault access policies: a Deny on backup:DeleteRecoveryPoint (and on changing the policy)
 *   stops anyone it names from deleting recovery points, whatever their IAM allows; AWS's
 *   Config rule for "manual deletion disabled" asks for exactly DeleteRecoveryPoint,
 *   UpdateRecoveryPointLifecycle and PutBackupVaultAccessPolicy, with Principal and Resource
 *   "*". "Vault access policies" https://docs.aws.amazon.com/aws-backup/latest/devguide/create-a-vault-access-policy.html;
 *   "backup-recovery-point-manual-deletion-disabled" https://docs.aws.amazon.com/config/latest/developerguide/backup-recovery-point-manual-deletion-disabled.html
 * - Vault Lock, not used: governance mode can be removed by any principal allowed
 *   backup:DeleteBackupVaultLockConfiguration (the deploy role is), compliance mode cannot be
 *   changed by anyone, AWS included, once its grace time (at least 72 hours) is over.
 *   "AWS Backup Vault Lock" https://docs.aws.amazon.com/aws-backup/latest/devguide/vault-lock.html
 * - The vault's key encrypts DynamoDB recovery points only with AWS Backup's advanced DynamoDB
 *   backup turned on in the account and region; without it they are DynamoDB backups with the
 *   table's encryption. "Encryption for backups in AWS Backup"
 *   https://docs.aws.amazon.com/aws-backup/latest/devguide/encryption.html
 */

/** When the daily backup starts: 03:00 UTC, the quietest hour of the forms' traffic. */
export const BACKUP_SCHEDULE = { minute: '0', hour: '3' } as const;

/**
 * What nobody but the break-glass principal may do to the vault: delete or shorten the life of
 * a recovery point, or change (or remove) the policy that says so, or delete the vault.
 */
export const PROTECTED_VAULT_ACTIONS = [
  'backup:DeleteRecoveryPoint',
  'backup:UpdateRecoveryPointLifecycle',
  'backup:PutBackupVaultAccessPolicy',
  'backup:DeleteBackupVaultAccessPolicy',
  'backup:DeleteBackupVault',
] as const;

/** What nobody but the break-glass principal may do to the vault's key: make it unusable. */
export const PROTECTED_KEY_ACTIONS = ['kms:ScheduleKeyDeletion', 'kms:DisableKey'] as const;

/**
 * How long a scheduled job may wait to start, and then take, before AWS Backup gives it up as
 * EXPIRED.
 */
export const BACKUP_JOB_WINDOWS = { start: Duration.hours(1), completion: Duration.hours(8) };

/** Where AWS Backup publishes its job counts. */
export const BACKUP_NAMESPACE = 'AWS/Backup';

/**
 * The dimensions each job count of a vault is read under, beside `BackupVaultName`. AWS's page
 * "Monitoring AWS Backup metrics with CloudWatch" gives the job counts the dimensions "Resource
 * type" and "Backup vault" without saying in which combinations it publishes them, and
 * CloudWatch finds a metric only by all of its dimensions: so each count is read under the
 * vault alone and under the vault with the table's resource type, each FILLed, and whichever
 * AWS publishes is read. If it publishes both, a failure counts twice; the alarms ask for one.
 * `npm run verify` lists what AWS publishes for the vault (infra/verify/backup-checks.ts).
 */
export const BACKUP_METRIC_DIMENSIONS = {
  vault: {},
  vaultAndType: { ResourceType: 'DynamoDB' },
} as const satisfies Record<string, Record<string, string>>;

/**
 * The backup job counts that leave a day without its recovery point: failed, aborted, or
 * expired (not started or not done within BACKUP_JOB_WINDOWS).
 */
export const FAILED_BACKUP_METRICS = [
  'NumberOfBackupJobsFailed',
  'NumberOfBackupJobsAborted',
  'NumberOfBackupJobsExpired',
] as const;
/** A copy job ends COMPLETED, FAILED or PARTIAL: it is never aborted or expired. */
export const FAILED_COPY_METRIC = 'NumberOfCopyJobsFailed';
export const COMPLETED_BACKUP_METRIC = 'NumberOfBackupJobsCompleted';

/** The backups' alarms, their construct ids; `npm run verify` finds them by these. */
export const BACKUP_ALARM_IDS = {
  failed: 'BackupFailed',
  copyFailed: 'BackupCopyFailed',
  stopped: 'BackupStopped',
} as const;

/** The windows of the backups' alarms (decision 087). */
export const BACKUP_ALARMS = {
  /**
   * Any job failed, aborted or expired in an hour: the day's recovery point is missing, and
   * the plan's next run is a day away. An hour, not five minutes, so that a count AWS Backup
   * publishes some minutes after the job ended still falls in a window the alarm reads.
   */
  failed: { period: Duration.hours(1), evaluationPeriods: 1, datapointsToAlarm: 1 },
  /**
   * No backup job completed in each of 26 hours running, in hours the stack ran: the 24 hours
   * between daily runs and two more for a job that starts late in its hour or runs long.
   * (Within CloudWatch's 7 days of evaluation for periods of an hour or more.)
   */
  stopped: { period: Duration.hours(1), evaluationPeriods: 26, datapointsToAlarm: 26 },
} as const satisfies Record<string, AlarmWindow>;

/**
 * What the backup alarms need besides the vault. `scheduledFunction`: a function a schedule
 * runs every few minutes for as long as the stack exists (the re-send). An hour with its
 * invocations is an hour the stack ran, which is how the alarm that no backup completed tells
 * a stack younger than its first backup from a plan that stopped: a template cannot know when
 * its stack was created.
 */
export interface BackupAlarmsProps {
  scheduledFunction: IFunction;
}

export interface LeadBackupsProps {
  /** The table of leads and their counters. */
  table: ITableV2;
  /** Days each recovery point is kept: the leads' own retention (DATA_RETENTION.leadDays). */
  retentionDays: number;
  /**
   * A backup vault in a second account that every recovery point is copied to, kept as long.
   * @default no copy
   */
  copyToVaultArn?: string;
}

/**
 * A daily AWS Backup of the leads table into a vault of its own, encrypted with a key of its
 * own (rotated yearly), kept as long as a lead is, and optionally copied to a vault in another
 * account. The vault's access policy denies deleting recovery points, shortening their life,
 * changing the policy and deleting the vault to every principal but the account's root user,
 * the deploy role included. Point-in-time recovery (35 days) stays on the table.
 */
export class LeadBackups extends Construct {
  readonly vault: BackupVault;
  readonly key: Key;
  readonly plan: BackupPlan;
  /** The role AWS Backup backs up (and may restore) the table with. */
  readonly role: IRole;
  /** The one principal allowed past the vault's deny: the account's root user. */
  readonly breakGlassArn: string;
  private readonly retentionDays: number;
  private readonly copyToVaultArn?: string;

  constructor(scope: Construct, id: string, props: LeadBackupsProps) {
    super(scope, id);
    this.retentionDays = props.retentionDays;
    this.copyToVaultArn = props.copyToVaultArn;
    const stack = Stack.of(this);
    // The root user: no IAM principal, the deploy role included, can assume it, create it or
    // change what it is; it signs in with its own MFA, kept apart (decision 086).
    this.breakGlassArn = `arn:${stack.partition}:iam::${stack.account}:root`;
    const exceptBreakGlass = { ArnNotEquals: { 'aws:PrincipalArn': this.breakGlassArn } };

    this.key = new Key(this, 'Key', {
      description: 'Encrypts the recovery points of the leads table in its AWS Backup vault',
      enableKeyRotation: true,
      // Recovery points outlive a stack that is deleted: so does the key that opens them.
      removalPolicy: RemovalPolicy.RETAIN,
      pendingWindow: Duration.days(30),
    });
    denyGrantsButForAwsServices(this.key);
    // A key scheduled for deletion or disabled would make every recovery point unreadable.
    this.key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'KeepTheBackupKeyUsable',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: [...PROTECTED_KEY_ACTIONS],
        resources: ['*'],
        conditions: exceptBreakGlass,
      }),
    );

    this.vault = new BackupVault(this, 'Vault', {
      encryptionKey: this.key,
      // Retained with the stack, and its deletion denied: recovery points outlive the stack.
      removalPolicy: RemovalPolicy.RETAIN,
      accessPolicy: new PolicyDocument({
        statements: [
          new PolicyStatement({
            sid: 'RecoveryPointsOutliveEveryoneButBreakGlass',
            effect: Effect.DENY,
            principals: [new AnyPrincipal()],
            actions: [...PROTECTED_VAULT_ACTIONS],
            resources: ['*'],
            conditions: exceptBreakGlass,
          }),
        ],
      }),
    });

    const deleteAfter = Duration.days(props.retentionDays);
    const copyVault: IBackupVault | undefined = props.copyToVaultArn
      ? BackupVault.fromBackupVaultArn(this, 'CopyVault', props.copyToVaultArn)
      : undefined;
    this.plan = new BackupPlan(this, 'Plan', {
      backupVault: this.vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'DailyForTheLeadsRetention',
          scheduleExpression: Schedule.cron(BACKUP_SCHEDULE),
          startWindow: BACKUP_JOB_WINDOWS.start,
          completionWindow: BACKUP_JOB_WINDOWS.completion,
          deleteAfter,
          ...(copyVault
            ? { copyActions: [{ destinationBackupVault: copyVault, deleteAfter }] }
            : {}),
        }),
      ],
    });
    const selection = this.plan.addSelection('Table', {
      resources: [BackupResource.fromArn(props.table.tableArn)],
      // The same role may restore: the runbook's restore job names it (README).
      allowRestores: true,
    });
    this.role = selection.grantPrincipal as IRole;
    // What the role needs of the vault's key to write and read recovery points, no wildcard.
    this.key.grant(
      this.role,
      'kms:Encrypt',
      'kms:Decrypt',
      'kms:GenerateDataKey',
      'kms:GenerateDataKeyWithoutPlaintext',
      'kms:DescribeKey',
    );
    for (const policy of [
      'AWSBackupServiceRolePolicyForBackup',
      'AWSBackupServiceRolePolicyForRestores',
    ]) {
      Validations.of(this.role).acknowledge({
        id: `AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/${policy}]`,
        reason:
          `${policy} is the policy AWS maintains for the role AWS Backup assumes, following the ` +
          'resource types it supports; the selection names the leads table alone, so AWS ' +
          'Backup acts on nothing else with it.',
      });
    }
  }

  /**
   * The backups' alarms, to the operations topic (decision 087): a backup job that failed, was
   * aborted or expired; a copy job that failed, when there is a copy; and no backup completed
   * in 26 hours of a running stack. Each reads AWS Backup's counts of this vault.
   */
  alarmTo(operations: OperationsAlarms, props: BackupAlarmsProps): Alarm[] {
    const vaultName = this.vault.backupVaultName;
    const keep = `--lifecycle DeleteAfterDays=${this.retentionDays}`;
    const byHand =
      'aws backup start-backup-job --backup-vault-name <BackupVaultName output> --resource-arn ' +
      `<the table's ARN> --iam-role-arn <BackupRoleArn output> ${keep}`;
    const alarms: Alarm[] = [];
    // No data is nothing counted: no failure; for BackupStopped, an hour the stack did not run
    // (its expression has a value in every hour it ran).
    const add = (id: string, metric: IMetric, window: AlarmWindow, description: string) => {
      alarms.push(operations.alarm(this, id, metric, window, description));
    };

    const failed = BACKUP_ALARMS.failed;
    const failures = Object.assign(
      {},
      ...FAILED_BACKUP_METRICS.map((metricName, i) =>
        vaultMetrics(metricName, vaultName, failed.period, `f${i}`),
      ),
    ) as Record<string, Metric>;
    const { start, completion } = BACKUP_JOB_WINDOWS;
    add(
      BACKUP_ALARM_IDS.failed,
      new MathExpression({
        expression: fillSum(Object.keys(failures)),
        usingMetrics: failures,
        label: 'Backup jobs of the leads table failed, aborted or expired',
        period: failed.period,
      }),
      failed,
      'A backup job of the leads table failed, was aborted or expired (not started within ' +
        `${start.toHours()} hour or not done within ${completion.toHours()}): that day has no ` +
        'recovery point; the next run is at 03:00 UTC. Look: `aws backup list-backup-jobs ' +
        '--by-backup-vault-name <BackupVaultName output> --by-state FAILED` (then ABORTED, ' +
        'EXPIRED), its StatusMessage: often advanced DynamoDB backup off in the region, the role, ' +
        'or the vault key (README "Backups and restoring the leads"). Fix that cause, then back ' +
        `up by hand: \`${byHand}\`. Point-in-time recovery (35 days) covers the table meanwhile.`,
    );

    if (this.copyToVaultArn) {
      const copyVaultName = this.copyToVaultArn.slice(
        this.copyToVaultArn.indexOf(':backup-vault:') + ':backup-vault:'.length,
      );
      // Which vault a copy job's counts name, the source or the destination, AWS's page does
      // not say: both are read.
      const copies = {
        ...vaultMetrics(FAILED_COPY_METRIC, vaultName, failed.period, 'source'),
        ...vaultMetrics(FAILED_COPY_METRIC, copyVaultName, failed.period, 'destination'),
      };
      const arn = this.copyToVaultArn;
      add(
        BACKUP_ALARM_IDS.copyFailed,
        new MathExpression({
          expression: fillSum(Object.keys(copies)),
          usingMetrics: copies,
          label: 'Copy jobs of leads recovery points that failed',
          period: failed.period,
        }),
        failed,
        `A copy of a leads recovery point to ${arn} failed: that point is in this account ` +
          `only. Look: \`aws backup list-copy-jobs --by-destination-vault-arn ${arn} --by-state ` +
          'FAILED`, its StatusMessage: often that vault’s access policy ' +
          '(backup:CopyIntoBackupVault for this account), its key, or cross-account backup off ' +
          'in the organization. Fix that cause, then copy the point again: `aws backup ' +
          'start-copy-job --recovery-point-arn <its RecoveryPointArn> ' +
          `--source-backup-vault-name <BackupVaultName output> --destination-backup-vault-arn ${arn} ` +
          `--iam-role-arn <BackupRoleArn output> ${keep}\`.`,
      );
    }

    // The hours the stack ran are the scheduled function's: before its first backup, a young
    // stack's hours without one are hours without the stack, which never breach.
    const stopped = BACKUP_ALARMS.stopped;
    const completed = vaultMetrics(COMPLETED_BACKUP_METRIC, vaultName, stopped.period, 'c');
    add(
      BACKUP_ALARM_IDS.stopped,
      new MathExpression({
        expression: `IF((${fillSum(Object.keys(completed))}) > 0, 0, IF(FILL(ran, 0) > 0, 1, 0))`,
        usingMetrics: {
          ...completed,
          ran: props.scheduledFunction.metricInvocations({
            period: stopped.period,
            statistic: 'Sum',
          }),
        },
        label: 'An hour of the running stack without a completed backup (1)',
        period: stopped.period,
      }),
      stopped,
      `No backup job of the leads table completed in ${stays(stopped)} (hours the stack ran; ` +
        'the plan runs daily at 03:00 UTC): the plan or its selection stopped, its jobs never ' +
        'finish, or AWS publishes the count under other dimensions. Look: `aws backup ' +
        'list-backup-jobs --by-backup-vault-name <BackupVaultName output>` (none: `aws backup ' +
        'list-backup-selections` of the plan; RUNNING: a slow job), alarm BackupFailed, ' +
        '`npm run verify -- <env>` (line "backup metrics"). Fix what that shows, then back up ' +
        `by hand: \`${byHand}\`.`,
    );
    return alarms;
  }
}

/**
 * One AWS Backup count of a vault under each of BACKUP_METRIC_DIMENSIONS, by ids that start
 * with `prefix` (unique within an alarm's expression).
 */
function vaultMetrics(
  metricName: string,
  vaultName: string,
  period: Duration,
  prefix: string,
): Record<string, Metric> {
  return Object.fromEntries(
    Object.entries(BACKUP_METRIC_DIMENSIONS).map(([set, dimensions]) => [
      `${prefix}${set.charAt(0).toUpperCase()}${set.slice(1)}`,
      new Metric({
        namespace: BACKUP_NAMESPACE,
        metricName,
        dimensionsMap: { BackupVaultName: vaultName, ...dimensions },
        statistic: 'Sum',
        period,
      }),
    ]),
  );
}
