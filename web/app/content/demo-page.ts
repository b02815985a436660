import { DEMO_CONSENT_LABEL, DEMO_LIMITS, type demoDefinition } from '@kryon/shared/forms/demo';
import type { DemoType } from '@kryon/shared/options';
import type { PictogramName } from '../components/ui/icon-pictograms.ts';
import { type FormFieldCopy, leadFormCommon } from './lead-form-copy.ts';
import type { DemoOption, Step } from './lead-page-types.ts';
import type { ModuleId } from './marketing-types.ts';
import { qualificationFieldCopy, requesterFieldCopy } from './qualification-field-copy.ts';

/** The three demo options, in the page's order. */
export const DEMO_OPTIONS = [
  {
    id: 'executive',
    title: 'Executive Overview',
    duration: '15 minutes',
    audience: 'CISOs, Security Directors, Executive Leadership',
    description:
      'A business-level briefing for security leaders: the exposure Kryon removes from your AWS estate, how it compares with the tools you run today and what a rollout looks like.',
    features: [
      'Business impact metrics',
      'Competitive positioning',
      'Implementation timeline',
      'Cost savings analysis',
    ],
    popular: false,
    colour: 'violet',
    icon: 'presentation',
    selectLabel: 'Select Executive Demo',
    selectedLabel: 'Executive Demo Selected',
  },
  {
    id: 'technical',
    title: 'Technical Deep Dive',
    duration: '45 minutes',
    audience: 'Security Engineers, Architects, Technical Leaders',
    description:
      'A live walkthrough for practitioners: attack paths, identity chains and vulnerability context across a realistic multi-account AWS organization, with your questions answered by an engineer.',
    features: [
      'Live attack path mapping',
      'MITRE ATT&CK integration',
      'IAM chain analysis',
      'Vulnerability correlation',
      'Multi-account orchestration',
    ],
    popular: true,
    colour: 'blue',
    icon: 'graph',
    selectLabel: 'Select Technical Demo',
    selectedLabel: 'Technical Demo Selected',
  },
  {
    id: 'hands-on',
    title: 'Hands-On Workshop',
    duration: '90 minutes',
    audience: 'Security Teams, DevOps Engineers',
    description:
      'An interactive session with your own AWS environment: connect a read-only role, scan it live and walk the attack paths Kryon finds together with our engineering team.',
    features: [
      'Live environment scan',
      'Real attack path discovery',
      'Custom use case analysis',
      'Q&A with engineering team',
    ],
    popular: false,
    colour: 'emerald',
    icon: 'terminal',
    selectLabel: 'Select Hands-On Demo',
    selectedLabel: 'Hands-On Demo Selected',
  },
] as const satisfies readonly DemoOption[];

export function demoOption(id: DemoType): DemoOption {
  const option = DEMO_OPTIONS.find((o) => o.id === id);
  if (!option) throw new Error(`Unknown demo type: ${id}`);
  return option;
}

/** The demo banner, expanded, shows at most 3 of the demo's features, then "+N more features". */
export const BANNER_FEATURE_COUNT = 3;

const nextSteps: readonly Step[] = [
  {
    title: 'We review your request',
    text: 'A solutions engineer reads your use cases and environment details.',
  },
  {
    title: 'We schedule a personalized call',
    text: 'We reply within 24 hours to agree a time that suits your team.',
  },
  {
    title: 'We deliver your custom demo',
    text: 'The session is built around your AWS environment and your questions.',
  },
];

const confirmedSteps: readonly Step[] = [
  {
    title: 'Request review',
    text: 'A solutions engineer reads your use cases, modules of interest and environment details.',
  },
  {
    title: 'Scheduling',
    text: 'We contact you at your work e-mail within 24 hours to agree a time.',
  },
  {
    title: 'Demo preparation',
    text: 'We tailor the session to your AWS environment, verticals and security challenges.',
  },
  {
    title: 'Your live demo',
    text: 'You see Kryon in action, with time for questions and a plan for next steps.',
  },
];

const select = leadFormCommon.selectPlaceholder;

export const demoPageCopy = {
  options: {
    eyebrow: 'Choose your demo',
    heading: 'Pick the session that fits your team',
    text: 'Three formats, from a 15-minute briefing to a 90-minute workshop in your own AWS environment. You can change your choice at any time.',
    popularRibbon: 'MOST POPULAR',
    popularBadge: 'POPULAR',
    selectedBadge: 'SELECTED',
    audienceLabel: 'Best for',
    featuresLabel: 'What you will see',
  },
  banner: {
    label: 'Your selected demo',
    showDetails: 'Show details',
    hideDetails: 'Hide details',
    dismiss: 'Dismiss the selected demo banner',
    // Shown with a trailing arrow, "Complete Demo Request →"; the arrow is decoration.
    complete: 'Complete Demo Request',
    audienceLabel: 'Audience',
    moreFeatures: (count: number) => `+${count} more ${count === 1 ? 'feature' : 'features'}`,
  },
  modules: {
    eyebrow: 'What you will see',
    heading: 'Platform Modules',
    text: 'Every demo draws on the same four modules, tuned to the questions your team brings.',
  },
  formSection: {
    heading: 'Request Your Demo',
    emptyTitle: 'Select a Demo Type Above',
    emptyText:
      'Choose the Executive Overview, the Technical Deep Dive or the Hands-On Workshop and the request form opens here.',
    emptyAction: 'Browse demo types',
    selectedLabel: 'Selected demo',
    change: 'Change demo type',
    encrypted: 'Your data is encrypted and never shared',
    response: 'Response within 24 hours',
    nextHeading: 'What happens next?',
    nextSteps,
  },
  form: {
    sections: {
      contact: 'Contact Information',
      preferences: 'Demo Preferences',
      requirements: 'Requirements',
      optionalDetails: 'Optional Details',
      environment: 'Environment Details',
      qualification: 'Qualification Questions',
      additional: 'Additional Information',
    },
    fields: {
      ...requesterFieldCopy,
      companySize: { label: 'Company size', placeholder: select },
      industry: { label: 'Industry', placeholder: select },
      // No empty choice: the demo cards above have always chosen one by the time it shows.
      demoType: { label: 'Demo type' },
      urgency: { label: 'How urgent is this?', placeholder: select },
      timeframe: { label: 'Preferred timeframe', placeholder: select },
      interestedModules: {
        label: 'Modules you want to see',
        description: 'Select every capability the demo should cover.',
      },
      specificUseCases: {
        label: 'Specific use cases',
        placeholder: 'For example: show how a leaked CI key could reach our production data.',
        description: `At least ${DEMO_LIMITS.specificUseCasesMin} characters: what should the demo prove?`,
      },
      audienceSize: {
        label: 'Audience size',
        description: 'How many people will join?',
        placeholder: select,
      },
      additionalRequirements: {
        label: 'Additional requirements',
        placeholder: 'Time zone, accessibility needs, people joining…',
      },
      ...qualificationFieldCopy,
      consentProcessing: { label: DEMO_CONSENT_LABEL },
    } satisfies FormFieldCopy<typeof demoDefinition>,
    consentLabel: DEMO_CONSENT_LABEL,
    submit: 'Request Demo',
    errorTitle: 'Your demo request was not sent',
  },
  success: {
    title: 'Demo Request Received',
    detailsHeading: 'Confirmation details',
    details: {
      demo: 'Demo',
      duration: 'Duration',
      name: 'Name',
      email: 'Work email',
      company: 'Company',
      timeframe: 'Preferred timeframe',
      reference: 'Reference',
    },
    nextHeading: 'Next steps',
    nextSteps: confirmedSteps,
    explore: 'Explore Security Intelligence',
    follow: 'Follow Kryon on LinkedIn',
    again: 'Schedule Another Demo',
    toast: (title: string) => `${title} Demo Submitted ✓`,
    toastDismiss: 'Dismiss notification',
  },
} as const;

/** The demo page's module cards draw these icons (the modules' own icons are the home page's). */
export const DEMO_MODULE_ICONS = {
  core: 'shield-check',
  graph: 'graph',
  vuln: 'bug',
  iam: 'key',
  defend: 'zap',
} as const satisfies Record<ModuleId, PictogramName>;
