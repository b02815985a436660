import { RESPONSE_PROMISE } from '@kryon/shared/constants';
import { type PartnerApplication, partnerSchema } from '@kryon/shared/forms/partner';
import {
  INDUSTRIES_SHORT,
  optionLabel,
  PARTNER_COMPANY_SIZES,
  PARTNER_INTERESTS,
} from '@kryon/shared/options';
import { defineForm, labels } from '../form-definition.ts';

export const partnerForm = defineForm<PartnerApplication>({
  form: 'partner',
  title: 'Partner application',
  schema: partnerSchema,
  visitorEmail: (d) => d.email,
  sales: {
    subjectName: 'Partner',
    company: (d) => d.company,
    contact: (d) => ({ name: d.name, title: d.position, email: d.email, phone: d.phone }),
    summary: (d) => [
      optionLabel(PARTNER_COMPANY_SIZES, d.companySize),
      labels(PARTNER_INTERESTS, d.interests),
    ],
    qualifier: (d) => labels(PARTNER_INTERESTS, d.interests),
    priority: (d) => ({ partnerCompanySize: d.companySize }),
    words: [{ label: 'Message', value: (d) => d.message }],
    details: [
      { label: 'Interests', value: (d) => labels(PARTNER_INTERESTS, d.interests) },
      { label: 'Company size', value: (d) => optionLabel(PARTNER_COMPANY_SIZES, d.companySize) },
      { label: 'Industry', value: (d) => optionLabel(INDUSTRIES_SHORT, d.industry) },
    ],
    replySubject: 'Your Kryon partner application',
  },
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
