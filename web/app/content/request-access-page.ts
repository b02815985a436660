import { BETA_CONSENT_LABEL, type betaAccessDefinition } from '@kryon/shared/forms/beta-access';
import type { FormFieldCopy } from './lead-form-copy.ts';
import type { Figure, IconCard, Step } from './lead-page-types.ts';
import { qualificationFieldCopy, requesterFieldCopy } from './qualification-field-copy.ts';

/** The private beta page below its hero. */
export const requestAccessPageCopy = {
  figures: [
    { value: '25', label: 'Beta spots' },
    { value: '2-5 days', label: 'Review' },
    { value: '50+', label: 'AWS accounts preferred' },
  ] satisfies readonly Figure[],
  figuresLabel: 'Private beta at a glance',
  features: {
    eyebrow: 'What beta teams get',
    heading: 'Early access, shaped with you',
    text: 'Beta teams run the full platform on their own AWS organization and work directly with the engineers who build it.',
    items: [
      {
        icon: 'layers',
        title: 'The full platform',
        text: 'Core, Graph, Vuln and IAM, plus early access to Defend while it is still in beta.',
      },
      {
        icon: 'graph',
        title: 'Attack paths in under 60 seconds',
        text: 'See how an attacker would move from an exposed resource to your data, mapped to MITRE ATT&CK.',
      },
      {
        icon: 'key',
        title: 'Identity chain analysis',
        text: 'Roles, trust chains and toxic permission combinations across every account you connect.',
      },
      {
        icon: 'cloud',
        title: 'Agentless, read-only onboarding',
        text: 'Connect your first account in about 5 minutes with a read-only role; no agents, no sidecars.',
      },
      {
        icon: 'message',
        title: 'A direct line to engineering',
        text: 'A shared channel with the Kryon team and a named engineer for onboarding and questions.',
      },
      {
        icon: 'compass',
        title: 'Influence on the roadmap',
        text: 'Your findings and feedback decide what ships next, from integrations to new detections.',
      },
    ] satisfies readonly IconCard[],
  },
  form: {
    heading: 'Apply for the private beta',
    intro:
      'Tell us about your team and your AWS environment. Every request is reviewed by hand within 2-5 business days.',
    sections: {
      contact: 'Contact Information',
      environment: 'Environment Details',
      qualification: 'Qualification Questions',
      agreement: 'Program Agreement',
      additional: 'Additional Information',
    },
    additionalHint:
      'All required fields are filled in. Add anything else that would help us review your request.',
    progress: (done: number, total: number) => `${done}/${total} completed`,
    sectionStatus: { complete: 'Complete', inProgress: 'In Progress', optional: 'Optional' },
    fieldStates: { validating: 'Checking…', valid: 'Valid', invalid: 'Invalid' },
    consentLabel: BETA_CONSENT_LABEL,
    fields: {
      ...requesterFieldCopy,
      ...qualificationFieldCopy,
      consentProcessing: { label: BETA_CONSENT_LABEL },
    } satisfies FormFieldCopy<typeof betaAccessDefinition>,
    submit: 'Submit Request',
    errorTitle: 'Your request was not sent',
  },
  criteria: {
    heading: 'Selection criteria',
    intro: 'With 25 spots, we prioritise teams where Kryon can make the biggest difference:',
    items: [
      '50+ AWS accounts preferred, in AWS Organizations',
      'A security or platform team that owns AWS posture',
      'A clear security challenge you want to solve this year',
      'Time to share feedback with our engineers every two weeks',
    ],
    note: 'Smaller environments are welcome to apply: a clear use case counts as much as size.',
  },
  next: {
    heading: 'What happens next',
    steps: [
      {
        title: 'Review within 2-5 business days',
        text: 'Our team reads every request and may ask a follow-up question.',
      },
      {
        title: 'Invitation and kickoff call',
        text: 'Selected teams receive an invitation and a kickoff call with an engineer.',
      },
      {
        title: 'Onboarding',
        text: 'Connect your accounts with a read-only role and see your first attack paths the same day.',
      },
    ] satisfies readonly Step[],
  },
  success: {
    title: 'Request Received',
    text: 'Thank you for applying to the Kryon private beta. Watch your inbox for a reply from our team.',
    nextHeading: 'While you wait',
    demo: 'Schedule a Demo',
    intelligence: 'Explore Security Intelligence',
    follow: 'Follow for Updates',
  },
} as const;
