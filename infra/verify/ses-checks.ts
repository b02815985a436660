import {
  GetAccountCommand,
  GetConfigurationSetCommand,
  GetConfigurationSetEventDestinationsCommand,
  GetEmailIdentityCommand,
  type SESv2Client,
} from '@aws-sdk/client-sesv2';
import { SES_EVENT_TYPES } from '@kryon/functions/ses-event-types';
import { type CheckResult, fail, guarded, ok, skipped, warn } from './check.ts';
import { outputsNamed, type StackFacts } from './stack-facts.ts';

/** The two mail streams and the output that names each one's configuration set (055). */
export const MAIL_STREAMS = [
  { stream: 'sales', output: 'SalesConfigurationSet', suppressedReasons: [] as string[] },
  {
    stream: 'visitor',
    output: 'VisitorConfigurationSet',
    suppressedReasons: ['BOUNCE', 'COMPLAINT'],
  },
] as const;

/** The event types both sets publish: the delivery-events function's list (decision 060). */
export const DELIVERY_EVENT_TYPES: readonly string[] = Object.values(SES_EVENT_TYPES).map(
  (event) => event.destinationType,
);

const missingOutput = (name: string, output: string) =>
  fail(
    name,
    `the stack has no ${output} output`,
    'The deployed stack is older than this verify: deploy the environment again ' +
      '(`npm run deploy -- <environment>`).',
  );

/**
 * Each stream's set as decisions 055 and 058 built it: sales suppresses nothing, visitor
 * suppresses bounces and complaints; both keep reputation metrics, require TLS and send.
 * GetConfigurationSet returns DeliveryOptions.TlsPolicy (REQUIRE | OPTIONAL),
 * ReputationOptions.ReputationMetricsEnabled, SendingOptions.SendingEnabled and
 * SuppressionOptions.SuppressedReasons (BOUNCE | COMPLAINT):
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_GetConfigurationSet.html
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_SuppressionOptions.html
 * A set's SuppressedReasons overrides the account-level list; CDK renders
 * disableSuppressionList as an empty list (decision 055):
 * https://docs.aws.amazon.com/ses/latest/dg/sending-email-suppression-list.html
 */
export async function checkConfigurationSets(
  ses: SESv2Client,
  facts: StackFacts,
): Promise<CheckResult[]> {
  const results = await Promise.all(
    MAIL_STREAMS.map(({ stream, output, suppressedReasons }) => {
      const name = `SES configuration set: ${stream}`;
      const setName = facts.outputs[output];
      if (!setName) return Promise.resolve([missingOutput(name, output)]);
      return guarded(name, `Check that ${setName} exists in ${facts.region}.`, async () => {
        const set = await ses.send(
          new GetConfigurationSetCommand({ ConfigurationSetName: setName }),
        );
        const wrong: string[] = [];
        let unsure: string | undefined;
        const reasons = set.SuppressionOptions?.SuppressedReasons;
        if (reasons === undefined) {
          // Without the list, SES does not say whether the set overrides the account's list.
          unsure = 'SES returned no SuppressionOptions.SuppressedReasons';
        } else if (!sameSet(reasons, suppressedReasons)) {
          wrong.push(
            `SuppressedReasons is [${reasons.join(', ')}], not [${suppressedReasons.join(', ')}]`,
          );
        }
        if (set.ReputationOptions?.ReputationMetricsEnabled !== true) {
          wrong.push('ReputationOptions.ReputationMetricsEnabled is not true');
        }
        if (set.DeliveryOptions?.TlsPolicy !== 'REQUIRE') {
          wrong.push(`DeliveryOptions.TlsPolicy is ${set.DeliveryOptions?.TlsPolicy ?? 'unset'}`);
        }
        const paused = set.SendingOptions?.SendingEnabled === false;
        if (paused) wrong.push('SendingOptions.SendingEnabled is false: the set is paused');
        const seen = `${setName}: suppresses [${(reasons ?? []).join(', ')}], reputation metrics on, TLS required, sending`;
        if (wrong.length > 0) {
          return fail(
            name,
            `${setName}: ${wrong.join('; ')}`,
            paused && wrong.length === 1
              ? stream === 'visitor'
                ? 'The brake or a person paused visitor mail: `npm run brake -- status` says ' +
                  'why and until when; `npm run brake -- lift` resumes it once the cause is fixed.'
                : 'Sales mail is paused, which no part of the stack does: someone ran ' +
                  'put-configuration-set-sending-options. Resume it with `aws sesv2 ' +
                  `put-configuration-set-sending-options --configuration-set-name ${setName} ` +
                  '--sending-enabled` once you know why.'
              : 'The set differs from the stack: a change by hand or a failed update. Deploy ' +
                  'the environment again, then look for drift (`aws cloudformation ' +
                  `detect-stack-drift --stack-name ${facts.stackName}\`).`,
          );
        }
        if (unsure) {
          return warn(
            name,
            `${setName}: ${unsure}`,
            stream === 'sales'
              ? 'Whether the account-level suppression list applies to sales mail cannot be ' +
                  'read: if it does, a sales address that bounced once is dropped silently ' +
                  `(decision 055). Compare \`aws sesv2 get-configuration-set --configuration-set-name ${setName}\` ` +
                  'with the template (SuppressedReasons: []).'
              : 'The visitor set must suppress BOUNCE and COMPLAINT: deploy the environment again.',
          );
        }
        return ok(name, seen);
      });
    }),
  );
  return results.flat();
}

/**
 * Each set publishes the delivery outcomes to EventBridge's default bus, enabled.
 * GetConfigurationSetEventDestinations returns EventDestinations[] with Enabled,
 * MatchingEventTypes and EventBridgeDestination.EventBusArn:
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_GetConfigurationSetEventDestinations.html
 * Event types (BOUNCE, COMPLAINT, DELIVERY, REJECT, DELIVERY_DELAY, ...):
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_EventDestination.html
 * "Only the default bus is supported":
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_EventBridgeDestination.html
 */
export async function checkEventDestinations(
  ses: SESv2Client,
  facts: StackFacts,
): Promise<CheckResult[]> {
  const results = await Promise.all(
    MAIL_STREAMS.map(({ stream, output }) => {
      const name = `SES event destinations: ${stream}`;
      const setName = facts.outputs[output];
      if (!setName) return Promise.resolve([missingOutput(name, output)]);
      return guarded(name, `Check that ${setName} exists in ${facts.region}.`, async () => {
        const { EventDestinations: destinations = [] } = await ses.send(
          new GetConfigurationSetEventDestinationsCommand({ ConfigurationSetName: setName }),
        );
        const toBus = destinations.filter((d) =>
          d.EventBridgeDestination?.EventBusArn?.endsWith(':event-bus/default'),
        );
        const enabled = toBus.filter((d) => d.Enabled === true);
        const published = new Set(
          enabled.flatMap((d) => (d.MatchingEventTypes ?? []).map(eventType)),
        );
        const missing = DELIVERY_EVENT_TYPES.filter((type) => !published.has(type));
        if (enabled.length > 0 && missing.length === 0) {
          return ok(
            name,
            `${setName} publishes ${DELIVERY_EVENT_TYPES.join(', ')} to the default event bus ` +
              `(${enabled.map((d) => d.Name).join(', ')})`,
          );
        }
        const seen =
          toBus.length === 0
            ? `${setName} has no EventBridge destination on the default bus (${destinations.length} destination(s) in all)`
            : enabled.length === 0
              ? `${setName}'s EventBridge destination ${toBus.map((d) => d.Name).join(', ')} is disabled`
              : `${setName} does not publish ${missing.join(', ')} to EventBridge`;
        return fail(
          name,
          seen,
          'Without these events no delivery, bounce or complaint is recorded on a lead and the ' +
            'brake counts nothing (decision 060). Deploy the environment again; if it persists, ' +
            `look for drift on the ${stream} set's DeliveryEvents destination.`,
        );
      });
    }),
  );
  return results.flat();
}

/**
 * The sender identities may send: VerifiedForSendingStatus true and, for a domain, Easy
 * DKIM found (DkimAttributes.Status SUCCESS; PENDING while SES looks for the CNAMEs).
 * GetEmailIdentity: https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_GetEmailIdentity.html
 * DkimAttributes (Status PENDING | SUCCESS | FAILED | TEMPORARY_FAILURE | NOT_STARTED,
 * Tokens): https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_DkimAttributes.html
 * Easy DKIM's three CNAMEs `<token>._domainkey.<domain>` -> `<token>.dkim.amazonses.com`:
 * https://docs.aws.amazon.com/ses/latest/dg/send-email-authentication-dkim-easy.html
 */
export async function checkSenderIdentities(
  ses: SESv2Client,
  facts: StackFacts,
): Promise<CheckResult[]> {
  const identities = [
    {
      label: 'sender',
      output: 'SenderIdentity',
      dkim: (k: string) => /(^|[^r])DkimRecord\d/.test(k) && !k.includes('VisitorDkimRecord'),
    },
    {
      label: 'visitor sender',
      output: 'VisitorSenderIdentity',
      dkim: (k: string) => k.includes('VisitorDkimRecord'),
    },
  ];
  const results = await Promise.all(
    identities.map(({ label, output, dkim }) => {
      const name = `SES ${label} identity`;
      const identity = facts.outputs[output];
      if (!identity) {
        return Promise.resolve([
          output === 'SenderIdentity'
            ? missingOutput(name, output)
            : skipped(
                name,
                'visitor mail goes out through the sender identity (no visitor identity configured)',
              ),
        ]);
      }
      return guarded(
        name,
        `Check that the identity ${identity} exists in ${facts.region}.`,
        async () => {
          const found = await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
          const isDomain = found.IdentityType === 'DOMAIN' || !identity.includes('@');
          const dkimStatus = found.DkimAttributes?.Status;
          const verified = found.VerifiedForSendingStatus === true;
          if (verified && (!isDomain || dkimStatus === 'SUCCESS')) {
            return ok(
              name,
              `${identity} is verified for sending${isDomain ? ', DKIM SUCCESS' : ''}`,
            );
          }
          const seen = `${identity}: VerifiedForSendingStatus ${String(found.VerifiedForSendingStatus ?? false)}${isDomain ? `, DKIM ${dkimStatus ?? 'unknown'}` : ''}`;
          if (!isDomain) {
            return fail(
              name,
              seen,
              `SES sent a verification e-mail to ${identity}: open its link (it expires after ` +
                '24 hours; `aws sesv2 create-email-identity` again sends a new one). Until then ' +
                'e-mails wait (EmailAwaitingSender) and leads are kept.',
            );
          }
          const records = outputsNamed(facts, dkim).map(([, value]) => value);
          const cnames =
            records.length > 0
              ? records
              : (found.DkimAttributes?.Tokens ?? []).map(
                  (token) => `${token}._domainkey.${identity} CNAME ${token}.dkim.amazonses.com`,
                );
          return fail(
            name,
            seen,
            `Publish the DKIM CNAME records in ${identity}'s DNS: ${cnames.join('; ') || 'see the DkimRecord outputs'}. ` +
              'SES checks for them for up to 72 hours; FAILED means it stopped looking: publish ' +
              'them, then restart verification in the SES console. Until then every send is ' +
              'refused and e-mails wait (EmailAwaitingSender); leads are kept.',
          );
        },
      );
    }),
  );
  return results.flat();
}

/**
 * The account may send and has left the sandbox. GetAccount returns SendingEnabled,
 * ProductionAccessEnabled ("If the value is false, then your account is in the sandbox"),
 * EnforcementStatus (HEALTHY | PROBATION | SHUTDOWN) and SendQuota:
 * https://docs.aws.amazon.com/ses/latest/APIReference-V2/API_GetAccount.html
 */
export async function checkSesAccount(ses: SESv2Client, facts: StackFacts): Promise<CheckResult[]> {
  const name = 'SES account';
  return guarded(name, 'The verify role needs ses:GetAccount.', async () => {
    const account = await ses.send(new GetAccountCommand({}));
    const quota = account.SendQuota
      ? `, ${account.SendQuota.SentLast24Hours ?? 0} of ${account.SendQuota.Max24HourSend ?? '?'} sent in 24 h`
      : '';
    const status = `enforcement ${account.EnforcementStatus ?? 'unknown'}${quota}`;
    if (account.SendingEnabled !== true) {
      return fail(
        name,
        `sending is paused for the account in ${facts.region} (${status})`,
        'No e-mail leaves, sales mail included; leads are kept and re-sent later. If SES ' +
          "paused it (enforcement SHUTDOWN), the SES console's reputation page says why: fix " +
          'the cause and answer the case AWS opened. If a person paused it, resume with ' +
          '`aws sesv2 put-account-sending-attributes --sending-enabled`.',
      );
    }
    if (account.ProductionAccessEnabled !== true) {
      return warn(
        name,
        `the account is in the SES sandbox in ${facts.region} (${status})`,
        'Only verified addresses and the mailbox simulator receive mail: visitors get no ' +
          'confirmation. Request production access (SES console, Account dashboard).',
      );
    }
    if (account.EnforcementStatus && account.EnforcementStatus !== 'HEALTHY') {
      return warn(
        name,
        `the account sends, but is under review (${status})`,
        "SES is reviewing the account's bounces or complaints: see its reputation page and the " +
          "visitor stream's brake (`npm run brake -- status`).",
      );
    }
    return ok(name, `sending enabled, production access (${status})`);
  });
}

/** `deliveryDelay` (CloudFormation) and `DELIVERY_DELAY` (the API) as one spelling. */
export function eventType(type: string): string {
  return type.replace(/([a-z])([A-Z])/g, '$1_$2').toUpperCase();
}

function sameSet(actual: readonly string[], expected: readonly string[]): boolean {
  return actual.length === expected.length && expected.every((value) => actual.includes(value));
}
