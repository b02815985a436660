import {
  GetAccountCommand,
  GetConfigurationSetCommand,
  GetConfigurationSetEventDestinationsCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  configurationSet,
  eventDestinations,
  REGION,
  SALES_SET,
  stackFacts,
  VISITOR_SET,
} from './aws-fixtures.ts';
import {
  checkConfigurationSets,
  checkEventDestinations,
  checkSenderIdentities,
  checkSesAccount,
  eventType,
} from './ses-checks.ts';

/*
 * Response shapes: GetConfigurationSet, GetConfigurationSetEventDestinations, GetEmailIdentity
 * and GetAccount of the SES API v2 reference (cited in ses-checks.ts).
 */
const ses = mockClient(SESv2Client);
const client = new SESv2Client({ region: REGION });
beforeEach(() => ses.reset());

const bySet = (name: string) => ({ ConfigurationSetName: name });

describe('checkConfigurationSets', () => {
  it('passes the sets as the stack builds them: sales suppresses nothing, visitor bounces and complaints', async () => {
    ses.on(GetConfigurationSetCommand, bySet(SALES_SET)).resolves(configurationSet(SALES_SET, []));
    ses
      .on(GetConfigurationSetCommand, bySet(VISITOR_SET))
      .resolves(configurationSet(VISITOR_SET, ['BOUNCE', 'COMPLAINT']));

    const results = await checkConfigurationSets(client, stackFacts());

    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['SES configuration set: sales', 'ok'],
      ['SES configuration set: visitor', 'ok'],
    ]);
  });

  it('fails the sales set when it suppresses anything, naming the reasons', async () => {
    ses
      .on(GetConfigurationSetCommand, bySet(SALES_SET))
      .resolves(configurationSet(SALES_SET, ['BOUNCE']));
    ses
      .on(GetConfigurationSetCommand, bySet(VISITOR_SET))
      .resolves(configurationSet(VISITOR_SET, ['BOUNCE', 'COMPLAINT']));

    const [sales] = await checkConfigurationSets(client, stackFacts());

    expect(sales?.status).toBe('fail');
    expect(sales?.detail).toContain('SuppressedReasons is [BOUNCE], not []');
  });

  it('fails the visitor set that suppresses only bounces', async () => {
    ses.on(GetConfigurationSetCommand, bySet(SALES_SET)).resolves(configurationSet(SALES_SET, []));
    ses
      .on(GetConfigurationSetCommand, bySet(VISITOR_SET))
      .resolves(configurationSet(VISITOR_SET, ['BOUNCE']));

    const [, visitor] = await checkConfigurationSets(client, stackFacts());

    expect(visitor?.status).toBe('fail');
    expect(visitor?.detail).toContain('not [BOUNCE, COMPLAINT]');
  });

  it('fails a paused visitor set and points at the brake', async () => {
    ses.on(GetConfigurationSetCommand, bySet(SALES_SET)).resolves(configurationSet(SALES_SET, []));
    ses.on(GetConfigurationSetCommand, bySet(VISITOR_SET)).resolves({
      ...configurationSet(VISITOR_SET, ['BOUNCE', 'COMPLAINT']),
      SendingOptions: { SendingEnabled: false },
    });

    const [, visitor] = await checkConfigurationSets(client, stackFacts());

    expect(visitor?.status).toBe('fail');
    expect(visitor?.detail).toContain('SendingEnabled is false');
    expect(visitor?.fix).toContain('npm run brake -- status');
  });

  it('fails optional TLS and reputation metrics off, naming both', async () => {
    ses.on(GetConfigurationSetCommand, bySet(SALES_SET)).resolves({
      ...configurationSet(SALES_SET, []),
      DeliveryOptions: { TlsPolicy: 'OPTIONAL' },
      ReputationOptions: { ReputationMetricsEnabled: false },
    });
    ses
      .on(GetConfigurationSetCommand, bySet(VISITOR_SET))
      .resolves(configurationSet(VISITOR_SET, ['BOUNCE', 'COMPLAINT']));

    const [sales] = await checkConfigurationSets(client, stackFacts());

    expect(sales?.status).toBe('fail');
    expect(sales?.detail).toContain('TlsPolicy is OPTIONAL');
    expect(sales?.detail).toContain('ReputationMetricsEnabled is not true');
  });

  it('warns when SES returns no SuppressionOptions for the sales set: the override cannot be read', async () => {
    const { SuppressionOptions: _, ...withoutSuppression } = configurationSet(SALES_SET, []);
    ses.on(GetConfigurationSetCommand, bySet(SALES_SET)).resolves(withoutSuppression);
    ses
      .on(GetConfigurationSetCommand, bySet(VISITOR_SET))
      .resolves(configurationSet(VISITOR_SET, ['BOUNCE', 'COMPLAINT']));

    const [sales] = await checkConfigurationSets(client, stackFacts());

    expect(sales?.status).toBe('warn');
    expect(sales?.detail).toContain('no SuppressionOptions');
  });

  it('turns a missing set into a fail that names the error, and a missing output into one too', async () => {
    ses
      .on(GetConfigurationSetCommand)
      .rejects(
        new NotFoundException({ message: 'Configuration set does not exist', $metadata: {} }),
      );
    const facts = stackFacts();
    delete facts.outputs.VisitorConfigurationSet;

    const results = await checkConfigurationSets(client, facts);

    expect(results[0]?.status).toBe('fail');
    expect(results[0]?.detail).toContain('NotFoundException');
    expect(results[1]?.detail).toContain('no VisitorConfigurationSet output');
  });
});

describe('checkEventDestinations', () => {
  it('passes both sets publishing the five outcomes to the default bus', async () => {
    ses.on(GetConfigurationSetEventDestinationsCommand).resolves(eventDestinations());

    const results = await checkEventDestinations(client, stackFacts());

    expect(results.map((r) => r.status)).toEqual(['ok', 'ok']);
  });

  it('reads the CloudFormation spelling of the types too (deliveryDelay)', async () => {
    ses
      .on(GetConfigurationSetEventDestinationsCommand)
      .resolves(eventDestinations(['delivery', 'bounce', 'complaint', 'reject', 'deliveryDelay']));

    const results = await checkEventDestinations(client, stackFacts());

    expect(results.map((r) => r.status)).toEqual(['ok', 'ok']);
    expect(eventType('deliveryDelay')).toBe('DELIVERY_DELAY');
  });

  it('fails a set whose destination leaves out an event type, naming it', async () => {
    ses
      .on(GetConfigurationSetEventDestinationsCommand, bySet(VISITOR_SET))
      .resolves(eventDestinations(['DELIVERY', 'BOUNCE', 'COMPLAINT', 'REJECT']));
    ses
      .on(GetConfigurationSetEventDestinationsCommand, bySet(SALES_SET))
      .resolves(eventDestinations());

    const [sales, visitor] = await checkEventDestinations(client, stackFacts());

    expect(sales?.status).toBe('ok');
    expect(visitor?.status).toBe('fail');
    expect(visitor?.detail).toContain('does not publish DELIVERY_DELAY');
  });

  it('fails a disabled destination and a set without one', async () => {
    const disabled = eventDestinations();
    disabled.EventDestinations[0] = { ...disabled.EventDestinations[0], Enabled: false } as never;
    ses.on(GetConfigurationSetEventDestinationsCommand, bySet(SALES_SET)).resolves(disabled);
    ses
      .on(GetConfigurationSetEventDestinationsCommand, bySet(VISITOR_SET))
      .resolves({ EventDestinations: [] });

    const [sales, visitor] = await checkEventDestinations(client, stackFacts());

    expect(sales?.detail).toContain('is disabled');
    expect(visitor?.detail).toContain('no EventBridge destination on the default bus');
  });
});

describe('checkSenderIdentities', () => {
  it('passes a domain verified for sending with DKIM SUCCESS, and skips the absent visitor identity', async () => {
    ses.on(GetEmailIdentityCommand).resolves({
      IdentityType: 'DOMAIN',
      VerifiedForSendingStatus: true,
      VerificationStatus: 'SUCCESS',
      DkimAttributes: { SigningEnabled: true, Status: 'SUCCESS', Tokens: ['tok1', 'tok2', 'tok3'] },
    });

    const results = await checkSenderIdentities(client, stackFacts());

    expect(results.map((r) => [r.name, r.status])).toEqual([
      ['SES sender identity', 'ok'],
      ['SES visitor sender identity', 'skipped'],
    ]);
  });

  it('fails a pending domain with the DNS records of the DkimRecord outputs to publish', async () => {
    ses.on(GetEmailIdentityCommand).resolves({
      IdentityType: 'DOMAIN',
      VerifiedForSendingStatus: false,
      DkimAttributes: { SigningEnabled: true, Status: 'PENDING', Tokens: ['tok1', 'tok2', 'tok3'] },
    });

    const [sender] = await checkSenderIdentities(client, stackFacts());

    expect(sender?.status).toBe('fail');
    expect(sender?.detail).toContain('DKIM PENDING');
    expect(sender?.fix).toContain('tok1._domainkey.kryon.example CNAME tok1.dkim.amazonses.com');
    expect(sender?.fix).toContain('tok3._domainkey.kryon.example');
  });

  it('builds the records from the tokens when the stack imported the identity (no outputs)', async () => {
    ses.on(GetEmailIdentityCommand).resolves({
      IdentityType: 'DOMAIN',
      VerifiedForSendingStatus: true,
      DkimAttributes: { Status: 'FAILED', Tokens: ['abc'] },
    });
    const facts = stackFacts({ outputs: { SenderIdentity: 'kryon.example' } });

    const [sender] = await checkSenderIdentities(client, facts);

    expect(sender?.status).toBe('fail');
    expect(sender?.fix).toContain('abc._domainkey.kryon.example CNAME abc.dkim.amazonses.com');
  });

  it('fails an unverified e-mail address identity with the link to click', async () => {
    ses
      .on(GetEmailIdentityCommand)
      .resolves({ IdentityType: 'EMAIL_ADDRESS', VerifiedForSendingStatus: false });
    const facts = stackFacts({ outputs: { SenderIdentity: 'leads@kryon.example' } });

    const [sender] = await checkSenderIdentities(client, facts);

    expect(sender?.status).toBe('fail');
    expect(sender?.fix).toContain('verification e-mail to leads@kryon.example');
  });

  it('checks the visitor identity with its own VisitorDkimRecord outputs', async () => {
    ses.on(GetEmailIdentityCommand, { EmailIdentity: 'kryon.example' }).resolves({
      IdentityType: 'DOMAIN',
      VerifiedForSendingStatus: true,
      DkimAttributes: { Status: 'SUCCESS' },
    });
    ses.on(GetEmailIdentityCommand, { EmailIdentity: 'mail.kryon.example' }).resolves({
      IdentityType: 'DOMAIN',
      VerifiedForSendingStatus: false,
      DkimAttributes: { Status: 'PENDING' },
    });
    const facts = stackFacts();
    facts.outputs.VisitorSenderIdentity = 'mail.kryon.example';
    facts.outputs.VisitorDkimRecord1 =
      'v1._domainkey.mail.kryon.example CNAME v1.dkim.amazonses.com';

    const [sender, visitor] = await checkSenderIdentities(client, facts);

    expect(sender?.status).toBe('ok');
    expect(visitor?.status).toBe('fail');
    expect(visitor?.fix).toContain('v1._domainkey.mail.kryon.example');
    expect(visitor?.fix).not.toContain('tok1');
  });
});

describe('checkSesAccount', () => {
  const account = {
    DedicatedIpAutoWarmupEnabled: false,
    EnforcementStatus: 'HEALTHY',
    ProductionAccessEnabled: true,
    SendingEnabled: true,
    SendQuota: { Max24HourSend: 50000, MaxSendRate: 14, SentLast24Hours: 12 },
  };

  it('passes an account out of the sandbox that sends', async () => {
    ses.on(GetAccountCommand).resolves(account);
    const [result] = await checkSesAccount(client, stackFacts());
    expect(result?.status).toBe('ok');
    expect(result?.detail).toContain('12 of 50000');
  });

  it('warns in the sandbox', async () => {
    ses.on(GetAccountCommand).resolves({ ...account, ProductionAccessEnabled: false });
    const [result] = await checkSesAccount(client, stackFacts());
    expect(result?.status).toBe('warn');
    expect(result?.detail).toContain('sandbox');
  });

  it('fails when the account sending is paused, saying what to do', async () => {
    ses
      .on(GetAccountCommand)
      .resolves({ ...account, SendingEnabled: false, EnforcementStatus: 'SHUTDOWN' });
    const [result] = await checkSesAccount(client, stackFacts());
    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain('sending is paused');
    expect(result?.fix).toContain('put-account-sending-attributes --sending-enabled');
  });

  it('warns under review', async () => {
    ses.on(GetAccountCommand).resolves({ ...account, EnforcementStatus: 'PROBATION' });
    const [result] = await checkSesAccount(client, stackFacts());
    expect(result?.status).toBe('warn');
    expect(result?.detail).toContain('PROBATION');
  });
});
