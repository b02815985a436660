/**
 * Copy of the category pages. The four categories the index's challenge
 * cards lead to have a dedicated page; any other category gets the generic page, and the
 * build logs a warning so a missing page is noticed.
 */
import type { ChallengeCategorySlug } from './intelligence-types.ts';

export interface CategoryPageCopy {
  eyebrow: string;
  title: string;
  text: string;
}

export const dedicatedCategoryPages: Readonly<Record<ChallengeCategorySlug, CategoryPageCopy>> = {
  'identity-risks': {
    eyebrow: 'Security Intelligence · Identity Risks',
    title: 'Identity is the AWS perimeter',
    text: 'Privilege escalation through iam:PassRole, trust policies that trust whole accounts, permission sets nobody reviews and access keys older than the teams using them. How each identity risk is exploited, how to find it in your own accounts and the policy changes that close it.',
  },
  'attack-paths': {
    eyebrow: 'Security Intelligence · Attack Paths',
    title: 'How single findings chain into breaches',
    text: 'An exposed instance, an IMDSv1 endpoint and an over-privileged role are three medium findings on their own and one route to administrator together. These walkthroughs follow real attack chains in AWS step by step, with the CloudTrail evidence each step leaves.',
  },
  'data-protection': {
    eyebrow: 'Security Intelligence · Data Protection',
    title: 'Keeping sensitive data inside your AWS organization',
    text: 'Public buckets, shared snapshots, KMS key policies that grant the whole account and copies to outside accounts: how data leaves AWS, how to detect it and how to build a data perimeter that stops it.',
  },
  compliance: {
    eyebrow: 'Security Intelligence · Compliance',
    title: 'Compliance evidence from live AWS configuration',
    text: 'CIS, SOC 2, PCI DSS and HIPAA controls mapped to the AWS APIs that prove them, so evidence is collected continuously and policies kept as code give auditors a change history.',
  },
};

export const genericCategoryPage = {
  eyebrow: 'Security Intelligence',
  text: (category: string, count: number) =>
    `${count} ${count === 1 ? 'article' : 'articles'} from the Kryon research team on ${category.toLowerCase()} in AWS: how each risk works, how to find it in your accounts and how to fix it.`,
} as const;

export const categoryPageCopy = {
  listLabel: (category: string) => `${category} articles`,
  otherCategories: 'Other categories',
  backToLibrary: 'Browse All Articles',
  metaTitle: (category: string) => `${category} - Security Intelligence`,
  metaDescription: (category: string, count: number) =>
    `${count} Kryon research articles on ${category.toLowerCase()} in AWS: how the risks work, how to find them and how to fix them.`,
} as const;
