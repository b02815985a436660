/**
 * The five Kryon modules. Home shows them as a row of 3 and a row
 * of 2, the features page lists all five, the demo page the four of `demoModuleIds`.
 */
import type { Module, ModuleId } from './marketing-types.ts';

export const modules: readonly Module[] = [
  {
    id: 'core',
    name: 'Kryon Core',
    title: 'Posture & Compliance',
    subtitle: 'Continuous posture management across every AWS account',
    description:
      'Assess 150+ AWS services against CIS, NIST and your own policies, on a schedule or on demand, and manage posture for your whole AWS Organization from one place.',
    features: [
      'CIS and NIST benchmarks built in',
      'Custom policies in YAML or the UI',
      'Scheduled scans and audit-ready exports',
    ],
    icon: 'shield-check',
    colour: 'blue',
    gradientFrom: 'blue',
    gradientTo: 'cyan',
    isBeta: false,
    expandedContent: {
      overview:
        'Kryon Core is the posture foundation of the platform. It discovers resources across every account and region in your AWS Organization, evaluates them against 150+ misconfiguration types mapped to CIS and NIST controls, and lets you add policies of your own in YAML or in the UI. Every finding lands on the Kryon graph, so a public S3 bucket is never just a compliance line item: you see what can reach it and what it exposes.',
      keyMetrics: [
        { label: 'AWS services assessed', value: '150+' },
        { label: 'Misconfiguration types detected', value: '150+' },
        { label: 'First account connected', value: '5 minutes' },
        { label: 'Accounts in one posture view', value: '100+' },
      ],
      keyCapabilities: [
        'CIS AWS Foundations Benchmark and NIST SP 800-53 / NIST CSF control mappings out of the box',
        'Custom policies written in YAML and versioned in Git, or built in the UI by analysts',
        'Scheduled and on-demand scans per account, organizational unit or region',
        'Exports to CSV, PDF and JSON, delivered to an S3 bucket you own for auditors',
        'Multi-account posture management with delegated views per team or business unit',
      ],
      businessBenefits: [
        'Audit preparation becomes an export, not a quarter-long spreadsheet project',
        'One posture baseline for every account, including the ones created last week',
        'Policy exceptions are documented, owned and time-boxed instead of silently ignored',
        'Engineers fix the misconfigurations that sit on real attack paths first',
      ],
      technicalSpecs: [
        { label: 'Access model', value: 'Agentless, read-only cross-account IAM role' },
        { label: 'Deployment', value: 'CloudFormation StackSets across AWS Organizations' },
        { label: 'Frameworks', value: 'CIS AWS Foundations, NIST SP 800-53, NIST CSF' },
        { label: 'Policy format', value: 'YAML policy-as-code or visual rule builder' },
        { label: 'Export formats', value: 'CSV, PDF, JSON to Amazon S3' },
      ],
      useCases: [
        'Continuous CIS benchmarking for a growing AWS Organization',
        'Evidence collection ahead of a NIST or SOC 2 audit',
        'Guardrail drift detection after a reorganization of OUs and SCPs',
        'Enforcing internal standards such as mandatory encryption and tagging',
      ],
      integrations: [
        'AWS Organizations',
        'AWS Config',
        'AWS Security Hub',
        'Amazon S3',
        'Jira',
        'Slack',
      ],
      realWorldExample: {
        scenario:
          'A fintech running 100+ AWS accounts across development, staging and production OUs, preparing for its next audit.',
        challenge:
          'Each team checks its own accounts with its own scripts, new accounts appear weekly, and the audit evidence lives in screenshots and spreadsheets.',
        outcome:
          'Kryon Core connects the whole Organization in under an hour, applies one CIS and NIST baseline to every account, new ones included, and produces scheduled exports the auditors accept as evidence.',
      },
    },
  },
  {
    id: 'graph',
    name: 'Kryon Graph',
    title: 'Attack Path Analysis',
    subtitle: 'Lateral movement, mapped the way attackers plan it',
    description:
      'Model every resource, identity and network route as one graph, trace attack paths and lateral movement end to end, and see each step against the MITRE ATT&CK framework.',
    features: [
      'Attacker paths mapped in under 60 seconds',
      'Lateral movement across accounts and VPCs',
      'MITRE ATT&CK overlay on every path',
    ],
    icon: 'graph',
    colour: 'violet',
    gradientFrom: 'violet',
    gradientTo: 'indigo',
    isBeta: false,
    expandedContent: {
      overview:
        'Kryon Graph connects what other tools report one by one: internet exposure, security groups, instance profiles, role trust policies, resource policies and data stores. It computes the routes an attacker could take from an entry point to your sensitive data, including hops across accounts through sts:AssumeRole, and labels every step with its MITRE ATT&CK technique so responders and red teams speak the same language.',
      keyMetrics: [
        { label: 'Attacker paths mapped', value: 'Under 60 seconds' },
        { label: 'Resources mapped', value: '10,000+ in under 30 seconds' },
        { label: 'Resources per graph', value: '1M+' },
        { label: 'Mapping accuracy', value: '99.9%' },
      ],
      keyCapabilities: [
        'Path discovery from internet-facing entry points to crown-jewel data stores',
        'Lateral movement through VPC peering, Transit Gateway routes and cross-account role trust',
        'MITRE ATT&CK overlay, from T1190 Exploit Public-Facing Application to T1530 Data from Cloud Storage',
        'Choke-point analysis that finds the single change breaking the most paths',
        'Graph queries for threat hunting and red-team planning',
      ],
      businessBenefits: [
        'Remediation effort goes to choke points instead of thousands of isolated findings',
        'Board and audit reporting in terms of exposure of critical data, not finding counts',
        'Red and blue teams share one map of what is actually reachable',
      ],
      technicalSpecs: [
        {
          label: 'Graph sources',
          value: 'AWS Config, IAM, EC2, VPC, S3, RDS, Lambda, EKS and 150+ services',
        },
        { label: 'Change detection', value: 'CloudTrail events via Amazon EventBridge' },
        { label: 'Framework overlay', value: 'MITRE ATT&CK Cloud (IaaS) matrix' },
        { label: 'Scope', value: 'Cross-account and cross-region, AWS Organizations aware' },
      ],
      useCases: [
        'Proving which production databases are reachable from the internet, and how',
        'Assessing the blast radius of a leaked access key before rotating it',
        'Planning purple-team exercises on realistic cloud attack paths',
        'Validating network segmentation after a VPC or Transit Gateway redesign',
      ],
      integrations: [
        'AWS CloudTrail',
        'Amazon EventBridge',
        'AWS Config',
        'AWS Security Hub',
        'Jira',
        'Splunk',
      ],
      realWorldExample: {
        scenario:
          'A SaaS provider with 20 AWS accounts exposes an API on an EC2 instance that still allows IMDSv1.',
        challenge:
          'Its scanner reports a medium-severity finding on the instance and a separate one on an overly broad instance role, and neither is treated as urgent.',
        outcome:
          'Kryon Graph joins the two into one path, from server-side request forgery to stolen instance credentials to the customer-data bucket, in under 60 seconds, maps each step to MITRE ATT&CK and points to the fix that breaks it: enforce IMDSv2 and scope the role.',
      },
    },
  },
  {
    id: 'vuln',
    name: 'Kryon Vuln',
    title: 'Risk-Based Vulnerability Correlation',
    subtitle: 'CVEs ranked by what an attacker can actually reach',
    description:
      'Import CVEs from the scanners you already run and correlate each one with public exposure and IAM scope, so the vulnerabilities that open a path to your data rise to the top.',
    features: [
      'Imports CVEs from Amazon Inspector and other scanners',
      'Correlates with exposure and IAM scope',
      'Prioritized by CVSS, IAM chaining and exposure',
    ],
    icon: 'bug',
    colour: 'amber',
    gradientFrom: 'amber',
    gradientTo: 'rose',
    isBeta: false,
    expandedContent: {
      overview:
        'Scanners tell you a workload is vulnerable. Kryon Vuln tells you whether it matters. It imports CVEs from Amazon Inspector, ECR image scanning and third-party scanner exports, places each one on the workload it affects, and scores it by CVSS, by public exposure and by what the workload identity could reach through IAM chaining. A critical CVE on an isolated batch job waits; a high CVE on an internet-facing container whose role can read production secrets does not.',
      keyMetrics: [
        { label: 'Vulnerability noise reduction', value: '85%' },
        { label: 'Fewer false positives', value: '80%' },
        { label: 'Correlation of new findings', value: 'Under 60 seconds' },
      ],
      keyCapabilities: [
        'CVE import from Amazon Inspector, ECR image scanning and SARIF or CycloneDX scanner exports',
        'Correlation of each CVE with internet exposure, security groups and load balancers',
        'IAM scope analysis: what the affected workload role can read, write or assume',
        'Risk score combining CVSS, IAM chaining and public exposure',
        'Deduplication of the same CVE across images, instances, functions and accounts',
      ],
      businessBenefits: [
        'Patch cycles spent on exploitable vulnerabilities instead of the longest list',
        'Clear, defensible reasoning for every risk acceptance and SLA exception',
        'Less friction between security and engineering over which tickets come first',
      ],
      technicalSpecs: [
        {
          label: 'Sources',
          value: 'Amazon Inspector, Amazon ECR scanning, SARIF and CycloneDX imports',
        },
        { label: 'Workloads', value: 'EC2, ECS, EKS, AWS Lambda, container images in ECR' },
        { label: 'Scoring inputs', value: 'CVSS, IAM chaining, public exposure' },
        { label: 'Ticketing', value: 'Jira issues with owner, path context and fix guidance' },
      ],
      useCases: [
        'Triage of a newly disclosed critical CVE across every account in one view',
        'Risk-based patch SLAs for production workloads',
        'Container image hygiene for internet-facing EKS services',
        'Evidence that unpatched CVEs are unreachable, for audit and risk acceptance',
      ],
      integrations: [
        'Amazon Inspector',
        'Amazon ECR',
        'AWS Security Hub',
        'Jira',
        'Microsoft Teams',
        'Splunk',
      ],
      realWorldExample: {
        scenario:
          'A healthcare platform with 10 AWS accounts learns of a Log4Shell-class remote code execution flaw (CVE-2021-44228) in a shared Java library.',
        challenge:
          'Amazon Inspector flags the library in dozens of images, and the team cannot patch everything at once without freezing releases.',
        outcome:
          'Kryon Vuln shows which affected services are internet-facing and which run under roles that can read patient-data buckets, so the team patches those first and schedules the rest with evidence that they are not reachable.',
      },
    },
  },
  {
    id: 'iam',
    name: 'Kryon IAM',
    title: 'Identity & Entitlement Analysis',
    subtitle: 'Roles, trust chains and toxic permissions, resolved end to end',
    description:
      'Analyze IAM roles, users, trust chains and effective permissions across accounts, flag toxic permission combinations and manage entitlements down to least privilege.',
    features: [
      'Identity chain analysis across accounts',
      'Toxic permission combinations detected',
      'Entitlement management to least privilege',
    ],
    icon: 'key',
    colour: 'emerald',
    gradientFrom: 'emerald',
    gradientTo: 'teal',
    isBeta: false,
    expandedContent: {
      overview:
        'In AWS, identity is the perimeter, and the dangerous permissions are rarely in one policy. Kryon IAM evaluates identity policies, resource policies, permission boundaries, session policies and SCPs together to compute effective permissions, follows role trust chains across accounts, and detects toxic combinations such as iam:PassRole with lambda:CreateFunction that let an identity escalate to administrator.',
      keyMetrics: [
        { label: 'Privilege escalation paths identified', value: '95%' },
        { label: 'Identity chain analysis', value: 'Under 60 seconds' },
        { label: 'Accounts analyzed together', value: '100+' },
      ],
      keyCapabilities: [
        'Effective permission evaluation across identity, resource and session policies, permission boundaries and SCPs',
        'Trust chain analysis through sts:AssumeRole hops, external IDs and federated principals',
        'Toxic combination detection, including iam:PassRole, iam:CreatePolicyVersion and iam:UpdateAssumeRolePolicy abuse',
        'Unused permission detection from CloudTrail activity and last-accessed data',
        'Least-privilege policy recommendations you can review and apply as code',
      ],
      businessBenefits: [
        'Privilege escalation paths closed before an attacker or an insider finds them',
        'Access reviews based on effective permissions, not on policy names',
        'Faster, safer least-privilege programs with changes engineers trust',
        'Clear ownership of cross-account trust, including third-party vendor roles',
      ],
      technicalSpecs: [
        {
          label: 'Policy types evaluated',
          value: 'Identity, resource, session, permission boundary, SCP',
        },
        {
          label: 'Identity sources',
          value: 'IAM users, roles, IAM Identity Center, SAML and OIDC',
        },
        { label: 'Activity data', value: 'AWS CloudTrail and IAM last-accessed information' },
        {
          label: 'Output',
          value: 'Least-privilege policy diffs as JSON, Terraform or CloudFormation',
        },
      ],
      useCases: [
        'Quarterly access reviews for IAM Identity Center permission sets',
        'Auditing third-party vendor roles and their external IDs',
        'Finding paths from developer sandboxes to production administrator',
        'Right-sizing CI/CD deployment roles to least privilege',
      ],
      integrations: [
        'AWS IAM',
        'AWS IAM Identity Center',
        'AWS Organizations',
        'IAM Access Analyzer',
        'AWS CloudTrail',
        'Jira',
      ],
      realWorldExample: {
        scenario:
          'A retailer with 20 AWS accounts gives its CI/CD pipeline a deployment role in each account.',
        challenge:
          'The deployment role can pass any role to Lambda, and a legacy administrator role trusts the pipeline account. No single policy looks dangerous on its own.',
        outcome:
          'Kryon IAM flags the toxic combination of iam:PassRole and lambda:CreateFunction, traces the trust chain to administrator in production and proposes a scoped policy and trust policy that keep deployments working.',
      },
    },
  },
  {
    id: 'defend',
    name: 'Kryon Defend',
    title: 'Threat Intelligence & Real-Time Signals',
    subtitle: 'Live detection in the context of your attack surface',
    description:
      'Stream CloudTrail, GuardDuty and other AWS signals into the Kryon graph, enrich them with threat intelligence and alert on activity that moves along a real attack path.',
    features: [
      'Real-time signals from CloudTrail and GuardDuty',
      'Threat intelligence enrichment',
      'Alerts to chat and SIEM tools',
    ],
    icon: 'radar',
    colour: 'rose',
    gradientFrom: 'rose',
    gradientTo: 'violet',
    isBeta: true,
    expandedContent: {
      overview:
        'Kryon Defend, now in private beta, turns the graph into a detection engine. It processes AWS CloudTrail management and data events, Amazon GuardDuty findings and VPC Flow Logs as they arrive, enriches them with threat intelligence, and asks one question of every signal: does this move someone closer to something that matters? Alerts arrive with the attack path, the identity chain and the suggested containment step already attached.',
      keyMetrics: [
        { label: 'Faster threat detection', value: '75%' },
        { label: 'Events processed', value: '100K+ per second' },
        { label: 'API calls analyzed', value: '10M+ per minute' },
        { label: 'Analysis per signal', value: 'Under 60 seconds' },
      ],
      keyCapabilities: [
        'Streaming analysis of CloudTrail, GuardDuty findings and VPC Flow Logs',
        'Threat intelligence enrichment of IP addresses, domains and known attacker tooling',
        'Detection of credential misuse, such as instance credentials used from outside AWS',
        'Path-aware alerting that escalates activity on routes to sensitive data',
        'Alert routing to Slack, Microsoft Teams, Splunk and Microsoft Sentinel',
      ],
      businessBenefits: [
        'Responders start from context instead of raw log lines',
        'Fewer pages at night for activity that leads nowhere',
        'One place where posture, identity and live activity meet',
      ],
      technicalSpecs: [
        {
          label: 'Signal sources',
          value: 'AWS CloudTrail, Amazon GuardDuty, VPC Flow Logs, AWS Security Hub',
        },
        { label: 'Delivery', value: 'Amazon EventBridge, organization trail in Amazon S3' },
        { label: 'Throughput', value: '100K+ events per second' },
        { label: 'Alert outputs', value: 'Slack, Microsoft Teams, Splunk HEC, Microsoft Sentinel' },
      ],
      useCases: [
        'Detecting the use of stolen instance credentials outside your network',
        'Spotting CloudTrail tampering (MITRE ATT&CK T1562.008) in any account',
        'Escalating GuardDuty findings on workloads that sit on a path to sensitive data',
        'Feeding enriched, path-aware alerts into an existing SOC workflow',
      ],
      integrations: [
        'AWS CloudTrail',
        'Amazon GuardDuty',
        'Amazon EventBridge',
        'Slack',
        'Microsoft Teams',
        'Splunk',
        'Microsoft Sentinel',
      ],
      realWorldExample: {
        scenario:
          'A media company with 100+ AWS accounts runs a small SOC that receives thousands of GuardDuty findings a month.',
        challenge:
          'A finding about unusual API calls from a developer role looks like dozens of benign ones, and the SIEM has no view of what that role can reach.',
        outcome:
          'Kryon Defend sees the role assume a second role with access to the production data lake, escalates the alert with the full path to Microsoft Sentinel and Slack, and suggests revoking the active sessions.',
      },
    },
  },
];

/** The demo page lists only these four modules. */
export const demoModuleIds: readonly ModuleId[] = ['core', 'graph', 'vuln', 'iam'];
