import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'imdsv1-ssrf-credential-theft',
  title: 'IMDSv1 and SSRF: How Instance Role Credentials Leave Your Account',
  description:
    'A single server-side request forgery bug plus IMDSv1 hands attackers an EC2 role session. How the attack works, how to find IMDSv1 safely, and how to enforce IMDSv2 with SCPs.',
  category: 'Infrastructure Security',
  severity: 'Critical',
  mitreAttack: 'T1552.005 Unsecured Credentials: Cloud Instance Metadata API',
  audience: 'Cloud security engineers, application security teams, platform owners',
  kryonSolution: ['Kryon Core', 'Kryon Graph', 'Kryon Vuln'],
  publishedDate: '2026-09-30',
  tags: ['EC2', 'IMDSv2', 'SSRF', 'Credential Theft', 'SCP'],
  body: [
    {
      kind: 'paragraph',
      text: "Every EC2 instance with an instance profile can fetch temporary credentials for its role from the Instance Metadata Service at `169.254.169.254`. With IMDSv1, that fetch is a plain HTTP GET with no headers and no session. Any bug that lets an attacker make the server issue a GET request to an address of their choosing, a server-side request forgery, turns into theft of the role's credentials. This is the pattern behind the widely reported 2019 Capital One breach, and it keeps recurring in PDF renderers, webhook testers, image proxies, URL previewers and misconfigured reverse proxies.",
    },
    {
      kind: 'paragraph',
      text: 'IMDSv2 closes the gap with a session token obtained through a PUT request, and AWS has made it the default in many places: Amazon Linux 2023 AMIs require it, and the account-level metadata defaults let you require it for every new instance in a region. Yet older launch templates, Auto Scaling groups, vendor AMIs and long-lived instances keep IMDSv1 alive in most estates.',
    },
    { kind: 'heading', text: 'How the attack works' },
    {
      kind: 'list',
      ordered: true,
      items: [
        'The attacker finds a parameter the server fetches, such as `?url=` on a thumbnail service, and points it at `http://169.254.169.254/latest/meta-data/iam/security-credentials/`.',
        'The response lists the role name. A second request to `/latest/meta-data/iam/security-credentials/{role-name}` returns `AccessKeyId`, `SecretAccessKey`, `Token` and `Expiration` as JSON.',
        'The attacker exports those values on their own machine and calls `sts:GetCallerIdentity` to confirm the session, then enumerates what the role can do.',
        'Because the credentials are valid wherever they are used by default, the attacker reads S3 buckets, Secrets Manager secrets or parameters, or assumes further roles, all from infrastructure they control.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'IMDSv2 defeats this in three ways. The token must be requested with `PUT /latest/api/token` and a `X-aws-ec2-metadata-token-ttl-seconds` header, which most SSRF primitives cannot send. Token requests carrying an `X-Forwarded-For` header are rejected, which stops open reverse proxies from relaying them. And the PUT response has an IP time-to-live equal to the hop limit, so with a hop limit of 1 the token cannot travel beyond the instance to a container or a forwarding host.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'IMDSv2 from the instance itself',
      code: `TOKEN=$(curl -sX PUT "http://169.254.169.254/latest/api/token" \\
  -H "X-aws-ec2-metadata-token-ttl-seconds: 21600")
curl -s -H "X-aws-ec2-metadata-token: $TOKEN" \\
  http://169.254.169.254/latest/meta-data/iam/security-credentials/`,
    },
    { kind: 'heading', text: 'Finding IMDSv1 exposure' },
    {
      kind: 'paragraph',
      text: 'An instance allows IMDSv1 when its `HttpTokens` metadata option is `optional`. The `describe-instances` filters for metadata options make the inventory a one-liner per region; run it in every region and account you use. Also look for launch templates that do not set `HttpTokens=required`, because they will keep producing new IMDSv1 instances.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Inventory instances and launch templates that still allow IMDSv1',
      code: `for r in $(aws ec2 describe-regions --query 'Regions[].RegionName' --output text); do
  aws ec2 describe-instances --region "$r" \\
    --filters Name=metadata-options.http-tokens,Values=optional \\
              Name=instance-state-name,Values=running \\
    --query 'Reservations[].Instances[].[InstanceId,IamInstanceProfile.Arn]' \\
    --output text | sed "s/^/$r\\t/"
done

aws ec2 describe-launch-template-versions --launch-template-id lt-0123456789abcdef0 \\
  --versions '$Latest' \\
  --query 'LaunchTemplateVersions[].LaunchTemplateData.MetadataOptions'`,
    },
    {
      kind: 'paragraph',
      text: 'Before you enforce, find out whether anything still calls IMDSv1. The CloudWatch metric `MetadataNoToken` in the `AWS/EC2` namespace counts metadata requests made without a token, per instance. A flat zero over a few weeks means enforcement is safe; non-zero values point at old SDKs, agents or scripts that need upgrading first.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'IMDSv1 usage over the last 14 days for one instance',
      code: `aws cloudwatch get-metric-statistics \\
  --namespace AWS/EC2 --metric-name MetadataNoToken \\
  --dimensions Name=InstanceId,Value=i-0123456789abcdef0 \\
  --start-time "$(date -u -d '14 days ago' +%Y-%m-%dT%H:%M:%SZ)" \\
  --end-time "$(date -u +%Y-%m-%dT%H:%M:%SZ)" \\
  --period 86400 --statistics Sum`,
    },
    {
      kind: 'paragraph',
      text: "AWS Config's managed rule `ec2-imdsv2-check` and Security Hub control EC2.8 report instances that do not require IMDSv2. For detection of the attack itself, GuardDuty raises `UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration.OutsideAWS` when instance credentials are used from an IP address outside AWS, and the `.InsideAWS` variant when they are used from another AWS account.",
    },
    { kind: 'heading', text: 'Fixing and preventing it' },
    {
      kind: 'paragraph',
      text: 'Existing instances can switch to IMDSv2 without a restart. Use a hop limit of 1 for plain instances and 2 for hosts that run containers needing metadata access through a bridge network.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Require IMDSv2 on an instance, for new instances in a region, and on an AMI',
      code: `aws ec2 modify-instance-metadata-options --instance-id i-0123456789abcdef0 \\
  --http-tokens required --http-endpoint enabled --http-put-response-hop-limit 1

aws ec2 modify-instance-metadata-defaults --region eu-west-1 \\
  --http-tokens required --http-put-response-hop-limit 2

aws ec2 modify-image-attribute --image-id ami-0123456789abcdef0 --imds-support v2.0`,
    },
    {
      kind: 'paragraph',
      text: 'Then lock the door with SCPs. The EC2 condition keys `ec2:MetadataHttpTokens` and `ec2:MetadataHttpPutResponseHopLimit` apply to `RunInstances`, and `ec2:RoleDelivery` carries the IMDS version through which a role session was delivered. The last statement below denies every API call made with instance credentials obtained through IMDSv1, which neutralizes stolen v1 credentials even on instances you have not migrated yet.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: require IMDSv2 at launch and refuse IMDSv1-delivered credentials',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "RequireImdsV2AtLaunch",
      "Effect": "Deny",
      "Action": "ec2:RunInstances",
      "Resource": "arn:aws:ec2:*:*:instance/*",
      "Condition": { "StringNotEquals": { "ec2:MetadataHttpTokens": "required" } }
    },
    {
      "Sid": "LimitImdsHopCount",
      "Effect": "Deny",
      "Action": "ec2:RunInstances",
      "Resource": "arn:aws:ec2:*:*:instance/*",
      "Condition": { "NumericGreaterThan": { "ec2:MetadataHttpPutResponseHopLimit": "2" } }
    },
    {
      "Sid": "OnlyPlatformMayChangeMetadataOptions",
      "Effect": "Deny",
      "Action": "ec2:ModifyInstanceMetadataOptions",
      "Resource": "*",
      "Condition": {
        "ArnNotLike": { "aws:PrincipalArn": "arn:aws:iam::*:role/platform-ec2-admin" }
      }
    },
    {
      "Sid": "DenyCredentialsDeliveredByImdsV1",
      "Effect": "Deny",
      "Action": "*",
      "Resource": "*",
      "Condition": { "NumericLessThan": { "ec2:RoleDelivery": "2.0" } }
    }
  ]
}`,
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Roll out the RoleDelivery statement last',
      text: 'The `ec2:RoleDelivery` deny breaks any workload that still reads credentials through IMDSv1, immediately. Attach it to a test OU first, confirm `MetadataNoToken` is zero across the OU, then promote it. IMDSv2 also does not help if the application itself is compromised: code running on the host can request a token like any legitimate SDK.',
    },
    {
      kind: 'code',
      language: 'hcl',
      caption: 'Terraform: launch templates that require IMDSv2',
      code: `resource "aws_launch_template" "web" {
  name_prefix   = "web-"
  image_id      = data.aws_ami.al2023.id
  instance_type = "t3.small"

  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = 1
  }
}`,
    },
    {
      kind: 'paragraph',
      text: 'Defence in depth still matters. Scope instance roles to what the workload needs, block outbound requests to link-local addresses in application HTTP clients, and consider the global condition keys `aws:EC2InstanceSourceVPC` and `aws:EC2InstanceSourcePrivateIPv4`, which let resource and endpoint policies reject instance credentials used from outside the VPC they were issued to, once workloads reach AWS APIs through VPC endpoints.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core reports every instance, launch template and Auto Scaling group that still allows IMDSv1, with CIS and NIST control mappings and custom policies for hop limits. Kryon Graph links each of them to internet exposure and to the permissions of its instance role, so an internet-facing IMDSv1 host whose role can read production data appears as a complete path from T1190 Exploit Public-Facing Application through T1552.005 to data access. Kryon Vuln adds the CVEs in the application stack, including SSRF-class vulnerabilities, ranked by that exposure and IAM scope.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Every running instance reports `HttpTokens` as `required`, in every region and account.',
        'Instance metadata defaults require IMDSv2 in every region, and AMIs you build are registered with `--imds-support v2.0`.',
        'Launch templates and Auto Scaling groups set `http_tokens = "required"` with a hop limit of 1, or 2 for container hosts.',
        '`MetadataNoToken` is zero before enforcement and alarmed afterwards.',
        'SCPs enforce `ec2:MetadataHttpTokens` at launch and deny IMDSv1-delivered credentials with `ec2:RoleDelivery`.',
        'GuardDuty `InstanceCredentialExfiltration` findings page the incident response team.',
        'Instance roles on internet-facing hosts are least privilege and reviewed quarterly.',
      ],
    },
  ],
};
