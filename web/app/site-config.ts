/**
 * Facts about the company that more than one page uses. Marketing changes them here, never
 * in components or page copy (docs/decisions/006-site-config.md).
 */
export const SITE = {
  name: 'Kryon',
  legalName: 'Kryon Security, Inc.',
  /** Canonical origin for absolute URLs (canonical links, Open Graph, sitemap). */
  origin: import.meta.env?.VITE_SITE_ORIGIN ?? 'https://kryon.security',
  /**
   * Where the forms send to: empty for the site's own `/api/*` (the default deployment), or
   * a separate API origin such as `https://api.kryon.security`, which `npm run deploy -- <env>`
   * sets from the environment file's `domain.apiName` (README, Deploy).
   */
  apiOrigin: import.meta.env?.VITE_API_ORIGIN ?? '',
  /**
   * The kinds of destination this deployment sends leads to besides e-mail (`slack`,
   * `webhook`): the privacy notice names them as recipients. `npm run deploy -- <env>` sets
   * VITE_LEAD_DESTINATIONS from the environment file's `leadEvents.destinations`.
   */
  leadDestinations: leadDestinationKinds(import.meta.env?.VITE_LEAD_DESTINATIONS),
  copyrightYear: 2025,
  founder: { name: 'Alex Morgan' },
  profiles: {
    linkedin: 'https://www.linkedin.com/company/kryon-security',
    x: 'https://x.com/kryonsecurity',
    github: 'https://github.com/kryon-security',
    youtube: 'https://www.youtube.com/@kryonsecurity',
  },
  departments: {
    sales: 'sales@kryon.security',
    support: 'support@kryon.security',
    partnerships: 'partners@kryon.security',
  },
  /**
   * Where security researchers report vulnerabilities: the Contact of /.well-known/security.txt
   * (RFC 9116). A mailbox of its own, so reports never queue behind sales mail.
   */
  securityContact: 'security@kryon.security',
} as const;

export type DepartmentId = keyof typeof SITE.departments;

export type LeadDestinationKind = 'slack' | 'webhook';

/** The kinds a comma-separated list names, each once, in a fixed order; others ignored. */
export function leadDestinationKinds(list: string | undefined): LeadDestinationKind[] {
  const named = new Set((list ?? '').split(',').map((kind) => kind.trim()));
  return (['slack', 'webhook'] as const).filter((kind) => named.has(kind));
}
