import type { ResearchReport } from '../research-report-types.ts';

/** The body of "Monthly Finding, October 2026: SSH, RDP and Database Ports Open to 0.0.0.0/0": how reachable admin and database port exposure was measured, what October showed, why IPv6 and temporary rules persist, and the Session Manager and Config controls that replace and prevent them. */
export const adminPortsExposureOctober2026Report: ResearchReport = {
  sections: [
    {
      heading: 'Why open admin ports still matter',
      paragraphs: [
        'Every cloud benchmark tells teams to close SSH and RDP to the internet, and most teams believe they have. Yet external remote services, MITRE ATT&CK T1133, remain one of the most reliable ways into an AWS environment. Internet-wide scanners find a newly exposed port 22 or 3389 within minutes of an instance receiving a public address, and from then on the instance is exposed to password spraying, reuse of leaked private keys and exploits against the service itself, from RDP pre-authentication flaws to OpenSSH vulnerabilities such as CVE-2024-6387.',
        'The damage rarely stays on the host. A shell on an EC2 instance gives the attacker the instance profile credentials through the instance metadata service, and the question becomes what that role can reach. An open admin port on an instance with a broad role is therefore an account problem, not a host hardening problem. Database ports are worse in one respect: a self-managed Redis or MongoDB instance reachable from the internet may not need an exploit at all if authentication was never enabled.',
        'This finding measures how many scanned accounts still exposed administrative and database ports during October 2026, and, more usefully, why the rules persist after they have been reported.',
      ],
    },
    {
      heading: 'Configured is not the same as reachable',
      paragraphs: [
        'A security group rule that allows 0.0.0.0/0 on port 22 is a finding; it is not necessarily an exposure. Security groups are stateful allow lists attached to elastic network interfaces, and a permissive rule only creates real exposure when several other conditions hold. We counted a rule only when it admitted TCP 22, 3389 or a database port from 0.0.0.0/0 or ::/0, either by naming the port, through a port range that includes it, or through an all-traffic rule with IpProtocol -1; when the group was attached to an interface of a running instance; when that interface had a public IPv4 address, an Elastic IP address or a globally routable IPv6 address; when the subnet’s route table sent 0.0.0.0/0 or ::/0 to an internet gateway rather than only to a NAT gateway or an egress-only internet gateway; and when the subnet’s network ACL did not deny the port.',
        'Each filter removed a meaningful share of the raw findings. More than half of the scanned accounts had at least one security group that allowed SSH or RDP from anywhere, but many of those groups were unattached leftovers, attached only to stopped instances, or used in private subnets with no inbound route. Reporting the raw number inflates the problem and, worse, trains teams to ignore the finding. Reporting only the reachable set gives a smaller list that every team can act on.',
      ],
      table: {
        caption:
          'Accounts with SSH or RDP open to 0.0.0.0/0 or ::/0, as each reachability condition is applied, October 2026.',
        columns: ['Condition applied', 'Accounts remaining', 'Rules remaining'],
        rows: [
          ['Rule allows TCP 22 or 3389 from anywhere', '58%', '100%'],
          ['Group attached to a running instance', '46%', '61%'],
          ['Interface has a public IPv4 or IPv6 address', '37%', '44%'],
          ['Subnet routes to an internet gateway', '34%', '40%'],
          ['Network ACL does not deny the port', '31%', '36%'],
        ],
      },
    },
    {
      heading: 'What October showed',
      paragraphs: [
        'After all filters, 31% of scanned accounts had a security group allowing inbound TCP 22 or 3389 from 0.0.0.0/0 or ::/0 attached to a running instance with a public IP address. SSH accounted for most of it; RDP exposure was less common but concentrated in accounts running Windows workloads migrated from on-premises data centers, where the rule was often created by the migration tooling and never revisited. Accounts were counted once however many exposed rules they held; among exposed accounts the median was three exposed rules.',
        'Database ports were reachable from the internet in 7% of accounts. In 84% of those cases the listener was a self-managed database on EC2, typically MySQL, PostgreSQL or Redis installed on an application server or a single-instance deployment built from a marketplace image. Only 16% were Amazon RDS instances with PubliclyAccessible set to true and a permissive security group. Managed databases did better largely because an RDS instance is reachable only when the separate PubliclyAccessible setting is on as well as the group being permissive, whereas a database on EC2 is reachable as soon as its instance has a public address and inherits whatever group it was launched with.',
        'Wide rules were a notable contributor. Around a fifth of exposed SSH rules and a third of exposed database rules were not written for the port at all: they came from all-traffic rules or ranges such as 0-65535 that were added to make a connectivity problem go away. Reviews that search templates for port 22 do not find them.',
      ],
      table: {
        caption:
          'Reachable exposure by port in October 2026, as a share of scanned accounts, and the share of those exposures that came from all-traffic or port-range rules.',
        columns: ['Port', 'Service', 'Accounts exposed', 'From all-traffic or range rules'],
        rows: [
          ['22', 'SSH', '27%', '18%'],
          ['3389', 'RDP', '9%', '22%'],
          ['3306', 'MySQL and MariaDB', '3.1%', '34%'],
          ['5432', 'PostgreSQL', '2.4%', '31%'],
          ['1433', 'Microsoft SQL Server', '1.1%', '38%'],
          ['6379', 'Redis', '1.6%', '29%'],
          ['27017', 'MongoDB', '1.3%', '41%'],
          ['Any of the five database ports', 'All', '7.0%', '33%'],
        ],
      },
    },
    {
      heading: 'The IPv6 blind spot',
      paragraphs: [
        'In a fifth of exposed security groups, the IPv4 rule had been restricted while the matching ::/0 rule stayed open. The mechanics explain why. IPv4 and IPv6 sources are separate entries in a security group: in the API they appear as IpRanges and Ipv6Ranges, and DescribeSecurityGroupRules returns them as separate rules with their own rule IDs. Older console flows and many community templates created both at once when someone chose to allow access from anywhere. When the finding was later fixed, the engineer edited the rule they recognized, replacing 0.0.0.0/0 with an office or VPN range, and the ::/0 rule next to it stayed as it was.',
        'Exposure through IPv6 is growing because IPv6 adoption is growing. Since AWS began charging for public IPv4 addresses in February 2024, more teams run dual-stack subnets with IPv6 addresses assigned on creation, and every such address is globally routable when the subnet routes ::/0 to an internet gateway. The common belief that IPv6 hosts cannot be found because the address space is too large to scan does not hold for servers: their addresses are published in DNS AAAA records and appear in the hitlists that scanners build from observed traffic. In the accounts we measured, an IPv6-only exposure was open a median of 61 days longer than the IPv4 exposure it replaced.',
      ],
    },
    {
      heading: 'Why temporary rules become permanent',
      paragraphs: [
        'Half of the exposed admin-port rules had a description mentioning temporary access, troubleshooting, testing or debugging, and their median age was 96 days. Security group rules carry no creation timestamp, so we dated each rule from the earliest of the AuthorizeSecurityGroupIngress event in the organization’s CloudTrail trail and the first scan in which Kryon Core saw it. The pattern behind the figure is familiar: an engineer opens SSH to get into an instance during an incident, the incident ends, and the rule has no expiry, no ticket and no owner. Rules added to security groups shared by many instances were the slowest to be removed, because nobody was sure what else depended on them.',
        'Rules that named a person, vendor or office were older still, and rules with no description at all were the hardest to act on, because nobody could say whether they were needed. Very few rules of any kind were removed during the month without outside prompting.',
      ],
      table: {
        caption:
          'Exposed admin-port rules by what their description says, with median age and the share removed during October 2026.',
        columns: [
          'Rule description',
          'Share of exposed rules',
          'Median age in days',
          'Removed in October',
        ],
        rows: [
          ['Temporary, troubleshooting, test or debug', '50%', '96', '9%'],
          ['Names a person, vendor or office', '14%', '211', '4%'],
          ['Names an application or project', '9%', '118', '7%'],
          ['No description', '27%', '143', '6%'],
        ],
      },
    },
    {
      heading: 'Walk-through: an IPv6 rule nobody reviewed',
      paragraphs: [
        'The following example is a composite with made-up identifiers. In account 111122223333, region us-east-1, instance i-0a1b2c3d4e5f60718 runs a nightly import job in a dual-stack public subnet. Its security group sg-0123456789abcdef0 holds two rules for TCP 22, one from 0.0.0.0/0 and one from ::/0, both with the description “temp ssh for import debugging”. The instance profile role can read and write the import bucket and read two parameters in Parameter Store.',
      ],
      bullets: [
        'A quarterly review flags the 0.0.0.0/0 rule. An engineer edits it to 198.51.100.24/32, the office egress address, and closes the ticket. The ::/0 rule is not in the ticket and is left alone.',
        'The instance’s IPv6 address, 2001:db8:1234:5600::1a, is published as the AAAA record of a hostname used by a partner to pull import reports.',
        'A scanner working through DNS-derived IPv6 targets finds port 22 open and identifies an OpenSSH version that has not been patched since the image was built.',
        'With a shell on the host, the attacker requests the instance profile credentials from the metadata service. With IMDSv2 this takes one extra PUT request for a session token; it slows down a server-side request forgery attack, not an attacker who already has a shell.',
        'The role’s credentials give read and write access to the import bucket and the parameters, which include a database password for another environment. The intrusion has left the instance.',
      ],
    },
    {
      heading: 'Detection and the controls that keep rules closed',
      paragraphs: [
        'Two AWS Config managed rules caught reintroduced rules within one evaluation cycle in the accounts that ran them, because both are triggered by configuration changes to security groups. restricted-ssh flags security groups that allow SSH from 0.0.0.0/0 or ::/0. restricted-common-ports checks the TCP ports named in its parameters for both 0.0.0.0/0 and ::/0; its defaults cover 20, 21, 3389, 3306 and 4333, so teams that caught database exposure set the blockedPorts list to add 5432, 1433, 6379 and 27017. Config remediation with a Systems Manager Automation runbook can remove the rule automatically; check that the remediation you choose removes ::/0 rules as well as 0.0.0.0/0 rules, or it will reproduce the IPv6 blind spot in automation.',
        'Across an organization, AWS Firewall Manager security group policies apply the same audit from a central administrator account and can remediate non-compliant rules in every member account, including accounts created later. At the API level, alert on AuthorizeSecurityGroupIngress and ModifySecurityGroupRules events whose request parameters contain 0.0.0.0/0 or ::/0. IAM has no condition key for the source range of a security group rule, so an SCP cannot deny 0.0.0.0/0 specifically; what it can do is restrict ec2:AuthorizeSecurityGroupIngress in production accounts to the roles used by reviewed pipelines, which removes the console shortcut that creates most temporary rules.',
      ],
    },
    {
      heading: 'Remediation in priority order',
      paragraphs: [
        'AWS Systems Manager Session Manager replaced inbound SSH and RDP in every workload we reviewed, including Windows hosts and instances in subnets with no internet route. It needs no inbound port: the SSM Agent makes outbound connections to the Systems Manager endpoints, through interface VPC endpoints for ssm, ssmmessages and ec2messages where there is no internet path. Access is decided by IAM on ssm:StartSession, and sessions can be logged to Amazon S3 or CloudWatch Logs.',
      ],
      bullets: [
        'Close reachable database ports first. Move self-managed databases into private subnets, or at minimum restrict their groups to the application tier’s security group, and enable authentication on Redis and MongoDB. Reach them from workstations with the AWS-StartPortForwardingSessionToRemoteHost document instead of a public listener.',
        'Remove 0.0.0.0/0 and ::/0 admin rules on instances that already report to Systems Manager. Check ::/0 explicitly; the IPv4 rule is rarely the one left behind.',
        'Enrol the remaining instances: attach a role with AmazonSSMManagedInstanceCore or enable Default Host Management Configuration, confirm the agent is running, then remove the rule. Use Fleet Manager Remote Desktop or port forwarding for RDP, and EC2 Instance Connect Endpoint where a team needs native SSH without a public address.',
        'Scope ssm:StartSession with the ssm:resourceTag condition key so that Session Manager does not become the next escalation primitive; an identity able to start a session on any instance can borrow any instance profile.',
        'Deploy restricted-ssh and restricted-common-ports in every account and region, or a Firewall Manager security group policy, and require a description with an owner and an expiry date for any rule that is genuinely temporary.',
      ],
    },
    {
      heading: 'What Kryon recommends next',
      paragraphs: [
        'Stop treating inbound admin access as something to be restricted and treat it as something to be removed. Allow lists of office addresses age badly, break when people work remotely, and are the reason temporary rules to 0.0.0.0/0 get created in the first place. Session Manager, with IAM-scoped access and session logging, gives operators the same reach with a better audit trail and nothing listening on the internet.',
        'Measure the reachable set, not the configured set, and measure IPv4 and IPv6 separately. Kryon Core reports admin and database port exposure only when the rule, the public address, the route and the network ACL line up, and shows the ::/0 rules alongside their IPv4 counterparts so that fixing one does not hide the other. We will repeat this measurement in a future monthly finding and report whether the share of accounts with reachable admin ports, and the age of temporary rules, has moved.',
      ],
    },
  ],
};
