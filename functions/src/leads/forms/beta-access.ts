import { RESPONSE_PROMISE } from '@kryon/shared/constants';
import {
  BETA_CONSENT_LABEL,
  type BetaAccessRequest,
  betaAccessSchema,
} from '@kryon/shared/forms/beta-access';
import { AWS_ENVIRONMENT_SIZES, INDUSTRIES_LONG, optionLabel } from '@kryon/shared/options';
import { defineForm, labels, text } from '../form-definition.ts';

export const betaAccessForm = defineForm<BetaAccessRequest>({
  form: 'beta-access',
  title: 'Private beta request',
  schema: betaAccessSchema,
  visitorEmail: (d) => d.workEmail,
  sales: {
    subjectName: 'Beta access',
    company: (d) => d.companyName,
    contact: (d) => ({ name: d.fullName, title: d.jobTitle, email: d.workEmail }),
    summary: (d) => [optionLabel(AWS_ENVIRONMENT_SIZES, d.awsEnvironmentSize)],
    qualifier: (d) => optionLabel(AWS_ENVIRONMENT_SIZES, d.awsEnvironmentSize),
    priority: (d) => ({ awsEnvironmentSize: d.awsEnvironmentSize }),
    words: [
      { label: 'Security challenges', value: (d) => d.securityChallenges },
      { label: 'Why Kryon', value: (d) => d.whyKryon },
      { label: 'Additional information', value: (d) => text(d.additionalInfo) },
    ],
    details: [
      {
        label: 'AWS environment',
        value: (d) => optionLabel(AWS_ENVIRONMENT_SIZES, d.awsEnvironmentSize),
      },
      { label: 'Verticals', value: (d) => labels(INDUSTRIES_LONG, d.companyVerticals) },
      {
        label: 'Understands invite-only review',
        value: (d) => (d.consentProcessing ? 'Yes' : 'No'),
      },
    ],
    replySubject: 'Your Kryon private beta request',
  },
  consent: { value: (d) => d.consentProcessing === true, label: BETA_CONSENT_LABEL },
  visitorMessage: (d) => ({
    subject: 'Your Kryon private beta request',
    greeting: 'Hello,',
    paragraphs: [
      'Thank you for requesting access to the Kryon private beta. The beta is invite only, and every request is reviewed for qualification. We received:',
    ],
    recap: [
      { label: 'AWS environment', value: optionLabel(AWS_ENVIRONMENT_SIZES, d.awsEnvironmentSize) },
      { label: 'Verticals', value: labels(INDUSTRIES_LONG, d.companyVerticals) },
    ],
    closing: [
      `Your request is under review. We will get back to you within ${RESPONSE_PROMISE.beta}.`,
      'To add anything to your request, reply to this e-mail.',
    ],
  }),
});
