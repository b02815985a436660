/**
 * The words of the browser check every lead form runs before it sends
 * (lib/lead-form/use-browser-challenge.ts). A module of its own: the shared lead-form
 * copy imports the demo schema, which the contact page and the download dialog do not need.
 */
export const browserCheckCopy = {
  /** Shown and announced while a submit waits for the check to finish. */
  verifying: 'Verifying your browser…',
  /** Shown and announced while the same submission waits to be sent again (429, 503). */
  busy: 'Our servers are busy. Sending again in a few seconds; what you typed is kept…',
} as const;
