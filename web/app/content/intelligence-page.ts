/** Copy of /security-intelligence. */
import type { IntelligencePageCopy } from './intelligence-types.ts';

// The hero's call to action scrolls to this element, so both must use the same id.
const FEATURED_SECTION_ID = 'featured-analysis';

/**
 * The article list's own words, apart from the page's: the list is an island, and its code
 * then carries these lines rather than the whole page's copy.
 */
export const articleLibraryCopy = {
  featured: {
    heading: 'Featured Security Analysis',
    intro:
      'In-depth articles from the Kryon research team. Search by service, technique or Kryon module, or narrow the list by category and severity.',
    sectionId: FEATURED_SECTION_ID,
    searchLabel: 'Search articles',
    searchPlaceholder: 'Search by title, topic, tag or Kryon module',
    categoryLabel: 'Category',
    allCategoriesLabel: 'All categories',
    severityLabel: 'Severity',
    clearFiltersLabel: 'Clear all filters',
    newBadge: 'NEW',
    readArticleLabel: 'Read analysis',
    countLine: (shown, total) =>
      `Showing ${shown} of ${total} ${total === 1 ? 'article' : 'articles'}`,
    showMoreLabel: (hidden) => `Show ${hidden} more ${hidden === 1 ? 'article' : 'articles'}`,
    showLessLabel: 'Show fewer articles',
  },
  emptyState: {
    text: 'No articles found matching your filters.',
    clearLabel: 'Clear all filters',
  },
} satisfies Pick<IntelligencePageCopy, 'featured' | 'emptyState'>;

export const intelligencePageCopy: IntelligencePageCopy = {
  meta: {
    title: 'Security Intelligence | Kryon',
    description:
      'AWS security research from Kryon: misconfigurations, IAM privilege escalation, attack paths, vulnerability prioritization and compliance, with the fixes.',
  },
  hero: {
    eyebrow: 'Security Intelligence',
    title: 'AWS attack research you can act on',
    text: 'Analysis of how AWS environments are actually attacked: the misconfigurations, identity chains and exposed workloads behind real breaches, each with the AWS CLI commands, policies and guardrails that close them.',
    ctaLabel: 'Explore Featured Analysis',
    ctaTargetId: FEATURED_SECTION_ID,
  },
  featured: articleLibraryCopy.featured,
  emptyState: articleLibraryCopy.emptyState,
  challenges: {
    heading: 'The challenges behind most AWS breaches',
    intro:
      'Four problem areas account for most of the attack paths we find in AWS organizations. Each has its own collection of research and remediation guides.',
    cards: [
      {
        title: 'Identity Risks',
        text: 'Roles that can pass more powerful roles, trust policies that trust whole accounts, access keys nobody has rotated in years. In AWS, identity is the perimeter, and it is usually wider than anyone intended.',
        categorySlug: 'identity-risks',
        linkLabel: 'Explore identity risks',
      },
      {
        title: 'Attack Paths',
        text: 'Single findings rarely breach an account; chains do. Follow how an exposed instance, an IMDSv1 endpoint and an over-privileged role combine into a route from the internet to administrator.',
        categorySlug: 'attack-paths',
        linkLabel: 'Explore attack paths',
      },
      {
        title: 'Data Protection',
        text: 'Public buckets, shared snapshots, KMS key policies that grant the whole account, and S3 copies to outside accounts: how sensitive data leaves AWS and how to keep it inside a data perimeter.',
        categorySlug: 'data-protection',
        linkLabel: 'Explore data protection',
      },
      {
        title: 'Compliance',
        text: 'CIS, SOC 2, PCI DSS and HIPAA controls mapped to live AWS configuration, so evidence is collected continuously instead of assembled from screenshots before every audit.',
        categorySlug: 'compliance',
        linkLabel: 'Explore compliance',
      },
    ],
  },
  attackScenarios: {
    heading: 'Attack Scenario Walkthroughs',
    intro:
      'Three attack chains reconstructed step by step, with the AWS API calls an attacker makes, the MITRE ATT&CK technique each one maps to and the Kryon modules that detect or break it.',
    techniqueLabel: 'MITRE ATT&CK technique',
    stepsLabel: 'Attack steps',
    impactLabel: 'Impact',
    detectedByLabel: 'Detected by',
    riskScoreLabel: 'Risk score',
  },
  solutionMapping: {
    heading: 'From challenge to control',
    intro:
      'Each research area maps to a Kryon module that finds the problem in your own AWS accounts and tells you how to fix it.',
    howLabel: 'How it works',
    outcomeLabel: 'Outcome',
    mappings: [
      {
        challenge: 'Misconfigurations spread across dozens of accounts and regions',
        module: 'Kryon Core',
        how: 'Agentless, read-only scans check 150+ AWS services against CIS and NIST controls and your own YAML policies, on a schedule, in every account of the organization.',
        outcome:
          'One posture view for the whole organization, with audit-ready exports instead of a spreadsheet per account.',
      },
      {
        challenge: 'No one can say which exposed resource leads to sensitive data',
        module: 'Kryon Graph',
        how: 'Builds one graph of network reachability, IAM relationships and data stores, and overlays the MITRE ATT&CK technique on every step of every path it finds.',
        outcome: 'Attacker paths mapped in under 60 seconds and ranked by what they reach.',
      },
      {
        challenge: 'Thousands of CVEs and no way to know which ones matter',
        module: 'Kryon Vuln',
        how: 'Imports findings from Amazon Inspector and third-party scanners and scores each one by CVSS, public exposure and the IAM scope of the affected workload.',
        outcome:
          'A short remediation list led by vulnerabilities that are exploitable, reachable and attached to powerful roles.',
      },
      {
        challenge: 'Roles and trust chains too tangled to review by hand',
        module: 'Kryon IAM',
        how: 'Computes effective permissions across identity policies, permissions boundaries and SCPs, follows sts:AssumeRole chains across accounts and flags toxic combinations such as iam:PassRole with lambda:CreateFunction.',
        outcome:
          '95% of privilege escalation paths identified before an attacker can use them, each with the policy change that closes it.',
      },
      {
        challenge: 'Threat signals arrive without context',
        module: 'Kryon Defend',
        how: 'Correlates CloudTrail events and GuardDuty findings with threat intelligence in real time and places each signal on the attack graph, then sends it to chat and SIEM tools. Currently in beta.',
        outcome:
          '75% faster threat detection, with every alert showing the attack path it belongs to.',
      },
    ],
  },
  monthlyFindings: {
    heading: 'Monthly Research Findings',
    intro:
      'Every month the Kryon research team measures one risk across environments that share anonymized telemetry with us. These are the latest three results.',
    impactLabel: 'Impact',
    categoryLabel: 'Category',
  },
  researchArchive: {
    heading: 'Go deeper in the research archive',
    text: 'Quarterly reports, technical papers, case studies and white papers with full methodology, sources and key findings, free to download.',
    label: 'Browse the Research Archive',
    href: '/research-archive',
  },
  resources: {
    heading: 'Put the research to work',
    intro: 'Everything your team needs to turn findings into fixes.',
    tiles: [
      {
        id: 'playbooks',
        title: 'Remediation Playbooks',
        text: 'Step-by-step fixes for the most common AWS attack paths, with AWS CLI commands, IAM and SCP examples, and what to check before you roll them out.',
        buttonLabel: 'Browse Playbooks',
        href: '/',
      },
      {
        id: 'integrations',
        title: 'Integrations',
        text: 'Send prioritized findings with their full context to Jira, Slack, Microsoft Teams and your SIEM, and pull in results from the scanners you already run.',
        buttonLabel: 'View Integrations',
        href: '/',
      },
      {
        id: 'api-docs',
        title: 'API Documentation',
        text: 'Query attack paths, findings and compliance results programmatically, and build Kryon data into your own pipelines and dashboards.',
        buttonLabel: 'Read the API Docs',
        href: '/',
      },
    ],
  },
  timeline: {
    heading: 'Anatomy of an AWS breach, minute by minute',
    intro:
      'The first attack scenario as it unfolds in CloudTrail. Every step below was visible as a path in Kryon Graph before the first request was sent.',
    items: [
      {
        time: '00:00',
        title: 'SSRF request reaches IMDSv1',
        text: "A crafted URL makes the web tier fetch http://169.254.169.254/latest/meta-data/iam/security-credentials/ and return the instance role's temporary credentials.",
      },
      {
        time: '00:03',
        title: 'Credentials used from outside AWS',
        text: "sts:GetCallerIdentity arrives from an unfamiliar IP address: the first CloudTrail event of the attacker's session, and the moment Kryon Defend flags instance credentials used off the instance.",
      },
      {
        time: '00:07',
        title: 'Permissions enumerated',
        text: 'iam:ListAttachedRolePolicies, iam:GetPolicyVersion and iam:ListRoles reveal iam:PassRole on "*" and a Lambda deployment role with AdministratorAccess.',
      },
      {
        time: '00:12',
        title: 'Privilege escalation',
        text: 'lambda:CreateFunction passes the administrator role to a new function; one invocation later the attacker acts as an account administrator.',
      },
      {
        time: '00:15',
        title: 'Persistence',
        text: 'iam:CreateUser, iam:AttachUserPolicy and iam:CreateAccessKey create long-lived administrator keys that survive the stolen session.',
      },
      {
        time: '00:19',
        title: 'Defense evasion',
        text: 'cloudtrail:StopLogging on the account trail. Without an organization trail and an alert on that call, the rest of the intrusion goes unrecorded.',
      },
    ],
  },
};
