import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'secrets-manager-rotation',
  title: 'Secrets Manager Rotation That Actually Works: Managed, Lambda and Failure Alerts',
  description:
    'Storing a credential in AWS Secrets Manager does not rotate it. How rotation works, why it silently fails, how to find stale secrets and how to enforce rotation across accounts.',
  category: 'Data Protection',
  severity: 'High',
  mitreAttack: 'T1552 Unsecured Credentials',
  audience: 'AWS security engineers, platform and database teams, application owners',
  kryonSolution: ['Kryon Core', 'Kryon IAM'],
  publishedDate: '2026-04-29',
  tags: ['Secrets Manager', 'Rotation', 'Credentials', 'RDS', 'Lambda'],
  body: [
    {
      kind: 'paragraph',
      text: 'Database passwords and API keys leak through the same channels again and again: source repositories, CI logs, container images, environment variables dumped in a crash report, a developer laptop. Moving them into AWS Secrets Manager removes them from code, but a secret that never changes is still a long-lived credential. If it leaked once, it works for the attacker until someone rotates it, which is why rotation is the control that actually limits T1552 Unsecured Credentials.',
    },
    {
      kind: 'paragraph',
      text: 'Secrets Manager rotates nothing by default. Rotation must be configured per secret, and when it is configured it can fail for months without anyone noticing: the schedule keeps firing, the rotation function keeps erroring, and the old password keeps working. The goal of this article is a setup where every credential rotates, every failure raises an alert, and nobody can create a database without one.',
    },
    { kind: 'heading', text: 'How rotation works' },
    { kind: 'subheading', text: 'Managed rotation' },
    {
      kind: 'paragraph',
      text: 'For Amazon RDS, Aurora, Redshift and DocumentDB master users, the database service can own the secret. With `--manage-master-user-password`, RDS generates the password, stores it in Secrets Manager and rotates it, every seven days by default. No Lambda function, no network path to configure, and the rotation schedule can be changed on the secret. This should be the default for every master credential.',
    },
    { kind: 'subheading', text: 'Rotation by Lambda function' },
    {
      kind: 'paragraph',
      text: 'Everything else, including application database users and third-party API keys, rotates through a Lambda function that Secrets Manager invokes four times per rotation: `createSecret` stores a new version under the `AWSPENDING` staging label, `setSecret` changes the credential in the target system, `testSecret` logs in with it, and `finishSecret` moves `AWSCURRENT` to the new version and `AWSPREVIOUS` to the old one. AWS publishes rotation function templates for the RDS engines in two strategies: single user, which changes one password in place, and alternating users, which switches between two database users so connections never see an invalid password mid-rotation.',
    },
    {
      kind: 'paragraph',
      text: 'The schedule is set in `RotationRules`, either `AutomaticallyAfterDays` or a `ScheduleExpression` such as `rate(30 days)` or a `cron()` expression, with an optional `Duration` window. A call to `RotateSecret` without new rules triggers an immediate rotation, which is also your incident response action when a secret is suspected to be exposed.',
    },
    { kind: 'subheading', text: 'Why rotation fails silently' },
    {
      kind: 'list',
      items: [
        'The rotation Lambda runs in a private subnet with no NAT gateway and no `com.amazonaws.region.secretsmanager` interface endpoint, so it cannot read or write the secret.',
        'Security groups let applications reach the database but not the rotation function.',
        'The function role lacks `secretsmanager:PutSecretValue`, `secretsmanager:UpdateSecretVersionStage` or `kms:Decrypt` and `kms:GenerateDataKey` on a customer managed key.',
        'Applications read the secret once at start-up and cache it forever, so teams disable rotation after the first outage.',
        'The value was also copied into a parameter, a Kubernetes secret or a CI variable, so rotating the source leaves working copies behind.',
      ],
    },
    { kind: 'heading', text: 'Finding gaps' },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Secrets without rotation, and rotation status of the rest',
      code: `# Secrets with no rotation configured
aws secretsmanager list-secrets \\
  --query 'SecretList[?RotationEnabled!=\`true\`].[Name,LastChangedDate,LastAccessedDate]' \\
  --output table

# Rotating secrets: compare LastRotatedDate with the schedule to spot failures
aws secretsmanager list-secrets \\
  --query 'SecretList[?RotationEnabled==\`true\`].[Name,LastRotatedDate,NextRotationDate]' \\
  --output table

# Details for one secret, including the version stages
aws secretsmanager describe-secret --secret-id prod/orders/db-app \\
  --query '{Lambda:RotationLambdaARN,Rules:RotationRules,Last:LastRotatedDate,Stages:VersionIdsToStages}'

# Recent rotation failures recorded by CloudTrail
aws cloudtrail lookup-events \\
  --lookup-attributes AttributeKey=EventName,AttributeValue=RotationFailed --max-results 20`,
    },
    {
      kind: 'paragraph',
      text: 'A secret whose `LastRotatedDate` is older than its schedule, or one with an `AWSPENDING` label on a version that is not `AWSCURRENT`, is stuck. AWS Config covers the same ground continuously with `secretsmanager-rotation-enabled-check` (with an optional `maximumAllowedRotationFrequency`), `secretsmanager-scheduled-rotation-success-check`, `secretsmanager-secret-periodic-rotation` and `secretsmanager-secret-unused`, surfaced by Security Hub CSPM as SecretsManager.1 to SecretsManager.4. SecretsManager.1 maps to PCI DSS v4.0.1 requirement 8.6.3, which expects application and system account passwords to change periodically and on suspected compromise.',
    },
    {
      kind: 'paragraph',
      text: 'Rotation outcomes arrive as CloudTrail service events: `RotationStarted`, `RotationSucceeded`, `RotationFailed` and `RotationAbandoned`. Route failures to the owning team the moment they happen rather than waiting for a periodic Config evaluation.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'EventBridge pattern for failed rotations',
      code: `{
  "source": ["aws.secretsmanager"],
  "detail-type": ["AWS Service Event via CloudTrail"],
  "detail": {
    "eventSource": ["secretsmanager.amazonaws.com"],
    "eventName": ["RotationFailed", "RotationAbandoned"]
  }
}`,
    },
    { kind: 'heading', text: 'Fixing and preventing' },
    {
      kind: 'paragraph',
      text: 'Move master credentials to managed rotation first; it removes the most privileged secrets from the failure-prone path. Then attach rotation functions to application secrets and codify the schedule.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Managed rotation for an RDS master user, Lambda rotation for an application user',
      code: `aws rds modify-db-instance --db-instance-identifier orders-prod \\
  --manage-master-user-password --apply-immediately

aws secretsmanager rotate-secret --secret-id prod/orders/db-app \\
  --rotation-lambda-arn arn:aws:lambda:eu-west-1:111122223333:function:rotate-postgres-alternating \\
  --rotation-rules '{"ScheduleExpression": "rate(30 days)", "Duration": "4h"}'`,
    },
    {
      kind: 'code',
      language: 'hcl',
      caption: 'Terraform: rotation schedule kept in code',
      code: `resource "aws_secretsmanager_secret_rotation" "orders_db_app" {
  secret_id           = aws_secretsmanager_secret.orders_db_app.id
  rotation_lambda_arn = aws_lambda_function.rotate_postgres.arn

  rotation_rules {
    schedule_expression = "rate(30 days)"
    duration            = "4h"
  }
}`,
    },
    {
      kind: 'paragraph',
      text: 'Make the managed option mandatory with an SCP. The `rds:ManageMasterUserPassword` condition key lets you deny database creation that supplies its own master password, so no new database starts life with a credential someone typed.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: new databases must let RDS manage the master password',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "RequireRdsManagedMasterPassword",
      "Effect": "Deny",
      "Action": [
        "rds:CreateDBInstance",
        "rds:CreateDBCluster",
        "rds:RestoreDBInstanceFromS3",
        "rds:RestoreDBClusterFromS3"
      ],
      "Resource": "*",
      "Condition": { "Bool": { "rds:ManageMasterUserPassword": "false" } }
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: 'Applications should fetch secrets through a cache with a refresh interval, such as the AWS Secrets Manager caching libraries or the AWS Parameters and Secrets Lambda Extension, and retry authentication failures with a fresh read. Finally, protect the secrets themselves: encrypt sensitive secrets with customer managed keys, attach resource policies only where cross-account access is required, and use `aws secretsmanager put-resource-policy --block-public-policy` so a policy that grants broad access is rejected.',
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Rotation cannot revoke copies',
      text: 'Rotation only invalidates the credential in the target system. If a secret value was pasted into an environment variable, a container image or a CI variable, that copy is now broken or, worse, the old user was never removed and still works. After enabling rotation, search for copies, delete them, and confirm with the database or provider that the previous credential no longer authenticates.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core inventories secrets in every account and Region of your AWS Organization and checks rotation configuration, time since last successful rotation, encryption key and resource policy on each scheduled scan, with custom policies in YAML or the UI for your own maximum rotation age. Kryon IAM shows who can read each secret through `secretsmanager:GetSecretValue`, including access granted by resource policies, wildcard identity policies and roles reachable through trust chains, so a secret readable by a broad CI role is prioritised over one readable by a single service.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Enable managed master passwords for RDS, Aurora, Redshift and DocumentDB, and enforce them for RDS and Aurora with `rds:ManageMasterUserPassword`.',
        'Attach a rotation function with an explicit schedule to every application secret; prefer alternating users for databases.',
        'Give rotation functions a network path to the target and to Secrets Manager, plus the KMS permissions they need.',
        'Alert on `RotationFailed` and `RotationAbandoned` events through EventBridge.',
        'Enable the Secrets Manager Config rules and track Security Hub CSPM SecretsManager.1 to SecretsManager.4.',
        'Make applications refresh cached secrets and retry on authentication failure.',
        'Remove copies of secret values from environment variables, images and CI settings.',
        'Rotate immediately with `aws secretsmanager rotate-secret` when exposure is suspected.',
      ],
    },
  ],
};
