/** Copy of the home page; the cards come from their own modules. */
import type { HomePageCopy } from './marketing-types.ts';

export const homePageCopy: HomePageCopy = {
  meta: {
    title: 'Kryon | Attack Path Intelligence for AWS',
    description:
      'Kryon maps misconfigurations, IAM privilege paths and vulnerabilities across 150+ AWS services into attack paths in under 60 seconds. Agentless, read-only.',
  },
  hero: {
    tagline: 'See every attack path in your AWS environment before an attacker does.',
    text: 'Kryon connects misconfigurations, identities and vulnerabilities across 150+ AWS services into one graph, and shows you the attacker paths to your critical data in under 60 seconds. Agentless, read-only, running in 5 minutes.',
    cta: { label: 'Request Private Access', to: '/request-access' },
    subtext: 'Exclusive access for qualified security leaders',
  },
  advantage: {
    heading: 'Your tools report findings. Attackers follow paths.',
    text: 'A public endpoint, an instance role with one permission too many, a trust policy that reaches into production: each looks minor in its own console. Together they are how AWS environments are breached. Kryon models your accounts, identities, network routes and workloads as one graph, so you see the chain instead of the pieces, and fix the one link that breaks it.',
  },
  pillars: [
    {
      title: 'Complete AWS Coverage',
      text: '150+ AWS services and 150+ misconfiguration types across every account and region, with evidence mapped to SOC2, PCI and HIPAA.',
      icon: 'cloud',
    },
    {
      title: 'Attack Path Context',
      text: 'Every finding placed on a path from an entry point to your data, with each step mapped to MITRE ATT&CK.',
      icon: 'route',
    },
    {
      title: 'Identity-First Analysis',
      text: 'Effective permissions, role trust chains and toxic combinations resolved across accounts: 95% of privilege escalation paths identified.',
      icon: 'key',
    },
    {
      title: 'AI-Powered Prioritization',
      text: 'Findings ranked by CVSS, IAM chaining and public exposure, cutting alert noise by 85%.',
      icon: 'brain',
    },
    {
      title: 'Agentless by Design',
      text: 'Read-only access through one IAM role per account. Set up in 5 minutes, with nothing installed on your workloads.',
      icon: 'lock-keyhole',
    },
  ],
  productCta: { label: 'See Kryon in Action', to: '/features' },
  invisibleGaps: {
    heading: 'The invisible gaps between your security tools',
    text: 'Posture scanners, vulnerability scanners, IAM reviews and the SIEM each see part of your AWS environment. The breaches happen in between, where a low-severity misconfiguration meets an over-privileged role and an unpatched workload. Kryon closes those gaps by connecting every signal to the same graph.',
    points: [
      'Misconfigurations that are harmless alone but critical in combination',
      'Privilege escalation through iam:PassRole and cross-account role trust',
      'Critical CVEs on workloads that are exposed to the internet and hold powerful roles',
      'Lateral movement across accounts through VPC peering and Transit Gateway routes',
      'Threat detections that arrive without knowing what the identity can reach',
    ],
  },
  startSolvingCta: { label: 'Start solving', to: '/request-access' },
  sections: {
    modules: {
      eyebrow: 'The platform',
      heading: 'Five modules, one graph',
      intro:
        'Posture, attack paths, vulnerabilities, identity and threat detection share one model of your AWS environment, so every module sees what the others know.',
    },
    themes: {
      eyebrow: 'The problem',
      heading: 'Why AWS security teams fall behind',
      intro:
        'More findings, more accounts and more tools have not made cloud environments safer. Three problems keep real risk hidden.',
    },
    capabilities: {
      eyebrow: 'Capabilities',
      heading: 'Built for the speed of the cloud',
      intro:
        'Kryon maps 10,000+ resources in under 30 seconds, updates attack paths as your environment changes and enriches threats with context before they reach your team.',
    },
    featureCards: {
      eyebrow: 'Why Kryon',
      heading: 'Less noise, more signal, no agents',
      intro:
        'Attack path intelligence, 85% noise reduction and agentless deployment: what security leaders and engineers get from day one.',
    },
  },
  attackMappingQuote: {
    quote:
      'Attackers do not read your findings list. They look for a path: an exposed endpoint, a role they can borrow, a trust relationship nobody reviewed. We built Kryon so defenders can see that path first, in under 60 seconds, and break it with one change.',
    role: 'Founder & CEO',
    organization: 'Kryon',
  },
  closing: {
    heading: 'Close your attack paths before someone uses them',
    text: 'Kryon is available by invitation to security teams running AWS at scale. Connect your first account in 5 minutes with read-only access and see your real attack paths the same day.',
    cta: { label: 'Request Private Access', to: '/request-access' },
    questions: [
      {
        question: 'What access does Kryon need to my AWS accounts?',
        answer:
          'A read-only IAM role that you create from our CloudFormation template and can inspect line by line. Kryon reads configuration and metadata through AWS APIs; it installs no agents, never reads the contents of your S3 objects or databases, and cannot change anything in your accounts.',
      },
      {
        question: 'How long until we see our first attack paths?',
        answer:
          'Connecting the first account takes about 5 minutes. The first full graph of an account is usually ready within the hour, and after that every change is mapped in under 60 seconds from the CloudTrail event that caused it.',
      },
      {
        question: 'How is this different from the alerts we already get?',
        answer:
          'Posture tools list findings one at a time. Kryon joins misconfigurations, IAM privileges and vulnerabilities into the paths an attacker would actually chain, then ranks them by what they reach, so a team fixes the handful of choke points that close most of its exposure first.',
      },
      {
        question: 'Who is the private access programme for?',
        answer:
          'Security leaders running production workloads on AWS, typically across several accounts in an AWS Organization. Participants work directly with our founding team, shape the roadmap, and keep founding-customer terms after general availability.',
      },
    ],
  },
};
