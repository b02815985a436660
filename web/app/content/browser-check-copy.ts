/**
 * The words of the browser check every lead form runs before it sends
 * (lib/lead-form/use-browser-challenge.ts). A module of its own: the shared lead-form
 * copy imports the demo schema, which the contact page and the download dialog do not need.
 */
export const browserCheckCopy = {
  /** Shown and announced while a submit waits for the check to finish. */
  verifying: 'Verifying your browser…',
} as const;
