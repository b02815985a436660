import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'rds-snapshot-public-sharing',
  title: 'Public and Cross-Account RDS Snapshots: A Full Database Copy Outside Your Logs',
  description:
    'A single ModifyDBSnapshotAttribute call can hand a complete copy of a database to any AWS account. How snapshot sharing works, how to find exposed snapshots and how to make them impossible.',
  category: 'Data Protection',
  severity: 'Critical',
  mitreAttack: 'T1537 Transfer Data to Cloud Account',
  audience: 'AWS security engineers, database and platform teams, cloud architects',
  kryonSolution: ['Kryon Core', 'Kryon Graph', 'Kryon Defend'],
  publishedDate: '2026-09-23',
  tags: ['RDS', 'Aurora', 'Snapshots', 'Data Exfiltration', 'KMS'],
  body: [
    {
      kind: 'paragraph',
      text: 'An Amazon RDS or Aurora snapshot is the whole database: every table, every row, every password hash and API token the application stored. Manual snapshots can be shared with other AWS accounts, or with all of them, through a single attribute. Once shared, the recipient restores the snapshot into an instance in their own account, resets the master password and reads the data at leisure. None of that activity happens in your account, so none of it appears in your CloudTrail, VPC flow logs or database audit logs.',
    },
    {
      kind: 'paragraph',
      text: 'That makes snapshot sharing one of the quietest exfiltration paths in AWS. It is used deliberately by attackers who obtain credentials with RDS permissions, and it happens accidentally when engineers share a snapshot "with everyone" to move data between environments. Either way, the exposure is a full copy of production that you cannot recall once it has been restored elsewhere.',
    },
    { kind: 'heading', text: 'How snapshot sharing works' },
    {
      kind: 'paragraph',
      text: 'Sharing is controlled by the `restore` attribute of a manual DB snapshot or DB cluster snapshot. Adding an account ID lets that account restore from it; adding the value `all` makes the snapshot public, visible to anyone who lists public snapshots in the Region. Automated snapshots cannot be shared directly, but anyone with `rds:CopyDBSnapshot` can copy one into a manual snapshot first.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'The calls that expose a snapshot (shown so you can recognise them)',
      code: `# Share with one external account
aws rds modify-db-snapshot-attribute --db-snapshot-identifier prod-orders-2026-09-01 \\
  --attribute-name restore --values-to-add 444455556666

# Make an Aurora cluster snapshot public
aws rds modify-db-cluster-snapshot-attribute --db-cluster-snapshot-identifier prod-ledger-manual \\
  --attribute-name restore --values-to-add all`,
    },
    {
      kind: 'list',
      ordered: true,
      items: [
        'The attacker obtains credentials with `rds:CreateDBSnapshot` or `rds:CopyDBSnapshot` and `rds:ModifyDBSnapshotAttribute`, often through an over-privileged CI role or a leaked access key.',
        'They snapshot the target instance, or copy an automated snapshot to a manual one.',
        'They add their own account ID to the `restore` attribute; public sharing is not even necessary.',
        'From their account they run `restore-db-instance-from-db-snapshot` with the snapshot ARN, set a new master password and dump the data.',
        'They may remove the attribute afterwards, leaving only the original `ModifyDBSnapshotAttribute` events in your logs.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'Encryption changes the picture. RDS refuses to make an encrypted snapshot public, and a snapshot encrypted with the AWS managed key `aws/rds` cannot be shared with another account at all, because nobody can add external principals to that key policy. A snapshot encrypted with a customer managed key can be shared, but the recipient can only restore it if the key policy also grants their account use of the key. Unencrypted snapshots have no second gate.',
    },
    { kind: 'heading', text: 'Finding exposed snapshots' },
    {
      kind: 'paragraph',
      text: 'The `restore` attribute is not part of `describe-db-snapshots` output, so an audit has to query the attributes of every manual snapshot, for both DB snapshots and cluster snapshots, in every Region you use.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'List who can restore each manual snapshot in the current Region',
      code: `for s in $(aws rds describe-db-snapshots --snapshot-type manual \\
    --query 'DBSnapshots[].DBSnapshotIdentifier' --output text); do
  shared=$(aws rds describe-db-snapshot-attributes --db-snapshot-identifier "$s" \\
    --query 'DBSnapshotAttributesResult.DBSnapshotAttributes[?AttributeName==\`restore\`].AttributeValues[]' \\
    --output text)
  [ -n "$shared" ] && echo "db-snapshot $s -> $shared"
done

for s in $(aws rds describe-db-cluster-snapshots --snapshot-type manual \\
    --query 'DBClusterSnapshots[].DBClusterSnapshotIdentifier' --output text); do
  shared=$(aws rds describe-db-cluster-snapshot-attributes --db-cluster-snapshot-identifier "$s" \\
    --query 'DBClusterSnapshotAttributesResult.DBClusterSnapshotAttributes[?AttributeName==\`restore\`].AttributeValues[]' \\
    --output text)
  [ -n "$shared" ] && echo "cluster-snapshot $s -> $shared"
done

# Unencrypted snapshots cannot rely on a key policy as a second gate
aws rds describe-db-snapshots --snapshot-type manual \\
  --query 'DBSnapshots[?Encrypted==\`false\`].DBSnapshotIdentifier'`,
    },
    {
      kind: 'paragraph',
      text: 'Any value of `all` is an incident. Account IDs need to be checked against your AWS Organization; sharing with a backup or analytics account you own is normal, sharing with an account you cannot name is not. IAM Access Analyzer supports `AWS::RDS::DBSnapshot` and `AWS::RDS::DBClusterSnapshot`, so an organization-level analyzer reports exactly this distinction: public access and access from outside your zone of trust.',
    },
    {
      kind: 'paragraph',
      text: 'For continuous coverage, enable the AWS Config managed rules `rds-snapshots-public-prohibited` and `rds-snapshot-encrypted`, which Security Hub CSPM reports as RDS.1 (RDS snapshot should be private) and RDS.4 (snapshots should be encrypted at rest). Config can take hours to re-evaluate, so pair it with a real-time rule on the CloudTrail management events `ModifyDBSnapshotAttribute` and `ModifyDBClusterSnapshotAttribute`.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'EventBridge pattern: a snapshot made public',
      code: `{
  "source": ["aws.rds"],
  "detail-type": ["AWS API Call via CloudTrail"],
  "detail": {
    "eventSource": ["rds.amazonaws.com"],
    "eventName": ["ModifyDBSnapshotAttribute", "ModifyDBClusterSnapshotAttribute"],
    "requestParameters": {
      "attributeName": ["restore"],
      "valuesToAdd": ["all"]
    }
  }
}`,
    },
    {
      kind: 'paragraph',
      text: 'Run a second rule without the `valuesToAdd` filter and compare added account IDs against your organization in the target function. Also watch `StartExportTask`, which exports a snapshot to Amazon S3 in Parquet format: it is a legitimate analytics feature and an alternative exfiltration route if the destination bucket is not yours.',
    },
    { kind: 'heading', text: 'Fixing and preventing' },
    {
      kind: 'paragraph',
      text: 'Remediation is one call per snapshot. Remove `all` or the unknown account ID, then treat the data as potentially copied: rotate database credentials and any secrets stored in tables, and review CloudTrail for who changed the attribute and when.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Revoke public or external access',
      code: `aws rds modify-db-snapshot-attribute --db-snapshot-identifier prod-orders-2026-09-01 \\
  --attribute-name restore --values-to-remove all

aws rds modify-db-cluster-snapshot-attribute --db-cluster-snapshot-identifier prod-ledger-manual \\
  --attribute-name restore --values-to-remove 444455556666`,
    },
    {
      kind: 'paragraph',
      text: 'Prevention has three layers. First, encrypt every instance and cluster with a customer managed key, so snapshots can never be public and cross-account restores need an explicit key policy grant. Second, reserve snapshot sharing and export for the role that runs your backup process. Third, move cross-account copies to AWS Backup with vault access policies, where copies go to accounts you control rather than to an attribute anyone with the right permission can edit. Roll the SCP below out to a sandbox OU first and test every creation path you use, including Aurora instances added to an existing encrypted cluster.',
    },
    {
      kind: 'code',
      language: 'json',
      caption:
        'SCP: only the backup role may share or export snapshots, and storage must be encrypted',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "ReserveSnapshotSharingAndExport",
      "Effect": "Deny",
      "Action": [
        "rds:ModifyDBSnapshotAttribute",
        "rds:ModifyDBClusterSnapshotAttribute",
        "rds:StartExportTask"
      ],
      "Resource": "*",
      "Condition": {
        "ArnNotLike": { "aws:PrincipalArn": "arn:aws:iam::*:role/backup-orchestrator" }
      }
    },
    {
      "Sid": "RequireEncryptedDatabases",
      "Effect": "Deny",
      "Action": ["rds:CreateDBInstance", "rds:CreateDBCluster"],
      "Resource": "*",
      "Condition": { "Bool": { "rds:StorageEncrypted": "false" } }
    }
  ]
}`,
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Encryption does not fix existing unencrypted snapshots',
      text: 'You cannot encrypt a snapshot in place. Copy it with `aws rds copy-db-snapshot --kms-key-id` to create an encrypted copy, restore or migrate from that copy, and delete the unencrypted original. Until then the old snapshot remains shareable with anyone, including the public.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core checks the `restore` attribute of every manual DB and cluster snapshot across all accounts and Regions in your AWS Organization on each scheduled scan, separating sharing with your own accounts from sharing with unknown or public principals, and flags unencrypted snapshots that have no key policy behind them. Kryon Graph shows which identities can create, copy and share snapshots of a given database, and the path from an exposed workload to those permissions, labelled with T1537 Transfer Data to Cloud Account. Kryon Defend, currently in beta, raises real-time signals when a snapshot attribute changes to include an account outside your organization.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Audit the `restore` attribute of every manual DB snapshot and DB cluster snapshot in every Region.',
        'Remove `all` immediately and treat the data as exposed: rotate credentials and secrets stored in the database.',
        'Verify every shared account ID belongs to your AWS Organization.',
        'Enable `rds-snapshots-public-prohibited` and `rds-snapshot-encrypted` (Security Hub CSPM RDS.1 and RDS.4).',
        'Alert in real time on `ModifyDBSnapshotAttribute`, `ModifyDBClusterSnapshotAttribute` and `StartExportTask`.',
        'Encrypt all databases with customer managed KMS keys and deny unencrypted creation with `rds:StorageEncrypted`.',
        'Reserve snapshot sharing and export for a single backup role through an SCP.',
        'Replace ad hoc sharing with AWS Backup cross-account copies into vaults you control.',
      ],
    },
  ],
};
