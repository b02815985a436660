/**
 * The research items a download request may name. The research archive's content carries
 * the full items; this catalogue is what the download form and the download Lambda need:
 * which ids exist and how the e-mail names them. A report is never a public file: it is
 * handed out through the visitor's personal link (docs/decisions/031), not at the
 * `/downloads/{id}.pdf` fallback path the item once had.
 */
export interface ResearchDownload<Id extends string = string> {
  readonly id: Id;
  readonly title: string;
}

const ITEMS = [
  {
    id: 'q3-2026-privilege-escalation-report',
    title: 'Q3 2026 Privilege Escalation Report: How AWS Identities Reach Administrator',
  },
  {
    id: 'lambda-function-url-exposure-november-2026',
    title: 'Monthly Finding, November 2026: Lambda Function URLs Open to the Internet',
  },
  {
    id: 'admin-ports-exposure-october-2026',
    title: 'Monthly Finding, October 2026: SSH, RDP and Database Ports Open to 0.0.0.0/0',
  },
  {
    id: 'imdsv1-ssrf-to-account-admin',
    title: 'From SSRF to Account Admin: Instance Metadata Credential Theft in Practice',
  },
  {
    id: 'kev-exposure-prioritization',
    title:
      'Beyond CVSS: Prioritizing Known Exploited Vulnerabilities by Exposure and Identity Reach',
  },
  {
    id: 'payments-cross-account-exfiltration-case-study',
    title: 'Case Study: Breaking a Cross-Account Exfiltration Path at a Payments Provider',
  },
  {
    id: 'continuous-compliance-evidence-aws',
    title:
      'Continuous Compliance Evidence on AWS: Mapping CIS, SOC 2 and PCI DSS v4.0.1 to Live Configuration',
  },
] as const satisfies readonly ResearchDownload[];

export type ResearchDownloadId = (typeof ITEMS)[number]['id'];

export const RESEARCH_DOWNLOADS: readonly ResearchDownload<ResearchDownloadId>[] = ITEMS;

/** The ids as a non-empty tuple, the shape z.enum wants. */
export const RESEARCH_DOWNLOAD_IDS = ITEMS.map((item) => item.id) as unknown as [
  ResearchDownloadId,
  ...ResearchDownloadId[],
];

export function findResearchDownload(id: string): ResearchDownload<ResearchDownloadId> | undefined {
  return RESEARCH_DOWNLOADS.find((item) => item.id === id);
}
