import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'exposed-ec2-to-account-admin',
  title: 'From Exposed EC2 Instance to Account Admin: Anatomy of a Four-Hop Attack Path',
  description:
    'An internet-facing instance, a web flaw, IMDSv1 and an over-privileged instance profile are enough to take over an AWS account. How the path works, how to find it and where to break it.',
  category: 'Attack Paths',
  severity: 'Critical',
  mitreAttack: 'T1190 Exploit Public-Facing Application',
  audience: 'Cloud security engineers, cloud architects, incident responders',
  kryonSolution: ['Kryon Graph', 'Kryon Vuln', 'Kryon IAM'],
  publishedDate: '2026-11-10',
  tags: ['EC2', 'IMDSv2', 'Instance Profiles', 'SSRF', 'Attack Paths'],
  body: [
    {
      kind: 'paragraph',
      text: 'None of the conditions in this attack path is rare. Internet-facing instances exist in almost every AWS estate, web applications ship with bugs, IMDSv1 is still allowed on older launch templates, and instance profiles are routinely granted broad permissions because it was the quickest way to make a deployment work. Each one on its own is a medium finding. Lined up on the same instance, they form a critical path from the internet to full control of the account.',
    },
    {
      kind: 'paragraph',
      text: 'What makes the path dangerous is that the final hop needs no vulnerability at all. Once the attacker holds the instance role\u2019s credentials, every further step is an authorised API call.',
    },
    { kind: 'heading', text: 'The path, hop by hop' },
    {
      kind: 'list',
      ordered: true,
      items: [
        'Exposure: the instance has a public IP address, its security group allows `0.0.0.0/0` on the application port, and its subnet routes to an internet gateway.',
        'Foothold: the attacker exploits the application, typically server-side request forgery (SSRF) in a URL fetcher, webhook tester or PDF renderer, or remote code execution in an unpatched framework.',
        'Credential theft: through SSRF or a shell, the attacker reads `http://169.254.169.254/latest/meta-data/iam/security-credentials/<role-name>` and receives an access key, secret and session token for the instance role.',
        'Escalation: the role holds `AdministratorAccess`, `iam:*`, or a toxic combination such as `iam:PassRole` with `ec2:RunInstances`. The attacker attaches an admin policy, creates an IAM user or rewrites a trust policy to keep access after the credentials expire.',
      ],
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Why IMDSv2 matters for SSRF: version 1 answers a single GET',
      code: `# IMDSv1: one GET, reachable through many SSRF bugs
curl http://169.254.169.254/latest/meta-data/iam/security-credentials/
curl http://169.254.169.254/latest/meta-data/iam/security-credentials/web-app-role

# IMDSv2: a PUT with a custom header is required first
TOKEN=$(curl -s -X PUT http://169.254.169.254/latest/api/token \\
  -H 'X-aws-ec2-metadata-token-ttl-seconds: 21600')
curl -s -H "X-aws-ec2-metadata-token: $TOKEN" \\
  http://169.254.169.254/latest/meta-data/iam/security-credentials/web-app-role`,
    },
    {
      kind: 'paragraph',
      text: 'IMDSv2 defeats most SSRF variants because the attacker cannot make the application send a `PUT` with a custom header, and a response hop limit of 1 keeps the token from travelling beyond the instance. It does nothing against remote code execution: a shell on the host can request a token like any other process. That is why the fourth hop, the privilege of the role, decides how bad the incident becomes.',
    },
    { kind: 'heading', text: 'How to find the path' },
    { kind: 'subheading', text: 'Exposure' },
    {
      kind: 'code',
      language: 'bash',
      code: `# Security groups open to the internet
aws ec2 describe-security-groups \\
  --filters Name=ip-permission.cidr,Values=0.0.0.0/0 \\
  --query 'SecurityGroups[].[GroupId,GroupName]' --output text

# Running instances with a public IP and the profile they carry
aws ec2 describe-instances \\
  --filters Name=instance-state-name,Values=running \\
  --query 'Reservations[].Instances[?PublicIpAddress!=null].[InstanceId,PublicIpAddress,IamInstanceProfile.Arn]' \\
  --output text

# Amazon Inspector network reachability findings
aws inspector2 list-findings \\
  --filter-criteria '{"findingType":[{"comparison":"EQUALS","value":"NETWORK_REACHABILITY"}],"findingStatus":[{"comparison":"EQUALS","value":"ACTIVE"}]}'`,
    },
    { kind: 'subheading', text: 'Metadata service posture' },
    {
      kind: 'paragraph',
      text: 'Find instances that still accept IMDSv1, and check the `MetadataNoToken` CloudWatch metric for each before you enforce version 2: it counts successful IMDSv1 calls, so a value of zero means enforcement will not break anything. The AWS Config managed rule `ec2-imdsv2-check` reports the same condition continuously.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws ec2 describe-instances \\
  --filters Name=metadata-options.http-tokens,Values=optional \\
  --query 'Reservations[].Instances[].[InstanceId,IamInstanceProfile.Arn]' --output text`,
    },
    { kind: 'subheading', text: 'Role privilege' },
    {
      kind: 'code',
      language: 'bash',
      code: `aws iam get-instance-profile --instance-profile-name web-app-profile \\
  --query 'InstanceProfile.Roles[].RoleName'
aws iam list-attached-role-policies --role-name web-app-role
aws iam list-role-policies --role-name web-app-role`,
    },
    {
      kind: 'paragraph',
      text: 'Flag any internet-facing instance whose role has administrator access, IAM write actions, `iam:PassRole` on `*`, or read access to sensitive data stores. The AWS Config rule `iam-policy-no-statements-with-admin-access` catches the most blatant customer managed policies, and an IAM Access Analyzer unused access analyzer shows permissions the role never uses and can lose.',
    },
    { kind: 'subheading', text: 'Signals that the path is being used' },
    {
      kind: 'paragraph',
      text: 'GuardDuty raises `UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration.OutsideAWS` when instance credentials are used from outside AWS, and the `.InsideAWS` variant when they are used from another AWS account. In CloudTrail, instance role sessions are named after the instance ID, so IAM write calls from those sessions stand out.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena: IAM changes made with instance role credentials',
      code: `SELECT eventtime, eventname, sourceipaddress, useridentity.arn
FROM cloudtrail_logs
WHERE useridentity.type = 'AssumedRole'
  AND useridentity.arn LIKE '%/i-%'
  AND eventsource = 'iam.amazonaws.com'
  AND readonly = 'false'
ORDER BY eventtime DESC;`,
    },
    { kind: 'heading', text: 'Breaking the path' },
    {
      kind: 'paragraph',
      text: 'You can break the path at any hop, but two changes are cheap and durable: require IMDSv2 everywhere and take privileges the workload does not need away from its role. Start with the instance, then set the Regional default for new launches, then enforce it with an SCP so drift cannot return.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws ec2 modify-instance-metadata-options --instance-id i-0abcd1234efgh5678 \\
  --http-tokens required --http-put-response-hop-limit 1 --http-endpoint enabled

# Regional account default for new instances
aws ec2 modify-instance-metadata-defaults \\
  --http-tokens required --http-put-response-hop-limit 2`,
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: IMDSv2 at launch, and no API calls with credentials delivered by IMDSv1',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "RequireImdsv2OnLaunch",
      "Effect": "Deny",
      "Action": "ec2:RunInstances",
      "Resource": "arn:aws:ec2:*:*:instance/*",
      "Condition": {
        "StringNotEquals": { "ec2:MetadataHttpTokens": "required" }
      }
    },
    {
      "Sid": "DenyImdsv1RoleCredentials",
      "Effect": "Deny",
      "Action": "*",
      "Resource": "*",
      "Condition": {
        "NumericLessThan": { "ec2:RoleDelivery": "2.0" }
      }
    }
  ]
}`,
    },
    {
      kind: 'list',
      items: [
        'Move the application behind an Application Load Balancer with AWS WAF, and put the instance in a private subnet with no public IP.',
        'Scope the role to the exact buckets, queues and tables the application uses; remove IAM write actions entirely.',
        'Bind instance credentials to their network with the `aws:Ec2InstanceSourceVpc` and `aws:Ec2InstanceSourcePrivateIPv4` condition keys in a data perimeter policy, so stolen credentials fail when replayed elsewhere.',
        'Patch the application stack and track the instance\u2019s Amazon Inspector findings alongside its exposure.',
      ],
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'IMDSv2 does not protect you from remote code execution',
      text: 'IMDSv2 closes the SSRF route to credentials, not the shell route. If an exposed application can be made to execute commands, assume the role credentials are in the attacker\u2019s hands and judge the risk by what that role can do. Least privilege on the instance role is the control that still works after the exploit.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Graph computes this path end to end: internet exposure through security groups, load balancers and routes, the instance and its profile, the role\u2019s effective permissions and the escalation they allow, labelled with MITRE ATT&CK techniques from T1190 through T1552.005 to T1098.003. Kryon Vuln places the instance\u2019s CVEs on that path, so a remotely exploitable flaw on an exposed host with an admin-capable role ranks above the same CVE on an isolated batch server. Kryon IAM shows the role\u2019s effective permissions and the toxic combinations within them, and points to the smallest policy change that breaks the path.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'List every instance with a public IP or an internet-facing load balancer in front of it.',
        'Require IMDSv2 on every instance and launch template, using `MetadataNoToken` to confirm nothing breaks.',
        'Set the Regional IMDS default and an SCP requiring `ec2:MetadataHttpTokens` to be `required`.',
        'Deny API calls made with IMDSv1-delivered credentials using `ec2:RoleDelivery`.',
        'Remove administrator access and IAM write permissions from every instance role.',
        'Correlate Inspector findings with exposure and role privilege, not CVSS alone.',
        'Alert on GuardDuty credential exfiltration findings and on IAM writes from instance role sessions.',
      ],
    },
  ],
};
