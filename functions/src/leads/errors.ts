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
 * The e-mail service will not send as our sender yet: its identity (MAIL_FROM's domain or
 * address; for visitor mail VISITOR_MAIL_FROM's, when set) is not verified for sending, as for up to 72 hours after a domain is set up, or
 * since its DNS records went missing. Nothing is wrong with the message: it must wait, not
 * use up its attempts, and go out once the identity verifies.
 */
export class SenderNotVerifiedError extends Error {
  constructor(options: { cause: unknown }) {
    super('the sender identity is not verified for sending', options);
    this.name = 'SenderNotVerifiedError';
  }
}

/**
 * The e-mail service refused a message because sending is paused on its stream's
 * configuration set. For the visitor stream that is the brake (or a person) at work: the
 * message is withheld, not retried. For the sales stream it is an outage like any other.
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
