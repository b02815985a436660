import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'cloudtrail-blind-spots',
  title: 'CloudTrail Blind Spots: What Your Trails Are Not Recording',
  description:
    'Single-region trails, missing data events, excluded KMS events and unprotected log buckets leave gaps attackers use. How to audit trail coverage and close the gaps with an organization trail.',
  category: 'Infrastructure Security',
  severity: 'Medium',
  mitreAttack: 'T1562.008 Impair Defenses: Disable or Modify Cloud Logs',
  audience: 'Detection engineers, incident responders, cloud security architects',
  kryonSolution: ['Kryon Core', 'Kryon Defend'],
  publishedDate: '2026-08-12',
  tags: ['CloudTrail', 'Logging', 'Detection', 'Incident Response', 'Defense Evasion'],
  body: [
    {
      kind: 'paragraph',
      text: 'Most AWS accounts have CloudTrail switched on, and most security teams take that to mean every API call is recorded. In practice, trail configurations drift into gaps: a trail that covers one region, a selector that drops read events to save money, no data events for the buckets that matter, or log files in a bucket the attacker can edit. None of these are visible until an incident, when the question "what did this role read?" has no answer.',
    },
    {
      kind: 'paragraph',
      text: "The CloudTrail console's Event history is not a substitute. It keeps only management events, only for 90 days, and only per region. Real coverage requires a trail or a CloudTrail Lake event data store that you configure deliberately.",
    },
    { kind: 'heading', text: 'The common blind spots' },
    {
      kind: 'list',
      items: [
        'Single-region trails. An attacker who launches instances or creates resources in a region you do not use leaves no trace in a trail scoped to your home region. Multi-region trails, and regions enabled later, fix this.',
        'No data events. By default trails record management events only. `GetObject` on a sensitive bucket, `Invoke` on a Lambda function and `GetItem` on a DynamoDB table are data events and are not logged unless you select them, so bulk exfiltration from S3 can be invisible.',
        'Write-only management events. Selectors with `ReadWriteType` set to `WriteOnly` drop reconnaissance such as `ListBuckets`, `GetBucketPolicy`, `ListRoles` and `GetSecretValue`.',
        'Excluded event sources. Advanced event selectors can exclude AWS KMS or Amazon RDS Data API events to cut volume, which also removes the record of decrypt calls against your most sensitive keys.',
        'Member accounts outside the organization trail, including accounts created outside your account vending process.',
        'Log storage the attacker can tamper with: a bucket in the same account, no log file validation, no Object Lock, a lifecycle rule that expires logs early, or a KMS key policy the workload account can change.',
      ],
    },
    { kind: 'heading', text: 'How attackers use the gaps' },
    {
      kind: 'paragraph',
      text: "Defense evasion against CloudTrail is noisy when done directly: `StopLogging`, `DeleteTrail` and `UpdateTrail` are themselves management events, and GuardDuty raises `Stealth:IAMUser/CloudTrailLoggingDisabled`. Careful operators prefer quieter moves. They call `PutEventSelectors` to stop recording data events for one bucket, add a lifecycle rule to the log bucket, schedule deletion of the trail's KMS key, or simply work in a region and data plane the trail never covered. Each is a legitimate API call that looks like routine cost optimization.",
    },
    { kind: 'heading', text: 'Auditing your coverage' },
    {
      kind: 'paragraph',
      text: 'Describe every trail, including shadow copies of organization and multi-region trails, and check three things for each: that it is logging, that it is multi-region, and what its event selectors actually capture.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Trail status and selectors across all regions',
      code: `for r in $(aws ec2 describe-regions --query 'Regions[].RegionName' --output text); do
  aws cloudtrail describe-trails --region "$r" --include-shadow-trails \\
    --query 'trailList[].[Name,HomeRegion,IsMultiRegionTrail,IsOrganizationTrail,LogFileValidationEnabled,KmsKeyId]' \\
    --output text
done

aws cloudtrail get-trail-status --name org-trail \\
  --query '[IsLogging,LatestDeliveryError,LatestDeliveryTime]'
aws cloudtrail get-event-selectors --trail-name org-trail`,
    },
    {
      kind: 'paragraph',
      text: 'AWS Config managed rules keep this honest over time: `multi-region-cloudtrail-enabled`, `cloud-trail-log-file-validation-enabled`, `cloud-trail-encryption-enabled`, `cloudtrail-s3-dataevents-enabled` and `cloud-trail-cloud-watch-logs-enabled`. Security Hub reports the equivalent controls CloudTrail.1, CloudTrail.2, CloudTrail.4 and CloudTrail.5.',
    },
    {
      kind: 'paragraph',
      text: 'Then hunt for tampering that already happened. The query below runs in Athena over a standard CloudTrail table; the same filter works in CloudTrail Lake with `aws cloudtrail start-query` against an event data store.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena: changes to CloudTrail configuration in the last 90 days',
      code: `SELECT eventtime, eventname, useridentity.arn AS actor,
       sourceipaddress, awsregion, errorcode
FROM cloudtrail_logs
WHERE eventsource = 'cloudtrail.amazonaws.com'
  AND eventname IN ('StopLogging', 'DeleteTrail', 'UpdateTrail',
                    'PutEventSelectors', 'PutInsightSelectors',
                    'DeleteEventDataStore', 'StopEventDataStoreIngestion')
  AND eventtime > to_iso8601(current_timestamp - interval '90' day)
ORDER BY eventtime DESC;`,
    },
    { kind: 'heading', text: 'Closing the gaps' },
    {
      kind: 'paragraph',
      text: 'Create one organization trail from the management account or a delegated administrator. It is multi-region, covers every current and future member account, and member accounts cannot modify or delete it. Deliver it to a bucket in a dedicated log archive account, encrypted with a KMS key that account owns, with log file validation on.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Organization trail with validation and KMS encryption',
      code: `aws cloudtrail create-trail --name org-trail \\
  --s3-bucket-name example-org-cloudtrail-logs \\
  --is-multi-region-trail --is-organization-trail \\
  --enable-log-file-validation \\
  --kms-key-id arn:aws:kms:eu-west-1:999988887777:key/1234abcd-12ab-34cd-56ef-1234567890ab
aws cloudtrail start-logging --name org-trail

aws cloudtrail put-event-selectors --trail-name org-trail \\
  --advanced-event-selectors file://selectors.json

# Later, prove the delivered files were not altered
aws cloudtrail validate-logs \\
  --trail-arn arn:aws:cloudtrail:eu-west-1:999988887777:trail/org-trail \\
  --start-time 2026-08-01T00:00:00Z`,
    },
    {
      kind: 'paragraph',
      text: 'Data events cost money per event, so select them where they answer incident questions: S3 objects in buckets holding regulated or customer data, Lambda invocations for sensitive functions, and DynamoDB tables with personal data. Advanced event selectors keep all management events and add targeted data events.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'selectors.json: all management events plus S3 data events for sensitive buckets',
      code: `[
  {
    "Name": "All management events",
    "FieldSelectors": [{ "Field": "eventCategory", "Equals": ["Management"] }]
  },
  {
    "Name": "S3 object events for sensitive buckets",
    "FieldSelectors": [
      { "Field": "eventCategory", "Equals": ["Data"] },
      { "Field": "resources.type", "Equals": ["AWS::S3::Object"] },
      {
        "Field": "resources.ARN",
        "StartsWith": ["arn:aws:s3:::example-payroll-exports/", "arn:aws:s3:::example-customer-data/"]
      }
    ]
  }
]`,
    },
    {
      kind: 'paragraph',
      text: 'Protect the trail from the principals it is meant to watch. An SCP that denies CloudTrail changes to everyone except a security role covers trails and event data stores created in member accounts; pair it with Object Lock in compliance mode on the log archive bucket and a bucket policy that only lets `cloudtrail.amazonaws.com` write, scoped with `aws:SourceArn` to your trail.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: only the security team may change CloudTrail',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "ProtectCloudTrail",
      "Effect": "Deny",
      "Action": [
        "cloudtrail:StopLogging",
        "cloudtrail:DeleteTrail",
        "cloudtrail:UpdateTrail",
        "cloudtrail:PutEventSelectors",
        "cloudtrail:DeleteEventDataStore",
        "cloudtrail:UpdateEventDataStore",
        "cloudtrail:StopEventDataStoreIngestion"
      ],
      "Resource": "*",
      "Condition": {
        "ArnNotLike": { "aws:PrincipalArn": "arn:aws:iam::*:role/security-logging-admin" }
      }
    }
  ]
}`,
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'Alert on the quiet changes, not just StopLogging',
      text: 'An EventBridge rule on `aws.cloudtrail` events for `StopLogging`, `DeleteTrail`, `UpdateTrail` and `PutEventSelectors` catches direct tampering. Add rules for `PutBucketLifecycle` and `PutBucketPolicy` on the log bucket and for `ScheduleKeyDeletion`, `DisableKey` and `PutKeyPolicy` on the trail key, because those are the changes that silently end your evidence.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: "Kryon Core continuously checks trail coverage in every account and region: multi-region and organization trails, log file validation, KMS encryption, data event selectors for buckets and tables you mark as sensitive, and the protection of the log archive bucket, mapped to CIS AWS Foundations Benchmark logging controls and NIST audit controls. Kryon Defend, currently in beta, watches the real-time stream for changes to trails, selectors, log buckets and trail keys and raises them as defense-evasion signals labelled T1562.008, enriched with threat intelligence on the actor's source.",
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'One multi-region organization trail covers every member account, with log file validation and a KMS key owned by the log archive account.',
        'Management events are recorded with both read and write events, and no event sources are excluded without a documented reason.',
        'Data events are selected for buckets, functions and tables that hold sensitive data.',
        'The log bucket lives in a separate account with Object Lock and a bucket policy scoped with `aws:SourceArn`.',
        'An SCP denies CloudTrail changes to everyone except a named security role.',
        'EventBridge alerts cover trail changes, log bucket lifecycle and policy changes, and trail key deletion or policy changes.',
        'AWS Config CloudTrail rules run in every account, and `validate-logs` is part of the incident response runbook.',
      ],
    },
  ],
};
