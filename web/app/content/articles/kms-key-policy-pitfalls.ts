import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'kms-key-policy-pitfalls',
  title: 'KMS Key Policy Pitfalls: Wildcard Principals, Hidden Grants and Key Deletion',
  description:
    'How overly broad AWS KMS key policies, unreviewed grants and unguarded key deletion turn encryption into an access path or a destruction risk, and how to audit and fix them.',
  category: 'Data Protection',
  severity: 'High',
  mitreAttack: 'T1485 Data Destruction',
  audience: 'AWS security engineers, cloud architects, key custodians',
  kryonSolution: ['Kryon Core', 'Kryon IAM', 'Kryon Graph'],
  publishedDate: '2026-11-12',
  tags: ['KMS', 'Key Policy', 'Encryption', 'Grants', 'Data Protection'],
  body: [
    {
      kind: 'paragraph',
      text: 'Encryption with AWS KMS is only as strong as the policy on the key. Every S3 object, EBS volume, RDS snapshot and Secrets Manager secret encrypted under a customer managed key inherits the access decisions written in that key policy and in any grants attached to it. A permissive key policy quietly widens who can read the data; a missing guardrail on `kms:ScheduleKeyDeletion` or `kms:PutKeyPolicy` lets a single compromised principal make the data permanently unreadable.',
    },
    {
      kind: 'paragraph',
      text: 'Key policies are easy to get wrong because they do not behave like other resource policies. No IAM principal, not even an account administrator, can use a KMS key unless the key policy allows it, directly or by delegating to IAM. Grants add a third, less visible authorization channel. The result is that the effective access to a key is spread across three documents that are rarely reviewed together.',
    },
    { kind: 'heading', text: 'How key policy mistakes create exposure' },
    { kind: 'subheading', text: 'The account principal means "delegate to IAM"' },
    {
      kind: 'paragraph',
      text: 'The default key policy contains a statement allowing `kms:*` to `arn:aws:iam::111122223333:root`. It does not mean only the root user: it means any IAM policy in the account may grant use of the key. Combined with an identity policy that allows `kms:Decrypt` on `"Resource": "*"`, every role with that policy can decrypt every key that keeps the delegation. Security Hub CSPM controls KMS.1 and KMS.2 flag customer managed and inline IAM policies that allow decryption on all keys for exactly this reason.',
    },
    { kind: 'subheading', text: 'Wildcard principals and half-finished conditions' },
    {
      kind: 'paragraph',
      text: 'A statement with `"Principal": {"AWS": "*"}` and no condition makes the key usable from any AWS account. A subtler variant restricts the wildcard only with `kms:ViaService`, for example to `s3.eu-west-1.amazonaws.com`. That still allows any principal in any account to use the key through S3, because the condition names the calling service, not the caller. Wildcard statements must also pin the caller with `kms:CallerAccount` or `aws:PrincipalOrgID`.',
    },
    { kind: 'subheading', text: 'Key administrators who can become key users' },
    {
      kind: 'paragraph',
      text: 'Separating administrators from users is the standard design, but the console default grants administrators `kms:Put*`, which includes `kms:PutKeyPolicy`. An administrator can therefore rewrite the policy and grant themselves `kms:Decrypt`. That is acceptable only if policy changes go through a pipeline and every `PutKeyPolicy` call is alerted on.',
    },
    { kind: 'subheading', text: 'Grants nobody reviews' },
    {
      kind: 'paragraph',
      text: 'Grants delegate cryptographic operations without touching the key policy. AWS services create them legitimately (EBS and RDS use grants for attached volumes and instances), but a principal with `kms:CreateGrant` can also hand decrypt rights to any principal, including one in another account, and the grant never appears in `get-key-policy` output. Restricting `kms:CreateGrant` with `kms:GrantIsForAWSResource` limits grant creation to integrated AWS services.',
    },
    { kind: 'subheading', text: 'Destruction and lockout' },
    {
      kind: 'paragraph',
      text: 'Deleting a KMS key makes every ciphertext under it unrecoverable after the waiting period of 7 to 30 days. `DisableKey` has the same immediate effect on availability, and a `PutKeyPolicy` call with `BypassPolicyLockoutSafetyCheck` can leave a key that nobody can manage. These are the operations an attacker with key administration rights uses for impact, which is why this article maps to T1485 Data Destruction.',
    },
    { kind: 'heading', text: 'Finding risky keys' },
    {
      kind: 'paragraph',
      text: 'Start with an inventory of customer managed keys, their policies and their grants. AWS managed keys (`aws/s3`, `aws/rds`) cannot be edited, so the review effort belongs on keys where `KeyManager` is `CUSTOMER`.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Dump the policy and grants of every customer managed key in a Region',
      code: `for key in $(aws kms list-keys --query 'Keys[].KeyId' --output text); do
  manager=$(aws kms describe-key --key-id "$key" --query 'KeyMetadata.KeyManager' --output text)
  [ "$manager" = "CUSTOMER" ] || continue
  echo "== $key"
  aws kms get-key-policy --key-id "$key" --policy-name default --output text
  aws kms list-grants --key-id "$key" \\
    --query 'Grants[].{Grantee:GranteePrincipal,Operations:Operations,Retiring:RetiringPrincipal}'
  aws kms get-key-rotation-status --key-id "$key" --query 'KeyRotationEnabled'
done

# Public-access proof for a candidate policy before it is applied
aws accessanalyzer check-no-public-access \\
  --resource-type AWS::KMS::Key --policy-document file://key-policy.json

# External-access findings for keys across the organization
aws accessanalyzer list-findings --analyzer-arn "$ORG_ANALYZER_ARN" \\
  --filter '{"resourceType": {"eq": ["AWS::KMS::Key"]}, "status": {"eq": ["ACTIVE"]}}'`,
    },
    {
      kind: 'paragraph',
      text: 'IAM Access Analyzer evaluates both key policies and grants, so an organization-level analyzer is the quickest way to see keys shared outside your zone of trust. For continuous checks, AWS Config provides `kms-key-policy-no-public-access`, `kms-cmk-not-scheduled-for-deletion`, `cmk-backing-key-rotation-enabled`, `iam-customer-policy-blocked-kms-actions` and `iam-inline-policy-blocked-kms-actions`; Security Hub CSPM surfaces them as KMS.1 to KMS.5, where KMS.5 (KMS keys should not be publicly accessible) is rated critical.',
    },
    {
      kind: 'paragraph',
      text: 'Detection should watch the destructive and permission-changing calls in CloudTrail: `ScheduleKeyDeletion`, `DisableKey`, `PutKeyPolicy`, `CreateGrant` and `ImportKeyMaterial`. The EventBridge pattern below routes them to your alerting pipeline.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'EventBridge pattern for high-impact KMS changes',
      code: `{
  "source": ["aws.kms"],
  "detail-type": ["AWS API Call via CloudTrail"],
  "detail": {
    "eventSource": ["kms.amazonaws.com"],
    "eventName": ["ScheduleKeyDeletion", "DisableKey", "PutKeyPolicy", "CreateGrant", "ImportKeyMaterial"]
  }
}`,
    },
    { kind: 'heading', text: 'Fixing and preventing' },
    {
      kind: 'paragraph',
      text: 'A sound key policy names its administrators and users explicitly, restricts use to the services that need the key, and limits grants to AWS resources. The example keeps administration and cryptographic use in separate statements. It deliberately omits the account-root delegation for a high-sensitivity key; if you keep that statement, IAM policies and SCPs become part of the key boundary and must be reviewed with it.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'Key policy with separated administration, service-bound use and AWS-only grants',
      code: `{
  "Version": "2012-10-17",
  "Id": "payments-data-key",
  "Statement": [
    {
      "Sid": "KeyAdministration",
      "Effect": "Allow",
      "Principal": { "AWS": "arn:aws:iam::111122223333:role/kms-key-admin-pipeline" },
      "Action": [
        "kms:Create*", "kms:Describe*", "kms:Enable*", "kms:List*", "kms:Put*",
        "kms:Update*", "kms:Revoke*", "kms:Disable*", "kms:Get*", "kms:Delete*",
        "kms:TagResource", "kms:UntagResource", "kms:ScheduleKeyDeletion",
        "kms:CancelKeyDeletion", "kms:RotateKeyOnDemand"
      ],
      "Resource": "*"
    },
    {
      "Sid": "UseThroughS3AndRdsOnly",
      "Effect": "Allow",
      "Principal": { "AWS": "arn:aws:iam::111122223333:role/payments-app" },
      "Action": ["kms:Decrypt", "kms:GenerateDataKey*", "kms:DescribeKey"],
      "Resource": "*",
      "Condition": {
        "StringEquals": {
          "kms:ViaService": ["s3.eu-west-1.amazonaws.com", "rds.eu-west-1.amazonaws.com"],
          "kms:CallerAccount": "111122223333"
        }
      }
    },
    {
      "Sid": "GrantsForAwsResourcesOnly",
      "Effect": "Allow",
      "Principal": { "AWS": "arn:aws:iam::111122223333:role/payments-app" },
      "Action": "kms:CreateGrant",
      "Resource": "*",
      "Condition": { "Bool": { "kms:GrantIsForAWSResource": "true" } }
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: 'Organization-wide guardrails then make destruction hard even for compromised administrators. The SCP below reserves deletion, disabling and policy changes for the pipeline and a break-glass role, forces the maximum 30-day waiting period through `kms:ScheduleKeyDeletionPendingWindowInDays`, and blocks the lockout bypass.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: protect keys from deletion, disabling and lockout',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "ReserveDestructiveKmsActions",
      "Effect": "Deny",
      "Action": ["kms:ScheduleKeyDeletion", "kms:DisableKey", "kms:PutKeyPolicy"],
      "Resource": "*",
      "Condition": {
        "ArnNotLike": {
          "aws:PrincipalArn": [
            "arn:aws:iam::*:role/kms-key-admin-pipeline",
            "arn:aws:iam::*:role/kms-break-glass"
          ]
        }
      }
    },
    {
      "Sid": "RequireMaximumDeletionWindow",
      "Effect": "Deny",
      "Action": "kms:ScheduleKeyDeletion",
      "Resource": "*",
      "Condition": { "NumericLessThan": { "kms:ScheduleKeyDeletionPendingWindowInDays": "30" } }
    },
    {
      "Sid": "DenyLockoutSafetyCheckBypass",
      "Effect": "Deny",
      "Action": ["kms:CreateKey", "kms:PutKeyPolicy"],
      "Resource": "*",
      "Condition": { "Bool": { "kms:BypassPolicyLockoutSafetyCheck": "true" } }
    }
  ]
}`,
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Test key policies before you apply them',
      text: 'A key policy that drops the account delegation and omits `kms:PutKeyPolicy` for the principal applying it is rejected by the lockout safety check; one that passes the check but names only a role you later delete leaves a key that nobody in the account can manage. Validate every change with `aws accessanalyzer validate-policy --policy-type RESOURCE_POLICY` and keep a documented break-glass role that is allowed to manage the key.',
    },
    {
      kind: 'paragraph',
      text: 'Resource control policies complement the SCP by capping what external principals can do with keys in your organization, whatever an individual key policy says. Pair that with automatic rotation (`aws kms enable-key-rotation`) and with removal of `kms:Decrypt` on `"Resource": "*"` from identity policies, and the key policy becomes the single place where data access is decided.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core evaluates customer managed keys in every account of your AWS Organization on scheduled and on-demand scans, flagging public or cross-account key policies, disabled rotation and keys pending deletion, and lets you encode your own rules, such as "no wildcard principal without `kms:CallerAccount`", as custom policies in YAML or in the UI. Kryon IAM resolves the three-way access picture, combining key policy, IAM delegation and grants, and highlights toxic combinations such as `kms:PutKeyPolicy` with `kms:ScheduleKeyDeletion` on a role that an internet-facing workload can assume. Kryon Graph places each key on the attack paths that reach it, with the MITRE ATT&CK technique for every hop.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Inventory customer managed keys per Region and review policy, grants and rotation status together.',
        'Remove `"Principal": {"AWS": "*"}` statements that lack `kms:CallerAccount` or `aws:PrincipalOrgID`.',
        'Remove `kms:Decrypt` and `kms:ReEncryptFrom` on `"Resource": "*"` from identity policies (KMS.1, KMS.2).',
        'Restrict `kms:CreateGrant` with `kms:GrantIsForAWSResource` and review `list-grants` output for unknown grantees.',
        'Separate key administrators from key users and route `PutKeyPolicy` through a pipeline.',
        'Deploy an SCP that reserves `ScheduleKeyDeletion`, `DisableKey` and `PutKeyPolicy` and enforces a 30-day deletion window.',
        'Alert on `ScheduleKeyDeletion`, `DisableKey`, `PutKeyPolicy` and `CreateGrant` in CloudTrail.',
        'Enable an organization-level IAM Access Analyzer and resolve every active `AWS::KMS::Key` finding.',
      ],
    },
  ],
};
