import { rmSync } from 'node:fs';
import { DATA_RETENTION } from '@kryon/shared/constants';
import type { CfnResource } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvironmentError, parseEnvironment } from '../lib/environment.ts';
import { PROTECTED_KEY_ACTIONS, PROTECTED_VAULT_ACTIONS } from '../lib/lead-backups.ts';
import { SUBMISSIONS_TABLE_LOGICAL_ID } from '../lib/submissions-table.ts';
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
