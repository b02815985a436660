import { RESPONSE_PROMISE } from '@kryon/shared/constants';
import { betaAccessDefinition } from '@kryon/shared/forms/beta-access';
import { AWS_ENVIRONMENT_SIZES, INDUSTRIES_LONG, optionLabel } from '@kryon/shared/options';
import { defineForm, labels } from '../form-definition.ts';

export const betaAccessForm = defineForm(betaAccessDefinition, {
  title: 'Private beta request',
  subjectName: 'Beta access',
  replySubject: 'Your Kryon private beta request',
  priority: (d) => ({ awsEnvironmentSize: d.awsEnvironmentSize }),
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
