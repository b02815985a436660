import type { contactDefinition } from '@kryon/shared/forms/contact';
import type { DepartmentId } from '../site-config.ts';
import type { FormFieldCopy } from './lead-form-copy.ts';
import type { PageMeta } from './marketing-types.ts';

export interface DepartmentCopy {
  readonly id: DepartmentId;
  readonly name: string;
  readonly description: string;
  /** Prefilled in the visitor's mail client. */
  readonly mailSubject: string;
  readonly mailBody: string;
}

export const contactPageCopy = {
  meta: {
    title: 'Contact Kryon',
    description:
      'Talk to the Kryon team about AWS attack-path analysis, pricing, partnerships or a security question. We reply within 24 hours.',
  } satisfies PageMeta,
  hero: {
    eyebrow: 'Contact',
    title: 'Get in touch',
    text: 'Questions about securing your AWS estate, a demo for your team, or a partnership idea: tell us what you need and a security engineer will reply within 24 hours.',
  },
  form: {
    heading: 'Send us a message',
    intro: 'Fields marked * are required.',
    optional: '(optional)',
    fields: {
      name: { label: 'Full name', placeholder: 'Jane Cooper', autoComplete: 'name' },
      email: { label: 'Work email', placeholder: 'jane@company.com', autoComplete: 'email' },
      company: {
        label: 'Company',
        placeholder: 'Company name',
        autoComplete: 'organization',
      },
      phone: {
        label: 'Phone',
        placeholder: '+1 (555) 010-0199',
        autoComplete: 'tel',
        description: 'Include the country code if you are outside the US.',
      },
      subject: { label: 'Subject', placeholder: 'Choose a subject' },
      message: {
        label: 'Message',
        placeholder: 'Tell us about your AWS environment and what you would like to discuss.',
      },
    } satisfies FormFieldCopy<typeof contactDefinition>,
    honeypotLabel: 'Leave this field empty',
    submit: 'Send message',
    submitting: 'Sending…',
    successTitle: 'Message Sent Successfully!',
    sendAnother: 'Send another message',
    errorTitle: 'Your message was not sent',
  },
  departments: {
    heading: 'Contact by Department',
    intro: 'Prefer e-mail? Choose a team and your mail app opens a draft addressed to them.',
    promise: 'We reply within 24 hours on business days.',
    items: [
      {
        id: 'sales',
        name: 'Sales & Demos',
        description: 'Product demos, pricing and private access for your organization.',
        mailSubject: 'Kryon demo and pricing enquiry',
        mailBody:
          'Hello Kryon team,\n\nI would like to learn more about Kryon for our AWS environment.\n\nCompany:\nNumber of AWS accounts:\nBest time to talk:\n\nThank you,',
      },
      {
        id: 'support',
        name: 'Security Support',
        description: 'Technical support and implementation help for Kryon customers.',
        mailSubject: 'Kryon technical support request',
        mailBody:
          'Hello Kryon support,\n\nI need help with:\n\nAWS account or organization ID (if relevant):\nWhat I expected:\nWhat happened:\n\nThank you,',
      },
      {
        id: 'partnerships',
        name: 'Partnerships',
        description: 'Strategic partnerships, resellers and technology integrations.',
        mailSubject: 'Kryon partnership enquiry',
        mailBody:
          'Hello Kryon partnerships team,\n\nWe would like to discuss a partnership.\n\nCompany:\nPartnership type (reseller, MSSP, technology integration):\nWebsite:\n\nThank you,',
      },
    ] satisfies readonly DepartmentCopy[],
  },
} as const;
