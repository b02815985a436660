import type { LeadForm } from '@kryon/shared/api';
import { type BetaAccessRequest, betaAccessSchema } from '@kryon/shared/forms/beta-access';
import { type Contact, contactSchema } from '@kryon/shared/forms/contact';
import { type DemoRequest, demoSchema } from '@kryon/shared/forms/demo';
import { type DownloadRequest, downloadSchema } from '@kryon/shared/forms/download';
import { type PartnerApplication, partnerSchema } from '@kryon/shared/forms/partner';
import {
  AWS_ENVIRONMENT_SIZES,
  COMPANY_SIZES,
  CONTACT_SUBJECTS,
  DEMO_TYPES,
  DOWNLOAD_ROLES,
  INDUSTRIES_LONG,
  INDUSTRIES_SHORT,
  type Option,
  optionLabel,
  PARTNER_COMPANY_SIZES,
  PARTNER_INTERESTS,
  PLATFORM_FEATURES,
  TEAM_SIZES,
  TIMEFRAMES,
  URGENCY_LEVELS,
} from '@kryon/shared/options';
import { downloadPath, findResearchDownload } from '@kryon/shared/research-catalogue';
import type * as z from 'zod';

export interface EmailField<T> {
  label: string;
  value: (data: T) => string | undefined;
}

/**
 * Everything the backend knows about one form: the shared schema that validates it, and how
 * its notification e-mail reads. Adding a form is adding one entry here and one handler.
 */
export interface FormDefinition<T extends Record<string, unknown> = Record<string, unknown>> {
  form: LeadForm;
  /** How sales call it, e.g. "Contact message". */
  title: string;
  schema: z.ZodType<T>;
  /** The visitor's address: Reply-To of the sales e-mail, and the rate-limit key. */
  visitorEmail: (data: T) => string;
  /** The sales e-mail's subject: form, key choice and company. */
  salesSubject: (data: T) => string;
  fields: EmailField<T>[];
  /** An e-mail to the visitor as well (the research download link), if the form sends one. */
  visitorMessage?: (data: T, context: { siteOrigin: string }) => VisitorMessage;
}

/** What the visitor's e-mail says; notification.ts lays it out and escapes it. */
export interface VisitorMessage {
  subject: string;
  greeting: string;
  paragraphs: string[];
  link?: { label: string; url: string };
}

/** The labels of a multi-select's chosen values, for a person to read. */
function labels(options: readonly Option[], values: readonly string[] | undefined): string {
  return (values ?? []).map((value) => optionLabel(options, value)).join(', ');
}

function defineForm<T extends Record<string, unknown>>(definition: FormDefinition<T>) {
  return definition as unknown as FormDefinition;
}

export const contactForm = defineForm<Contact>({
  form: 'contact',
  title: 'Contact message',
  schema: contactSchema,
  visitorEmail: (d) => d.email,
  salesSubject: (d) =>
    `Contact: ${optionLabel(CONTACT_SUBJECTS, d.subject)} from ${d.name}${d.company ? ` (${d.company})` : ''}`,
  fields: [
    { label: 'Name', value: (d) => d.name },
    { label: 'Email', value: (d) => d.email },
    { label: 'Company', value: (d) => d.company },
    { label: 'Phone', value: (d) => d.phone },
    { label: 'Subject', value: (d) => optionLabel(CONTACT_SUBJECTS, d.subject) },
    { label: 'Message', value: (d) => d.message },
  ],
});

export const partnerForm = defineForm<PartnerApplication>({
  form: 'partner',
  title: 'Partner application',
  schema: partnerSchema,
  visitorEmail: (d) => d.email,
  salesSubject: (d) =>
    `Partner application: ${labels(PARTNER_INTERESTS, d.interests)} - ${d.company}`,
  fields: [
    { label: 'Name', value: (d) => d.name },
    { label: 'Email', value: (d) => d.email },
    { label: 'Company', value: (d) => d.company },
    { label: 'Position', value: (d) => d.position },
    { label: 'Phone', value: (d) => d.phone },
    { label: 'Company size', value: (d) => optionLabel(PARTNER_COMPANY_SIZES, d.companySize) },
    { label: 'Industry', value: (d) => optionLabel(INDUSTRIES_SHORT, d.industry) },
    { label: 'Interests', value: (d) => labels(PARTNER_INTERESTS, d.interests) },
    { label: 'Message', value: (d) => d.message },
  ],
});

export const demoForm = defineForm<DemoRequest>({
  form: 'demo',
  title: 'Demo request',
  schema: demoSchema,
  visitorEmail: (d) => d.workEmail,
  salesSubject: (d) => `Demo request: ${optionLabel(DEMO_TYPES, d.demoType)} - ${d.companyName}`,
  fields: [
    { label: 'Demo type', value: (d) => optionLabel(DEMO_TYPES, d.demoType) },
    { label: 'Full name', value: (d) => d.fullName },
    { label: 'Work email', value: (d) => d.workEmail },
    { label: 'Company', value: (d) => d.companyName },
    { label: 'Job title', value: (d) => d.jobTitle },
    { label: 'Company size', value: (d) => optionLabel(COMPANY_SIZES, d.companySize) },
    { label: 'Industry', value: (d) => optionLabel(INDUSTRIES_SHORT, d.industry) },
    { label: 'Urgency', value: (d) => optionLabel(URGENCY_LEVELS, d.urgency) },
    { label: 'Timeframe', value: (d) => optionLabel(TIMEFRAMES, d.timeframe) },
    {
      label: 'Audience size',
      value: (d) => (d.audienceSize ? optionLabel(TEAM_SIZES, d.audienceSize) : undefined),
    },
    { label: 'Interested in', value: (d) => labels(PLATFORM_FEATURES, d.interestedModules) },
    {
      label: 'AWS environment',
      value: (d) => optionLabel(AWS_ENVIRONMENT_SIZES, d.awsEnvironmentSize),
    },
    { label: 'Verticals', value: (d) => labels(INDUSTRIES_LONG, d.companyVerticals) },
    { label: 'Use cases', value: (d) => d.specificUseCases },
    { label: 'Security challenges', value: (d) => d.securityChallenges },
    { label: 'Why Kryon', value: (d) => d.whyKryon },
    { label: 'Additional requirements', value: (d) => text(d.additionalRequirements) },
    { label: 'Additional information', value: (d) => text(d.additionalInfo) },
    { label: 'Consent to data processing', value: (d) => (d.consentProcessing ? 'Yes' : 'No') },
  ],
});

export const betaAccessForm = defineForm<BetaAccessRequest>({
  form: 'beta-access',
  title: 'Private beta request',
  schema: betaAccessSchema,
  visitorEmail: (d) => d.workEmail,
  salesSubject: (d) =>
    `Beta access request: ${optionLabel(AWS_ENVIRONMENT_SIZES, d.awsEnvironmentSize)} - ${d.companyName}`,
  fields: [
    { label: 'Full name', value: (d) => d.fullName },
    { label: 'Work email', value: (d) => d.workEmail },
    { label: 'Company', value: (d) => d.companyName },
    { label: 'Job title', value: (d) => d.jobTitle },
    {
      label: 'AWS environment',
      value: (d) => optionLabel(AWS_ENVIRONMENT_SIZES, d.awsEnvironmentSize),
    },
    { label: 'Verticals', value: (d) => labels(INDUSTRIES_LONG, d.companyVerticals) },
    { label: 'Security challenges', value: (d) => d.securityChallenges },
    { label: 'Why Kryon', value: (d) => d.whyKryon },
    { label: 'Additional information', value: (d) => text(d.additionalInfo) },
    { label: 'Understands invite-only review', value: (d) => (d.consentProcessing ? 'Yes' : 'No') },
  ],
});

export const downloadForm = defineForm<DownloadRequest>({
  form: 'download',
  title: 'Research download',
  schema: downloadSchema,
  visitorEmail: (d) => d.email,
  salesSubject: (d) =>
    `Research download: ${findResearchDownload(d.researchId)?.title ?? d.researchId} - ${d.company}`,
  fields: [
    { label: 'Research', value: (d) => findResearchDownload(d.researchId)?.title ?? d.researchId },
    { label: 'First name', value: (d) => d.firstName },
    { label: 'Email', value: (d) => d.email },
    { label: 'Company', value: (d) => d.company },
    { label: 'Role', value: (d) => optionLabel(DOWNLOAD_ROLES, d.role) },
  ],
  // Spec: "Download Link Sent", the e-mail arrives within 2-3 minutes.
  visitorMessage: (d, { siteOrigin }) => {
    const title = findResearchDownload(d.researchId)?.title ?? 'Kryon research';
    return {
      subject: `Your download: ${title}`,
      greeting: `Hello ${d.firstName},`,
      paragraphs: [
        `Thank you for your interest in Kryon research. Here is your copy of "${title}".`,
        'If you have questions about the findings or want to see how they apply to your AWS environment, reply to this e-mail and a Kryon security engineer will get back to you.',
      ],
      link: {
        label: 'Download the report',
        url: new URL(downloadPath(d.researchId), siteOrigin).toString(),
      },
    };
  },
});

/** Optional free text arrives as unknown from the schema's preprocessing. */
function text(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}
