import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'cis-aws-foundations-benchmark',
  title: 'CIS AWS Foundations Benchmark in Practice: Versions, Evidence and Fixes That Last',
  description:
    'What the CIS AWS Foundations Benchmark checks, why recommendation numbers change between versions, how to assess an AWS Organization against it and how to keep the results from drifting.',
  category: 'Compliance',
  severity: 'Medium',
  mitreAttack: 'T1562.008 Impair Defenses: Disable or Modify Cloud Logs',
  audience: 'Compliance officers, AWS security engineers, cloud platform teams',
  kryonSolution: ['Kryon Core', 'Kryon Graph'],
  publishedDate: '2026-10-30',
  tags: ['CIS', 'Benchmark', 'Compliance', 'CloudTrail', 'Security Hub'],
  body: [
    {
      kind: 'paragraph',
      text: 'The CIS Amazon Web Services Foundations Benchmark is the baseline most AWS estates are measured against first. Customers ask for it in security questionnaires, auditors accept it as a configuration standard, and it is the reference that tools like AWS Security Hub CSPM implement out of the box. It is deliberately foundational: a set of account-wide settings for identity, storage, logging, monitoring and networking that every account should have before any workload-specific control matters.',
    },
    {
      kind: 'paragraph',
      text: 'Its logging recommendations are also the controls that make an intrusion visible. Attackers who gain administrative access commonly try to stop CloudTrail, change event selectors or turn off the AWS Config recorder, the behaviour catalogued as T1562.008 Impair Defenses: Disable or Modify Cloud Logs. A benchmark-aligned organization trail, protected by guardrails, is what keeps that attempt on record.',
    },
    { kind: 'heading', text: 'How the benchmark is structured' },
    {
      kind: 'paragraph',
      text: 'Each recommendation has a profile. Level 1 items are practical for almost every account with little operational impact; Level 2 items, such as hardware MFA for the root user or S3 object-level logging, add depth at a cost. Recommendations are either automated, meaning they can be checked by API, or manual, meaning they need a documented process or review.',
    },
    {
      kind: 'paragraph',
      text: 'Versions matter more than most teams expect. Security Hub CSPM supports v5.0.0, v3.0.0, v1.4.0 and v1.2.0, and CIS has kept publishing newer releases. Recommendation numbers move between them: "Ensure no root user account access key exists" is 1.4 in v3.0.0 and 2.4 in v7.0.0. Map evidence to the recommendation title and to a stable check such as the Security Hub control ID, and record which benchmark version an assessment used.',
    },
    { kind: 'subheading', text: 'What the recommendations cover' },
    {
      kind: 'list',
      items: [
        'Identity: no root access keys (IAM.4), MFA on the root user (IAM.9, hardware MFA IAM.6), MFA for console users (IAM.5), removal of credentials unused for 45 days (IAM.22), access key rotation within 90 days (IAM.3), no policies granting full `*:*` administrative privileges (IAM.1), and an IAM Access Analyzer external access analyzer in every Region (IAM.28).',
        'Storage: S3 Block Public Access at account and bucket level, HTTPS-only bucket policies, EBS encryption by default (EC2.7), encrypted and non-public RDS instances, and encrypted EFS file systems.',
        'Logging: a multi-Region CloudTrail trail (CloudTrail.1) with log file validation (CloudTrail.4) and KMS encryption (CloudTrail.2), AWS Config recording in all Regions (Config.1), KMS key rotation (KMS.4) and VPC flow logs (EC2.6).',
        'Monitoring: metric filters and alarms for events such as root user activity, unauthorized API calls, IAM policy changes and CloudTrail configuration changes.',
        'Networking: no network ACL or security group that opens remote administration ports to `0.0.0.0/0` or `::/0`, a default security group that allows no traffic (EC2.2), and IMDSv2 on instances.',
      ],
    },
    { kind: 'heading', text: 'Assessing an account or an organization' },
    {
      kind: 'paragraph',
      text: 'A few read-only calls answer the highest-impact questions directly and are useful to sanity-check tooling output.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Quick checks for root, credentials and logging foundations',
      code: `# Root MFA and root access keys (1 = present)
aws iam get-account-summary \\
  --query 'SummaryMap.{RootMFA:AccountMFAEnabled,RootAccessKeys:AccountAccessKeysPresent}'

# Console users without MFA, key age and last use
aws iam generate-credential-report
aws iam get-credential-report --query Content --output text | base64 --decode \\
  | cut -d, -f1,4,5,8,9,10,11,14,15,16 | column -s, -t

# Logging foundations
aws cloudtrail describe-trails --query 'trailList[].{Name:Name,MultiRegion:IsMultiRegionTrail,Org:IsOrganizationTrail,Validation:LogFileValidationEnabled,Kms:KmsKeyId}'
aws cloudtrail get-trail-status --name org-trail --query '{Logging:IsLogging,LastDelivery:LatestDeliveryTime}'
aws configservice describe-configuration-recorder-status
aws ec2 get-ebs-encryption-by-default
aws s3control get-public-access-block --account-id 111122223333`,
    },
    {
      kind: 'paragraph',
      text: 'For continuous assessment across accounts, enable the CIS standard in Security Hub CSPM through central configuration from the delegated administrator, so new accounts inherit it, and aggregate findings into one Region. AWS Config conformance pack sample templates for CIS cover similar ground if you prefer Config-native reporting.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Enable the CIS standard and list failed controls',
      code: `aws securityhub describe-standards \\
  --query "Standards[?contains(Name, 'CIS')].[Name,StandardsArn]" --output table

aws securityhub batch-enable-standards \\
  --standards-subscription-requests StandardsArn="$CIS_STANDARD_ARN"

aws securityhub get-findings --filters '{
  "ComplianceStatus": [{"Value": "FAILED", "Comparison": "EQUALS"}],
  "RecordState": [{"Value": "ACTIVE", "Comparison": "EQUALS"}],
  "ComplianceAssociatedStandardsId": [{"Value": "cis-aws-foundations-benchmark", "Comparison": "CONTAINS"}]
}' --query 'Findings[].[Compliance.SecurityControlId,Resources[0].Id]' --output text`,
    },
    { kind: 'heading', text: 'Fixes that do not drift' },
    {
      kind: 'paragraph',
      text: 'Most benchmark failures come back because they were fixed by hand in one account. Fix them once, at the organization level, in code. An organization trail covers every current and future account; EBS encryption by default is a per-Region setting that belongs in your account baseline.',
    },
    {
      kind: 'code',
      language: 'hcl',
      caption: 'Terraform: organization trail and EBS encryption by default',
      code: `resource "aws_cloudtrail" "org" {
  name                          = "org-trail"
  s3_bucket_name                = aws_s3_bucket.log_archive.id
  kms_key_id                    = aws_kms_key.cloudtrail.arn
  is_organization_trail         = true
  is_multi_region_trail         = true
  include_global_service_events = true
  enable_log_file_validation    = true
}

resource "aws_ebs_encryption_by_default" "this" {
  enabled = true
}`,
    },
    {
      kind: 'paragraph',
      text: 'Root user recommendations are easier with centralized root access in AWS Organizations. After enabling trusted access for IAM, `aws iam enable-organizations-root-credentials-management` and `aws iam enable-organizations-root-sessions` let the management account remove root passwords, access keys and MFA devices from member accounts and run the few root-only tasks through short-lived `sts:AssumeRoot` sessions, so member accounts have no standing root credentials to protect.',
    },
    {
      kind: 'paragraph',
      text: 'Finally, make the logging controls tamper-resistant. An SCP that denies `cloudtrail:StopLogging`, `cloudtrail:DeleteTrail`, `cloudtrail:UpdateTrail`, `cloudtrail:PutEventSelectors`, `config:StopConfigurationRecorder` and `config:DeleteConfigurationRecorder` to everyone except the pipeline role that manages them turns a benchmark pass into a guarantee that holds when an administrator role is compromised.',
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'A benchmark score is not a risk ranking',
      text: 'Every CIS recommendation weighs the same in a compliance percentage, but a missing VPC flow log in a sandbox and an open RDP port on an instance with an administrator role are not the same risk. Track the score for auditors; prioritise the work by exposure. Where a recommendation does not fit, such as hardware MFA in an account with no root credentials, document the exception with an owner and a review date instead of suppressing it silently.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core assesses every account in your AWS Organization against the CIS AWS Foundations Benchmark and NIST control mappings on scheduled and on-demand scans, including accounts created after onboarding, records the benchmark version with each result, and produces audit-ready CSV, PDF and JSON exports delivered to an S3 bucket you own. Exceptions are documented, owned and time-boxed, and custom policies in YAML or the UI extend the baseline with your internal standards. Kryon Graph then ranks failed recommendations by the attack paths they sit on, so an open administration port in front of a privileged role is fixed before a cosmetic finding.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Choose a benchmark version, record it with every assessment and map evidence by recommendation title and control ID.',
        'Enable the CIS standard in Security Hub CSPM through central configuration for all accounts and Regions.',
        'Remove root access keys, enable root MFA, and use centralized root access to remove member-account root credentials.',
        'Deploy a multi-Region organization trail with log file validation and KMS encryption, and AWS Config in every Region.',
        'Protect CloudTrail and Config from being stopped or modified with an SCP.',
        'Enable EBS encryption by default and account-level S3 Block Public Access in every account baseline.',
        'Close remote administration ports to the internet and lock down default security groups.',
        'Document Level 2 exceptions with an owner and expiry date and prioritise remaining failures by exposure.',
      ],
    },
  ],
};
