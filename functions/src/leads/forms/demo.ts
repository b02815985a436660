import { RESPONSE_PROMISE } from '@kryon/shared/constants';
import { DEMO_CONSENT_LABEL, type DemoRequest, demoSchema } from '@kryon/shared/forms/demo';
import {
  AWS_ENVIRONMENT_SIZES,
  COMPANY_SIZES,
  DEMO_TYPES,
  INDUSTRIES_LONG,
  INDUSTRIES_SHORT,
  optionLabel,
  PLATFORM_FEATURES,
  TEAM_SIZES,
  TIMEFRAMES,
  URGENCY_LEVELS,
} from '@kryon/shared/options';
import { defineForm, labels, text } from '../form-definition.ts';

export const demoForm = defineForm<DemoRequest>({
  form: 'demo',
  title: 'Demo request',
  schema: demoSchema,
  visitorEmail: (d) => d.workEmail,
  sales: {
    subjectName: 'Demo request',
    company: (d) => d.companyName,
    contact: (d) => ({ name: d.fullName, title: d.jobTitle, email: d.workEmail }),
    summary: (d) => [
      optionLabel(COMPANY_SIZES, d.companySize),
      optionLabel(AWS_ENVIRONMENT_SIZES, d.awsEnvironmentSize),
      optionLabel(TIMEFRAMES, d.timeframe),
      optionLabel(DEMO_TYPES, d.demoType),
    ],
    // How big the estate is decides fit; when and which demo are in the summary line.
    qualifier: (d) => optionLabel(AWS_ENVIRONMENT_SIZES, d.awsEnvironmentSize),
    priority: (d) => ({
      awsEnvironmentSize: d.awsEnvironmentSize,
      companySize: d.companySize,
      timeframe: d.timeframe,
      urgency: d.urgency,
      demoType: d.demoType,
    }),
    words: [
      { label: 'Use cases', value: (d) => d.specificUseCases },
      { label: 'Security challenges', value: (d) => d.securityChallenges },
      { label: 'Why Kryon', value: (d) => d.whyKryon },
      { label: 'Additional requirements', value: (d) => text(d.additionalRequirements) },
      { label: 'Additional information', value: (d) => text(d.additionalInfo) },
    ],
    details: [
      { label: 'Demo type', value: (d) => optionLabel(DEMO_TYPES, d.demoType) },
      { label: 'Timeframe', value: (d) => optionLabel(TIMEFRAMES, d.timeframe) },
      { label: 'Urgency', value: (d) => optionLabel(URGENCY_LEVELS, d.urgency) },
      { label: 'Company size', value: (d) => optionLabel(COMPANY_SIZES, d.companySize) },
      {
        label: 'AWS environment',
        value: (d) => optionLabel(AWS_ENVIRONMENT_SIZES, d.awsEnvironmentSize),
      },
      { label: 'Industry', value: (d) => optionLabel(INDUSTRIES_SHORT, d.industry) },
      { label: 'Verticals', value: (d) => labels(INDUSTRIES_LONG, d.companyVerticals) },
      { label: 'Interested in', value: (d) => labels(PLATFORM_FEATURES, d.interestedModules) },
      {
        label: 'Audience size',
        value: (d) => (d.audienceSize ? optionLabel(TEAM_SIZES, d.audienceSize) : undefined),
      },
      {
        label: 'Consent to data processing',
        value: (d) => (d.consentProcessing ? 'Yes' : 'No'),
      },
    ],
    replySubject: 'Your Kryon demo request',
  },
  consent: { value: (d) => d.consentProcessing === true, label: DEMO_CONSENT_LABEL },
  visitorMessage: (d) => {
    const demoType = optionLabel(DEMO_TYPES, d.demoType);
    return {
      subject: `Your Kryon demo request: ${demoType}`,
      greeting: 'Hello,',
      paragraphs: ['Thank you for requesting a Kryon demo. This is what you asked for:'],
      recap: [
        { label: 'Demo', value: demoType },
        { label: 'Timeframe', value: optionLabel(TIMEFRAMES, d.timeframe) },
        { label: 'Urgency', value: optionLabel(URGENCY_LEVELS, d.urgency) },
        { label: 'Focus', value: labels(PLATFORM_FEATURES, d.interestedModules) },
        ...(d.audienceSize
          ? [{ label: 'Audience', value: optionLabel(TEAM_SIZES, d.audienceSize) }]
          : []),
        {
          label: 'AWS environment',
          value: optionLabel(AWS_ENVIRONMENT_SIZES, d.awsEnvironmentSize),
        },
      ],
      closing: [
        `We'll contact you within ${RESPONSE_PROMISE.demo} to schedule.`,
        'To add anything before then, reply to this e-mail.',
      ],
    };
  },
});
