import { RESPONSE_PROMISE } from '@kryon/shared/constants';
import { demoDefinition } from '@kryon/shared/forms/demo';
import {
  AWS_ENVIRONMENT_SIZES,
  DEMO_TYPES,
  optionLabel,
  PLATFORM_FEATURES,
  TEAM_SIZES,
  TIMEFRAMES,
  URGENCY_LEVELS,
} from '@kryon/shared/options';
import { defineForm, labels } from '../form-definition.ts';

export const demoForm = defineForm(demoDefinition, {
  title: 'Demo request',
  subjectName: 'Demo request',
  replySubject: 'Your Kryon demo request',
  priority: (d) => ({
    awsEnvironmentSize: d.awsEnvironmentSize,
    companySize: d.companySize,
    timeframe: d.timeframe,
    urgency: d.urgency,
    demoType: d.demoType,
  }),
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
