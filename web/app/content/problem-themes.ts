/** The three problem themes of the home page. */
import type { ProblemTheme } from './marketing-types.ts';

export const problemThemes: readonly ProblemTheme[] = [
  {
    id: 'contextless',
    title: 'Alert Overload',
    subtitle: 'Thousands of findings, no context',
    badge: 'Alert fatigue',
    icon: 'bell-off',
    colour: 'amber',
    gradientFrom: 'amber',
    gradientTo: 'rose',
    description:
      'Every AWS service and scanner raises its own findings, each scored in isolation. Teams drown in medium-severity noise while the few findings that form a real attack path look exactly like the rest.',
    expandedContent: {
      overview:
        'AWS Security Hub, GuardDuty, Inspector, Config rules and third-party scanners all do their job: they report findings. What none of them do is tell you which findings connect. Severity comes from the rule, not from whether an attacker can reach the resource, so a public bucket holding marketing assets and a public bucket holding customer exports can carry the same label.',
      problems: [
        'Findings are scored by rule severity, not by reachability or blast radius',
        'The same issue is reported separately in every account and region',
        'Analysts triage by hand, copying context between consoles and spreadsheets',
        'Low and medium findings that chain into a critical path are filtered out',
      ],
      consequences: [
        'Alert fatigue: engineers stop opening security tickets',
        'Real attack paths stay open for weeks behind a backlog of noise',
        'Security teams spend their time triaging instead of fixing',
        'Leadership sees finding counts, not actual exposure',
      ],
      solution:
        'Kryon places every finding on one graph of your AWS environment and scores it by what it exposes: public reachability, IAM chaining to sensitive data and CVSS. Duplicates collapse into one issue, isolated findings drop down the list, and the handful that form a real attack path rise to the top with the fix that breaks them.',
      features: [
        'Graph-based correlation of findings from Security Hub, GuardDuty, Inspector and Kryon Core',
        'Risk scoring by CVSS, IAM chaining and public exposure',
        'Deduplication across accounts, regions and scanners',
        'Routing of prioritized issues to Jira, Slack and Microsoft Teams with full context',
      ],
      benefits: [
        'A short, defensible list of what to fix this week',
        'Engineers trust security tickets again because each one explains the risk',
        'Analyst hours go to remediation and threat hunting instead of triage',
      ],
      realWorldExample: {
        scenario:
          'An e-commerce company with 20 AWS accounts forwards every Security Hub finding to a shared Jira project.',
        impact:
          'The backlog grows faster than the team can read it, and an exposed admin API with an over-privileged role sits unnoticed among medium-severity tickets.',
        solution:
          'Kryon collapses duplicates, ranks the findings by reachability and IAM scope, and puts the exposed API and its role at the top of the list as one issue with one fix.',
      },
      keyStats: [
        { label: 'Noise reduction', value: '85%' },
        { label: 'Fewer false positives', value: '80%' },
        { label: 'Analysis of each new finding', value: 'Under 60 seconds' },
      ],
    },
  },
  {
    id: 'privilege',
    title: 'Hidden Privilege Paths',
    subtitle: 'Escalation routes no single policy reveals',
    badge: 'Identity risk',
    icon: 'route',
    colour: 'rose',
    gradientFrom: 'rose',
    gradientTo: 'violet',
    description:
      'Privilege escalation in AWS hides in combinations: a role that can pass another role, a trust policy that is a little too broad, a permission boundary that was never attached. Each piece looks harmless on its own.',
    expandedContent: {
      overview:
        'Effective permissions in AWS come from identity policies, resource policies, permission boundaries, session policies and SCPs evaluated together, and roles can assume other roles across accounts. Reviewing policies one at a time cannot reveal that a developer role can pass an administrator role to a new Lambda function, or that a vendor role trusts an entire external account.',
      problems: [
        'Toxic permission combinations such as iam:PassRole with lambda:CreateFunction or ec2:RunInstances',
        'Role trust chains that cross accounts through sts:AssumeRole hops',
        'Overly broad trust policies, including wildcard principals and missing external IDs',
        'Unused permissions that accumulate as teams and pipelines change',
      ],
      consequences: [
        'A single compromised developer credential can become administrator in production',
        'Attackers persist by adding credentials or roles (MITRE ATT&CK T1098)',
        'Access reviews approve policies nobody can fully evaluate',
        'Least-privilege programs stall because changes feel too risky to make',
      ],
      solution:
        'Kryon IAM computes effective permissions across every policy type, follows trust chains across accounts and flags the toxic combinations that enable escalation. Each path is shown end to end with the smallest policy change that closes it, as a reviewable diff for your infrastructure as code.',
      features: [
        'Effective permission evaluation including SCPs and permission boundaries',
        'Cross-account trust chain analysis',
        'Detection of known privilege escalation techniques',
        'Least-privilege recommendations from CloudTrail activity',
      ],
      benefits: [
        'Escalation paths closed before they are exploited',
        'Access reviews grounded in what identities can actually do',
        'Least-privilege changes engineers can ship with confidence',
      ],
      realWorldExample: {
        scenario:
          'A software company with 10 AWS accounts gives developers broad rights in a sandbox account to move fast.',
        impact:
          'A sandbox role can update the trust policy of a shared automation role that production trusts, which opens a three-hop path from sandbox to production administrator.',
        solution:
          'Kryon traces the chain, flags iam:UpdateAssumeRolePolicy as the escalation step and recommends an SCP and a scoped trust policy that close the path without slowing the sandbox down.',
      },
      keyStats: [
        { label: 'Privilege escalation paths identified', value: '95%' },
        { label: 'Identity chain analysis', value: 'Under 60 seconds' },
        { label: 'Accounts analyzed as one', value: '100+' },
      ],
    },
  },
  {
    id: 'disconnected',
    title: 'Fragmented Intelligence',
    subtitle: 'Posture, identity, vulnerabilities and threats in separate silos',
    badge: 'Tool sprawl',
    icon: 'puzzle',
    colour: 'indigo',
    gradientFrom: 'indigo',
    gradientTo: 'blue',
    description:
      'Posture lives in one tool, vulnerabilities in another, IAM in a third and threat detection in the SIEM. Attackers chain across all of them; your tools cannot.',
    expandedContent: {
      overview:
        'Most AWS security programs grew one tool at a time: a posture scanner for compliance, a vulnerability scanner for workloads, spreadsheets for IAM reviews and a SIEM for CloudTrail. Each holds part of the picture, none holds the connections, and responders rebuild the full story by hand during an incident.',
      problems: [
        'No shared inventory: every tool discovers and names resources differently',
        'Vulnerability data lacks IAM and network context',
        'Threat detections arrive without knowing what the identity can reach',
        'Compliance evidence is assembled manually from several consoles',
      ],
      consequences: [
        'Slow investigations while analysts correlate data by hand',
        'Attack paths that span tools go unseen until they are used',
        'Overlapping licenses and integrations to maintain',
        'Conflicting priorities between security, platform and compliance teams',
      ],
      solution:
        'Kryon builds one graph of your AWS environment that posture, identity, vulnerability and threat data all attach to. Every module reads from and writes to the same model, so a GuardDuty finding already knows the role involved, what that role can reach and which CVEs sit along the way.',
      features: [
        'A unified graph of 150+ AWS services across every account',
        'Findings from Security Hub, GuardDuty and Inspector in one model',
        'Bidirectional integrations with Jira, Slack, Splunk and Microsoft Sentinel',
        'Compliance mappings generated from the same data engineers use',
      ],
      benefits: [
        'Investigations start with the full picture',
        'One source of truth for security, platform and compliance teams',
        'Fewer consoles to check and fewer exports to reconcile',
      ],
      realWorldExample: {
        scenario:
          'A financial services firm with 100+ AWS accounts runs a posture tool, a container scanner and a SIEM, each owned by a different team.',
        impact:
          'During an incident, responders spend the first hours working out which account a suspicious role lives in and what it can access.',
        solution:
          'With Kryon, the alert arrives with the role, its trust chain, the reachable data stores and the vulnerable workloads on the path, so containment starts with the first message.',
      },
      keyStats: [
        { label: 'Faster threat detection', value: '75%' },
        { label: 'AWS services in one graph', value: '150+' },
        { label: 'Resources modeled', value: '1M+' },
      ],
    },
  },
];
