import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'public-s3-buckets-block-public-access',
  title: 'Public S3 Buckets: Enforcing Block Public Access Across an AWS Organization',
  description:
    'How S3 buckets still become public through bucket policies, ACLs and access points, how to find every one of them, and how to lock Block Public Access in place with SCPs.',
  category: 'Infrastructure Security',
  severity: 'High',
  mitreAttack: 'T1530 Data from Cloud Storage',
  audience: 'Cloud security engineers, platform teams, data owners',
  kryonSolution: ['Kryon Core', 'Kryon Graph'],
  publishedDate: '2026-11-19',
  tags: ['S3', 'Block Public Access', 'Data Exposure', 'SCP', 'Access Analyzer'],
  body: [
    {
      kind: 'paragraph',
      text: 'Amazon S3 has shipped safer defaults since April 2023: new buckets get S3 Block Public Access enabled and ACLs disabled through the `BucketOwnerEnforced` object ownership setting. That change did not fix the buckets created before it, the accounts where someone turned the account-level setting off to make a demo work, or the infrastructure-as-code modules that explicitly set the four flags to `false`. Public buckets remain one of the fastest ways to lose data in AWS, because exploitation needs no credentials at all: an attacker who learns the bucket name can list and download objects with an anonymous HTTPS request.',
    },
    {
      kind: 'paragraph',
      text: 'This article explains the paths through which a bucket becomes public, how to inventory them across an AWS Organization, and how to make Block Public Access a guardrail that application teams cannot quietly remove.',
    },
    { kind: 'heading', text: 'How buckets become public' },
    {
      kind: 'paragraph',
      text: 'S3 evaluates public access through two mechanisms. The first is the bucket policy: any statement that allows `Principal: "*"` without a restricting condition is public. S3 treats a policy as non-public only when it is limited by fixed values of keys such as `aws:SourceVpce`, `aws:SourceVpc`, `aws:SourceArn`, `aws:SourceAccount` or a narrow `aws:SourceIp` range. The second is ACLs: a grant to the `AllUsers` group (`http://acs.amazonaws.com/groups/global/AllUsers`) is anonymous access, and a grant to `AuthenticatedUsers` means any AWS account in the world, not any user in yours.',
    },
    {
      kind: 'paragraph',
      text: 'Block Public Access overrides both mechanisms through four independent settings, available at account level through the S3 Control API and at bucket level through the S3 API:',
    },
    {
      kind: 'list',
      items: [
        '`BlockPublicAcls` rejects `PutBucketAcl` and `PutObjectAcl` calls that grant public access, including canned ACLs such as `public-read` on upload.',
        '`IgnorePublicAcls` makes S3 ignore public ACLs that already exist on the bucket and its objects.',
        '`BlockPublicPolicy` rejects `PutBucketPolicy` calls whose policy would be public.',
        '`RestrictPublicBuckets` limits a bucket with a public policy to AWS service principals and principals in the bucket owner account, which also cuts off cross-account access granted by that public policy.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'An attacker rarely needs more than a name. Bucket names leak through JavaScript bundles, mobile application packages, CNAME records pointing at `s3.amazonaws.com`, CloudFormation templates in public repositories and error messages. With a name in hand, `aws s3 ls s3://bucket-name --no-sign-request` tests anonymous listing. Public write access is worse than public read: an attacker who can overwrite a script served from the bucket turns a storage misconfiguration into a supply-chain compromise of every visitor.',
    },
    { kind: 'heading', text: 'Finding public buckets' },
    {
      kind: 'paragraph',
      text: "Start with the account-level setting in every account, then check each bucket. `GetBucketPolicyStatus` is the most useful single call because it returns S3's own verdict on whether the policy is public, so you do not have to reimplement the condition logic.",
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Account and bucket checks with the AWS CLI',
      code: `ACCOUNT_ID=$(aws sts get-caller-identity --query Account --output text)
aws s3control get-public-access-block --account-id "$ACCOUNT_ID"

for b in $(aws s3api list-buckets --query 'Buckets[].Name' --output text); do
  public=$(aws s3api get-bucket-policy-status --bucket "$b" \\
    --query 'PolicyStatus.IsPublic' --output text 2>/dev/null || echo "no-policy")
  bpa=$(aws s3api get-public-access-block --bucket "$b" \\
    --query 'PublicAccessBlockConfiguration' --output json 2>/dev/null || echo "none")
  echo "$b policy_public=$public bucket_bpa=$bpa"
done

# ACL grants to AllUsers or AuthenticatedUsers
aws s3api get-bucket-acl --bucket example-bucket \\
  --query "Grants[?Grantee.URI].[Grantee.URI,Permission]" --output text`,
    },
    {
      kind: 'paragraph',
      text: 'At scale, let AWS do the evaluation. An IAM Access Analyzer external access analyzer with the organization as its zone of trust reports every bucket reachable from outside the organization, and the `isPublic` filter separates anonymous exposure from legitimate cross-account sharing. AWS Config provides the managed rules `s3-account-level-public-access-blocks-periodic`, `s3-bucket-level-public-access-prohibited`, `s3-bucket-public-read-prohibited` and `s3-bucket-public-write-prohibited`, and Security Hub reports the same conditions as controls S3.1 and S3.8.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Public S3 findings from an organization-wide Access Analyzer',
      code: `aws accessanalyzer list-findings \\
  --analyzer-arn arn:aws:access-analyzer:eu-west-1:111122223333:analyzer/org-external \\
  --filter '{"resourceType":{"eq":["AWS::S3::Bucket"]},"status":{"eq":["ACTIVE"]},"isPublic":{"eq":["true"]}}' \\
  --query 'findings[].[resource,resourceOwnerAccount,action]'`,
    },
    {
      kind: 'paragraph',
      text: 'For detection, GuardDuty raises `Policy:S3/BucketBlockPublicAccessDisabled`, `Policy:S3/BucketAnonymousAccessGranted` and `Policy:S3/AccountBlockPublicAccessDisabled`. In CloudTrail, watch the management events `PutBucketPolicy`, `PutBucketAcl`, `PutBucketPublicAccessBlock`, `DeleteBucketPublicAccessBlock`, `PutAccountPublicAccessBlock` and `DeleteAccountPublicAccessBlock`.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena query over CloudTrail: who changed public access settings',
      code: `SELECT eventtime, eventname, useridentity.arn AS actor, awsregion,
       json_extract_scalar(requestparameters, '$.bucketName') AS bucket
FROM cloudtrail_logs
WHERE eventsource = 's3.amazonaws.com'
  AND eventname IN ('PutBucketPolicy', 'PutBucketAcl', 'PutBucketPublicAccessBlock',
                    'DeleteBucketPublicAccessBlock', 'PutAccountPublicAccessBlock',
                    'DeleteAccountPublicAccessBlock')
  AND eventtime > to_iso8601(current_timestamp - interval '30' day)
ORDER BY eventtime DESC;`,
    },
    { kind: 'heading', text: 'Fixing and preventing it' },
    {
      kind: 'paragraph',
      text: 'Turn on all four settings at account level in every account. Account-level settings apply to every bucket and access point in the account, existing and future, regardless of bucket-level configuration.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Enable account-level Block Public Access',
      code: `aws s3control put-public-access-block \\
  --account-id 111122223333 \\
  --public-access-block-configuration \\
  BlockPublicAcls=true,IgnorePublicAcls=true,BlockPublicPolicy=true,RestrictPublicBuckets=true`,
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Check for legitimate public consumers first',
      text: '`IgnorePublicAcls` and `RestrictPublicBuckets` take effect immediately and will break anything that relies on anonymous or public-policy access, such as a static site served straight from S3 or a partner that downloads through a public policy. Before enabling them, review S3 server access logs (unauthenticated requests show `-` as the requester) or S3 data events in CloudTrail, and move those consumers to CloudFront or an explicit cross-account grant.',
    },
    {
      kind: 'paragraph',
      text: 'Content that genuinely must be public belongs behind CloudFront with origin access control (OAC). The bucket stays private and its policy trusts only the CloudFront service principal for one distribution, using `AWS:SourceArn`. S3 does not treat this policy as public, so it coexists with all four Block Public Access settings.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'Bucket policy for a CloudFront distribution with OAC',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "AllowCloudFrontServicePrincipalReadOnly",
      "Effect": "Allow",
      "Principal": { "Service": "cloudfront.amazonaws.com" },
      "Action": "s3:GetObject",
      "Resource": "arn:aws:s3:::example-site-assets/*",
      "Condition": {
        "StringEquals": {
          "AWS:SourceArn": "arn:aws:cloudfront::111122223333:distribution/EDFDVBD6EXAMPLE"
        }
      }
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: 'Then make the setting stick. A service control policy that denies `s3:PutAccountPublicAccessBlock` to everyone except a platform role prevents member accounts from switching the account-level control off; the same permission governs `DeleteAccountPublicAccessBlock`. Remember that SCPs do not apply to the management account, which should hold no workloads.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: only the platform role may change account-level Block Public Access',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "ProtectAccountBlockPublicAccess",
      "Effect": "Deny",
      "Action": "s3:PutAccountPublicAccessBlock",
      "Resource": "*",
      "Condition": {
        "ArnNotLike": {
          "aws:PrincipalArn": "arn:aws:iam::*:role/platform-guardrails-admin"
        }
      }
    }
  ]
}`,
    },
    {
      kind: 'code',
      language: 'hcl',
      caption: 'Terraform: account-level and bucket-level controls',
      code: `resource "aws_s3_account_public_access_block" "this" {
  block_public_acls       = true
  ignore_public_acls      = true
  block_public_policy     = true
  restrict_public_buckets = true
}

resource "aws_s3_bucket_ownership_controls" "reports" {
  bucket = aws_s3_bucket.reports.id
  rule {
    object_ownership = "BucketOwnerEnforced"
  }
}`,
    },
    {
      kind: 'paragraph',
      text: 'Setting `BucketOwnerEnforced` disables ACLs on the bucket entirely, which removes the ACL path to public exposure for good and leaves the bucket policy as the single place where access is decided.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core evaluates account-level and bucket-level Block Public Access, bucket policies, ACLs and object ownership in every account of the organization and maps the results to the CIS AWS Foundations Benchmark and NIST controls, with custom policies for internal rules such as "buckets tagged confidential must use BucketOwnerEnforced". Kryon Graph puts each exposed bucket in context: which workloads write to it, which roles can read it, and whether its contents sit at the end of an attack path, labelled with T1530 Data from Cloud Storage, so the bucket holding customer exports is fixed before the one holding public marketing images.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'All four Block Public Access settings are enabled at account level in every member account and every new account.',
        'An SCP denies `s3:PutAccountPublicAccessBlock` to everyone except a named platform role.',
        'Buckets use `BucketOwnerEnforced` object ownership, so ACLs play no part in access decisions.',
        'An organization-wide IAM Access Analyzer reports public and cross-account bucket access, and every finding has an owner.',
        'Public content is served through CloudFront with origin access control, never through a public bucket policy.',
        'GuardDuty S3 policy findings and CloudTrail changes to bucket policies, ACLs and Block Public Access settings alert the security team.',
        'AWS Config rules for account-level and bucket-level public access run in every region you use.',
      ],
    },
  ],
};
