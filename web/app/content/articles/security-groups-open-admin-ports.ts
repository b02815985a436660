import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'security-groups-open-admin-ports',
  title: 'Security Groups Open to 0.0.0.0/0 on SSH, RDP and Database Ports',
  description:
    'Why admin and database ports open to the internet are still a leading EC2 entry point, how to find the rules that are actually reachable, and how to replace them with Session Manager and EC2 Instance Connect.',
  category: 'Infrastructure Security',
  severity: 'High',
  mitreAttack: 'T1133 External Remote Services',
  audience: 'Cloud security engineers, network and platform teams',
  kryonSolution: ['Kryon Core', 'Kryon Graph', 'Kryon Vuln'],
  publishedDate: '2026-10-28',
  tags: ['EC2', 'Security Groups', 'Network Exposure', 'SSH', 'RDP'],
  body: [
    {
      kind: 'paragraph',
      text: 'A security group rule that allows `0.0.0.0/0` or `::/0` on port 22, 3389, 5432, 3306, 6379 or 9200 is usually a shortcut that outlived the afternoon it was created for. Internet-wide scanners find these ports within minutes of an instance receiving a public IP address, and from that moment the instance is exposed to password spraying, credential stuffing with leaked keys, and exploits against the service itself, from RDP pre-authentication bugs to OpenSSH vulnerabilities such as CVE-2024-6387.',
    },
    {
      kind: 'paragraph',
      text: 'The blast radius rarely stops at the instance. A shell on an EC2 host gives the attacker the instance profile credentials through the metadata service, and from there the question becomes what that role can reach. That is why an open admin port on a box with a broad instance role is a cloud account problem, not a host hardening problem.',
    },
    { kind: 'heading', text: 'How the exposure works' },
    {
      kind: 'paragraph',
      text: 'Security groups are stateful allow lists attached to elastic network interfaces. A rule only creates real exposure when three things line up: the rule admits a wide source range on a sensitive port, the group is attached to an interface with a public IPv4 address, an Elastic IP or a globally routable IPv6 address, and the subnet routes to an internet gateway. Rules that allow all traffic (`IpProtocol` of `-1`) or wide port ranges such as `0-65535` cover admin ports implicitly and are easy to miss in reviews that grep for `22`.',
    },
    {
      kind: 'list',
      ordered: true,
      items: [
        'The attacker scans public AWS address space, or queries an internet scan index, for SSH, RDP, WinRM (5985/5986) and database ports.',
        'They try credentials: default database passwords, reused SSH keys from leaked repositories, or sprayed Windows passwords against RDP.',
        'Alternatively they exploit the exposed service directly, targeting unpatched daemons or databases with no authentication at all, such as an open Redis or Elasticsearch node.',
        'With code execution they query the instance metadata service for role credentials and pivot into the AWS control plane.',
      ],
    },
    { kind: 'heading', text: 'Finding open admin ports' },
    {
      kind: 'paragraph',
      text: 'The `DescribeSecurityGroupRules` API returns one object per rule, which is much easier to filter than the nested output of `DescribeSecurityGroups`. The script below lists ingress rules open to the world that cover SSH or RDP, including all-protocol rules and port ranges.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Ingress rules open to the internet that cover SSH or RDP',
      code: `aws ec2 describe-security-group-rules --output json \\
  | jq -r '.SecurityGroupRules[]
      | select(.IsEgress == false)
      | select(.CidrIpv4 == "0.0.0.0/0" or .CidrIpv6 == "::/0")
      | select(.IpProtocol == "-1"
          or (.FromPort <= 22 and .ToPort >= 22)
          or (.FromPort <= 3389 and .ToPort >= 3389))
      | [.GroupId, .SecurityGroupRuleId, .IpProtocol, .FromPort, .ToPort,
         (.CidrIpv4 // .CidrIpv6)] | @tsv'

# Which interfaces use a flagged group, and do they have a public IP?
aws ec2 describe-network-interfaces --filters Name=group-id,Values=sg-0123456789abcdef0 \\
  --query 'NetworkInterfaces[].[NetworkInterfaceId,InterfaceType,Association.PublicIp]' \\
  --output table`,
    },
    {
      kind: 'paragraph',
      text: 'Managed tooling covers the same ground continuously. AWS Config offers `restricted-ssh` and `restricted-common-ports` (with configurable blocked ports) plus `vpc-sg-open-only-to-authorized-ports`; Security Hub reports them as controls EC2.13, EC2.14 and EC2.19. Amazon Inspector network reachability findings go a step further and report ports that are actually reachable from an internet gateway, taking route tables, network ACLs and public addresses into account. VPC Reachability Analyzer and Network Access Analyzer answer the same question for a specific path or across a whole VPC.',
    },
    {
      kind: 'paragraph',
      text: 'GuardDuty signals that an exposed port is already being worked: `Recon:EC2/PortProbeUnprotectedPort`, `UnauthorizedAccess:EC2/SSHBruteForce` and `UnauthorizedAccess:EC2/RDPBruteForce`. To catch new exposure as it happens, route CloudTrail `AuthorizeSecurityGroupIngress` events through EventBridge.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'EventBridge pattern: ingress opened to 0.0.0.0/0',
      code: `{
  "source": ["aws.ec2"],
  "detail-type": ["AWS API Call via CloudTrail"],
  "detail": {
    "eventSource": ["ec2.amazonaws.com"],
    "eventName": ["AuthorizeSecurityGroupIngress"],
    "requestParameters": {
      "ipPermissions": {
        "items": {
          "ipRanges": {
            "items": {
              "cidrIp": ["0.0.0.0/0"]
            }
          }
        }
      }
    }
  }
}`,
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'IAM cannot inspect the CIDR in a rule',
      text: 'There is no IAM condition key for the source range of a security group rule, so an SCP cannot say "no 0.0.0.0/0 on port 22". Prevention has to come from restricting who may call `ec2:AuthorizeSecurityGroupIngress`, from AWS Firewall Manager security group policies, from policy-as-code checks in the pipeline, and from automated remediation.',
    },
    { kind: 'heading', text: 'Fixing and preventing it' },
    {
      kind: 'paragraph',
      text: "The durable fix is to stop needing inbound admin ports. AWS Systems Manager Session Manager gives shell and port-forwarding access through the SSM agent over an outbound connection, with IAM authorization and session logging, and no inbound rule at all. When engineers need native SSH or RDP, an EC2 Instance Connect Endpoint reaches instances in private subnets; the instance security group then allows port 22 only from the endpoint's security group.",
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Remove the rule, then connect without it',
      code: `aws ec2 revoke-security-group-ingress \\
  --group-id sg-0123456789abcdef0 \\
  --security-group-rule-ids sgr-0abc1234def567890

# Shell through Session Manager: no inbound port required
aws ssm start-session --target i-0123456789abcdef0

# Native SSH to a private instance through an EC2 Instance Connect Endpoint
aws ec2-instance-connect ssh --instance-id i-0123456789abcdef0 --connection-type eice`,
    },
    {
      kind: 'paragraph',
      text: 'Where a source range really is required, reference a managed prefix list of corporate egress ranges or another security group, never a literal `0.0.0.0/0`. In Terraform, the per-rule resources make that explicit and reviewable:',
    },
    {
      kind: 'code',
      language: 'hcl',
      caption: 'Terraform: SSH only from the EC2 Instance Connect Endpoint',
      code: `resource "aws_ec2_instance_connect_endpoint" "admin" {
  subnet_id          = aws_subnet.private_a.id
  security_group_ids = [aws_security_group.eice.id]
}

resource "aws_vpc_security_group_ingress_rule" "ssh_from_eice" {
  security_group_id            = aws_security_group.app.id
  referenced_security_group_id = aws_security_group.eice.id
  ip_protocol                  = "tcp"
  from_port                    = 22
  to_port                      = 22
}`,
    },
    {
      kind: 'paragraph',
      text: 'For organization-wide enforcement, an AWS Firewall Manager content audit security group policy flags or removes rules that admit wide ranges on listed ports. AWS Config can also remediate `restricted-ssh` findings automatically with the `AWS-DisablePublicAccessForSecurityGroup` runbook. For VPCs that should never have direct internet ingress, VPC Block Public Access (`aws ec2 modify-vpc-block-public-access-options --internet-gateway-block-mode block-ingress`) blocks inbound internet gateway traffic regardless of what any security group says.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: "Kryon Core flags security group rules that expose administrative and database ports, maps them to the CIS AWS Foundations Benchmark network controls, and lets you write custom policies for your own port list and approved prefix lists. Kryon Graph decides which of those findings matter by computing reachability from the internet through route tables, network ACLs and public addresses, then following the path onward through the instance role, with each step labelled by its MITRE ATT&CK technique. Kryon Vuln correlates the CVEs on the exposed service with that reachability and the role's IAM scope, so an internet-facing host running a vulnerable SSH daemon with a privileged instance profile rises to the top of the queue.",
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'No security group allows `0.0.0.0/0` or `::/0` on SSH, RDP, WinRM or database ports, including through all-protocol rules and wide port ranges.',
        'Shell access uses Session Manager or an EC2 Instance Connect Endpoint instead of inbound admin ports.',
        'Any remaining source ranges are managed prefix lists or security group references with a named owner.',
        'AWS Config `restricted-ssh` and `restricted-common-ports`, or Firewall Manager policies, run in every account and region.',
        'An EventBridge rule alerts on `AuthorizeSecurityGroupIngress` calls that open rules to the internet.',
        'GuardDuty brute-force and port-probe findings are routed to on-call responders.',
        'Instance roles on any internet-reachable host are scoped to the minimum the workload needs.',
      ],
    },
  ],
};
