import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 's3-encryption-sse-kms-bucket-keys',
  title: 'S3 Encryption Done Right: SSE-KMS, S3 Bucket Keys and Blocking SSE-C',
  description:
    'Default SSE-S3 encryption adds no access control. How to move sensitive buckets to SSE-KMS with S3 Bucket Keys, pin the key in bucket policy and close the SSE-C ransomware path.',
  category: 'Data Protection',
  severity: 'Medium',
  mitreAttack: 'T1530 Data from Cloud Storage',
  audience: 'AWS security engineers, cloud architects, data platform teams',
  kryonSolution: ['Kryon Core', 'Kryon IAM'],
  publishedDate: '2026-07-08',
  tags: ['S3', 'SSE-KMS', 'Bucket Keys', 'Encryption', 'KMS', 'SSE-C'],
  body: [
    {
      kind: 'paragraph',
      text: 'Since January 2023 Amazon S3 encrypts every new object with SSE-S3 by default. That satisfies "encrypted at rest" on a compliance checklist, but it changes nothing about who can read the data: any principal with `s3:GetObject` receives plaintext. SSE-KMS is different. It puts a second, independent authorization decision, the KMS key policy, in front of every read, and it records each use of the key in CloudTrail.',
    },
    {
      kind: 'paragraph',
      text: 'Teams hesitate to adopt SSE-KMS widely because of KMS request costs and throttling on busy buckets, and because a half-configured setup can silently fall back to the AWS managed key. S3 Bucket Keys solve the cost problem; bucket policy and the newer bucket-level SSE-C block close the configuration gaps. This article covers both, in the order you should roll them out.',
    },
    { kind: 'heading', text: 'How SSE-KMS and Bucket Keys work' },
    {
      kind: 'paragraph',
      text: 'With SSE-KMS, S3 uses envelope encryption. On upload it calls `GenerateDataKey` on your KMS key on behalf of the caller; on download it calls `Decrypt`. Both calls are authorized against the caller, so a role needs `kms:GenerateDataKey` to write, `kms:Decrypt` to read, and both to complete multipart uploads. Without a Bucket Key, S3 calls KMS for every object operation and the encryption context is the object ARN (`aws:s3:arn` equals `arn:aws:s3:::bucket/key`).',
    },
    {
      kind: 'paragraph',
      text: 'With `BucketKeyEnabled`, S3 requests a time-limited bucket-level key from KMS and derives object data keys from it locally, which AWS states reduces S3-to-KMS request traffic by up to 99 percent. Three side effects matter for security teams: the encryption context becomes the bucket ARN, KMS entries in CloudTrail become per bucket key rather than per object, and existing objects keep their old configuration until they are copied. S3 Bucket Keys are not supported for dual-layer DSSE-KMS.',
    },
    { kind: 'subheading', text: 'Where SSE-KMS setups go wrong' },
    {
      kind: 'list',
      items: [
        'The AWS managed key `aws/s3` is used instead of a customer managed key. Its policy cannot be edited, so it offers no separate access decision and cannot be used for cross-account sharing.',
        'A client sends `x-amz-server-side-encryption: aws:kms` without a key ID. S3 then uses `aws/s3`, not the bucket default key.',
        'The default encryption configuration names a key by alias. S3 resolves an alias in the requester account, so a cross-account writer can end up encrypting your objects with its own key.',
        'Identity policies allow `kms:GenerateDataKey` on `"Resource": "*"`, so a compromised role can re-encrypt objects under a key in an attacker account.',
        'SSE-C is still allowed. An attacker with `s3:PutObject` can rewrite objects under an encryption key only they hold, a ransomware technique seen in the wild since early 2025.',
      ],
    },
    { kind: 'heading', text: 'Finding gaps' },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Default encryption, key and Bucket Key status for every bucket',
      code: `for b in $(aws s3api list-buckets --query 'Buckets[].Name' --output text); do
  aws s3api get-bucket-encryption --bucket "$b" \\
    --query 'ServerSideEncryptionConfiguration.Rules[0].[ApplyServerSideEncryptionByDefault.SSEAlgorithm,ApplyServerSideEncryptionByDefault.KMSMasterKeyID,BucketKeyEnabled]' \\
    --output text 2>/dev/null | sed "s|^|$b\\t|"
done

# What a specific object actually uses
aws s3api head-object --bucket example-analytics-data --key reports/2026/q2.parquet \\
  --query '[ServerSideEncryption,SSEKMSKeyId,BucketKeyEnabled]'`,
    },
    {
      kind: 'paragraph',
      text: 'Bucket defaults only describe new writes. For what is really stored, configure S3 Inventory with the optional fields `EncryptionStatus` and `BucketKeyStatus` and query the report with Athena. For continuous checks, the AWS Config managed rule `s3-default-encryption-kms` accepts a `kmsKeyArns` parameter listing the keys you allow, and Security Hub CSPM reports the same requirement as S3.17 (S3 general purpose buckets should be encrypted at rest with AWS KMS keys). Amazon Macie adds the missing context: which of those buckets hold sensitive data and therefore deserve a dedicated key.',
    },
    { kind: 'heading', text: 'Fixing and preventing' },
    { kind: 'subheading', text: '1. Update key policies before enabling Bucket Keys' },
    {
      kind: 'paragraph',
      text: 'If your key policy or IAM policies use `kms:EncryptionContext:aws:s3:arn` with object ARNs, they stop matching once Bucket Keys are on, because the context becomes the bucket ARN. Scope KMS use to S3 and to the bucket itself.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'Key policy statement for a bucket with Bucket Keys enabled',
      code: `{
  "Sid": "AllowAnalyticsRolesThroughS3",
  "Effect": "Allow",
  "Principal": {
    "AWS": [
      "arn:aws:iam::111122223333:role/analytics-writer",
      "arn:aws:iam::111122223333:role/analytics-reader"
    ]
  },
  "Action": ["kms:GenerateDataKey", "kms:Decrypt"],
  "Resource": "*",
  "Condition": {
    "StringEquals": {
      "kms:ViaService": "s3.eu-west-1.amazonaws.com",
      "kms:EncryptionContext:aws:s3:arn": "arn:aws:s3:::example-analytics-data"
    }
  }
}`,
    },
    { kind: 'subheading', text: '2. Set the default, enable Bucket Keys and block SSE-C' },
    {
      kind: 'paragraph',
      text: 'Name the key by full ARN, enable the Bucket Key and block SSE-C writes in the same `PutBucketEncryption` call. `BlockedEncryptionTypes` rejects `PutObject`, `CopyObject`, `PostObject`, multipart and replication writes that specify SSE-C with `AccessDenied`, while existing objects stay readable. AWS announced that new buckets block SSE-C by default from 2026; set it explicitly on the buckets you already have.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'SSE-KMS default with Bucket Key and SSE-C blocked',
      code: `aws s3api put-bucket-encryption --bucket example-analytics-data \\
  --server-side-encryption-configuration '{
    "Rules": [{
      "ApplyServerSideEncryptionByDefault": {
        "SSEAlgorithm": "aws:kms",
        "KMSMasterKeyID": "arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"
      },
      "BucketKeyEnabled": true,
      "BlockedEncryptionTypes": { "EncryptionType": ["SSE-C"] }
    }]
  }'`,
    },
    { kind: 'subheading', text: '3. Pin the key in the bucket policy' },
    {
      kind: 'paragraph',
      text: 'Default encryption applies only when a request carries no encryption headers. The bucket policy must therefore reject requests whose headers ask for something else, without breaking clients that rely on the default. Each statement pairs a `Null` check with the comparison so it fires only when the header is present; the third closes the `aws:kms`-without-key-ID fallback to `aws/s3`, and the last also denies SSE-C for buckets where the bucket-level block is not yet set.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'Bucket policy: only the approved KMS key, never SSE-C',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "DenyOtherEncryptionTypes",
      "Effect": "Deny",
      "Principal": "*",
      "Action": "s3:PutObject",
      "Resource": "arn:aws:s3:::example-analytics-data/*",
      "Condition": {
        "Null": { "s3:x-amz-server-side-encryption": "false" },
        "StringNotEquals": { "s3:x-amz-server-side-encryption": "aws:kms" }
      }
    },
    {
      "Sid": "DenyOtherKmsKeys",
      "Effect": "Deny",
      "Principal": "*",
      "Action": "s3:PutObject",
      "Resource": "arn:aws:s3:::example-analytics-data/*",
      "Condition": {
        "Null": { "s3:x-amz-server-side-encryption-aws-kms-key-id": "false" },
        "StringNotEquals": {
          "s3:x-amz-server-side-encryption-aws-kms-key-id": "arn:aws:kms:eu-west-1:111122223333:key/1234abcd-12ab-34cd-56ef-1234567890ab"
        }
      }
    },
    {
      "Sid": "DenyKmsWithoutKeyId",
      "Effect": "Deny",
      "Principal": "*",
      "Action": "s3:PutObject",
      "Resource": "arn:aws:s3:::example-analytics-data/*",
      "Condition": {
        "StringEquals": { "s3:x-amz-server-side-encryption": "aws:kms" },
        "Null": { "s3:x-amz-server-side-encryption-aws-kms-key-id": "true" }
      }
    },
    {
      "Sid": "DenySseC",
      "Effect": "Deny",
      "Principal": "*",
      "Action": "s3:PutObject",
      "Resource": "arn:aws:s3:::example-analytics-data/*",
      "Condition": {
        "Null": { "s3:x-amz-server-side-encryption-customer-algorithm": "false" }
      }
    }
  ]
}`,
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'Existing objects are not re-encrypted',
      text: 'Changing the default or enabling a Bucket Key affects new writes only. Re-encrypt existing data with a copy in place, such as `aws s3api copy-object` with `--server-side-encryption aws:kms`, `--ssekms-key-id` and `--bucket-key-enabled` for individual objects, or an S3 Batch Operations copy job driven by an Inventory report for whole buckets. Objects larger than 5 GB need a multipart copy.',
    },
    {
      kind: 'paragraph',
      text: 'In Terraform, the same default lives in `aws_s3_bucket_server_side_encryption_configuration`. Keeping it in code means a reviewer sees the key ARN and the Bucket Key flag in every pull request.',
    },
    {
      kind: 'code',
      language: 'hcl',
      caption: 'Terraform: SSE-KMS default with a Bucket Key',
      code: `resource "aws_s3_bucket_server_side_encryption_configuration" "analytics" {
  bucket = aws_s3_bucket.analytics.id

  rule {
    apply_server_side_encryption_by_default {
      sse_algorithm     = "aws:kms"
      kms_master_key_id = aws_kms_key.analytics.arn
    }
    bucket_key_enabled = true
  }
}`,
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core evaluates default encryption, key choice, Bucket Key status and bucket policies for every bucket in every account of your AWS Organization, and lets you encode your own standard, for example "buckets tagged confidential must use a customer managed key with Bucket Keys and block SSE-C", as a custom policy in YAML or in the UI with scheduled, audit-ready exports. Kryon IAM shows which roles can actually decrypt a bucket by combining identity policies, the bucket policy and the key policy, and flags toxic combinations such as `s3:PutObject` on sensitive buckets with `kms:GenerateDataKey` on any key.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Identify buckets with sensitive data using Macie and assign each a customer managed KMS key.',
        'Update key and IAM policy conditions to use the bucket ARN as encryption context before enabling Bucket Keys.',
        'Set SSE-KMS default encryption by full key ARN with `BucketKeyEnabled` and SSE-C in `BlockedEncryptionTypes`.',
        'Add bucket policy statements that deny other encryption types, other keys, `aws:kms` without a key ID, and SSE-C.',
        'Remove `kms:GenerateDataKey` and `kms:Decrypt` on `"Resource": "*"` from identity policies.',
        'Re-encrypt existing objects with copy in place or S3 Batch Operations and verify with Inventory `EncryptionStatus` and `BucketKeyStatus`.',
        'Enable `s3-default-encryption-kms` with an allow-list of key ARNs and track Security Hub CSPM S3.17.',
      ],
    },
  ],
};
