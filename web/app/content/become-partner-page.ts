import type { partnerDefinition } from '@kryon/shared/forms/partner';
import { type FormFieldCopy, leadFormCommon } from './lead-form-copy.ts';
import type { IconCard, Step } from './lead-page-types.ts';

/** The partner page. */
export const becomePartnerPageCopy = {
  programs: {
    eyebrow: 'Partner programs',
    heading: 'Bring attack-path intelligence to the teams you serve',
    text: 'Whether you resell, run security operations for your customers or build the tools around them, Kryon gives you one graph of every AWS account you look after.',
    items: [
      {
        icon: 'briefcase',
        title: 'Resellers',
        text: 'Add agentless AWS attack-path analysis to your portfolio, with deal support from our sales engineers.',
      },
      {
        icon: 'shield-check',
        title: 'Managed security providers',
        text: 'Monitor many customer AWS organizations from one place and report exposure in terms boards understand.',
      },
      {
        icon: 'puzzle-small',
        title: 'Technology partners',
        text: 'Connect your SIEM, ticketing or cloud tooling to Kryon findings and attack paths through integrations.',
      },
      {
        icon: 'handshake-simple',
        title: 'Consulting and referral',
        text: 'Use Kryon in assessments and implementations, or introduce us to teams that need it.',
      },
    ] satisfies readonly IconCard[],
  },
  benefits: {
    heading: 'Why partner with Kryon',
    items: [
      'Technical enablement for your engineers',
      'Joint go-to-market with the Kryon team',
      'Early access to new modules and integrations',
      'A named partner manager',
    ],
  },
  form: {
    heading: 'Partner application',
    intro: 'Tell us about your company and the partnership you have in mind.',
    fields: {
      name: { label: 'Full name', placeholder: 'Jane Cooper', autoComplete: 'name' },
      email: { label: 'Work email', placeholder: 'jane@company.com', autoComplete: 'email' },
      company: { label: 'Company', placeholder: 'Company name', autoComplete: 'organization' },
      position: {
        label: 'Position',
        placeholder: 'Head of Alliances',
        autoComplete: 'organization-title',
      },
      phone: {
        label: 'Phone',
        placeholder: '+1 (555) 010-0199',
        autoComplete: 'tel',
        description: 'Include the country code if you are outside the US.',
      },
      companySize: { label: 'Company size', placeholder: leadFormCommon.selectPlaceholder },
      industry: { label: 'Industry', placeholder: leadFormCommon.selectPlaceholder },
      interests: {
        label: 'Partnership interests',
        description: 'Select every kind of partnership you are interested in.',
      },
      message: {
        label: 'About your company',
        placeholder:
          'Your customers, the services you offer today and what you would like to build with Kryon.',
      },
    } satisfies FormFieldCopy<typeof partnerDefinition>,
    submit: 'Submit Application',
    successTitle: 'Application Received',
    successIntro: 'Thank you for applying to the Kryon partner program.',
    errorTitle: 'Your application was not sent',
    explore: 'Explore Security Intelligence',
    home: 'Back to the home page',
  },
  next: {
    heading: 'What happens next',
    steps: [
      {
        title: 'Review within 2-3 business days',
        text: 'Our partnerships team reads every application.',
      },
      {
        title: 'Introductory call',
        text: 'We discuss your customers, your services and the right partner model.',
      },
      {
        title: 'Enablement',
        text: 'Your engineers get hands-on training and access to a partner environment.',
      },
    ] satisfies readonly Step[],
  },
  email: {
    text: 'Prefer e-mail? Write to our partnerships team at',
  },
} as const;
