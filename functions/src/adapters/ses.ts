import { GetAccountCommand, type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { DependencyError, type Mailer } from '../leads/ports.ts';

export interface SesMailerOptions {
  /** The verified sender, e.g. `Kryon <no-reply@kryon.example>`. */
  from: string;
  configurationSet?: string;
}

export function createSesMailer(client: SESv2Client, options: SesMailerOptions): Mailer {
  return {
    async send(email) {
      const out = await client.send(
        new SendEmailCommand({
          FromEmailAddress: options.from,
          Destination: { ToAddresses: email.to },
          ReplyToAddresses: email.replyTo,
          ConfigurationSetName: options.configurationSet,
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
        }),
      );
      return { messageId: out.MessageId ?? 'unknown' };
    },

    async ping() {
      try {
        const account = await client.send(new GetAccountCommand({}));
        if (account.SendingEnabled === false) throw new Error('SES sending is disabled');
      } catch (error) {
        throw new DependencyError('email', { cause: error });
      }
    },
  };
}
