/** The four capability cards of the home page. */
import type { CapabilityCard } from './marketing-types.ts';

export const capabilities: readonly CapabilityCard[] = [
  {
    id: 'real-time-mapping',
    title: 'Real-Time Threat Mapping',
    subtitle: 'Attacker paths mapped in under 60 seconds',
    badge: 'Live graph',
    description:
      'Every change in your AWS environment updates the Kryon graph, and every new route from the internet or a compromised identity to your data is mapped in under 60 seconds, not at the next weekly scan.',
    icon: 'target',
    colour: 'cyan',
    gradientFrom: 'cyan',
    gradientTo: 'blue',
    expandedContent: {
      overview:
        'Scheduled scans show you how your cloud looked yesterday. Attackers work with how it looks now. Kryon listens to CloudTrail change events across every account, updates the graph of resources, identities and network routes as they change, and recomputes the attack paths a change opens or closes. A security group opened for debugging, a role trust policy widened for a vendor, a bucket policy copied from a blog post: each becomes a mapped path with its MITRE ATT&CK steps within a minute of the API call that created it.',
      keyMetrics: [
        { label: 'Attacker paths mapped', value: 'Under 60 seconds' },
        { label: 'Initial mapping', value: '10,000+ resources in under 30 seconds' },
        { label: 'Mapping accuracy', value: '99.9%' },
        { label: 'Resources per environment', value: '1M+' },
      ],
      keyCapabilities: [
        'Event-driven graph updates from CloudTrail management events delivered through Amazon EventBridge',
        'Path discovery from internet-facing entry points, leaked credentials and third-party roles to sensitive data',
        'MITRE ATT&CK technique labels on every step, from initial access to exfiltration',
        'Path diff that shows which routes a single change or deployment opened or closed',
        'Choke-point ranking that finds the one fix that breaks the most paths',
      ],
      businessBenefits: [
        'Exposure windows shrink from days between scans to minutes after a change',
        'Risky changes are caught while the engineer who made them still has the context',
        'Responders and red teams work from the same live map of what is reachable',
        'Leadership sees exposure of critical data over time, not raw finding counts',
      ],
      technicalSpecs: [
        { label: 'Change trigger', value: 'AWS CloudTrail events via Amazon EventBridge' },
        { label: 'Path recomputation', value: 'Under 60 seconds after a change' },
        { label: 'Coverage', value: '150+ AWS services, every account and region' },
        { label: 'Framework overlay', value: 'MITRE ATT&CK Cloud (IaaS) matrix' },
        { label: 'Access model', value: 'Agentless, read-only cross-account IAM role' },
      ],
      useCases: [
        'Catching a security group opened to 0.0.0.0/0 on a host with a privileged role',
        'Reviewing the attack-path impact of every production deployment',
        'Watching vendor and cross-account role trust for newly widened principals',
        'Keeping a live map of crown-jewel data stores and everything that can reach them',
      ],
      integrations: [
        'AWS CloudTrail',
        'Amazon EventBridge',
        'AWS Config',
        'Slack',
        'Microsoft Teams',
        'Jira',
      ],
      realWorldExample: {
        scenario:
          'A logistics company running 40 AWS accounts, with engineers who can change security groups in their own workload accounts.',
        challenge:
          'An engineer opens SSH to the internet on an instance to debug a failed release. The instance profile can read the bucket of shipment manifests, and the nightly posture scan is 20 hours away.',
        outcome:
          'Kryon maps the new path from the internet to the manifests bucket within a minute of the change, posts it to the team channel with the MITRE ATT&CK steps and the owner, and the rule is closed before the engineer has left the incident call.',
      },
    },
  },
  {
    id: 'ai-prioritization',
    title: 'AI-Powered Prioritization',
    subtitle: 'The few findings that matter, ranked first',
    badge: 'AI-ranked',
    description:
      'Kryon scores every finding by CVSS, IAM chaining and public exposure, groups related findings into one issue per attack path and proposes the fix, so your team starts each day with a short list it can trust.',
    icon: 'brain',
    colour: 'violet',
    gradientFrom: 'violet',
    gradientTo: 'indigo',
    expandedContent: {
      overview:
        'A severity label written into a rule cannot know your environment. Kryon ranks findings by what they expose in it: whether the resource is reachable from the internet, what its identity can read, write or assume, and how severe and exploitable any vulnerability on the path is. Findings that form one attack path are grouped into one issue, duplicates across accounts and scanners collapse, and each issue comes with a plain-language explanation of its rank and a remediation proposal your engineers can review as code.',
      keyMetrics: [
        { label: 'Noise reduction', value: '85%' },
        { label: 'Fewer false positives', value: '80%' },
        { label: 'Privilege escalation paths identified', value: '95%' },
        { label: 'Analysis of each new finding', value: 'Under 60 seconds' },
      ],
      keyCapabilities: [
        'Risk scoring that combines CVSS, IAM chaining and public exposure for every finding',
        'Grouping of related findings into one issue per attack path, deduplicated across accounts and scanners',
        'Remediation proposals as Terraform, CloudFormation or AWS CLI changes, with the path each one breaks',
        'An explanation behind every score that shows its inputs, so no rank is a black box',
        'Risk acceptances with an owner and an expiry date that feed back into the ranking',
      ],
      businessBenefits: [
        'Security and engineering agree on what to fix first, and why',
        'Analyst hours move from triage to remediation and threat hunting',
        'Every risk acceptance is documented, owned and defensible in an audit',
        'Fix effort goes to the changes that remove the most exposure',
      ],
      technicalSpecs: [
        { label: 'Scoring inputs', value: 'CVSS, IAM chaining, public exposure' },
        {
          label: 'Finding sources',
          value: 'Kryon modules, AWS Security Hub, Amazon GuardDuty, Amazon Inspector',
        },
        {
          label: 'Remediation output',
          value: 'Terraform, CloudFormation or AWS CLI, with the path it closes',
        },
        { label: 'Ticketing', value: 'Jira and ServiceNow, with owner and path context' },
      ],
      useCases: [
        'Turning a backlog of Security Hub findings into a weekly fix list',
        'Setting remediation SLAs by real exposure instead of rule severity',
        'Explaining to engineering leads why one medium finding outranks ten criticals',
        'Reviewing and expiring risk acceptances with evidence attached',
      ],
      integrations: [
        'AWS Security Hub',
        'Amazon GuardDuty',
        'Amazon Inspector',
        'Jira',
        'ServiceNow',
        'Slack',
      ],
      realWorldExample: {
        scenario:
          'A healthtech scale-up running 10 AWS accounts, with a two-person security team and thousands of open Security Hub findings.',
        challenge:
          'The team works the list by severity and never reaches the bottom, while engineers have started ignoring security tickets altogether.',
        outcome:
          'Kryon groups the findings into a few dozen ranked issues. At the top sits a public Lambda function URL whose role can read the patient-records bucket, with a Terraform change that scopes the role and closes the path.',
      },
    },
  },
  {
    id: 'unified-graph',
    title: 'Unified Cloud Graph',
    subtitle: 'One model of every account, identity and resource',
    badge: '1M+ resources',
    description:
      'Posture, identity, vulnerability and threat data attach to one graph of your whole AWS Organization, so every finding knows what it touches and every compliance view comes from the same source of truth.',
    icon: 'network',
    colour: 'indigo',
    gradientFrom: 'indigo',
    gradientTo: 'blue',
    expandedContent: {
      overview:
        'The Kryon graph models resources across 150+ AWS services and the relationships between them: network reachability, IAM permissions and trust, resource policies, the workloads that run on them and the data they hold. Every Kryon module reads from and writes to this one model. The same graph answers an engineer asking what a role can reach, an auditor asking which systems are in PCI-DSS scope and a responder asking where a suspicious session can go next.',
      keyMetrics: [
        { label: 'AWS services modeled', value: '150+' },
        { label: 'Resources per graph', value: '1M+' },
        { label: 'Accounts in one graph', value: '100+' },
        { label: 'API calls analyzed', value: '10M+ per minute' },
      ],
      keyCapabilities: [
        'Cross-account, cross-region inventory built from AWS Organizations',
        'Relationships for network paths, IAM trust and effective permissions, resource policies and data stores',
        'Compliance views for SOC 2, PCI-DSS, HIPAA and FedRAMP controls generated from the graph',
        'Graph queries and saved searches for threat hunting and audit questions',
        'An API and scheduled exports that feed the graph into your data lake or SIEM',
      ],
      businessBenefits: [
        'One source of truth for security, platform and compliance teams',
        'Compliance scope defined by actual reachability instead of by spreadsheet',
        'Fewer overlapping tools, consoles and exports to maintain and reconcile',
        'New accounts are covered the moment they join the Organization',
      ],
      technicalSpecs: [
        { label: 'Scale', value: '1M+ resources, 100+ accounts, every region' },
        { label: 'Ingestion', value: '10M+ API calls per minute' },
        { label: 'Compliance frameworks', value: 'SOC 2, PCI-DSS, HIPAA, FedRAMP' },
        { label: 'Deployment', value: 'CloudFormation StackSets across AWS Organizations' },
        { label: 'Access model', value: 'Agentless, read-only cross-account IAM role' },
      ],
      useCases: [
        'Defining PCI-DSS scope from what can reach the cardholder data environment',
        'Mapping HIPAA safeguards to the resources that store protected health information',
        'Preparing FedRAMP evidence from the same data engineers use every day',
        'Bringing an acquired AWS Organization under one security view',
      ],
      integrations: [
        'AWS Organizations',
        'AWS Config',
        'AWS Security Hub',
        'Amazon S3',
        'Splunk',
        'Microsoft Sentinel',
      ],
      realWorldExample: {
        scenario:
          'A payments company running 100+ AWS accounts across two AWS Organizations after an acquisition, ahead of its PCI-DSS assessment.',
        challenge:
          'Each Organization has its own posture tool and naming scheme, and nobody can say with confidence which accounts and roles can reach the cardholder data environment.',
        outcome:
          'Kryon models both Organizations as one graph, shows every network route and role trust chain into the cardholder data environment, and generates the PCI-DSS scope and evidence from the same data.',
      },
    },
  },
  {
    id: 'sub-60s-intelligence',
    title: 'Sub-60-Second Threat Intelligence',
    subtitle: 'From signal to full context in under a minute',
    badge: 'Under 60 s',
    description:
      'Kryon enriches every CloudTrail event and GuardDuty finding with threat intelligence and graph context, and delivers the alert with the identity chain and reachable data in under 60 seconds.',
    icon: 'timer',
    colour: 'amber',
    gradientFrom: 'amber',
    gradientTo: 'rose',
    expandedContent: {
      overview:
        'The first hour of an incident is usually spent on questions the alert should have answered: which account is this, what can this role reach, is this IP known? Kryon answers them before the alert is sent. It processes CloudTrail events, GuardDuty findings and VPC Flow Logs as they stream in, enriches them with threat intelligence, places the activity on the graph and delivers an alert to chat or SIEM that already contains the identity chain, the data within reach and a suggested containment step.',
      keyMetrics: [
        { label: 'Signal to enriched alert', value: 'Under 60 seconds' },
        { label: 'Events processed', value: '100K+ per second' },
        { label: 'API calls analyzed', value: '10M+ per minute' },
        { label: 'Faster threat detection', value: '75%' },
      ],
      keyCapabilities: [
        'Streaming analysis of CloudTrail management and data events, GuardDuty findings and VPC Flow Logs',
        'Threat intelligence enrichment of IP addresses, domains and known attacker tooling',
        'Graph context on every alert: the identity chain, reachable data and vulnerable workloads on the path',
        'Detection of credential misuse, such as access keys used from unfamiliar networks',
        'Alert delivery to Slack, Microsoft Teams, Splunk and Microsoft Sentinel with a suggested containment step',
      ],
      businessBenefits: [
        'Responders start from context, not from raw log lines',
        'Containment decisions take minutes instead of hours of manual correlation',
        'Fewer night-time pages for activity that leads nowhere',
        'The SIEM you already run receives richer, path-aware events',
      ],
      technicalSpecs: [
        { label: 'Latency', value: 'Under 60 seconds from event to enriched alert' },
        { label: 'Throughput', value: '100K+ events per second' },
        {
          label: 'Signal sources',
          value: 'AWS CloudTrail, Amazon GuardDuty, VPC Flow Logs, AWS Security Hub',
        },
        {
          label: 'Alert outputs',
          value: 'Slack, Microsoft Teams, Splunk HEC, Microsoft Sentinel, webhooks',
        },
      ],
      useCases: [
        'Responding to an access key leaked in a public repository',
        'Detecting CloudTrail tampering and logging changes in any account',
        'Escalating GuardDuty findings on identities that can reach sensitive data',
        'Enriching SOC workflows with cloud context without building it in the SIEM',
      ],
      integrations: [
        'AWS CloudTrail',
        'Amazon GuardDuty',
        'Slack',
        'Microsoft Teams',
        'Splunk',
        'Microsoft Sentinel',
      ],
      realWorldExample: {
        scenario:
          'An online gaming company running 20 AWS accounts, whose CI user access key is accidentally pushed to a public repository.',
        challenge:
          'Within minutes the key is used from an unfamiliar network. To the SIEM it looks like one more ListBuckets call among millions.',
        outcome:
          'Kryon matches the source against threat intelligence, sees that the CI user can assume a production role with read access to player data, and sends the full chain to Slack and Splunk in under a minute with the containment step: deactivate the key and revoke the role sessions.',
      },
    },
  },
];
