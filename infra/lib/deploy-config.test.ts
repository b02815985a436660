import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { describe, expect, it } from 'vitest';
import { DeployConfigError, parseDeployConfig, type RawContext } from './deploy-config.ts';

const REPO = '/repo';
const parse = (raw: RawContext, region?: string) =>
  parseDeployConfig(raw, { repoRoot: REPO, region, account: '123456789012' });

const CERT = 'arn:aws:acm:us-east-1:123456789012:certificate/abc';

describe('parseDeployConfig', () => {
  it('takes the e-mail link origin from siteOrigin, else from the custom domain', () => {
    expect(parse({}).siteOrigin).toBeUndefined();
    expect(parse({ domainName: 'www.kryon.example', certificateArn: CERT }).siteOrigin).toBe(
      'https://www.kryon.example',
    );
    expect(parse({ siteOrigin: 'https://kryon.example' }).siteOrigin).toBe('https://kryon.example');
  });

  it('puts the API on a second name of the domain, only beside a domain and never the same', () => {
    const domain = { domainName: 'www.kryon.example', certificateArn: CERT };
    expect(parse({ ...domain, apiDomainName: 'api.kryon.example' }).domain).toEqual({
      name: 'www.kryon.example',
      certificateArn: CERT,
      apiName: 'api.kryon.example',
    });
    expect(parse(domain).domain?.apiName).toBeUndefined();
    expect(() => parse({ apiDomainName: 'api.kryon.example' })).toThrow(
      /apiDomainName needs domainName and certificateArn/,
    );
    expect(() => parse({ ...domain, apiDomainName: 'www.kryon.example' })).toThrow(
      /must be a domain name other than domainName/,
    );
    expect(() => parse({ ...domain, apiDomainName: 'https://api.kryon.example' })).toThrow(
      DeployConfigError,
    );
  });

  it('synthesizes with placeholders when nothing is set, and says which keys they stand for', () => {
    const config = parse({});
    expect(config.placeholders).toEqual(['senderIdentity', 'recipients']);
    expect(config.email).toEqual({
      identity: 'example.com',
      from: 'Kryon <no-reply@example.com>',
      fromAddress: 'no-reply@example.com',
      visitorFromName: 'Kryon Sales',
      salesTimeZone: 'UTC',
      recipients: { default: ['sales@example.com'] },
      identityExists: false,
    });
    expect(config).toMatchObject({
      stackName: 'KryonWeb',
      siteDir: '/repo/web/build/client',
      waf: { mode: 'off' },
      domain: undefined,
      alarmEmails: [],
      leadRetentionDays: 730,
      visitorMail: { perAddress: 3, perHour: 400 },
      logRetention: RetentionDays.THREE_MONTHS,
      api: { rateLimit: 20, burstLimit: 40 },
      logLevel: 'INFO',
    });
  });

  it('reads the values a deployer passes with -c (all strings)', () => {
    const config = parse(
      {
        stackName: 'KryonProd',
        siteDir: '/srv/site',
        domainName: 'www.kryon.example',
        certificateArn: CERT,
        senderIdentity: 'kryon.example',
        mailFrom: 'Kryon Website <web@kryon.example>',
        recipients:
          '{"default":"sales@kryon.example","partner":"partners@kryon.example, ceo@kryon.example"}',
        alarmEmail: 'ops@kryon.example,oncall@kryon.example',
        waf: 'true',
        wafRateLimit: '300',
        leadRetentionDays: '365',
        logRetentionDays: '30',
        apiRateLimit: '50',
        apiBurstLimit: '100',
        logLevel: 'debug',
        appVersion: '1.2.3',
      },
      'us-east-1',
    );
    expect(config).toMatchObject({
      stackName: 'KryonProd',
      env: { account: '123456789012', region: 'us-east-1' },
      siteDir: '/srv/site',
      domain: { name: 'www.kryon.example', certificateArn: CERT },
      email: {
        identity: 'kryon.example',
        from: 'Kryon Website <web@kryon.example>',
        fromAddress: 'web@kryon.example',
        recipients: {
          default: ['sales@kryon.example'],
          partner: ['partners@kryon.example', 'ceo@kryon.example'],
        },
      },
      alarmEmails: ['ops@kryon.example', 'oncall@kryon.example'],
      waf: { mode: 'create', rateLimit: 300 },
      leadRetentionDays: 365,
      logRetention: RetentionDays.ONE_MONTH,
      api: { rateLimit: 50, burstLimit: 100 },
      logLevel: 'DEBUG',
      appVersion: '1.2.3',
      placeholders: [],
    });
  });

  it('takes the version of the origin-verify secret CloudFront is to send, as Secrets Manager writes one', () => {
    const version = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
    expect(parse({ originVerifySecretVersion: version }).originVerifySecretVersion).toBe(version);
    expect(parse({}).originVerifySecretVersion).toBeUndefined();
    for (const bad of ['AWSCURRENT', 'abc', `${version}}}`, '{{resolve:ssm:x}}']) {
      expect(() => parse({ originVerifySecretVersion: bad }), bad).toThrow(
        /originVerifySecretVersion must be the VersionId/,
      );
    }
  });

  it('reads the sender name of e-mails to visitors and the zone of sales e-mails', () => {
    expect(
      parse({ visitorMailFromName: 'Kryon Vertrieb', salesTimeZone: 'Europe/Berlin' }).email,
    ).toMatchObject({ visitorFromName: 'Kryon Vertrieb', salesTimeZone: 'Europe/Berlin' });
    // The name goes in front of mailFrom's address, which stays the identity's.
    expect(
      parse({
        senderIdentity: 'kryon.example',
        mailFrom: 'Kryon Website <web@kryon.example>',
        visitorMailFromName: 'Équipe Kryon',
      }).email,
    ).toMatchObject({ fromAddress: 'web@kryon.example', visitorFromName: 'Équipe Kryon' });
  });

  it.each([
    ['a header break', 'Kryon Sales\r\nBcc: eve@evil.example', /line break/],
    ['an address', 'Kryon <sales@kryon.example>', /an address or an encoded word/],
    ['an encoded word', '=?UTF-8?B?4oCu?=', /an address or an encoded word/],
    ['a bidi control', 'Kryon \u202eselaS', /invisible/],
    ['65 characters', 'K'.repeat(65), /longer than 64/],
  ])('refuses a visitorMailFromName with %s', (_label, name, message) => {
    expect(() => parse({ visitorMailFromName: name })).toThrow(DeployConfigError);
    expect(() => parse({ visitorMailFromName: name })).toThrow(message);
  });

  it.each(['Europe/Berlinn', 'CET+1', 'GMT+2:00', 'berlin'])(
    'refuses a salesTimeZone that is no IANA zone: %s',
    (zone) => {
      expect(() => parse({ salesTimeZone: zone })).toThrow(/is not an IANA time zone/);
    },
  );

  it('reads the budgets of e-mails to visitors, within sane bounds', () => {
    expect(parse({ visitorMailPerAddress: '2', visitorMailPerHour: '500' }).visitorMail).toEqual({
      perAddress: 2,
      perHour: 500,
    });
    expect(() => parse({ visitorMailPerAddress: '0' })).toThrow(DeployConfigError);
    expect(() => parse({ visitorMailPerHour: 'many' })).toThrow(DeployConfigError);
  });

  // SES places an account under review at a 5% bounce or 0.1% complaint rate (SES Developer
  // Guide, "Reputation metrics messages":
  // https://docs.aws.amazon.com/ses/latest/dg/reputationdashboardmessages.html; and
  // https://docs.aws.amazon.com/ses/latest/dg/monitor-sender-reputation.html): the brake on the
  // visitor stream must pull before either.
  it('brakes the visitor stream below the rates SES reviews at, by default and as configured', () => {
    expect(parse({}).visitorBrake).toEqual({
      bounceRate: 0.04,
      complaintRate: 0.0008,
      minBounces: 5,
      minComplaints: 2,
    });
    expect(
      parse({
        visitorBounceBrake: '0.02',
        visitorComplaintBrake: '0.0005',
        visitorBrakeMinBounces: '10',
        visitorBrakeMinComplaints: '1',
      }).visitorBrake,
    ).toEqual({ bounceRate: 0.02, complaintRate: 0.0005, minBounces: 10, minComplaints: 1 });
    // cdk.json gives numbers, -c gives strings.
    expect(parse({ visitorBounceBrake: 0.03 }).visitorBrake.bounceRate).toBe(0.03);
  });

  it.each([
    ['visitorBounceBrake', '0', /visitorBounceBrake must be a bounce rate .* below 0\.05/],
    ['visitorBounceBrake', '0.05', /SES reviews an account at a bounce rate of 5%/],
    ['visitorBounceBrake', '4', /above 0 and below 0\.05/],
    ['visitorBounceBrake', '4%', /got "4%"/],
    ['visitorBounceBrake', '-0.01', /above 0/],
    [
      'visitorComplaintBrake',
      '0.001',
      /visitorComplaintBrake must be a complaint rate .* below 0\.001/,
    ],
    ['visitorComplaintBrake', 'low', /e\.g\. 0\.0008/],
    ['visitorBrakeMinBounces', '0', /visitorBrakeMinBounces must be a whole number from 1/],
    ['visitorBrakeMinComplaints', '1.5', /visitorBrakeMinComplaints must be a whole number/],
  ] as const)('refuses %s=%s', (key, value, message) => {
    expect(() => parse({ [key]: value })).toThrow(DeployConfigError);
    expect(() => parse({ [key]: value })).toThrow(message);
  });

  it('reads per-route throttles by handler name, from -c (a string) or cdk.json (JSON)', () => {
    expect(parse({}).apiRouteThrottles).toEqual({});
    expect(
      parse({ apiRouteThrottles: '{"download":{"rateLimit":20,"burstLimit":40}}' })
        .apiRouteThrottles,
    ).toEqual({ download: { rateLimit: 20, burstLimit: 40 } });
    expect(
      parse({
        apiRouteThrottles: {
          contact: { rateLimit: 2, burstLimit: 4 },
          challenge: { rateLimit: 50, burstLimit: 100 },
        },
      }).apiRouteThrottles,
    ).toEqual({
      contact: { rateLimit: 2, burstLimit: 4 },
      challenge: { rateLimit: 50, burstLimit: 100 },
    });
  });

  it('reads JSON values from cdk.json as they are', () => {
    const config = parse({
      senderIdentity: 'kryon.example',
      recipients: { default: ['sales@kryon.example'] },
      waf: false,
      leadRetentionDays: 90,
    });
    expect(config.email.recipients).toEqual({ default: ['sales@kryon.example'] });
    expect(config.leadRetentionDays).toBe(90);
  });

  it('takes a bare recipients list as everyone’s default', () => {
    expect(parse({ recipients: 'a@kryon.example, b@kryon.example' }).email.recipients).toEqual({
      default: ['a@kryon.example', 'b@kryon.example'],
    });
  });

  it('verifies a single address identity and sends from it', () => {
    expect(parse({ senderIdentity: 'web@kryon.example' }).email).toMatchObject({
      from: 'web@kryon.example',
      fromAddress: 'web@kryon.example',
    });
  });

  it('creates the sender identity unless senderIdentityExists says it is there already', () => {
    expect(parse({ senderIdentity: 'kryon.example' }).email.identityExists).toBe(false);
    expect(
      parse({ senderIdentity: 'kryon.example', senderIdentityExists: 'false' }).email
        .identityExists,
    ).toBe(false);
    expect(
      parse({ senderIdentity: 'kryon.example', senderIdentityExists: 'true' }).email,
    ).toMatchObject({ identity: 'kryon.example', identityExists: true });
    expect(
      parse({ senderIdentity: 'web@kryon.example', senderIdentityExists: true }).email,
    ).toMatchObject({ identity: 'web@kryon.example', identityExists: true });
  });

  it('sends visitor mail through the sales identity unless visitorSenderIdentity is set', () => {
    expect(parse({ senderIdentity: 'kryon.example' }).email.visitor).toBeUndefined();
    expect('visitor' in parse({}).email).toBe(false);
  });

  it('takes a visitor sending identity with the From it covers', () => {
    const sales = { senderIdentity: 'kryon.example' };
    expect(
      parse({
        ...sales,
        visitorSenderIdentity: 'mail.kryon.example',
        visitorMailFrom: 'Kryon <no-reply@mail.kryon.example>',
      }).email,
    ).toMatchObject({
      fromAddress: 'no-reply@kryon.example',
      visitor: {
        identity: 'mail.kryon.example',
        from: 'Kryon <no-reply@mail.kryon.example>',
        fromAddress: 'no-reply@mail.kryon.example',
        identityExists: false,
      },
    });
    expect(
      parse({
        ...sales,
        visitorSenderIdentity: 'hello@kryon-mail.example',
        visitorMailFrom: 'HELLO@kryon-mail.example',
        visitorSenderIdentityExists: 'true',
      }).email.visitor,
    ).toEqual({
      identity: 'hello@kryon-mail.example',
      from: 'HELLO@kryon-mail.example',
      fromAddress: 'HELLO@kryon-mail.example',
      identityExists: true,
    });
  });

  it.each<[string, RawContext, RegExp]>([
    ['a domain without a certificate', { domainName: 'www.kryon.example' }, /together/],
    [
      'a certificate outside us-east-1',
      { domainName: 'www.kryon.example', certificateArn: CERT.replace('us-east-1', 'eu-west-1') },
      /us-east-1/,
    ],
    [
      'a sender the identity does not cover',
      { senderIdentity: 'kryon.example', mailFrom: 'x@other.example' },
      /not covered/,
    ],
    [
      'an invalid recipient',
      { recipients: '{"default":"not-an-address"}' },
      /not an e-mail address/,
    ],
    ['recipients that are not JSON', { recipients: '{default: sales}' }, /must be JSON/],
    ['a form with an empty list', { recipients: { contact: [] } }, /lists no address/],
    ['WAF outside us-east-1', { waf: 'true' }, /only in us-east-1/],
    [
      'both WAF modes',
      { waf: 'true', wafWebAclArn: 'arn:aws:wafv2:us-east-1:123456789012:global/webacl/x/y' },
      /not both/,
    ],
    [
      'a regional web ACL',
      { wafWebAclArn: 'arn:aws:wafv2:eu-west-1:123456789012:regional/webacl/x/y' },
      /global/,
    ],
    ['a retention CloudWatch does not offer', { logRetentionDays: '31' }, /logRetentionDays/],
    ['a non-numeric rate', { apiRateLimit: 'fast' }, /apiRateLimit/],
    ['route throttles that are not JSON', { apiRouteThrottles: '{contact: 5}' }, /must be JSON/],
    ['route throttles as a list', { apiRouteThrottles: '[5, 10]' }, /apiRouteThrottles must map/],
    [
      'a route throttle for a handler that does not exist',
      { apiRouteThrottles: { contakt: { rateLimit: 5, burstLimit: 10 } } },
      /apiRouteThrottles\.contakt: no such route handler/,
    ],
    [
      'a route throttle without its burst',
      { apiRouteThrottles: { contact: { rateLimit: 5 } } },
      /apiRouteThrottles\.contact needs whole numbers/,
    ],
    [
      'a route throttle above the account ceiling',
      { apiRouteThrottles: { contact: { rateLimit: 20_000, burstLimit: 10 } } },
      /rateLimit \(1 to 10000\)/,
    ],
    [
      'a fractional route throttle',
      { apiRouteThrottles: '{"health":{"rateLimit":0.5,"burstLimit":1}}' },
      /apiRouteThrottles\.health/,
    ],
    ['an unknown log level', { logLevel: 'TRACE' }, /logLevel/],
    ['a non-boolean waf', { waf: 'yes' }, /true or false/],
    ['a non-boolean senderIdentityExists', { senderIdentityExists: 'yes' }, /true or false/],
    [
      'an existing identity without its name',
      { senderIdentityExists: 'true' },
      /senderIdentityExists=true needs senderIdentity/,
    ],
    [
      'an existing visitor identity without its name',
      { visitorSenderIdentityExists: 'true' },
      /visitorSenderIdentityExists=true needs visitorSenderIdentity/,
    ],
    [
      'a non-boolean visitorSenderIdentityExists',
      { visitorSenderIdentity: 'mail.kryon.example', visitorSenderIdentityExists: 'yes' },
      /visitorSenderIdentityExists must be true or false/,
    ],
    [
      'a visitor From without a visitor identity',
      { visitorMailFrom: 'no-reply@mail.kryon.example' },
      /visitorMailFrom needs visitorSenderIdentity/,
    ],
    [
      'a visitor identity without its From',
      { visitorSenderIdentity: 'mail.kryon.example' },
      /visitorSenderIdentity needs visitorMailFrom.*no-reply@mail\.kryon\.example/,
    ],
    [
      'a visitor identity that is neither a domain nor an address',
      { visitorSenderIdentity: 'mail kryon', visitorMailFrom: 'a@mail.kryon.example' },
      /visitorSenderIdentity "mail kryon" must be a domain/,
    ],
    [
      'the sales identity as the visitor identity',
      {
        senderIdentity: 'kryon.example',
        visitorSenderIdentity: 'KRYON.example',
        visitorMailFrom: 'no-reply@kryon.example',
      },
      /visitorSenderIdentity "KRYON.example" is senderIdentity/,
    ],
    [
      'a visitor From in the parent domain of the visitor identity',
      {
        senderIdentity: 'kryon.example',
        visitorSenderIdentity: 'mail.kryon.example',
        visitorMailFrom: 'Kryon <no-reply@kryon.example>',
      },
      /visitorMailFrom address no-reply@kryon\.example is not covered by visitorSenderIdentity mail\.kryon\.example/,
    ],
    [
      'a visitor From other than the visitor address identity',
      {
        visitorSenderIdentity: 'hello@mail.kryon.example',
        visitorMailFrom: 'hi@mail.kryon.example',
      },
      /not covered by visitorSenderIdentity hello@mail\.kryon\.example/,
    ],
    [
      'a visitor From without an address',
      { visitorSenderIdentity: 'mail.kryon.example', visitorMailFrom: 'Kryon' },
      /visitorMailFrom "Kryon" must be one address/,
    ],
    [
      'a visitor From with a header break',
      {
        visitorSenderIdentity: 'mail.kryon.example',
        visitorMailFrom: 'Kryon\r\nBcc: eve@evil.example <a@mail.kryon.example>',
      },
      /visitorMailFrom "Kryon[\s\S]* must be one address/,
    ],
  ])('refuses %s with a message naming the key', (_case, raw, message) => {
    expect(() => parse(raw, 'eu-west-1')).toThrow(DeployConfigError);
    expect(() => parse(raw, 'eu-west-1')).toThrow(message);
  });
});
