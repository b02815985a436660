import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  BackupPlan,
  BackupPlanRule,
  BackupResource,
  BackupVault,
  type IBackupVault,
} from 'aws-cdk-lib/aws-backup';
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
import { Construct } from 'constructs';
import { denyGrantsButForAwsServices } from './key-grants.ts';

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

  constructor(scope: Construct, id: string, props: LeadBackupsProps) {
    super(scope, id);
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
          startWindow: Duration.hours(1),
          completionWindow: Duration.hours(8),
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
}
