import {
  AccountSuspendedException,
  GetAccountCommand,
  GetConfigurationSetCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  PutConfigurationSetSendingOptionsCommand,
  SESv2Client,
  SendEmailCommand,
  SendingPausedException,
} from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import 'aws-sdk-client-mock-vitest/extend';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  DependencyError,
  PermanentSendError,
  RecipientNotVerifiedError,
  SenderNotVerifiedError,
  SendingPausedError,
  StreamPausedError,
} from '../leads/errors.ts';
import type { OutgoingEmail } from '../leads/ports.ts';
import {
  assertHeadersSafe,
  createSesMailer,
  createSesVisitorBrake,
  fromHeader,
  isAccountSuspended,
  isPermanentRefusal,
  isSendingPaused,
  UnsafeHeaderError,
} from './ses.ts';

function email(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
  return {
    to: ['sales@kryon.example', 'ops@kryon.example'],
    replyTo: ['ada+news@example.com'],
    subject: 'New contact request: Ada Lovelace – “Demo”',
    text: 'Hello\r\nBcc: text may hold anything',
    html: '<p>Hello</p>',
    tags: { form: 'contact' },
    stream: 'sales',
    ...overrides,
  };
}

const UNSAFE_ADDRESSES: [string, string][] = [
  ['a CR LF and a header', 'ada@example.com\r\nBcc: eve@evil.example'],
  ['a LF', 'ada@example.com\nBcc: eve@evil.example'],
  ['a trailing CR', 'ada@example.com\r'],
  ['a space', 'ada lovelace@example.com'],
  ['a tab', 'ada@example.com\t'],
  ['angle brackets', 'Ada <ada@example.com>'],
  ['a comma', 'ada@example.com,eve@evil.example'],
  ['a semicolon', 'ada@example.com;eve@evil.example'],
  ['two @', 'ada@eve@evil.example'],
  ['a quote', '"ada"@example.com'],
  ['a NUL', 'ada@example.com\u0000'],
  ['a line separator', 'ada@example.com\u2028'],
  ['a next line', 'ada@example.com\u0085'],
  ['no @', 'ada.example.com'],
  ['nothing before the @', '@example.com'],
  ['nothing after the @', 'ada@'],
  ['nothing', ''],
];

describe('assertHeadersSafe', () => {
  it('lets plain addresses and a one-line subject through', () => {
    expect(() => assertHeadersSafe(email())).not.toThrow();
  });

  it('lets a message without a reply-to address through', () => {
    expect(() => assertHeadersSafe(email({ replyTo: [] }))).not.toThrow();
  });

  it('lets a subject through whatever the body holds', () => {
    expect(() =>
      assertHeadersSafe(email({ text: 'a\r\nb\u2028c', html: '<p>\n</p>' })),
    ).not.toThrow();
  });

  it.each(UNSAFE_ADDRESSES)('refuses a recipient with %s', (_label, address) => {
    const message = email({ to: ['sales@kryon.example', address] });
    expect(() => assertHeadersSafe(message)).toThrow(UnsafeHeaderError);
    expect(() => assertHeadersSafe(message)).toThrow(
      'refused to send: unsafe header value (an address)',
    );
  });

  it.each(UNSAFE_ADDRESSES)('refuses a reply-to address with %s', (_label, address) => {
    expect(() => assertHeadersSafe(email({ replyTo: [address] }))).toThrow(UnsafeHeaderError);
  });

  it.each([
    ['a CR', 'Hello\rBcc: eve@evil.example'],
    ['a LF', 'Hello\nBcc: eve@evil.example'],
    ['a CR LF', 'Hello\r\n\r\nbody'],
    ['a line separator (U+2028)', 'Hello\u2028world'],
    ['a paragraph separator (U+2029)', 'Hello\u2029world'],
    ['a next line (U+0085)', 'Hello\u0085world'],
    ['a NUL', 'Hello\u0000'],
    ['a DEL', 'Hello\u007f'],
    ['a right-to-left override (U+202E)', 'Invoice \u202Efdp.exe'],
    ['a zero-width space (U+200B)', 'Hel\u200blo'],
    ['a bidi isolate (U+2066)', '\u2066Hello\u2069'],
    ['a byte order mark (U+FEFF)', '\ufeffHello'],
    ['a Hangul filler (U+3164)', '\u3164'],
  ])('refuses a subject with %s', (_label, subject) => {
    const message = email({ subject });
    expect(() => assertHeadersSafe(message)).toThrow(UnsafeHeaderError);
    expect(() => assertHeadersSafe(message)).toThrow(
      'refused to send: unsafe header value (the subject)',
    );
  });

  it.each([
    ['a CR LF and a header', 'Kryon\r\nBcc: eve@evil.example'],
    ['a LF', 'Kryon\nSales'],
    ['a NUL', 'Kryon\u0000'],
    ['a line separator', 'Kryon\u2028Sales'],
    ['a right-to-left override', 'Kryon \u202eselaS'],
    ['a zero-width space', 'Kry\u200bon'],
    ['an address', 'Kryon <eve@evil.example>'],
    ['an encoded word', '=?UTF-8?B?4oCu?='],
    ['nothing', ' '],
    ['65 characters', 'K'.repeat(65)],
  ])('refuses a sender name with %s', (_label, fromName) => {
    expect(() => assertHeadersSafe(email({ fromName }))).toThrow(
      'refused to send: unsafe header value (the sender name)',
    );
  });

  it('refuses a message without a recipient', () => {
    const message = email({ to: [] });
    expect(() => assertHeadersSafe(message)).toThrow(UnsafeHeaderError);
    expect(() => assertHeadersSafe(message)).toThrow(
      'refused to send: unsafe header value (no recipient)',
    );
  });

  it('names its error UnsafeHeaderError', () => {
    let thrown: unknown;
    try {
      assertHeadersSafe(email({ to: [] }));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Error);
    expect((thrown as Error).name).toBe('UnsafeHeaderError');
  });
});

describe('the From header', () => {
  it('keeps the configured address under the new name', () => {
    expect(fromHeader('Kryon Website <no-reply@kryon.example>', 'Kryon Sales')).toBe(
      '"Kryon Sales" <no-reply@kryon.example>',
    );
    expect(fromHeader('no-reply@kryon.example', 'Kryon Sales')).toBe(
      '"Kryon Sales" <no-reply@kryon.example>',
    );
    expect(fromHeader('Kryon Website <no-reply@kryon.example>', undefined)).toBe(
      'Kryon Website <no-reply@kryon.example>',
    );
  });
});

describe('createSesMailer', () => {
  const ses = mockClient(SESv2Client);
  const client = new SESv2Client({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const options = {
    from: 'Kryon Website <no-reply@kryon.example>',
    configurationSet: 'leads',
  };

  beforeEach(() => {
    ses.reset();
    ses.on(SendEmailCommand).resolves({ MessageId: 'ses-message-1' });
  });

  it.each([
    ['an unsafe recipient', { to: ['ada@example.com\r\nBcc: eve@evil.example'] }],
    ['an unsafe reply-to address', { replyTo: ['Ada <ada@example.com>'] }],
    ['an unsafe subject', { subject: 'Hello\nBcc: eve@evil.example' }],
    ['no recipient', { to: [] }],
  ])('refuses a message with %s before sending anything', async (_label, overrides) => {
    const mailer = createSesMailer(client, options);

    await expect(mailer.send(email(overrides))).rejects.toThrow(UnsafeHeaderError);

    expect(ses).not.toHaveReceivedAnyCommand();
  });

  it('sends a message with its own sender name from the configured address', async () => {
    const mailer = createSesMailer(client, options);

    await mailer.send(email({ fromName: 'Kryon Sales' }));

    expect(ses).toHaveReceivedCommandWith(SendEmailCommand, {
      FromEmailAddress: '"Kryon Sales" <no-reply@kryon.example>',
    });
  });

  it('sends a safe message with its sender, reply-to, configuration set and tags', async () => {
    const mailer = createSesMailer(client, options);

    const result = await mailer.send(
      email({ tags: { form: 'beta-access', audience: 'sales', origin: 'kryon.example/a b' } }),
    );

    expect(result).toEqual({ messageId: 'ses-message-1' });
    expect(ses).toHaveReceivedCommandTimes(SendEmailCommand, 1);
    expect(ses).toHaveReceivedCommandWith(SendEmailCommand, {
      FromEmailAddress: 'Kryon Website <no-reply@kryon.example>',
      Destination: { ToAddresses: ['sales@kryon.example', 'ops@kryon.example'] },
      ReplyToAddresses: ['ada+news@example.com'],
      ConfigurationSetName: 'leads',
      EmailTags: [
        { Name: 'form', Value: 'beta-access' },
        { Name: 'audience', Value: 'sales' },
        // SES allows only letters, digits, _ and - in a tag value.
        { Name: 'origin', Value: 'kryon_example_a_b' },
      ],
      Content: {
        Simple: {
          Subject: { Data: 'New contact request: Ada Lovelace – “Demo”', Charset: 'UTF-8' },
          Body: {
            Text: { Data: 'Hello\r\nBcc: text may hold anything', Charset: 'UTF-8' },
            Html: { Data: '<p>Hello</p>', Charset: 'UTF-8' },
          },
        },
      },
    });
  });

  it('sends sales mail with the sales set and visitor mail with the visitor set', async () => {
    const mailer = createSesMailer(client, {
      ...options,
      configurationSet: 'kryon-sales',
      visitorConfigurationSet: 'kryon-visitor',
    });

    await mailer.send(email({ stream: 'sales', to: ['sales@kryon.example'] }));
    await mailer.send(email({ stream: 'visitor', to: ['ada@example.com'] }));

    const sent = ses
      .commandCalls(SendEmailCommand)
      .map((call) => [
        call.args[0].input.Destination?.ToAddresses,
        call.args[0].input.ConfigurationSetName,
      ]);
    expect(sent).toEqual([
      [['sales@kryon.example'], 'kryon-sales'],
      [['ada@example.com'], 'kryon-visitor'],
    ]);
  });

  it('sends visitor mail with the sales set when no visitor set is given', async () => {
    const mailer = createSesMailer(client, options);

    await mailer.send(email({ stream: 'visitor' }));

    expect(ses).toHaveReceivedCommandWith(SendEmailCommand, { ConfigurationSetName: 'leads' });
  });

  it('sends without a configuration set when none is configured', async () => {
    const mailer = createSesMailer(client, { from: options.from });

    await mailer.send(email());

    const [call] = ses.commandCalls(SendEmailCommand);
    expect(call?.args[0].input.ConfigurationSetName).toBeUndefined();
    expect(call?.args[0].input.FromEmailAddress).toBe(options.from);
  });

  it('answers "unknown" as the message id when SES gives none', async () => {
    ses.on(SendEmailCommand).resolves({});
    const mailer = createSesMailer(client, options);

    await expect(mailer.send(email())).resolves.toEqual({ messageId: 'unknown' });
  });

  it.each([
    ['BadRequestException', "Missing final '@domain'"],
    ['MessageRejected', 'Illegal address'],
  ])('turns a %s (%s) into a permanent refusal', async (name, message) => {
    ses.on(SendEmailCommand).rejects(Object.assign(new Error(message), { name }));
    const mailer = createSesMailer(client, options);

    await expect(mailer.send(email())).rejects.toBeInstanceOf(PermanentSendError);
  });

  it('tells the sandbox refusing a recipient apart: a setup step, never a permanent refusal', async () => {
    const error = Object.assign(
      new Error(
        'Email address is not verified. The following identities failed the check in region EU-WEST-1: ada@example.com',
      ),
      { name: 'MessageRejected' },
    );
    ses.on(SendEmailCommand).rejects(error);
    const mailer = createSesMailer(client, options);

    const refusal = mailer.send(email());
    await expect(refusal).rejects.toBeInstanceOf(RecipientNotVerifiedError);
    await expect(refusal).rejects.toMatchObject({ cause: { name: 'MessageRejected' } });
    expect(isPermanentRefusal(error)).toBe(false);
  });

  it.each([
    ['TooManyRequestsException', 'Maximum sending rate exceeded.'],
    ['TimeoutError', 'socket hang up'],
  ])('passes a %s (%s) on as a failure worth retrying', async (name, message) => {
    const error = Object.assign(new Error(message), { name });
    ses.on(SendEmailCommand).rejects(error);
    const mailer = createSesMailer(client, options);

    await expect(mailer.send(email())).rejects.toMatchObject({ name });
    expect(isPermanentRefusal(error)).toBe(false);
  });

  it.each([
    ['SendingPausedException', 'Sending is paused for this account.'],
    ['AccountSuspendedException', 'Account suspended'],
  ])(
    'passes a %s (%s) on as paused sending, a failure worth retrying that alarms as what it is',
    async (name, message) => {
      const error = Object.assign(new Error(message), { name });
      ses.on(SendEmailCommand).rejects(error);
      const mailer = createSesMailer(client, options);

      const refusal = mailer.send(email());

      await expect(refusal).rejects.toBeInstanceOf(SendingPausedError);
      await expect(refusal).rejects.toMatchObject({ cause: { name } });
      expect(isPermanentRefusal(error)).toBe(false);
    },
  );

  const notVerified = (identities: string) =>
    Object.assign(
      new Error(
        `Email address is not verified. The following identities failed the check in region EU-WEST-1: ${identities}`,
      ),
      { name: 'MessageRejected' },
    );

  it.each([
    ['the sender address', 'no-reply@kryon.example'],
    [
      'the sender with its display name',
      'Kryon Website <no-reply@kryon.example>, no-reply@kryon.example',
    ],
    ['the sender domain', 'kryon.example'],
    ['the sender in other case, beside a recipient', 'ada@example.com, NO-REPLY@KRYON.EXAMPLE'],
    ['a cut list that may hide the sender', 'ada@example.com, bob@example.com...'],
  ])('takes a "not verified" refusal naming %s for a sender still verifying', async (_l, ids) => {
    ses.on(SendEmailCommand).rejects(notVerified(ids));
    const mailer = createSesMailer(client, options);

    const refusal = mailer.send(email());

    await expect(refusal).rejects.toBeInstanceOf(SenderNotVerifiedError);
    await expect(refusal).rejects.not.toBeInstanceOf(PermanentSendError);
  });

  it('takes a "not verified" refusal without a readable list for a sender still verifying', async () => {
    ses
      .on(SendEmailCommand)
      .rejects(
        Object.assign(new Error('Email address is not verified.'), { name: 'MessageRejected' }),
      );
    const mailer = createSesMailer(client, options);

    await expect(mailer.send(email())).rejects.toBeInstanceOf(SenderNotVerifiedError);
  });

  describe('with a sending identity of its own for visitor mail', () => {
    const twoSenders = {
      ...options,
      visitorFrom: 'Kryon <no-reply@mail.kryon.example>',
    };

    it('sends visitor mail from the visitor address and sales mail from the sales address', async () => {
      const mailer = createSesMailer(client, twoSenders);

      await mailer.send(email({ stream: 'sales', to: ['sales@kryon.example'] }));
      await mailer.send(email({ stream: 'visitor', to: ['ada@example.com'] }));
      await mailer.send(email({ stream: 'visitor', to: ['bob@example.com'], fromName: 'Sales' }));

      expect(
        ses.commandCalls(SendEmailCommand).map((call) => call.args[0].input.FromEmailAddress),
      ).toEqual([
        'Kryon Website <no-reply@kryon.example>',
        'Kryon <no-reply@mail.kryon.example>',
        // The visitor's sender name goes in front of the visitor address.
        '"Sales" <no-reply@mail.kryon.example>',
      ]);
    });

    it.each([
      ['the visitor domain', 'mail.kryon.example'],
      ['the visitor address', 'no-reply@mail.kryon.example'],
    ])('lets visitor mail wait while SES names %s not verified', async (_l, ids) => {
      ses.on(SendEmailCommand).rejects(notVerified(ids));
      const mailer = createSesMailer(client, twoSenders);

      const refusal = mailer.send(email({ stream: 'visitor', to: ['ada@example.com'] }));

      await expect(refusal).rejects.toBeInstanceOf(SenderNotVerifiedError);
    });

    it('judges a sales message by the sales sender, not the visitor one', async () => {
      ses.on(SendEmailCommand).rejects(notVerified('mail.kryon.example'));
      const mailer = createSesMailer(client, twoSenders);

      const refusal = mailer.send(email({ stream: 'sales' }));

      // The visitor identity is not the sales message's sender: a recipient the sandbox refused.
      await expect(refusal).rejects.toBeInstanceOf(RecipientNotVerifiedError);
    });
  });

  it('does not take a recipient that merely contains the sender address for the sender', async () => {
    ses.on(SendEmailCommand).rejects(notVerified('xno-reply@kryon.example.org'));
    const mailer = createSesMailer(client, options);

    const refusal = mailer.send(email());

    await expect(refusal).rejects.toBeInstanceOf(RecipientNotVerifiedError);
  });
});

describe('createSesMailer ping', () => {
  const ses = mockClient(SESv2Client);
  const client = new SESv2Client({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const from = 'Kryon Website <no-reply@kryon.example>';

  beforeEach(() => {
    ses.reset();
    ses.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: true });
    ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true });
  });

  it('asks the account only when no identity is configured (the local emulator has none)', async () => {
    await expect(createSesMailer(client, { from }).ping()).resolves.toEqual({ sandbox: false });

    expect(ses).toHaveReceivedCommandOnce(GetAccountCommand);
    expect(ses).not.toHaveReceivedCommand(GetEmailIdentityCommand);
  });

  it('answers when the account may send and the identity is verified for sending', async () => {
    const mailer = createSesMailer(client, { from, identity: 'kryon.example' });

    await expect(mailer.ping()).resolves.toEqual({ sandbox: false });

    expect(ses).toHaveReceivedCommandWith(GetEmailIdentityCommand, {
      EmailIdentity: 'kryon.example',
    });
  });

  it('says the sender is not verified while the identity is not verified for sending', async () => {
    ses.on(GetEmailIdentityCommand).resolves({
      VerifiedForSendingStatus: false,
      VerificationStatus: 'PENDING',
    });
    const mailer = createSesMailer(client, { from, identity: 'kryon.example' });

    await expect(mailer.ping()).rejects.toBeInstanceOf(SenderNotVerifiedError);
  });

  it('says the sender is not verified when the identity does not exist', async () => {
    ses.on(GetEmailIdentityCommand).rejects(
      new NotFoundException({
        message: 'Email identity kryon.example does not exist.',
        $metadata: {},
      }),
    );
    const mailer = createSesMailer(client, { from, identity: 'kryon.example' });

    await expect(mailer.ping()).rejects.toBeInstanceOf(SenderNotVerifiedError);
  });

  it('says e-mail is down when SES does not answer, refuses the call or has sending disabled', async () => {
    const mailer = createSesMailer(client, { from, identity: 'kryon.example' });
    ses
      .on(GetEmailIdentityCommand)
      .rejects(Object.assign(new Error('denied'), { name: 'AccessDeniedException' }));
    await expect(mailer.ping()).rejects.toBeInstanceOf(DependencyError);

    ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true });
    ses.on(GetAccountCommand).resolves({ SendingEnabled: false });
    await expect(mailer.ping()).rejects.toBeInstanceOf(DependencyError);
  });

  it('reports the sandbox without failing: sales on verified addresses still get their leads', async () => {
    ses.on(GetAccountCommand).resolves({ SendingEnabled: true, ProductionAccessEnabled: false });
    const mailer = createSesMailer(client, { from, identity: 'kryon.example' });

    await expect(mailer.ping()).resolves.toEqual({ sandbox: true });
  });

  it('says nothing of the sandbox when SES does not say whether the account left it', async () => {
    ses.on(GetAccountCommand).resolves({ SendingEnabled: true });
    const mailer = createSesMailer(client, { from, identity: 'kryon.example' });

    await expect(mailer.ping()).resolves.toEqual({});
  });

  it.each([
    [
      'a visitor set of its own',
      { configurationSet: 'kryon-sales', visitorConfigurationSet: 'kryon-visitor' },
    ],
    ['no visitor set', { configurationSet: 'kryon-sales' }],
    ['no set is configured (the local stack)', {}],
  ])(
    'reads no configuration set with %s: health says nothing of a paused visitor stream',
    async (_label, options) => {
      ses.on(GetConfigurationSetCommand).resolves({ SendingOptions: { SendingEnabled: false } });
      await expect(createSesMailer(client, { from, ...options }).ping()).resolves.toEqual({
        sandbox: false,
      });
      expect(ses).not.toHaveReceivedCommand(GetConfigurationSetCommand);
    },
  );
});

describe('a paused configuration set', () => {
  const ses = mockClient(SESv2Client);
  const client = new SESv2Client({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });
  const options = {
    from: 'Kryon Website <no-reply@kryon.example>',
    configurationSet: 'kryon-sales',
    visitorConfigurationSet: 'kryon-visitor',
  };
  /** SES v2's one refusal for paused sending, in the words AWS documents it with. */
  const paused = () =>
    new SendingPausedException({
      message:
        "The message can't be sent because the account's ability to send email is currently paused.",
      $metadata: { httpStatusCode: 400 },
    });
  const visitorEmail = () => email({ stream: 'visitor', to: ['ada@example.com'] });

  beforeEach(() => ses.reset());

  it.each([
    ['SendingPausedException (v2)', paused(), true],
    [
      'ConfigurationSetSendingPausedException (v1)',
      Object.assign(new Error('Sending is paused.'), {
        name: 'ConfigurationSetSendingPausedException',
      }),
      true,
    ],
    [
      'a rejected message, whatever it says',
      Object.assign(new Error('configuration set paused'), { name: 'MessageRejected' }),
      false,
    ],
  ])('knows a paused sending by its name alone: %s', (_label, error, expected) => {
    expect(isSendingPaused(error)).toBe(expected);
  });

  it.each([
    ['the documented account wording', paused()],
    [
      'wording that names a set',
      new SendingPausedException({
        message: 'Sending is paused for configuration set kryon-visitor.',
        $metadata: {},
      }),
    ],
    [
      'the v1 error',
      Object.assign(new Error('Sending is paused.'), {
        name: 'ConfigurationSetSendingPausedException',
      }),
    ],
  ])(
    'withholds a visitor message when SES confirms the visitor set is paused (%s)',
    async (_label, error) => {
      ses.on(SendEmailCommand).rejects(error);
      ses.on(GetConfigurationSetCommand).resolves({ SendingOptions: { SendingEnabled: false } });
      const mailer = createSesMailer(client, options);

      const refusal = mailer.send(visitorEmail());

      await expect(refusal).rejects.toBeInstanceOf(StreamPausedError);
      await expect(refusal).rejects.toMatchObject({ stream: 'visitor' });
      expect(ses).toHaveReceivedCommandWith(GetConfigurationSetCommand, {
        ConfigurationSetName: 'kryon-visitor',
      });
    },
  );

  it.each([
    [
      'names a set',
      new SendingPausedException({
        message: 'Sending is paused for configuration set kryon-visitor.',
        $metadata: {},
      }),
    ],
    ['is the documented account wording', paused()],
  ])(
    "passes the account's pause on as SendingPausedError (the visitor set sends) even when its message %s",
    async (_label, error) => {
      ses.on(SendEmailCommand).rejects(error);
      ses.on(GetConfigurationSetCommand).resolves({ SendingOptions: { SendingEnabled: true } });
      const mailer = createSesMailer(client, options);

      const refusal = mailer.send(visitorEmail());

      await expect(refusal).rejects.toBeInstanceOf(SendingPausedError);
      await expect(refusal).rejects.toMatchObject({ cause: error });
      await expect(refusal).rejects.not.toBeInstanceOf(StreamPausedError);
    },
  );

  it.each([
    [
      'fails',
      (s: typeof ses) => s.on(GetConfigurationSetCommand).rejects(new Error('AccessDenied')),
    ],
    ['says nothing of sending', (s: typeof ses) => s.on(GetConfigurationSetCommand).resolves({})],
  ])('passes the refusal on, to be retried, when the check %s', async (_label, arrange) => {
    const error = paused();
    ses.on(SendEmailCommand).rejects(error);
    arrange(ses);
    const mailer = createSesMailer(client, options);

    await expect(mailer.send(visitorEmail())).rejects.toBe(error);
  });

  it('never takes a sales message for a paused stream: the sending is paused, and it asks nothing', async () => {
    const error = paused();
    ses.on(SendEmailCommand).rejects(error);
    ses.on(GetConfigurationSetCommand).resolves({ SendingOptions: { SendingEnabled: false } });
    const mailer = createSesMailer(client, options);

    const refusal = mailer.send(email({ stream: 'sales' }));

    await expect(refusal).rejects.toBeInstanceOf(SendingPausedError);
    await expect(refusal).rejects.toMatchObject({ cause: error });
    expect(ses).not.toHaveReceivedCommand(GetConfigurationSetCommand);
  });

  it('asks nothing without a visitor set apart from the sales set: the sending is paused', async () => {
    const error = paused();
    ses.on(SendEmailCommand).rejects(error);
    const mailer = createSesMailer(client, { ...options, visitorConfigurationSet: 'kryon-sales' });

    await expect(mailer.send(visitorEmail())).rejects.toBeInstanceOf(SendingPausedError);
    expect(ses).not.toHaveReceivedCommand(GetConfigurationSetCommand);
  });

  it.each([
    ['sales', email({ stream: 'sales' })],
    ['visitor', email({ stream: 'visitor', to: ['ada@example.com'] })],
  ])(
    'takes a suspended account for paused sending, on the %s stream, without asking',
    async (_stream, message) => {
      // SES API v2 SendEmail: "the account's ability to send email has been permanently
      // restricted".
      const error = new AccountSuspendedException({
        message:
          "The message can't be sent because the account's ability to send email has been permanently restricted.",
        $metadata: { httpStatusCode: 400 },
      });
      ses.on(SendEmailCommand).rejects(error);
      const mailer = createSesMailer(client, options);

      await expect(mailer.send(message)).rejects.toBeInstanceOf(SendingPausedError);
      expect(isAccountSuspended(error)).toBe(true);
      expect(ses).not.toHaveReceivedCommand(GetConfigurationSetCommand);
    },
  );

  it('leaves any other refusal as SES gave it (throttling is no pause)', async () => {
    const error = Object.assign(new Error('Maximum sending rate exceeded.'), {
      name: 'TooManyRequestsException',
    });
    ses.on(SendEmailCommand).rejects(error);
    const mailer = createSesMailer(client, options);

    await expect(mailer.send(email({ stream: 'sales' }))).rejects.toBe(error);
    expect(isAccountSuspended(error)).toBe(false);
  });
});

describe('createSesVisitorBrake', () => {
  const ses = mockClient(SESv2Client);
  const client = new SESv2Client({
    region: 'eu-west-1',
    credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
  });

  beforeEach(() => {
    ses.reset();
    ses.on(PutConfigurationSetSendingOptionsCommand).resolves({});
  });

  it('turns sending off on the visitor set, and only on it', async () => {
    const brake = createSesVisitorBrake(client, { visitorConfigurationSet: 'kryon-visitor' });

    await brake.pauseStream('visitor');
    await brake.pauseStream('visitor');

    expect(ses.calls()).toHaveLength(2);
    for (const call of ses.commandCalls(PutConfigurationSetSendingOptionsCommand)) {
      expect(call.args[0].input).toEqual({
        ConfigurationSetName: 'kryon-visitor',
        SendingEnabled: false,
      });
    }
  });

  it('turns sending on again on the visitor set, and only on it (the cool-down is over)', async () => {
    const brake = createSesVisitorBrake(client, { visitorConfigurationSet: 'kryon-visitor' });

    await brake.resumeStream('visitor');

    expect(ses).toHaveReceivedCommandExactlyOnceWith(PutConfigurationSetSendingOptionsCommand, {
      ConfigurationSetName: 'kryon-visitor',
      SendingEnabled: true,
    });
  });

  it('refuses any other stream, even from a caller outside TypeScript', async () => {
    const brake = createSesVisitorBrake(client, { visitorConfigurationSet: 'kryon-visitor' });

    await expect(brake.pauseStream('sales' as 'visitor')).rejects.toThrow(
      'only the visitor stream can be paused',
    );
    await expect(brake.resumeStream('sales' as 'visitor')).rejects.toThrow(
      'only the visitor stream can be paused or resumed',
    );
    expect(ses.calls()).toHaveLength(0);
  });

  it('passes a failed pause on, for the invocation to be retried', async () => {
    ses
      .on(PutConfigurationSetSendingOptionsCommand)
      .rejects(Object.assign(new Error('Rate exceeded'), { name: 'TooManyRequestsException' }));
    const brake = createSesVisitorBrake(client, { visitorConfigurationSet: 'kryon-visitor' });

    await expect(brake.pauseStream('visitor')).rejects.toMatchObject({
      name: 'TooManyRequestsException',
    });
  });
});
