import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'hipaa-phi-workloads-aws',
  title: 'HIPAA Technical Safeguards for PHI on AWS: Mapping 164.312 to Real Controls',
  description:
    'The AWS BAA covers eligible services, not your configuration. How to map the HIPAA Security Rule technical safeguards to AWS controls, find PHI where it should not be and keep evidence.',
  category: 'Compliance',
  severity: 'High',
  mitreAttack: 'T1530 Data from Cloud Storage',
  audience: 'Compliance and privacy officers, healthcare cloud architects, AWS security engineers',
  kryonSolution: ['Kryon Core', 'Kryon Graph', 'Kryon IAM'],
  publishedDate: '2026-05-13',
  tags: ['HIPAA', 'PHI', 'Healthcare', 'Encryption', 'Audit Controls', 'Macie'],
  body: [
    {
      kind: 'paragraph',
      text: 'Covered entities and business associates that store or process electronic protected health information (ePHI) on AWS start in the same place: accept the AWS Business Associate Addendum in AWS Artifact, for a single account or for the whole organization, and use only HIPAA eligible services for ePHI. That agreement covers what AWS operates. It says nothing about whether your buckets are private, your logs are complete or your users authenticate with MFA, and those are the questions the HHS Office for Civil Rights asks after a breach.',
    },
    {
      kind: 'paragraph',
      text: 'A recurring pattern in cloud health data exposures is not an exotic exploit but data read from a storage service by someone who should not have had access: T1530 Data from Cloud Storage. The HIPAA Security Rule does not name AWS services, so the work is to translate each safeguard into controls you can configure, test and prove.',
    },
    { kind: 'heading', text: 'How the Security Rule applies to AWS' },
    {
      kind: 'paragraph',
      text: 'The rule has administrative (164.308), physical (164.310) and technical (164.312) safeguards. Physical safeguards for the data centres sit largely with AWS. Implementation specifications are either required or addressable; addressable does not mean optional, it means you implement the specification or document why an equivalent alternative is reasonable. In January 2025 HHS proposed changes that would remove that distinction and make encryption and MFA explicit requirements; design as if they were already final.',
    },
    {
      kind: 'list',
      items: [
        '164.308(a)(1)(ii)(A) risk analysis: you cannot assess risk to ePHI without knowing every account, bucket, database and log group that holds it.',
        '164.312(a)(1) access control: unique user identification (a)(2)(i) through IAM Identity Center users rather than shared IAM users, an emergency access procedure (a)(2)(ii) through a monitored break-glass role, automatic logoff (a)(2)(iii) through session duration, and encryption and decryption (a)(2)(iv) through AWS KMS customer managed keys.',
        '164.312(b) audit controls: CloudTrail management events everywhere, data events on buckets holding ePHI, and database audit logs such as pgAudit for PostgreSQL.',
        '164.312(c)(1) integrity and (c)(2) authentication of ePHI: S3 Versioning and Object Lock, object checksums, and CloudTrail log file validation.',
        '164.312(d) person or entity authentication: MFA for every human, federated through your identity provider.',
        '164.312(e)(1) transmission security: TLS 1.2 or later on every path, enforced in policy rather than assumed.',
        '164.308(a)(7)(ii)(A) data backup plan: AWS Backup plans with vault lock, and tested restores.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'Encryption has a second payoff. Under the HHS breach notification guidance, ePHI encrypted in line with that guidance, with keys that were not compromised, is not "unsecured PHI", so its loss is not a reportable breach. Keeping keys in KMS, separate from the data and from the people who administer storage, is what makes that argument hold.',
    },
    { kind: 'heading', text: 'Finding gaps and stray PHI' },
    {
      kind: 'paragraph',
      text: 'Start with where ePHI actually is. Tags and architecture diagrams describe intent; Amazon Macie describes content. Its managed data identifiers for health data include `USA_HEALTH_INSURANCE_CLAIM_NUMBER`, `USA_MEDICARE_BENEFICIARY_IDENTIFIER` and `US_DRUG_ENFORCEMENT_AGENCY_NUMBER`, and a scheduled job over export and upload buckets finds PHI in places the risk analysis does not list.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Weekly Macie discovery job for health identifiers',
      code: `aws macie2 create-classification-job --job-type SCHEDULED --name phi-discovery-weekly \\
  --schedule-frequency '{"weeklySchedule": {"dayOfWeek": "SUNDAY"}}' \\
  --managed-data-identifier-selector INCLUDE \\
  --managed-data-identifier-ids USA_HEALTH_INSURANCE_CLAIM_NUMBER USA_MEDICARE_BENEFICIARY_IDENTIFIER US_DRUG_ENFORCEMENT_AGENCY_NUMBER \\
  --s3-job-definition '{"bucketDefinitions": [{"accountId": "111122223333", "buckets": ["clinical-exports", "support-uploads"]}]}'`,
    },
    {
      kind: 'paragraph',
      text: 'For configuration, AWS publishes the conformance pack template Operational Best Practices for HIPAA Security, which maps AWS Config managed rules to Security Rule citations. Deploy it to the accounts that hold ePHI, or organization-wide with `put-organization-conformance-pack`, and treat its results as input to the risk analysis rather than as a compliance verdict.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Conformance pack and data events for an ePHI account',
      code: `aws configservice put-conformance-pack --conformance-pack-name hipaa-security \\
  --template-s3-uri s3://example-compliance-templates/Operational-Best-Practices-for-HIPAA-Security.yaml

# Object-level audit trail for the buckets that hold ePHI
aws cloudtrail put-event-selectors --trail-name org-trail --advanced-event-selectors '[
  {
    "Name": "ePHI bucket data events",
    "FieldSelectors": [
      {"Field": "eventCategory", "Equals": ["Data"]},
      {"Field": "resources.type", "Equals": ["AWS::S3::Object"]},
      {"Field": "resources.ARN", "StartsWith": ["arn:aws:s3:::example-phi-records/"]}
    ]
  }
]'`,
    },
    { kind: 'heading', text: 'Fixing and preventing' },
    {
      kind: 'paragraph',
      text: 'Keep ePHI in dedicated accounts under their own OU so the BAA scope, the conformance pack and the guardrails all line up. Then enforce transmission and encryption in the resource policy of every ePHI bucket, so a misconfigured client fails closed.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'Bucket policy for ePHI: TLS 1.2 or later, approved KMS key only',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "DenyInsecureTransport",
      "Effect": "Deny",
      "Principal": "*",
      "Action": "s3:*",
      "Resource": ["arn:aws:s3:::example-phi-records", "arn:aws:s3:::example-phi-records/*"],
      "Condition": { "Bool": { "aws:SecureTransport": "false" } }
    },
    {
      "Sid": "DenyOldTls",
      "Effect": "Deny",
      "Principal": "*",
      "Action": "s3:*",
      "Resource": ["arn:aws:s3:::example-phi-records", "arn:aws:s3:::example-phi-records/*"],
      "Condition": { "NumericLessThan": { "s3:TlsVersion": "1.2" } }
    },
    {
      "Sid": "DenyOtherKmsKeys",
      "Effect": "Deny",
      "Principal": "*",
      "Action": "s3:PutObject",
      "Resource": "arn:aws:s3:::example-phi-records/*",
      "Condition": {
        "Null": { "s3:x-amz-server-side-encryption-aws-kms-key-id": "false" },
        "StringNotEquals": {
          "s3:x-amz-server-side-encryption-aws-kms-key-id": "arn:aws:kms:us-east-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"
        }
      }
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: 'Pair the bucket policy with a default encryption configuration that names the same key, and apply the same thinking to databases: require TLS with `rds.force_ssl` for PostgreSQL or `require_secure_transport` for MySQL in the parameter group, and encrypt storage with a customer managed key. For automatic logoff, set a short session duration on the permission sets that can reach ePHI, for example `aws sso-admin update-permission-set --session-duration PT1H`. For emergency access, keep a break-glass role outside normal federation whose every use triggers an alert and a review.',
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'PHI leaks into metadata and logs',
      text: 'AWS asks BAA customers not to put PHI in resource names, tags or other metadata, which are visible far more widely than the data. The same applies to application logs: a stack trace with a patient record in CloudWatch Logs is ePHI in a log group nobody classified. Include log groups, tags and object keys in Macie jobs and code review, and restrict who can read application logs in ePHI accounts.',
    },
    {
      kind: 'paragraph',
      text: 'Documentation is a safeguard too. Policies, risk analyses and the evidence that controls operated must be retained for six years under 164.316(b)(2)(i). Exporting conformance pack results, Macie findings and access reviews on a schedule to an S3 bucket with Object Lock gives you that record without a separate project.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core assesses the accounts that hold ePHI across your AWS Organization on scheduled scans, checks encryption, TLS enforcement, logging and backup configuration, and lets you write organization-specific rules, such as "every bucket tagged data-class phi must deny non-TLS access and use a customer managed key", as custom policies in YAML or the UI, with exports you can keep for six years. Kryon Graph shows the attack paths that end at ePHI stores, from internet-facing workloads through roles and trust chains to a bucket or database, so the risk analysis under 164.308(a)(1) rests on reachability rather than assumptions. Kryon IAM lists every identity that can read ePHI and highlights standing access that should be just-in-time.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Accept the AWS BAA in AWS Artifact for every account that stores or processes ePHI, and use only HIPAA eligible services for it.',
        'Isolate ePHI workloads in dedicated accounts under their own OU.',
        'Run scheduled Macie jobs with health identifiers across export, upload and log buckets.',
        'Deploy the Operational Best Practices for HIPAA Security conformance pack and feed results into the risk analysis.',
        'Enable CloudTrail data events on ePHI buckets and database audit logging.',
        'Enforce TLS 1.2 or later and customer managed KMS keys in bucket policies and database parameters.',
        'Use unique federated identities with MFA, short sessions and a monitored break-glass role.',
        'Keep PHI out of resource names, tags and logs, and retain documentation and evidence for six years.',
      ],
    },
  ],
};
