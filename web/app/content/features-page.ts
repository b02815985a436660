/** Copy of the features page; the modules come from modules.ts. */
import type { FeaturesPageCopy } from './marketing-types.ts';

export const featuresPageCopy: FeaturesPageCopy = {
  meta: {
    title: 'Features | Kryon AWS Security Platform',
    description:
      'Posture, attack paths, vulnerability correlation, IAM analysis and threat detection for AWS in one graph. Compare Kryon with posture tools and CNAPPs.',
  },
  hero: {
    title: 'One platform for every layer of AWS security',
    text: 'Five modules share one graph of your AWS environment: posture and compliance, attack paths, risk-based vulnerability correlation, identity and entitlement analysis, and real-time threat signals. Agentless, read-only, and running across your AWS Organization in under an hour.',
    cta: { label: 'Explore Our Modules', targetId: 'modules' },
  },
  modulesSection: {
    id: 'modules',
    eyebrow: 'Modules',
    heading: 'The Kryon platform',
    intro:
      'Start with the modules you need. Each one reads from and writes to the same graph, so findings from one module carry the context of all the others.',
  },
  comparison: {
    heading: 'How Kryon compares',
    intro:
      'Posture tools check configurations one rule at a time. CNAPPs cover many clouds and workloads broadly. Kryon goes deep on AWS, connecting identity, network, vulnerability and threat data into attack paths.',
    caption:
      'Capability comparison of generic posture tools, cloud-native application protection platforms (CNAPPs) and Kryon. Each cell is rated supported, partial or not supported.',
    capabilityHeader: 'Capability',
    columns: [
      {
        id: 'posture',
        label: 'Generic posture tools',
        description:
          'Cloud security posture management (CSPM) scanners that check configurations against rules',
      },
      {
        id: 'cnapp',
        label: 'CNAPPs',
        description: 'Cloud-native application protection platforms',
      },
      {
        id: 'kryon',
        label: 'Kryon',
        description: 'The AWS attack path and security intelligence platform',
      },
    ],
    rows: [
      {
        capability: 'Real-time IAM path mapping',
        cells: {
          posture: { rating: 'not-supported', note: 'Policy-by-policy rule checks' },
          cnapp: { rating: 'partial', note: 'Periodic snapshots of identity risk' },
          kryon: { rating: 'supported', note: 'Cross-account trust chains in under 60 s' },
        },
      },
      {
        capability: 'MITRE ATT&CK overlay',
        cells: {
          posture: { rating: 'not-supported', note: 'Compliance frameworks only' },
          cnapp: { rating: 'partial', note: 'Tags on individual findings' },
          kryon: { rating: 'supported', note: 'Every step of every attack path' },
        },
      },
      {
        capability: 'Risk-based vulnerability correlation',
        cells: {
          posture: { rating: 'not-supported', note: 'No workload vulnerability data' },
          cnapp: { rating: 'partial', note: 'Exposure context, limited IAM scope' },
          kryon: { rating: 'supported', note: 'CVSS, IAM chaining and public exposure' },
        },
      },
      {
        capability: 'AI remediation',
        cells: {
          posture: { rating: 'partial', note: 'Static guidance per rule' },
          cnapp: { rating: 'partial', note: 'Generic fix suggestions' },
          kryon: { rating: 'supported', note: 'Path-aware fixes as reviewable code' },
        },
      },
      {
        capability: 'Multi-account graph',
        cells: {
          posture: { rating: 'partial', note: 'Multi-account inventory without relationships' },
          cnapp: { rating: 'partial', note: 'Limited cross-account relationships' },
          kryon: { rating: 'supported', note: 'One graph across 100+ accounts' },
        },
      },
    ],
    ratingLabels: {
      supported: 'Supported',
      partial: 'Partial',
      'not-supported': 'Not supported',
    },
  },
  builtForScale: {
    heading: 'Built for Scale',
    intro:
      'From a 10-account startup to an AWS Organization with 100+ accounts and 1M+ resources, Kryon is designed to meet enterprise security and procurement requirements.',
    items: [
      {
        title: 'SOC2 Type II Ready',
        text: 'Controls designed to the SOC 2 Type II trust services criteria, with documentation available to your security review.',
        icon: 'badge-check',
      },
      {
        title: 'Agentless Architecture',
        text: 'Read-only access through the AWS APIs. No agents on hosts, no sidecars in clusters and no impact on production performance.',
        icon: 'cloud',
      },
      {
        title: 'Secure by Default',
        text: 'Least-privilege, read-only cross-account roles with external IDs, and encryption in transit and at rest for all collected metadata.',
        icon: 'lock-keyhole',
      },
      {
        title: 'Multi-Account AWS Coverage',
        text: 'Every account and region of your AWS Organization in one graph, with new accounts onboarded automatically through StackSets.',
        icon: 'network',
      },
      {
        title: 'Fast Onboarding',
        text: 'Connect your first account in 5 minutes and your whole Organization in under an hour: 90% faster than agent-based deployments.',
        icon: 'rocket',
      },
      {
        title: 'Infrastructure-Agnostic',
        text: 'Works however your AWS is built: Terraform, CloudFormation, CDK or the console, across EC2, containers and serverless.',
        icon: 'layers',
      },
    ],
  },
};
