/** Copy of the article page and its error screens. */

export type ArticleErrorScreenKind =
  | 'not-found'
  | 'unavailable'
  | 'invalid-category'
  | 'invalid-url';

export const articlePageCopy = {
  breadcrumbs: {
    label: 'Breadcrumb',
    home: 'Home',
    intelligence: 'Security Intelligence',
  },
  glance: {
    heading: 'At a glance',
    severity: 'Severity',
    mitre: 'MITRE ATT&CK',
    audience: 'Audience',
    solution: 'Kryon modules',
    tags: 'Tags',
  },
  published: 'Published',
  toc: 'On this page',
  /** Read by screen readers after a link that opens in a new tab. */
  newTabHint: '(opens in a new tab)',
  adjacent: {
    label: 'More articles',
    previous: 'Previous:',
    next: 'Next:',
  },
  backToLibrary: 'Browse All Articles',
  errors: {
    eyebrow: 'Security Intelligence',
    browseAll: 'Browse All Articles',
    viewCategory: (category: string) => `View ${category} Articles`,
    retry: 'Retry',
    /** One screen per kind of article error, each with its title and its text. */
    screens: {
      'not-found': {
        title: 'Article Not Found',
        text: (slug: string, category: string) =>
          `The article "${slug}" could not be found in the ${category} category. It may have been moved, renamed or removed.`,
      },
      unavailable: {
        title: 'Content Unavailable',
        text: 'This article exists but its content is currently unavailable. Please check back later or contact support.',
      },
      'invalid-category': {
        title: 'Invalid Category',
        text: (category: string) =>
          `The category "${category}" is not recognized. Please check the URL and try again.`,
      },
      'invalid-url': {
        title: 'Invalid URL',
        text: 'The article URL is incomplete or malformed. Please check the link and try again.',
      },
    },
  },
} as const;
