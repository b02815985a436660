import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'cross-account-trust-confused-deputy',
  title: 'Cross-Account Trust and the Confused Deputy: ExternalId, SourceArn and Beyond',
  description:
    'Vendor roles without sts:ExternalId and service-principal grants without aws:SourceArn let other tenants act through a trusted party. How to audit trust policies and close both confused-deputy paths.',
  category: 'Identity Risks',
  severity: 'High',
  mitreAttack: 'T1199 Trusted Relationship',
  audience: 'IAM engineers, cloud security architects, third-party risk teams',
  kryonSolution: ['Kryon IAM', 'Kryon Graph', 'Kryon Core'],
  publishedDate: '2026-05-20',
  tags: ['IAM', 'Cross-Account', 'Confused Deputy', 'ExternalId', 'Third-Party Risk'],
  body: [
    {
      kind: 'paragraph',
      text: 'Every AWS organization trusts outsiders. Monitoring, cost, backup and security vendors assume roles in your accounts; AWS services write to your buckets, queues and topics on your behalf. Each of these relationships relies on a deputy, a party with legitimate access that acts for many customers at once. The confused deputy problem arises when another customer of that deputy can steer it into acting against your resources, using the access you granted to the deputy rather than anything granted to them.',
    },
    {
      kind: 'paragraph',
      text: 'In AWS the problem appears in two forms: cross-account role trust for third-party software as a service, and resource policies that grant access to AWS service principals. Both have well-defined fixes, and both are routinely missing.',
    },
    { kind: 'heading', text: 'Third-party roles without an external ID' },
    {
      kind: 'paragraph',
      text: "A vendor typically asks you to create a role that trusts its AWS account, then to paste the role ARN into its console. The vendor's platform calls `sts:AssumeRole` on that ARN for you. If the trust policy only names the vendor account, nothing ties the role to your tenancy at the vendor.",
    },
    {
      kind: 'list',
      ordered: true,
      items: [
        'The attacker signs up for the same vendor as an ordinary customer.',
        "In the vendor console they enter your role ARN instead of their own. Role ARNs are not secret: they follow naming conventions from the vendor's own documentation and appear in screenshots, support tickets and public templates.",
        "The vendor assumes your role with its own credentials, which your trust policy accepts, and shows the results, such as inventory, cost data or security findings, in the attacker's tenant.",
        'If the vendor role has write permissions, for example for automated remediation, the attacker can make changes in your account through the vendor.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'The `sts:ExternalId` condition prevents this. The vendor generates a unique identifier per customer tenant, displays it in your tenant only, and passes it on every `AssumeRole` call. Your trust policy requires it, so a request made on behalf of any other tenant carries the wrong value and fails.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'Trust policy for a vendor role: vendor principal plus external ID',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "VendorScannerAssume",
      "Effect": "Allow",
      "Principal": { "AWS": "arn:aws:iam::444455556666:role/VendorScannerRole" },
      "Action": "sts:AssumeRole",
      "Condition": {
        "StringEquals": { "sts:ExternalId": "c7f1e2a4-3b5d-4e8f-9a10-2b3c4d5e6f70" }
      }
    }
  ]
}`,
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'The external ID is a tenant binding, not a password',
      text: 'Its protection comes from the vendor generating it and never letting a customer choose or change it, not from secrecy. A vendor that lets you type your own external ID, or reuses one value across customers, has not solved the confused deputy problem, whatever your trust policy says. Ask vendors how the value is generated before you onboard them.',
    },
    { kind: 'heading', text: 'Service principals without a source condition' },
    {
      kind: 'paragraph',
      text: 'The second form involves AWS services as the deputy. A bucket policy that lets `cloudtrail.amazonaws.com` write, an SQS queue policy that lets `sns.amazonaws.com` send, or a Lambda permission for `s3.amazonaws.com` without a source lets any AWS customer point their own trail, topic or bucket notification at your resource. The service acts with its own authority, and your policy accepts it. The fix is to name the source: `aws:SourceArn` for the specific resource, or at least `aws:SourceAccount`, and `aws:SourceOrgID` to allow any account in your organization.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SQS queue policy: only one SNS topic may send',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "AllowOrderEventsTopicOnly",
      "Effect": "Allow",
      "Principal": { "Service": "sns.amazonaws.com" },
      "Action": "sqs:SendMessage",
      "Resource": "arn:aws:sqs:eu-west-1:111122223333:order-events",
      "Condition": {
        "ArnEquals": { "aws:SourceArn": "arn:aws:sns:eu-west-1:111122223333:order-events-topic" }
      }
    }
  ]
}`,
    },
    { kind: 'heading', text: 'Finding risky trust' },
    {
      kind: 'paragraph',
      text: "List roles that trust principals outside your account without an external ID condition. The jq below handles string and array principals and ignores same-account trust; extend it with your organization's account IDs to focus on true third parties.",
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Roles trusting other accounts without sts:ExternalId',
      code: `ACCOUNT=$(aws sts get-caller-identity --query Account --output text)
aws iam list-roles --output json | jq -r --arg acct "$ACCOUNT" '
  .Roles[] | .RoleName as $name
  | .AssumeRolePolicyDocument.Statement[]
  | select(.Effect == "Allow")
  | select([(.Principal | if type == "object" then .AWS // empty else . end)]
           | flatten | any(contains($acct) | not))
  | select(.Condition.StringEquals["sts:ExternalId"] == null)
  | [$name, (.Principal | tostring)] | @tsv'`,
    },
    {
      kind: 'paragraph',
      text: 'IAM Access Analyzer does this across the organization. An external access analyzer with the organization as its zone of trust reports every role, bucket, queue, key and function that grants access outside it, and each finding lists the conditions that apply, so a vendor role without `sts:ExternalId` stands out. In CI, `aws accessanalyzer check-no-public-access --resource-type AWS::IAM::AssumeRolePolicyDocument` rejects trust policies that would let anyone assume a role.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Organization analyzer and its role findings',
      code: `aws accessanalyzer create-analyzer --analyzer-name org-external --type ORGANIZATION

aws accessanalyzer list-findings \\
  --analyzer-arn arn:aws:access-analyzer:eu-west-1:111122223333:analyzer/org-external \\
  --filter '{"resourceType":{"eq":["AWS::IAM::Role"]},"status":{"eq":["ACTIVE"]}}' \\
  --query 'findings[].[resource,principal,condition]'`,
    },
    {
      kind: 'paragraph',
      text: "CloudTrail records cross-account `AssumeRole` calls in the role's account. Review which external accounts assume which roles, from where, and alert on `UpdateAssumeRolePolicy` events that add external principals.",
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena: cross-account role assumptions into this account',
      code: `SELECT useridentity.accountid AS caller_account,
       json_extract_scalar(requestparameters, '$.roleArn') AS role_arn,
       sourceipaddress, count(*) AS assumptions, max(eventtime) AS last_seen
FROM cloudtrail_logs
WHERE eventsource = 'sts.amazonaws.com'
  AND eventname = 'AssumeRole'
  AND useridentity.accountid <> recipientaccountid
  AND eventtime > to_iso8601(current_timestamp - interval '30' day)
GROUP BY 1, 2, 3
ORDER BY assumptions DESC;`,
    },
    { kind: 'heading', text: 'Preventing it at organization scale' },
    {
      kind: 'paragraph',
      text: 'Resource control policies enforce service-principal confused deputy protection across every account at once for the services they support, including S3, SQS, KMS, Secrets Manager and STS. The pattern below denies requests from AWS service principals acting for accounts outside your organization, while leaving requests without a source account untouched.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'RCP: confused deputy protection for service principals',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "EnforceConfusedDeputyProtection",
      "Effect": "Deny",
      "Principal": "*",
      "Action": ["s3:*", "sqs:*", "kms:*", "secretsmanager:*", "sts:*"],
      "Resource": "*",
      "Condition": {
        "StringNotEqualsIfExists": { "aws:SourceOrgID": "o-exampleorgid" },
        "Null": { "aws:SourceAccount": "false" },
        "Bool": { "aws:PrincipalIsAWSService": "true" }
      }
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: "For vendor roles, keep a register of every third-party role with its owner, external ID and permissions; prefer read-only access; and trust the vendor's specific role ARN rather than its whole account when the vendor documents one. Review the register when a vendor relationship ends, because an unused trust is still a trust.",
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon IAM maps every trust relationship in the organization, including role chains through vendor and partner accounts, and flags external trust without `sts:ExternalId`, wildcard principals and service-principal grants without source conditions. Kryon Graph shows what each external party can reach through those trusts, labelled T1199 Trusted Relationship, so you can see which vendor role leads to production data. Kryon Core checks resource policies against your own standard as a custom policy, such as "every service-principal statement must carry aws:SourceArn or aws:SourceAccount", and reports drift account by account.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Every role trusted by a third-party account requires `sts:ExternalId`, with a value generated by the vendor per tenant.',
        "Vendor trust names the vendor's role ARN where possible, not its whole account.",
        'Every resource policy statement for an AWS service principal carries `aws:SourceArn`, `aws:SourceAccount` or `aws:SourceOrgID`.',
        'An organization-wide Access Analyzer reports external access, and findings have owners.',
        'An RCP enforces confused deputy protection for supported services.',
        'Cross-account `AssumeRole` activity and `UpdateAssumeRolePolicy` changes are reviewed and alerted.',
        'A register of third-party roles is maintained, and trust is removed when a vendor relationship ends.',
      ],
    },
  ],
};
