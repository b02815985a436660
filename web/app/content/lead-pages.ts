import type { PageMeta } from './marketing-types.ts';

/**
 * The request-access, partner and demo pages' head and hero. The rest of each page's copy is
 * in request-access-page.ts, become-partner-page.ts and demo-page.ts.
 */
interface LeadPageIntro {
  readonly meta: PageMeta;
  readonly hero: { readonly eyebrow: string; readonly title: string; readonly text: string };
}

export const requestAccessIntro: LeadPageIntro = {
  meta: {
    title: 'Invitation Request',
    description:
      'Apply for the Kryon private beta: 25 enterprise security teams, priority for estates of 50+ AWS accounts, every request reviewed within 2-5 business days.',
  },
  hero: {
    eyebrow: 'Private beta',
    title: 'Invitation Request',
    text: 'Kryon is opening its private beta to 25 enterprise security teams. Tell us about your AWS environment and we will review your request within 2-5 business days.',
  },
};

export const becomePartnerIntro: LeadPageIntro = {
  meta: {
    title: 'Become a Partner',
    description:
      'Partner with Kryon: resellers, MSSPs and technology partners bringing attack-path intelligence for AWS to their customers. We reply within 2-3 business days.',
  },
  hero: {
    eyebrow: 'Partners',
    title: 'Become a Kryon Partner',
    text: 'Resellers, managed security providers and technology partners: bring attack-path intelligence for AWS to the teams you serve. We review every application within 2-3 business days.',
  },
};

export const demoIntro: LeadPageIntro = {
  meta: {
    title: 'Request a Demo',
    description:
      'See Kryon in action: a 15-minute executive overview, a 45-minute technical deep dive or a 90-minute hands-on workshop in your own AWS environment.',
  },
  hero: {
    eyebrow: 'Demo',
    title: 'See Kryon in Action',
    text: 'Choose the platform demonstration that fits your team: from a 15-minute executive overview to a 90-minute hands-on workshop in your own AWS environment.',
  },
};
