import { PATHS } from '../paths.ts';
import { SITE } from '../site-config.ts';

/** Copy of the header, footer and back-to-top button that wrap every route. */

export interface NavLinkItem {
  readonly label: string;
  readonly to: string;
}

export const headerCopy = {
  homeLabel: `${SITE.name} home`,
  navLabel: 'Main',
  links: [
    { label: 'Home', to: PATHS.home },
    { label: 'Features', to: PATHS.features },
    { label: 'What We Are', to: PATHS.company },
    { label: 'Security Intelligence', to: PATHS.intelligence },
    { label: 'Contact Us', to: PATHS.contact },
  ],
  cta: { label: 'Become a Partner', to: PATHS.requestAccess },
  menuOpenLabel: 'Open menu',
  menuCloseLabel: 'Close menu',
  skipLink: 'Skip to main content',
} as const;

export interface FooterColumn {
  readonly heading: string;
  readonly links: readonly NavLinkItem[];
}

/**
 * Links without a page of their own (Careers, Newsroom, Documentation, FAQs, Status Updates,
 * Terms of Use) lead home, as the product asks; Privacy Policy leads to the site's privacy
 * notice rather than the home page (docs/decisions/038-privacy-notice.md).
 */
export const footerCopy = {
  tagline:
    'Attack-path intelligence for AWS: see how an attacker would move, and close the path first.',
  columns: [
    {
      heading: 'Platform',
      links: [
        { label: 'Unified Cloud Security', to: PATHS.features },
        { label: 'Real-Time Attack Mapping', to: PATHS.features },
        { label: 'AI-Powered Remediation', to: PATHS.features },
        { label: 'Compliance Monitoring', to: PATHS.features },
      ],
    },
    {
      heading: 'Company',
      links: [
        { label: 'About', to: PATHS.company },
        { label: 'Careers', to: PATHS.home },
        { label: 'Newsroom', to: PATHS.home },
        { label: 'Partners', to: PATHS.becomePartner },
        { label: 'Contact Us', to: PATHS.contact },
      ],
    },
    {
      heading: 'Resources',
      links: [
        { label: 'Threat Intelligence', to: PATHS.intelligence },
        { label: 'Blog', to: PATHS.intelligence },
        { label: 'Case Studies', to: PATHS.intelligence },
        { label: 'Resource Center', to: PATHS.intelligence },
        { label: 'Documentation', to: PATHS.home },
      ],
    },
    {
      heading: 'Support',
      links: [
        { label: 'Help Center', to: PATHS.contact },
        { label: 'Request Demo', to: PATHS.contact },
        { label: 'FAQs', to: PATHS.home },
        { label: 'Status Updates', to: PATHS.home },
        { label: 'Login', to: PATHS.requestAccess },
      ],
    },
  ],
  legal: [
    { label: 'Privacy Policy', to: PATHS.privacy },
    { label: 'Terms of Use', to: PATHS.home },
  ],
  contactButton: { label: 'Contact us', to: PATHS.contact },
  social: [
    { label: `${SITE.name} on LinkedIn`, href: SITE.profiles.linkedin, icon: 'linkedin' },
    { label: `${SITE.name} on X`, href: SITE.profiles.x, icon: 'x' },
    { label: `${SITE.name} on GitHub`, href: SITE.profiles.github, icon: 'github' },
    { label: `${SITE.name} on YouTube`, href: SITE.profiles.youtube, icon: 'youtube' },
  ],
  socialLabel: 'Follow us',
  copyright: `© ${SITE.copyrightYear} ${SITE.legalName} All rights reserved.`,
  backToTop: 'Back to top',
} as const;

export type SocialIcon = (typeof footerCopy.social)[number]['icon'];
