import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'soc2-continuous-evidence-aws',
  title: 'Continuous SOC 2 Evidence on AWS: From Screenshots to an Evidence Pipeline',
  description:
    'A SOC 2 Type II auditor can sample any week of the period. How to map Trust Services Criteria to AWS evidence sources and collect tamper-evident evidence continuously instead of at audit time.',
  category: 'Compliance',
  severity: 'Low',
  mitreAttack: 'T1098 Account Manipulation',
  audience: 'Compliance officers, security leaders, AWS platform and security engineers',
  kryonSolution: ['Kryon Core', 'Kryon IAM'],
  publishedDate: '2026-08-19',
  tags: ['SOC 2', 'Audit Evidence', 'AWS Config', 'CloudTrail', 'Access Reviews'],
  body: [
    {
      kind: 'paragraph',
      text: 'A SOC 2 Type II report states whether your controls operated effectively over a period, commonly six to twelve months. The auditor does not look only at the last week: they select samples across the whole window, such as a new hire from March, a terminated contractor from June or a production change from August, and ask for evidence that each went through the control. Screenshots taken the month before fieldwork cannot answer that question, and controls that only worked once someone prepared for the audit turn into exceptions in the report.',
    },
    {
      kind: 'paragraph',
      text: 'Continuous evidence means every control leaves a timestamped, tamper-evident record as it operates. On AWS most of that record already exists in CloudTrail, AWS Config and Security Hub CSPM; the work is to keep it, organise it by criterion and make it retrievable. No tool makes a company compliant on its own: the report is issued by an independent CPA firm, and tooling helps you be SOC 2 ready with evidence you can trust.',
    },
    { kind: 'heading', text: 'Mapping Trust Services Criteria to AWS evidence' },
    {
      kind: 'paragraph',
      text: 'The Security category, the common criteria CC1 to CC9, is in scope for every SOC 2 report. The criteria below generate most AWS evidence requests.',
    },
    {
      kind: 'list',
      items: [
        'CC6.1 logical access security: IAM Identity Center as the single entry point, MFA enforcement, SCPs, the IAM credential report and Security Hub CSPM IAM controls.',
        'CC6.2 and CC6.3 provisioning, modification and removal of access: permission set assignments tied to tickets, CloudTrail records of `CreateAccountAssignment`, `CreateUser` and `CreateAccessKey`, and periodic access reviews with IAM Access Analyzer unused-access findings.',
        'CC6.6 and CC6.7 boundary protection and transmission: security group and public exposure findings, TLS policies on load balancers, and bucket policies that enforce `aws:SecureTransport`.',
        'CC7.1 and CC7.2 configuration and anomaly monitoring: AWS Config rule history, Amazon Inspector vulnerability findings, GuardDuty findings and the alert routing behind them.',
        'CC8.1 change management: infrastructure as code pull requests with approvals, deployment pipeline logs and the Config timeline of the resources they changed.',
        'A1.2 availability, if in scope: AWS Backup job reports and restore tests.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'The access criteria deserve the most automation because they are also a detection problem. Creating users, adding access keys, attaching policies and editing role trust policies are the moves of T1098 Account Manipulation. The same CloudTrail events that prove every access change was approved also reveal the one that was not.',
    },
    { kind: 'heading', text: 'Building the evidence pipeline' },
    { kind: 'subheading', text: '1. A log foundation the auditor can trust' },
    {
      kind: 'paragraph',
      text: 'Send an organization CloudTrail trail with log file validation to a dedicated log archive account, and keep it for longer than your audit period plus the time until the report is issued. `aws cloudtrail validate-logs` proves that delivered log files were not modified or deleted, which answers the integrity question before it is asked. The 90-day `lookup-events` history is not enough for a twelve-month window: query the archive with Athena or use CloudTrail Lake.',
    },
    { kind: 'subheading', text: '2. Configuration state at any point in time' },
    {
      kind: 'paragraph',
      text: 'AWS Config recording in every account and Region, collected by an organization aggregator, gives you both the current population and the history of each resource. Advanced queries produce the populations auditors sample from and the list of non-compliant resources on any day you export them.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Populations and compliance state from a Config aggregator',
      code: `# Population: every IAM user in the organization with its creation time
aws configservice select-aggregate-resource-config \\
  --configuration-aggregator-name org-aggregator \\
  --expression "SELECT accountId, resourceName, resourceCreationTime WHERE resourceType = 'AWS::IAM::User'"

# Non-compliant resources across all rules, for the evidence snapshot of the day
aws configservice select-aggregate-resource-config \\
  --configuration-aggregator-name org-aggregator \\
  --expression "SELECT accountId, awsRegion, configuration.targetResourceType, configuration.targetResourceId, configuration.complianceType WHERE resourceType = 'AWS::Config::ResourceCompliance' AND configuration.complianceType = 'NON_COMPLIANT'"`,
    },
    { kind: 'subheading', text: '3. Access evidence on a schedule' },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Access review inputs: credential report and Identity Center assignments',
      code: `aws iam generate-credential-report
aws iam get-credential-report --query Content --output text | base64 --decode \\
  > "credential-report-$(date +%F).csv"

aws sso-admin list-permission-sets --instance-arn "$SSO_INSTANCE_ARN"
aws sso-admin list-account-assignments --instance-arn "$SSO_INSTANCE_ARN" \\
  --account-id 111122223333 --permission-set-arn "$PERMISSION_SET_ARN"`,
    },
    {
      kind: 'paragraph',
      text: 'Route the account manipulation events to the team that owns access reviews as they happen, and keep the matched events as evidence that every change was seen. IAM events are delivered in US East (N. Virginia), so create the rule there.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'EventBridge pattern for IAM access changes',
      code: `{
  "source": ["aws.iam"],
  "detail-type": ["AWS API Call via CloudTrail"],
  "detail": {
    "eventSource": ["iam.amazonaws.com"],
    "eventName": [
      "CreateUser",
      "CreateAccessKey",
      "CreateLoginProfile",
      "AttachUserPolicy",
      "PutUserPolicy",
      "AttachRolePolicy",
      "UpdateAssumeRolePolicy"
    ]
  }
}`,
    },
    { kind: 'subheading', text: '4. An evidence store that cannot be edited' },
    {
      kind: 'paragraph',
      text: 'Write each day of exports, Config query results, Security Hub CSPM findings, credential reports and review sign-offs to a bucket with S3 Object Lock in compliance mode, named by criterion and date. An auditor can then sample any day of the period and see exactly what existed then.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Evidence bucket with Object Lock in compliance mode',
      code: `aws s3api create-bucket --bucket example-soc2-evidence --region eu-west-1 \\
  --create-bucket-configuration LocationConstraint=eu-west-1 --object-lock-enabled-for-bucket

aws s3api put-object-lock-configuration --bucket example-soc2-evidence \\
  --object-lock-configuration '{"ObjectLockEnabled": "Enabled", "Rule": {"DefaultRetention": {"Mode": "COMPLIANCE", "Years": 3}}}'`,
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'About AWS Audit Manager',
      text: 'AWS Audit Manager offered a prebuilt SOC 2 framework, but AWS has closed it to new customers and moved it to maintenance mode in 2026. Existing users can keep their assessments; new programs should build evidence directly on CloudTrail, AWS Config conformance packs and Security Hub CSPM, which is the pipeline described here.',
    },
    {
      kind: 'paragraph',
      text: 'Exceptions are not failures if they are handled. When a control misses, for example an access key that outlived the rotation policy, record the detection date, the remediation and the root cause in the same evidence store. Auditors report exceptions; well-documented ones with prompt remediation read very differently from ones discovered during fieldwork.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core runs scheduled scans across every account in your AWS Organization, maps results to CIS and NIST controls that auditors can trace to the Trust Services Criteria, and delivers audit-ready CSV, PDF and JSON exports to an S3 bucket you own, so the evidence store fills itself on a schedule. Custom policies in YAML or the UI cover internal standards that no framework spells out, and exceptions carry an owner and an expiry date. Kryon IAM supplies the access-review view CC6.2 and CC6.3 need: every role, who can assume it through which trust chain, and toxic permission combinations that deserve a reviewer before the auditor finds them.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Define the SOC 2 scope, the criteria in play and the audit period before building evidence jobs.',
        'Run an organization CloudTrail trail with log file validation into a log archive account and retain it beyond the period.',
        'Record AWS Config in every account and Region and aggregate it for population and history queries.',
        'Schedule daily or weekly evidence exports, named by criterion and date, into an Object Lock bucket.',
        'Alert on IAM access changes and keep the matched events as access-management evidence.',
        'Run access reviews from Identity Center assignments, the credential report and unused-access findings, and store the sign-off.',
        'Document every control exception with detection date, remediation and root cause.',
        'Do not plan new evidence collection on AWS Audit Manager; build on CloudTrail, Config and Security Hub CSPM.',
      ],
    },
  ],
};
