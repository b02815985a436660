import type { FieldName } from '@kryon/shared/forms/lead-form';
import type { EmailSuggestionCopy } from '../components/forms/email-suggestion.tsx';
import type { PrivacyLineCopy } from '../components/forms/privacy-line.tsx';
import { PATHS } from '../paths.ts';

/**
 * Copy every lead form shares. The fields the demo and beta forms have in common are worded
 * in qualification-field-copy.ts, apart, so the other forms' pages do not carry the demo schema.
 */
export const leadFormCommon = {
  required: 'Fields marked * are required.',
  optional: '(optional)',
  selectPlaceholder: 'Select…',
  honeypotLabel: 'Leave this field empty',
  submitting: 'Submitting…',
  draftRestored: 'We restored the answers you had not sent yet.',
  draftDiscard: 'Start over',
  newTab: '(opens in a new tab)',
  /** Read only where scripts do not run: the form's controls stay disabled there. */
  needsScript:
    'This form needs JavaScript, which is turned off in your browser. Turn it on to fill in and send the form.',
  /**
   * What a success view says about the confirmation e-mail of the forms that send one, by
   * what became of it: never "sent" for one that was not.
   */
  confirmation: {
    sent: 'We have e-mailed you a confirmation.',
    pending: 'Your confirmation e-mail has not gone out yet; we will keep trying.',
    'not-sent':
      'We have not sent you a confirmation e-mail. Your request reached our team all the same.',
  },
  /** Shown with every lead form: "… our Privacy Policy (opens in a new tab)." */
  privacy: {
    text: 'How we use and keep what you send is explained in our',
    link: 'Privacy Policy',
  },
} as const;

/** The privacy line every lead form shows: "… our Privacy Policy (opens in a new tab)." */
export const privacyLineCopy = {
  ...leadFormCommon.privacy,
  newTab: leadFormCommon.newTab,
  href: PATHS.privacy,
} as const satisfies PrivacyLineCopy;

/**
 * Under an e-mail field whose domain looks mistyped, when the visitor leaves it:
 * "Did you mean <address>?", a button that puts that address in the field and one that
 * keeps what was typed. Polite: it asks, and never stops the form.
 */
export const emailSuggestionCopy = {
  before: 'Did you mean',
  after: '?',
  apply: 'Yes, use that',
  dismiss: 'No, keep mine',
} as const satisfies EmailSuggestionCopy;

/** What the visitor reads with one field. */
export interface FieldCopy {
  readonly label: string;
  /** For a select, its empty first choice; a select without one always has a value. */
  readonly placeholder?: string;
  readonly description?: string;
  readonly autoComplete?: string;
}

/**
 * A form's field copy, one entry per field of its shared definition (less `Omit`, the
 * fields the page sets): a field missing or left over is a type error.
 */
export type FormFieldCopy<D, Omit extends string = never> = {
  readonly [K in Exclude<FieldName<D>, Omit>]: FieldCopy;
};
