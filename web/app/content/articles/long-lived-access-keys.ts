import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'long-lived-access-keys',
  title: 'Long-Lived IAM Access Keys: Finding, Retiring and Replacing Static Credentials',
  description:
    'IAM user access keys never expire on their own. How attackers use a leaked AKIA key, how to inventory and retire static keys, and what to replace them with.',
  category: 'Identity Risks',
  severity: 'High',
  mitreAttack: 'T1078.004 Valid Accounts: Cloud Accounts',
  audience: 'AWS security engineers, platform teams, security leaders',
  kryonSolution: ['Kryon IAM', 'Kryon Core', 'Kryon Defend'],
  publishedDate: '2026-11-16',
  tags: ['IAM', 'Access Keys', 'Credential Exposure', 'Least Privilege', 'CloudTrail'],
  body: [
    {
      kind: 'paragraph',
      text: 'An IAM user access key is a bearer credential with no built-in expiry. The access key ID (prefix `AKIA`) and its secret stay valid until someone deactivates or deletes them, which in many accounts means years. Unlike the temporary credentials issued by AWS STS (prefix `ASIA`), a long-term key is not bound to a session, a device or a network, and anyone holding the pair can sign API requests from anywhere on the internet.',
    },
    {
      kind: 'paragraph',
      text: 'That makes static keys one of the most common ways into an AWS account when the intrusion does not start with a software exploit. Keys end up in Git history, CI/CD variables, container image layers, Terraform state and developer laptops. Once a key leaks, the attacker inherits every permission of its IAM user for as long as the key stays active.',
    },
    { kind: 'heading', text: 'How attackers use a leaked key' },
    {
      kind: 'paragraph',
      text: 'The first call is almost always `aws sts get-caller-identity`. It needs no IAM permission and cannot be denied by a policy, so it confirms the key works and returns the account ID and user ARN. It is recorded in CloudTrail, but few teams alert on it. A related call, `sts:GetAccessKeyInfo`, returns the owning account for any key ID and is logged in the caller\u2019s account, not in the account that owns the key.',
    },
    {
      kind: 'list',
      ordered: true,
      items: [
        'Validate: `sts:GetCallerIdentity` from the attacker\u2019s own infrastructure, often through a VPN or hosting provider.',
        'Enumerate: `iam:ListAttachedUserPolicies`, `iam:ListGroupsForUser` and `iam:GetUserPolicy` if allowed, otherwise a sweep of read-only calls across services that leaves a burst of `AccessDenied` errors in CloudTrail.',
        'Persist: `iam:CreateAccessKey` for the same or another user, `iam:CreateUser`, `iam:CreateLoginProfile`, or a new role whose trust policy names an account the attacker controls.',
        'Act: read S3 objects and Secrets Manager secrets, launch instances for crypto-mining in Regions nobody watches, or call `sts:GetFederationToken` to mint session credentials that keep working after the original key is deleted.',
      ],
    },
    { kind: 'heading', text: 'How to find long-lived keys' },
    { kind: 'subheading', text: 'Inventory with the credential report' },
    {
      kind: 'paragraph',
      text: 'The IAM credential report lists every user with the status, last rotation date and last use of both access keys. Generate it, decode it and look for active keys older than your rotation threshold or unused for more than 45 days, the threshold the CIS AWS Foundations Benchmark uses for unused credentials.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Credential report: columns 9-11 are key 1 active, last rotated and last used',
      code: `aws iam generate-credential-report
aws iam get-credential-report --query Content --output text \\
  | base64 --decode > credential-report.csv

cut -d, -f1,9,10,11,14,15,16 credential-report.csv | column -t -s,

# Drill into one user and one key
aws iam list-access-keys --user-name ci-deploy
aws iam get-access-key-last-used --access-key-id AKIAIOSFODNN7EXAMPLE`,
    },
    { kind: 'subheading', text: 'Continuous checks' },
    {
      kind: 'list',
      items: [
        'AWS Config managed rule `access-keys-rotated` with the `maxAccessKeyAge` parameter (90 days by default).',
        'AWS Config managed rule `iam-user-unused-credentials-check` with `maxCredentialUsageAge` set to 45.',
        'AWS Config managed rule `iam-root-access-key-check`: the root user should have no access keys at all.',
        'AWS Security Hub controls IAM.3 (keys rotated every 90 days or less) and IAM.22 (credentials unused for 45 days removed).',
        'An IAM Access Analyzer unused access analyzer, which raises `UnusedIAMUserAccessKey` findings across the organization.',
      ],
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Organization-wide unused access analyzer (management or delegated admin account)',
      code: `aws accessanalyzer create-analyzer \\
  --analyzer-name org-unused-access \\
  --type ORGANIZATION_UNUSED_ACCESS \\
  --configuration '{"unusedAccess":{"unusedAccessAge":90}}'`,
    },
    { kind: 'subheading', text: 'Who is actually using them' },
    {
      kind: 'paragraph',
      text: 'Before you delete anything, find out what depends on each key. CloudTrail records the access key ID in `userIdentity`, so an Athena or CloudTrail Lake query for IDs starting with `AKIA` shows callers, source addresses and user agents.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena: long-term key usage over the last 30 days',
      code: `SELECT useridentity.username,
       useridentity.accesskeyid,
       sourceipaddress,
       useragent,
       count(*)       AS calls,
       max(eventtime) AS last_seen
FROM cloudtrail_logs
WHERE useridentity.accesskeyid LIKE 'AKIA%'
  AND eventtime > to_iso8601(current_timestamp - interval '30' day)
GROUP BY 1, 2, 3, 4
ORDER BY calls DESC;`,
    },
    { kind: 'heading', text: 'How to fix it: replace, do not just rotate' },
    {
      kind: 'paragraph',
      text: 'Rotation shortens the useful life of a leaked key, but a rotated key is still a static secret that has to be stored somewhere. The durable fix is to remove the need for it:',
    },
    {
      kind: 'list',
      items: [
        'People: IAM Identity Center with `aws configure sso` and `aws sso login`, which issues short-lived role credentials.',
        'CI/CD: OIDC federation, for example GitHub Actions calling `sts:AssumeRoleWithWebIdentity` through the `token.actions.githubusercontent.com` provider.',
        'Workloads on AWS: instance profiles, ECS task roles, Lambda execution roles, IRSA or EKS Pod Identity.',
        'Workloads outside AWS: IAM Roles Anywhere, which exchanges an X.509 certificate for temporary credentials.',
        'Third-party tools that truly need a key: a dedicated user, a narrow policy, an `aws:SourceIp` condition and automated rotation.',
      ],
    },
    {
      kind: 'code',
      language: 'json',
      caption:
        'Trust policy for a GitHub Actions deploy role, limited to one repository and branch',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Principal": {
        "Federated": "arn:aws:iam::111122223333:oidc-provider/token.actions.githubusercontent.com"
      },
      "Action": "sts:AssumeRoleWithWebIdentity",
      "Condition": {
        "StringEquals": {
          "token.actions.githubusercontent.com:aud": "sts.amazonaws.com",
          "token.actions.githubusercontent.com:sub": "repo:example-org/payments-api:ref:refs/heads/main"
        }
      }
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: 'Retire each key in two steps. Deactivate it, watch CloudTrail and the owning team\u2019s alerts for breakage during an agreed window, then delete it. Deactivation is reversible; deletion is not.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws iam update-access-key --user-name ci-deploy \\
  --access-key-id AKIAIOSFODNN7EXAMPLE --status Inactive

# After the observation window
aws iam delete-access-key --user-name ci-deploy \\
  --access-key-id AKIAIOSFODNN7EXAMPLE`,
    },
    { kind: 'subheading', text: 'Stop new keys from appearing' },
    {
      kind: 'paragraph',
      text: 'A service control policy keeps the problem from growing back. The example below denies new IAM users and access keys everywhere except for a break-glass role, so exceptions go through a reviewed path.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: no new IAM users or access keys outside the break-glass role',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "DenyNewLongTermCredentials",
      "Effect": "Deny",
      "Action": ["iam:CreateUser", "iam:CreateAccessKey"],
      "Resource": "*",
      "Condition": {
        "ArnNotLike": {
          "aws:PrincipalArn": "arn:aws:iam::*:role/BreakGlassAdmin"
        }
      }
    }
  ]
}`,
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Deleting a leaked key does not end the incident',
      text: 'Session credentials minted with `sts:GetSessionToken` or `sts:GetFederationToken` stay valid until they expire, up to 36 hours, even after the key is deleted. Attach an inline deny to the user with a `DateLessThan` condition on `aws:TokenIssueTime` set to the time of containment, then hunt for persistence: new users, keys, login profiles, roles and changed trust policies. If AWS detected the key in a public repository, the user may already carry a quarantine policy such as `AWSCompromisedKeyQuarantineV3`; treat that as confirmation of exposure, not as remediation.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon IAM inventories every IAM user and access key across the accounts in your AWS Organization, with age, last use and the effective permissions of the key owner, so a two-year-old key with IAM write access ranks above a read-only key of the same age. Kryon Core evaluates the CIS AWS Foundations Benchmark controls for key rotation and unused credentials and lets you add custom policies, such as no access keys in production OUs. Kryon Defend, in beta, watches CloudTrail and GuardDuty signals in real time and raises long-term key use from an unfamiliar network, or a burst of denied enumeration calls, with the identity\u2019s reachable attack paths attached.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Generate the credential report in every account and list active keys older than 90 days or unused for 45.',
        'Confirm the root user has no access keys in any account.',
        'Map each remaining key to an owner and a consumer using CloudTrail `AKIA` usage.',
        'Move people to IAM Identity Center, pipelines to OIDC, and workloads to roles or IAM Roles Anywhere.',
        'Deactivate, observe, then delete each retired key.',
        'Enable `access-keys-rotated`, `iam-user-unused-credentials-check` and an unused access analyzer.',
        'Deploy an SCP that blocks new IAM users and access keys outside a break-glass path.',
        'Keep a leaked-key runbook that covers session revocation with `aws:TokenIssueTime` and persistence hunting.',
      ],
    },
  ],
};
