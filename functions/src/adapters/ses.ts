import {
  GetAccountCommand,
  GetConfigurationSetCommand,
  GetEmailIdentityCommand,
  PutConfigurationSetSendingOptionsCommand,
  type SESv2Client,
  SendEmailCommand,
  type SendEmailCommandInput,
} from '@aws-sdk/client-sesv2';
import { bareAddress } from '@kryon/shared/mail-address';
import {
  DependencyError,
  PermanentSendError,
  RecipientNotVerifiedError,
  SenderNotVerifiedError,
  SendingPausedError,
  StreamPausedError,
} from '../leads/errors.ts';
import type { Mailer, MailerAccount, MailStream, OutgoingEmail } from '../leads/ports.ts';
import type { VisitorStreamSwitch } from '../leads/visitor-brake.ts';
import { displayNameProblem, encodeDisplayName } from './display-name.ts';

export interface SesMailerOptions {
  /** The verified sender, e.g. `Kryon <no-reply@kryon.example>`. */
  from: string;
  /**
   * The sender of visitor-stream mail when it has an SES identity of its own (decision 061),
   * e.g. `Kryon <no-reply@mail.kryon.example>`. Unset, visitor mail goes from `from`.
   */
  visitorFrom?: string;
  /**
   * The configuration set of the sales stream (notifications and digests to sales), named
   * on every message: the identity's own association cannot be relied on (an identity the
   * stack did not create has none, or another's).
   */
  configurationSet?: string;
  /**
   * The configuration set of the visitor stream (confirmations to typed addresses), so its
   * bounces, complaints and reputation are its own. Unset, visitor mail goes with the sales
   * set, as before the streams were split (the local stack, an older deployment).
   */
  visitorConfigurationSet?: string;
  /**
   * The SES identity that covers `from` (its domain or the address itself), asked by ping()
   * whether it is verified for sending. Unset, ping() asks the account only: the local
   * emulator knows no identities.
   */
  identity?: string;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u001f\u007f\u0085\u2028\u2029]/;
/** Format characters (bidi controls, zero-width) and other code points that show nothing. */
const INVISIBLE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;
/** An address as the schemas let through: no spaces, quotes, brackets or control characters. */
const PLAIN_ADDRESS = /^[^\s@<>"(),;:\\[\]]+@[^\s@<>"(),;:\\[\]]+$/;

/**
 * The last check before a header is written: every address plain, the subject on one line.
 * The schemas and notification.ts already guarantee this; a message that fails it is
 * refused rather than sent, so no input can ever add a header or a recipient.
 */
export function assertHeadersSafe(email: OutgoingEmail): void {
  if (email.fromName !== undefined && displayNameProblem(email.fromName)) {
    throw new UnsafeHeaderError('the sender name');
  }
  for (const address of [...email.to, ...email.replyTo]) {
    if (!PLAIN_ADDRESS.test(address) || CONTROL.test(address))
      throw new UnsafeHeaderError('an address');
  }
  if (CONTROL.test(email.subject) || INVISIBLE.test(email.subject)) {
    throw new UnsafeHeaderError('the subject');
  }
  if (email.to.length === 0) throw new UnsafeHeaderError('no recipient');
}

/** The From header: the configured sender, under another display name if one is given. */
export function fromHeader(from: string, name: string | undefined): string {
  return name ? `${encodeDisplayName(name)} <${bareAddress(from)}>` : from;
}

export class UnsafeHeaderError extends Error {
  constructor(what: string) {
    super(`refused to send: unsafe header value (${what})`);
    this.name = 'UnsafeHeaderError';
  }
}

/**
 * Whether SES refused this message for good, so that sending it again is pointless. SES v2
 * answers BadRequestException for input it cannot take (a malformed address) and
 * MessageRejected for a message it will not deliver (an address it rejects); but an account
 * in the sandbox answers MessageRejected "Email address is not verified" for every recipient
 * not yet verified, which is a setup step, not the lead's fault, and must keep being retried.
 * Throttling, paused or suspended sending and network faults pass: they end.
 */
export function isPermanentRefusal(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'BadRequestException') return true;
  return name === 'MessageRejected' && !isNotVerifiedRefusal(error);
}

/** SES's MessageRejected "Email address is not verified": the sender's, or in the sandbox a recipient's. */
function isNotVerifiedRefusal(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  return name === 'MessageRejected' && /not verified/i.test(message);
}

/**
 * Whether SES refused the message because our sender is not verified: its MessageRejected
 * "not verified" list names the sender, or cannot be read in full, the safe side (decision 033).
 */
export function isSenderUnverified(error: unknown, from: string): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  if (name !== 'MessageRejected' || !/not verified/i.test(message)) return false;
  const list = /failed the check in region [^:]*:(.*)$/is.exec(message)?.[1]?.trim();
  if (!list || /(\.\.\.|…)$/.test(list)) return true;
  const address = bareAddress(from).toLowerCase();
  const domain = address.slice(address.lastIndexOf('@') + 1);
  const named = list
    .toLowerCase()
    .split(/[\s,<>]+/)
    .filter(Boolean);
  return named.includes(address) || named.includes(domain);
}

/**
 * Whether SES refused the message because sending is paused, on the account or a set: v2 has
 * one error for both, so the caller asks SES for the set's own state (decision 058).
 */
export function isSendingPaused(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return name === 'SendingPausedException' || name === 'ConfigurationSetSendingPausedException';
}

/**
 * Whether SES refused the message because the account may no longer send at all: SES API v2
 * SendEmail's AccountSuspendedException, "the account's ability to send email has been
 * permanently restricted" (https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SendEmail.html).
 */
export function isAccountSuspended(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AccountSuspendedException';
}

/**
 * Whose pause a refusal is: the visitor set's own, as GetConfigurationSet confirms (the brake:
 * `visitor-set`, decision 058); the account's, or a set a person paused, when SES answers the
 * visitor set sends or the message was not visitor mail with a set of its own (`sending`,
 * decision 081); `unclear` when the check did not say. Undefined: not a pause at all.
 */
async function pauseOf(
  client: SESv2Client,
  options: Pick<SesMailerOptions, 'configurationSet' | 'visitorConfigurationSet'>,
  stream: MailStream,
  error: unknown,
): Promise<'visitor-set' | 'sending' | 'unclear' | undefined> {
  if (isAccountSuspended(error)) return 'sending';
  if (!isSendingPaused(error)) return undefined;
  const ownSet =
    Boolean(options.visitorConfigurationSet) &&
    options.visitorConfigurationSet !== options.configurationSet;
  if (stream !== 'visitor' || !ownSet) return 'sending';
  const paused = await visitorSetPaused(client, options).catch(() => undefined);
  if (paused === undefined) return 'unclear';
  return paused ? 'visitor-set' : 'sending';
}

/** The From a message of this stream is sent as (before its own display name, if any). */
function fromFor(options: Pick<SesMailerOptions, 'from' | 'visitorFrom'>, stream: MailStream) {
  return stream === 'visitor' ? (options.visitorFrom ?? options.from) : options.from;
}

/** The configuration set a message of this stream is sent with. */
function configurationSetFor(
  options: Pick<SesMailerOptions, 'configurationSet' | 'visitorConfigurationSet'>,
  stream: MailStream,
): string | undefined {
  return stream === 'visitor'
    ? (options.visitorConfigurationSet ?? options.configurationSet)
    : options.configurationSet;
}

/**
 * The SendEmail request for one checked message, built here and nowhere else: the mailer
 * sends it, and the benchmark's SDK floor (scripts/lib/bench-floor.ts) sends the very same.
 */
export function sendEmailRequest(
  options: Pick<
    SesMailerOptions,
    'from' | 'visitorFrom' | 'configurationSet' | 'visitorConfigurationSet'
  >,
  email: OutgoingEmail,
): SendEmailCommandInput {
  return {
    FromEmailAddress: fromHeader(fromFor(options, email.stream), email.fromName),
    Destination: { ToAddresses: email.to },
    ReplyToAddresses: email.replyTo,
    ConfigurationSetName: configurationSetFor(options, email.stream),
    EmailTags: Object.entries(email.tags).map(([Name, Value]) => ({
      Name,
      // SES allows only these characters in tag values.
      Value: Value.replace(/[^A-Za-z0-9_-]/g, '_'),
    })),
    Content: {
      Simple: {
        Subject: { Data: email.subject, Charset: 'UTF-8' },
        Body: {
          Text: { Data: email.text, Charset: 'UTF-8' },
          Html: { Data: email.html, Charset: 'UTF-8' },
        },
      },
    },
  };
}

export function createSesMailer(client: SESv2Client, options: SesMailerOptions): Mailer {
  return {
    async send(email) {
      assertHeadersSafe(email);
      const out = await client
        .send(new SendEmailCommand(sendEmailRequest(options, email)))
        .catch(async (error: unknown) => {
          // Judged against the From this message went as: a visitor identity still verifying
          // makes visitor mail wait for it, as the sales identity does sales mail.
          if (isSenderUnverified(error, fromFor(options, email.stream))) {
            throw new SenderNotVerifiedError({ cause: error });
          }
          // Not our sender, so a recipient: the sandbox mails verified addresses only.
          if (isNotVerifiedRefusal(error)) throw new RecipientNotVerifiedError({ cause: error });
          const pause = await pauseOf(client, options, email.stream, error);
          if (pause === 'visitor-set') throw new StreamPausedError(email.stream, { cause: error });
          // An unclear check stays the SES error, an outage retried and alarming as one.
          if (pause === 'sending') throw new SendingPausedError({ cause: error });
          if (isPermanentRefusal(error)) {
            throw new PermanentSendError('SES refused the message for good', { cause: error });
          }
          throw error;
        });
      return { messageId: out.MessageId ?? 'unknown' };
    },

    async ping() {
      // The sandbox is reported, not held against it (decision 056); the visitor set's sending
      // is not asked: the brake is never told in a public answer (decision 075).
      const [account, identity] = await Promise.allSettled([
        client.send(new GetAccountCommand({})),
        options.identity
          ? client.send(new GetEmailIdentityCommand({ EmailIdentity: options.identity }))
          : Promise.resolve(undefined),
      ]);
      if (account.status === 'rejected') {
        throw new DependencyError('email', { cause: account.reason });
      }
      if (account.value.SendingEnabled === false) {
        throw new DependencyError('email', { cause: new Error('SES sending is disabled') });
      }
      if (identity.status === 'rejected') {
        const cause = identity.reason;
        // An identity that does not exist is one SES will not send as, like an unverified one.
        if ((cause as { name?: unknown } | null)?.name === 'NotFoundException') {
          throw new SenderNotVerifiedError({ cause });
        }
        throw new DependencyError('email', { cause });
      }
      if (identity.value && identity.value.VerifiedForSendingStatus !== true) {
        throw new SenderNotVerifiedError({
          cause: new Error(
            `identity ${options.identity} not verified for sending (${identity.value.VerificationStatus ?? 'unknown status'})`,
          ),
        });
      }
      const production = account.value.ProductionAccessEnabled;
      const known: MailerAccount = {};
      // Absent (an emulator without it, or a changed API): not known, never "sandbox".
      if (typeof production === 'boolean') known.sandbox = !production;
      return known;
    },
  };
}

/**
 * Whether the visitor stream's own configuration set is paused, telling its pause from the
 * account's: undefined when it has none apart from sales, or SES did not say (decision 058).
 */
async function visitorSetPaused(
  client: SESv2Client,
  options: Pick<SesMailerOptions, 'configurationSet' | 'visitorConfigurationSet'>,
): Promise<boolean | undefined> {
  const name = options.visitorConfigurationSet;
  if (!name || name === options.configurationSet) return undefined;
  const set = await client.send(new GetConfigurationSetCommand({ ConfigurationSetName: name }));
  const enabled = set.SendingOptions?.SendingEnabled;
  // SES leaves a set's sending on unless it was turned off; absent means not said.
  return typeof enabled === 'boolean' ? !enabled : undefined;
}

/**
 * The brake's switch: the visitor set's sending off and on, nothing else; given that set's name
 * alone, no call it makes can name the sales set (decision 058).
 */
export function createSesVisitorBrake(
  client: SESv2Client,
  options: { visitorConfigurationSet: string },
): VisitorStreamSwitch {
  // A PUT of the set's one sending option: setting the value it has already is harmless.
  const setSending = async (stream: string, enabled: boolean) => {
    // The type already says so; this keeps a caller outside TypeScript from touching sales.
    if (stream !== 'visitor') throw new Error('only the visitor stream can be paused or resumed');
    await client.send(
      new PutConfigurationSetSendingOptionsCommand({
        ConfigurationSetName: options.visitorConfigurationSet,
        SendingEnabled: enabled,
      }),
    );
  };
  return {
    pauseStream: (stream) => setSending(stream, false),
    resumeStream: (stream) => setSending(stream, true),
  };
}
