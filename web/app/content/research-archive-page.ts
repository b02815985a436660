/**
 * Copy of /research-archive, less its list (research-library-copy.ts) and download dialog
 * (research-download-copy.ts): each is a module of its own, so the page's script carries
 * only the words it shows.
 */
import type { ResearchArchivePageCopy } from './intelligence-types.ts';

export const researchArchivePageCopy: ResearchArchivePageCopy = {
  meta: {
    title: 'Research Archive | Kryon',
    description:
      'Quarterly reports, technical papers, case studies and white papers on AWS security from the Kryon research team, with methodology and sources.',
  },
  hero: {
    eyebrow: 'Research Archive',
    title: 'Original AWS security research from the Kryon team',
    text: 'Measured, reproducible research on how AWS environments are exposed and attacked: privilege escalation, attack paths, vulnerability exposure, data protection and compliance. Every publication states its data, method and sources.',
  },
  metrics: {
    heading: 'The archive at a glance',
    totalItemsLabel: 'Research publications',
    totalDownloadsLabel: 'Downloads',
    totalCitationsLabel: 'Citations',
    criticalLabel: 'Critical-impact studies',
    byTypeLabel: 'Publications by type',
    recentLabel: 'Published in the last 3 months',
    topTagsLabel: 'Top research topics',
    domains: '6 Domains',
    domainsCaption: 'of AWS security research, from identity and infrastructure to compliance',
  },
  subscribe: {
    heading: 'Get new research as it is published',
    text: 'Monthly findings, quarterly reports and new technical papers, sent to your security team when they are released. Tell us what you work on and we will send the research that matters to you.',
    label: 'Subscribe to Research Updates',
    href: '/contact',
  },
  intelligenceLink: {
    heading: 'Looking for practical remediation guides?',
    text: 'The security intelligence library turns this research into step-by-step articles on specific AWS misconfigurations and attack techniques, with CLI and policy examples.',
    label: 'Explore Security Intelligence',
    href: '/security-intelligence',
  },
  methodology: {
    heading: 'How we research',
    intro:
      'Every figure in the archive can be traced to a dataset, a time window and a method. These principles apply to every publication.',
    points: [
      {
        title: 'Opt-in, anonymized data',
        text: 'Prevalence figures come only from environments whose owners opted into research telemetry. Results are aggregated and reported as shares of accounts or organizations, never per customer.',
      },
      {
        title: 'Reproduced in lab accounts',
        text: 'Attack chains are rebuilt end to end in isolated AWS accounts with CloudTrail, VPC Flow Logs and GuardDuty enabled, so every step is documented with the evidence it leaves.',
      },
      {
        title: 'Mapped to public frameworks',
        text: 'Techniques are mapped to MITRE ATT&CK, vulnerabilities to the CISA Known Exploited Vulnerabilities catalog, and controls to CIS, SOC 2 and PCI DSS, so findings fit the language your team already uses.',
      },
      {
        title: 'Reviewed before publication',
        text: 'Each publication is reviewed by a second researcher who reruns the analysis, and case studies are approved by the customer involved before release.',
      },
    ],
  },
  closingBanner: {
    heading: 'See these findings in your own AWS accounts',
    text: 'Kryon maps the same attack paths, identity chains and exposures described in this research across every account in your organization, read-only and agentless.',
    primary: { label: 'Request Private Access', href: '/request-access' },
    secondary: { label: 'Schedule a Demo', href: '/demo' },
  },
};
