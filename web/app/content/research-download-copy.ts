/** Copy of the research archive's download dialog, loaded with it when a visitor asks. */
import { DOWNLOAD_CONFIRMATION_MESSAGES } from '@kryon/shared/messages';
import type { DownloadModalCopy } from './intelligence-types.ts';

export const researchDownloadCopy: DownloadModalCopy = {
  dialogTitle: 'Download research',
  closeLabel: 'Close',
  previewHeading: 'Resource preview',
  highlightsHeading: 'Highlights',
  contentsHeading: "What's inside",
  pagesLabel: (pages) => `${pages} pages`,
  difficultyLabel: 'Difficulty',
  formHeading: 'Get your copy',
  formText: 'Tell us who you are and we will give you a personal link to the full PDF.',
  fields: {
    email: { label: 'Work email', placeholder: 'you@company.com', autoComplete: 'email' },
    firstName: {
      label: 'First name',
      placeholder: 'Your first name',
      autoComplete: 'given-name',
    },
    company: { label: 'Company', placeholder: 'Your company', autoComplete: 'organization' },
    role: { label: 'Role', placeholder: 'Select your role' },
  },
  submitLabel: 'Send Download Link',
  submittingLabel: 'Sending...',
  privacyNote: 'We use these details only to send your download link, as explained in our',
  failureTitle: 'We could not send your download link',
  success: {
    title: 'Download Ready',
    // The API's own words for each outcome (shared/src/messages.ts), so the view and the
    // answer's `message` say the same.
    text: DOWNLOAD_CONFIRMATION_MESSAGES,
    linkLabel: 'Open the report (PDF)',
    note: 'The link is yours alone and works for a limited time. After that, ask for the report again here.',
    anotherLabel: 'Download Another Resource',
    continueLabel: 'Continue Reading',
  },
};
