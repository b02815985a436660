import { type DownloadRequest, downloadSchema } from '@kryon/shared/forms/download';
import { DOWNLOAD_ROLES, optionLabel } from '@kryon/shared/options';
import { findResearchDownload } from '@kryon/shared/research-catalogue';
import { defineForm } from '../form-definition.ts';

const titleOf = (id: string) => findResearchDownload(id)?.title ?? id;

export const downloadForm = defineForm<DownloadRequest>({
  form: 'download',
  title: 'Research download',
  schema: downloadSchema,
  visitorEmail: (d) => d.email,
  salesSubject: (d) => `Research download: ${titleOf(d.researchId)} - ${d.company}`,
  fields: [
    { label: 'Research', value: (d) => titleOf(d.researchId) },
    { label: 'First name', value: (d) => d.firstName },
    { label: 'Email', value: (d) => d.email },
    { label: 'Company', value: (d) => d.company },
    { label: 'Role', value: (d) => optionLabel(DOWNLOAD_ROLES, d.role) },
  ],
  // The spec promises this e-mail within 2-3 minutes of the request: it carries the link.
  visitorMessage: (d, { reportUrl, reportLinkDays }) => {
    const title = titleOf(d.researchId);
    return {
      subject: `Your download: ${title}`,
      greeting: 'Hello,',
      paragraphs: [
        `Thank you for your interest in Kryon research. Here is your copy of "${title}".`,
      ],
      link: { label: 'Download the report', url: reportUrl(d.researchId) },
      closing: [
        `The link is yours alone and works for ${reportLinkDays} days; after that, ask for the report again on the research archive.`,
        'If you have questions about the findings or want to see how they apply to your AWS environment, reply to this e-mail and a Kryon security engineer will get back to you.',
      ],
    };
  },
});
