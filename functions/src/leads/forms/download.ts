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
  sales: {
    subjectName: 'Download',
    company: (d) => d.company,
    contact: (d) => ({
      name: d.firstName,
      title: optionLabel(DOWNLOAD_ROLES, d.role),
      email: d.email,
    }),
    summary: (d) => [titleOf(d.researchId)],
    qualifier: (d) => titleOf(d.researchId),
    words: [],
    details: [
      { label: 'Research', value: (d) => titleOf(d.researchId) },
      { label: 'Role', value: (d) => optionLabel(DOWNLOAD_ROLES, d.role) },
    ],
    replySubject: 'Your Kryon research download',
  },
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
