import type { Severity } from './library-types.ts';

/** Words on the generated share images and their alt text (scripts/share-images/). */
export const shareImageCopy = {
  siteAlt: 'Kryon: see every attack path in your AWS environment before an attacker does.',
  eyebrow: 'Security Intelligence',
  severity: (severity: Severity) => `${severity} severity`,
  articleCount: (count: number) => `${count} ${count === 1 ? 'article' : 'articles'}`,
  categoryLabel: 'Category',
  articleAlt: (title: string, category: string, severity: Severity) =>
    `${title}: a Kryon Security Intelligence article on ${category.toLowerCase()}, ${severity.toLowerCase()} severity.`,
  categoryAlt: (category: string, count: number) =>
    `${category}: ${count} Kryon Security Intelligence ${count === 1 ? 'article' : 'articles'}.`,
} as const;
