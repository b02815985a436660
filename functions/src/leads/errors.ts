/** The failures the domain tells apart: each decides whether a message waits, retries or stops. */
import type { MailStream } from './ports.ts';

/**
 * The e-mail service refused a message for good (a malformed or rejected address): sending
 * it again would be refused again.
 */
export class PermanentSendError extends Error {
  constructor(message: string, options: { cause: unknown }) {
    super(message, options);
    this.name = 'PermanentSendError';
  }
}

/**
 * The e-mail service will not send as our sender yet (MAIL_FROM's identity, or for visitor mail
 * VISITOR_MAIL_FROM's, is not verified): the message waits, spending no attempts (decision 033).
 */
export class SenderNotVerifiedError extends Error {
  constructor(options: { cause: unknown }) {
    super('the sender identity is not verified for sending', options);
    this.name = 'SenderNotVerifiedError';
  }
}

/**
 * Sending is paused on the message's stream: on the visitor stream the brake at work (withheld,
 * not retried); on the sales stream an outage like any other (decision 058).
 */
export class StreamPausedError extends Error {
  constructor(
    readonly stream: MailStream,
    options: { cause: unknown },
  ) {
    super(`sending is paused for the ${stream} stream's configuration set`, options);
    this.name = 'StreamPausedError';
  }
}

/**
 * The e-mail service refuses to send as paused, and it is not the visitor stream's own brake:
 * the account's sending is paused (SES's review) or suspended, or a person paused the sales
 * set. An outage, retried like any other, and counted apart (EmailSendingPaused) so that its
 * alarm says what it is (decision 081).
 */
export class SendingPausedError extends Error {
  constructor(options: { cause: unknown }) {
    super('the e-mail service refuses to send: sending is paused', options);
    this.name = 'SendingPausedError';
  }
}

/**
 * The e-mail service refused the recipient because the account is in its sandbox, which mails
 * only verified addresses: a setup step (production access), not the address's fault. A sales
 * recipient is retried until ops verify it; a visitor's confirmation is withheld (decision 087).
 */
export class RecipientNotVerifiedError extends Error {
  constructor(options: { cause: unknown }) {
    super('the account is in the sandbox: the recipient is not a verified address', options);
    this.name = 'RecipientNotVerifiedError';
  }
}

/** A dependency (database, e-mail service) failed to answer; the request may be retried. */
export class DependencyError extends Error {
  constructor(
    readonly dependency: 'database' | 'email',
    options: { cause: unknown },
  ) {
    super(`${dependency} unavailable`, options);
    this.name = 'DependencyError';
  }
}
