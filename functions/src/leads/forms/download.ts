import { downloadDefinition } from '@kryon/shared/forms/download';
import { findResearchDownload } from '@kryon/shared/research-catalogue';
import { defineForm } from '../form-definition.ts';

const titleOf = (id: string) => findResearchDownload(id)?.title ?? id;

export const downloadForm = defineForm(downloadDefinition, {
  title: 'Research download',
  subjectName: 'Download',
  replySubject: 'Your Kryon research download',
  // The link is handed out on screen too, so the report arrives whatever becomes of the e-mail.
  report: (d) => d.researchId,
  // The visitor is promised this e-mail within 2-3 minutes of the request: it carries the link.
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
