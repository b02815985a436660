/** The error catalogue and success messages, written once. */

import type { Confirmation } from './api.ts';

export const ERROR_MESSAGES = {
  network: 'Network error. Please check your connection and try again.',
  server: 'Server error. Please try again later.',
  validation: 'Please check your input and try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  timeout: 'Request timeout. Please try again.',
  clientRateLimited: 'Too many submissions. Please wait a minute before trying again.',
  // The API's own answers for requests no form would send.
  bodyTooLarge: 'Your submission is too large. Please shorten it and try again.',
  malformedJson: 'We could not read your submission. Please try again.',
  unsupportedMediaType: 'Please send the form as JSON.',
  badIdempotencyKey:
    'The Idempotency-Key header must be 8 to 128 letters, digits, hyphens or underscores.',
  challengeRepriced:
    'Our browser check needs a fresh answer: it got harder after yours was issued. Please send the form again.',
  conflict:
    'This submission was already received with different details. Please reload the page and try again.',
  notFound: 'Not found.',
  wrongOrigin: 'This API answers requests made through the Kryon website only.',
  methodNotAllowed: 'This address does not accept that kind of request.',
  unavailable: 'The service is temporarily unavailable. Please try again in a few minutes.',
  unknownForm: "Ask for a challenge with ?form= and the name of one of the site's forms.",
  challengeRateLimited:
    'Too many browser checks were asked for from your network. Please wait a minute and try again; your form can still be sent meanwhile.',
  // The web firewall's answer in front of the API, for requests that look like an attack.
  firewallRefused:
    'Our firewall refused this request. Please reload the page and try again, or try another browser or network.',
} as const;

export const FORM_FALLBACK_MESSAGES = {
  contact: 'Failed to submit form. Please try again.',
  partner: 'Failed to submit form. Please try again.',
  demo: 'Failed to submit demo request. Please try again.',
  'beta-access': 'Failed to submit beta access request. Please try again.',
  download: 'An unexpected error occurred. Please try again.',
} as const;

/**
 * The download's words by what became of the e-mail with the link (decision 050): the API's
 * `message` and the download dialog's success view both say these, so the two cannot drift.
 * The answer carries the link itself, so each is true for any client.
 */
export const DOWNLOAD_CONFIRMATION_MESSAGES: Readonly<Record<Confirmation, string>> = {
  sent: 'Your report is ready. We have also e-mailed the link to you; the e-mail arrives within 2-3 minutes.',
  pending:
    'Your report is ready. We could not e-mail the link to you yet. We will keep trying, so the e-mail may still arrive later.',
  'not-sent':
    'Your report is ready. We have not e-mailed the link to you, so open or save the report now.',
};

export const SUCCESS_MESSAGES = {
  contact: 'Thank you for your message. We will get back to you soon!',
  partner: 'We will review it and get back to you within 2-3 business days.',
  demo: "We'll contact you within 24 hours to schedule.",
  'beta-access': 'Your request is under review. We will get back to you within 2-5 business days.',
  download: DOWNLOAD_CONFIRMATION_MESSAGES.sent,
} as const;

/**
 * The answer's message when the visitor's e-mail did not go out, for the forms whose success
 * message says it did: true in every case, and the download's link is in the answer itself.
 */
export const UNSENT_MESSAGES: Partial<
  Record<keyof typeof SUCCESS_MESSAGES, { pending: string; 'not-sent': string }>
> = {
  download: {
    pending: DOWNLOAD_CONFIRMATION_MESSAGES.pending,
    'not-sent': DOWNLOAD_CONFIRMATION_MESSAGES['not-sent'],
  },
};
