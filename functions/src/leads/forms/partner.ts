import { RESPONSE_PROMISE } from '@kryon/shared/constants';
import { partnerDefinition } from '@kryon/shared/forms/partner';
import {
  INDUSTRIES_SHORT,
  optionLabel,
  PARTNER_COMPANY_SIZES,
  PARTNER_INTERESTS,
} from '@kryon/shared/options';
import { defineForm, labels } from '../form-definition.ts';

export const partnerForm = defineForm(partnerDefinition, {
  title: 'Partner application',
  subjectName: 'Partner',
  replySubject: 'Your Kryon partner application',
  priority: (d) => ({ partnerCompanySize: d.companySize }),
  visitorMessage: (d) => ({
    subject: 'Your Kryon partner application',
    greeting: 'Hello,',
    paragraphs: [
      'Thank you for applying to become a Kryon partner. We received your application with these details:',
    ],
    recap: [
      { label: 'Partnership interests', value: labels(PARTNER_INTERESTS, d.interests) },
      { label: 'Company size', value: optionLabel(PARTNER_COMPANY_SIZES, d.companySize) },
      { label: 'Industry', value: optionLabel(INDUSTRIES_SHORT, d.industry) },
    ],
    closing: [
      `Our partner team reviews every application and will get back to you within ${RESPONSE_PROMISE.partner}.`,
      'If anything changes in the meantime, reply to this e-mail.',
    ],
  }),
});
