/** The three expandable feature cards of the home page. */
import type { FeatureCard } from './marketing-types.ts';

export const featureCards: readonly FeatureCard[] = [
  {
    id: 'intelligence',
    title: 'Attack Path Intelligence',
    subtitle: 'See your AWS environment the way an attacker does',
    badge: '150+ AWS services',
    description:
      'Kryon connects misconfigurations, identities and vulnerabilities across 150+ AWS services into attack paths, mapped to MITRE ATT&CK and delivered in under 60 seconds.',
    icon: 'eye',
    colour: 'blue',
    gradientFrom: 'blue',
    gradientTo: 'indigo',
    expandedContent: {
      overview:
        'An attacker does not see a list of findings. They see a public endpoint, a role they can steal credentials from, a trust policy that lets that role hop into another account, and a bucket at the end. Kryon sees the same thing. It checks 150+ misconfiguration types, evaluates effective IAM permissions and imports vulnerabilities, then joins them into the attack paths that lead to your sensitive data, with every step labelled by its MITRE ATT&CK technique.',
      keyMetrics: [
        { label: 'AWS services covered', value: '150+' },
        { label: 'Misconfiguration types detected', value: '150+' },
        { label: 'Attacker paths mapped', value: 'Under 60 seconds' },
        { label: 'Privilege escalation paths identified', value: '95%' },
      ],
      keyCapabilities: [
        'Attack paths that combine misconfigurations, IAM permissions and CVEs in one chain',
        'Cross-account lateral movement through sts:AssumeRole, VPC peering and Transit Gateway',
        'MITRE ATT&CK technique labels on every step of every path',
        'Detection of privilege escalation techniques such as iam:PassRole abuse',
        'Crown-jewel tagging, so paths to your most sensitive data rank first',
      ],
      businessBenefits: [
        'Security decisions based on how an attack would actually unfold',
        'A shared language between cloud engineers, the SOC and red teams',
        'Reporting to leadership in terms of exposure of critical data',
      ],
      technicalSpecs: [
        { label: 'Coverage', value: '150+ AWS services, 150+ misconfiguration types' },
        { label: 'Path analysis', value: 'Under 60 seconds, across accounts and regions' },
        { label: 'Framework overlay', value: 'MITRE ATT&CK Cloud (IaaS) matrix' },
        { label: 'Accuracy', value: '99.9% resource and relationship mapping' },
      ],
      useCases: [
        'Answering "can the internet reach our customer data, and how?" with evidence',
        'Assessing the blast radius of a compromised role or access key',
        'Planning purple-team exercises on realistic AWS attack paths',
        'Prioritizing a cloud security roadmap by the paths it closes',
      ],
      integrations: [
        'AWS Security Hub',
        'Amazon Inspector',
        'IAM Access Analyzer',
        'AWS CloudTrail',
        'Jira',
        'Splunk',
      ],
      realWorldExample: {
        scenario:
          'An insurance company running 40 AWS accounts, with a red team that finds a new way into production in every annual exercise.',
        challenge:
          'Each exercise ends with a report of individual findings that are fixed one by one, and the next exercise finds a different route to the same claims database.',
        outcome:
          'Kryon maps every current path to the claims database, shows that most of them pass through two over-privileged roles and one peered VPC, and lets the team close entire classes of routes instead of the single one the red team happened to use.',
      },
    },
  },
  {
    id: 'noise-reduction',
    title: 'Noise Reduction',
    subtitle: 'From thousands of findings to the ones that matter',
    badge: '85% less noise',
    description:
      'Kryon deduplicates findings across accounts and scanners, scores each one by CVSS, IAM chaining and public exposure, and cuts alert noise by 85% so your team fixes real risk first.',
    icon: 'filter',
    colour: 'emerald',
    gradientFrom: 'emerald',
    gradientTo: 'teal',
    expandedContent: {
      overview:
        'Most findings in a large AWS environment are real, but not urgent: a misconfiguration on a resource nothing can reach, a CVE in an image that never runs, the same issue reported once per account and region. Kryon keeps them on record and out of the way. It collapses duplicates, checks each finding against the graph for reachability and identity scope, and routes only the issues that sit on a real attack path to your channels and ticket queues.',
      keyMetrics: [
        { label: 'Noise reduction', value: '85%' },
        { label: 'Fewer false positives', value: '80%' },
        { label: 'Faster threat detection', value: '75%' },
        { label: 'Analysis of each new finding', value: 'Under 60 seconds' },
      ],
      keyCapabilities: [
        'Deduplication of the same issue across accounts, regions, images and scanners',
        'Reachability and IAM scope checks on every finding before it becomes an alert',
        'Prioritization by CVSS, IAM chaining and public exposure',
        'Routing rules per team, account or severity to Slack, Microsoft Teams, Jira and your SIEM',
        'Suppression with an owner, a reason and an expiry date instead of silent mutes',
      ],
      businessBenefits: [
        'Fewer, better alerts that engineers act on instead of ignoring',
        'Analyst time spent on remediation rather than on triage',
        'Less alert fatigue and fewer pages outside working hours',
        'A backlog that shrinks because every ticket is worth fixing',
      ],
      technicalSpecs: [
        { label: 'Scoring inputs', value: 'CVSS, IAM chaining, public exposure' },
        {
          label: 'Finding sources',
          value: 'AWS Security Hub, Amazon GuardDuty, Amazon Inspector, Kryon modules',
        },
        {
          label: 'Alert destinations',
          value: 'Slack, Microsoft Teams, Jira, Splunk, Microsoft Sentinel',
        },
        { label: 'Suppression', value: 'Owner, reason and expiry recorded for every rule' },
      ],
      useCases: [
        'Cleaning up a Security Hub backlog that has outgrown the team',
        'Sending each platform team only the issues in the accounts it owns',
        'Forwarding high-fidelity, path-aware alerts to the SOC instead of raw findings',
        'Tracking risk acceptances with owners and expiry dates for auditors',
      ],
      integrations: [
        'AWS Security Hub',
        'Amazon GuardDuty',
        'Slack',
        'Microsoft Teams',
        'Jira',
        'Microsoft Sentinel',
      ],
      realWorldExample: {
        scenario:
          'A SaaS company running 20 AWS accounts, whose security channel receives hundreds of automated findings every day.',
        challenge:
          'Engineers muted the channel months ago, and a finding about an internet-facing admin panel with an over-privileged role scrolled past unread.',
        outcome:
          'Kryon collapses the duplicates, holds back findings that nothing can reach and posts a handful of path-backed issues a day. The admin panel arrives as one issue with its path and fix, and the team unmutes the channel.',
      },
    },
  },
  {
    id: 'deployment',
    title: 'Agentless Deployment',
    subtitle: 'Connected in 5 minutes, read-only from day one',
    badge: '5-minute setup',
    description:
      'One read-only IAM role per account, deployed with CloudFormation, is all Kryon needs. No agents on your hosts, no sidecars in your clusters, and 90% faster deployment than agent-based tools.',
    icon: 'rocket',
    colour: 'violet',
    gradientFrom: 'violet',
    gradientTo: 'rose',
    expandedContent: {
      overview:
        'Security tools that need agents on every host take months to roll out and leave gaps wherever the rollout stalls. Kryon reads your AWS environment through the AWS APIs with a read-only cross-account role and an external ID. Connecting a first account takes about 5 minutes; a CloudFormation StackSet brings an entire AWS Organization in under an hour, and accounts created later are covered automatically. Nothing runs on your workloads, and Kryon cannot change your environment.',
      keyMetrics: [
        { label: 'First account connected', value: '5 minutes' },
        { label: 'Whole AWS Organization', value: 'Under an hour' },
        { label: 'Faster deployment than agent-based tools', value: '90%' },
        { label: 'Initial mapping', value: '10,000+ resources in under 30 seconds' },
      ],
      keyCapabilities: [
        'Agentless, read-only access through a cross-account IAM role with an external ID',
        'One-click CloudFormation template for a single account, StackSets for an AWS Organization',
        'Automatic onboarding of new accounts as they join the Organization',
        'Coverage of EC2, containers and serverless alike, with nothing to install on any of them',
        'A permission set you can review line by line before you deploy it',
      ],
      businessBenefits: [
        'Value in the first hour instead of after a months-long rollout',
        'No performance impact on production workloads and no agents to patch',
        'Approval from change boards and platform teams without a long review',
        'No blind spots where an agent was never installed',
      ],
      technicalSpecs: [
        { label: 'Access model', value: 'Read-only cross-account IAM role with external ID' },
        {
          label: 'Deployment',
          value: 'CloudFormation template, StackSets for AWS Organizations, Terraform module',
        },
        { label: 'Agents', value: 'None: no host agents, sidecars or DaemonSets' },
        { label: 'Setup time', value: '5 minutes per account, under an hour per Organization' },
        { label: 'Assurance', value: 'SOC 2 Type II ready' },
      ],
      useCases: [
        'Security coverage for a fast-growing AWS Organization on day one',
        'Assessing a newly acquired company’s AWS accounts before integration',
        'Covering serverless and managed services where agents cannot run',
        'Proving least-privilege access to security reviewers before onboarding',
      ],
      integrations: [
        'AWS Organizations',
        'AWS CloudFormation',
        'AWS IAM',
        'AWS IAM Identity Center',
        'Terraform',
      ],
      realWorldExample: {
        scenario:
          'A media company running 100+ AWS accounts, whose platform team rejects any new agent on production hosts or Kubernetes clusters.',
        challenge:
          'Its last security tool rollout took two quarters and still covered only part of the fleet, and serverless workloads were never covered at all.',
        outcome:
          'The team reviews Kryon’s read-only role, deploys it to every account with one StackSet in under an hour and has its first attack paths mapped the same afternoon, with new accounts joining automatically.',
      },
    },
  },
];
