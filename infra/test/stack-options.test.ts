import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { CfnResource } from 'aws-cdk-lib';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { afterAll, describe, expect, it } from 'vitest';
import { cspDirective, loadFunction, roundTrip } from '../lib/cloudfront-function.ts';
import { scanSite } from '../lib/csp.ts';
import { writeSiteFixture } from './site-fixture.ts';
import { logicalId, nagFindings, resourcesOf, type Synthesized, synth } from './synth.ts';

const CERTIFICATE_ARN =
  'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';
/** The API's own name's certificate: in the stack's region, here us-east-1 too. */
const REGIONAL_CERTIFICATE_ARN =
  'arn:aws:acm:us-east-1:123456789012:certificate/66666666-7777-8888-9999-000000000000';
/** The client certificate CloudFront presents to the API (us-east-1, as CloudFront needs). */
const CLIENT_CERTIFICATE_ARN =
  'arn:aws:acm:us-east-1:123456789012:certificate/77777777-8888-9999-0000-111111111111';
const WEB_ACL_ARN =
  'arn:aws:wafv2:us-east-1:123456789012:global/webacl/kryon/11111111-2222-3333-4444-555555555555';

/*
 * The routes are fixed here, so these tests are about infra: adding a route in functions/
 * changes the real stack (tested in stack.test.ts), not these.
 */
const FIXED_ROUTES = [
  { method: 'POST', path: '/api/email/contact', handler: 'contact' },
  { method: 'GET', path: '/api/email/health', handler: 'health' },
  { method: 'GET', path: '/api/email/status', handler: 'status' },
  // A second path served by an existing module: wiring needs no infra change.
  { method: 'POST', path: '/api/email/contact-us', handler: 'contact' },
] as const;

/**
 * The site router as deployed: the code of the template's CloudFront Function, with the route
 * table its key value store imports (decision 085).
 */
function deployedRouter(template: Template, stack: Synthesized['stack']) {
  const [fn] = Object.values(resourcesOf(template, 'AWS::CloudFront::Function'));
  return loadFunction(fn?.Properties?.FunctionCode as string, stack.site.routeTable);
}

/** connect-src of each page of the build, as the browser receives it through the router. */
function connectSources(
  template: Template,
  stack: Synthesized['stack'],
  siteDir: string,
): Map<string, string[] | undefined> {
  const router = deployedRouter(template, stack);
  return new Map(
    scanSite(siteDir).map((page) => [
      page.path,
      cspDirective(roundTrip(router, page.path).response, 'connect-src'),
    ]),
  );
}

function distributionConfig(template: Template) {
  return Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0]?.Properties
    ?.DistributionConfig as Record<string, unknown>;
}

describe('with a custom domain and a WAF created in us-east-1', () => {
  const siteDir = writeSiteFixture();
  const { app, stack, template, outdir } = synth({
    siteDir,
    routes: FIXED_ROUTES,
    account: '123456789012',
    environment: {
      region: 'us-east-1',
      domain: { name: 'www.kryon.example', certificateArn: CERTIFICATE_ARN },
      waf: { rateLimit: 200 },
      api: { rateLimit: 2_000 },
      apiOrigin: {
        name: 'api-origin.kryon.example',
        certificateArn: REGIONAL_CERTIFICATE_ARN,
        clientCertificateArn: CLIENT_CERTIFICATE_ARN,
        truststore: 'infra/environments/placeholder-origin-ca.pem',
      },
      sales: { timeZone: 'Europe/Berlin' },
      visitorMail: { fromName: 'Kryon Vertrieb' },
    },
  });
  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });
  const distribution = () => distributionConfig(template);

  it('is cdk-nag clean without the TLS and WAF acknowledgements', () => {
    expect(nagFindings(app)).toEqual([]);
  });

  it('serves the domain with the us-east-1 certificate and TLS 1.2_2021 at least', () => {
    expect(distribution()).toMatchObject({
      Aliases: ['www.kryon.example'],
      ViewerCertificate: {
        AcmCertificateArn: CERTIFICATE_ARN,
        MinimumProtocolVersion: 'TLSv1.2_2021',
        SslSupportMethod: 'sni-only',
      },
    });
    expect(template.findOutputs('SiteUrl').SiteUrl?.Value).toBe('https://www.kryon.example');
    expect(template.findOutputs('ApiUrl').ApiUrl?.Value).toBe(
      'https://www.kryon.example/api/email',
    );
  });

  it('attaches a CloudFront web ACL with the managed rule groups and an API rate rule', () => {
    const acls = resourcesOf(template, 'AWS::WAFv2::WebACL');
    const [aclId, acl] = Object.entries(acls)[0] ?? [];
    expect(distribution().WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    expect(acl?.Properties).toMatchObject({ Scope: 'CLOUDFRONT', DefaultAction: { Allow: {} } });
    const rules = acl?.Properties?.Rules as Record<string, unknown>[];
    expect(rules.map((rule) => rule.Name)).toEqual([
      'api-rate-limit',
      'AWSManagedRulesCommonRuleSet',
      'AWSManagedRulesKnownBadInputsRuleSet',
    ]);
    expect(rules[0]).toMatchObject({
      Action: { Block: { CustomResponse: { ResponseCode: 429 } } },
      Statement: {
        RateBasedStatement: {
          Limit: 200,
          AggregateKeyType: 'IP',
          ScopeDownStatement: {
            ByteMatchStatement: { SearchString: '/api/', PositionalConstraint: 'STARTS_WITH' },
          },
        },
      },
    });
  });

  it('answers WAF rate limiting in the API’s JSON shape', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      CustomResponseBodies: {
        'rate-limited': {
          ContentType: 'APPLICATION_JSON',
          Content: JSON.stringify({ success: false, message: ERROR_MESSAGES.rateLimited }),
        },
      },
    });
  });

  it('gives the form functions the sales time zone and the visitor sender name', () => {
    const form = stack.api.functions.get('contact')?.node.defaultChild as CfnResource;
    expect(
      template.toJSON().Resources[logicalId(form)].Properties.Environment.Variables,
    ).toMatchObject({ SALES_TIME_ZONE: 'Europe/Berlin', VISITOR_MAIL_FROM_NAME: 'Kryon Vertrieb' });
  });

  it('links e-mails to the custom domain', () => {
    const form = stack.api.functions.get('contact')?.node.defaultChild as CfnResource;
    expect(
      template.toJSON().Resources[logicalId(form)].Properties.Environment.Variables.SITE_ORIGIN,
    ).toBe('https://www.kryon.example');
  });

  it('lets long, non-Latin or attack-quoting lead messages through to the API’s own checks', () => {
    interface Override {
      Name: string;
      ActionToUse: { Count?: object; Block?: { CustomResponse?: Record<string, unknown> } };
    }
    const rules = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL'))[0]?.Properties
      ?.Rules as {
      Name: string;
      Statement: { ManagedRuleGroupStatement?: { RuleActionOverrides?: Override[] } };
    }[];
    const overrides = (name: string) =>
      rules.find((rule) => rule.Name === name)?.Statement.ManagedRuleGroupStatement
        ?.RuleActionOverrides ?? [];
    const counted = (name: string) =>
      overrides(name)
        .filter((override) => override.ActionToUse.Count)
        .map((override) => override.Name);
    // An 8 KB body, `<script>` or 169.254.169.254 in a message is a lead, not an attack:
    // the API caps bodies at 64 KB and validates every field itself.
    expect(counted('AWSManagedRulesCommonRuleSet')).toEqual(
      expect.arrayContaining([
        'SizeRestrictions_BODY',
        'CrossSiteScripting_BODY',
        'EC2MetaDataSSRF_BODY',
      ]),
    );
    for (const name of ['AWSManagedRulesCommonRuleSet', 'AWSManagedRulesKnownBadInputsRuleSet']) {
      expect(counted(name).every((rule) => rule.endsWith('_BODY'))).toBe(true);
      // Every other rule still blocks, answering in the API's JSON shape.
      const blocking = overrides(name).filter((override) => !override.ActionToUse.Count);
      expect(blocking.length).toBeGreaterThan(5);
      for (const override of blocking) {
        expect(override.ActionToUse.Block?.CustomResponse).toEqual({
          ResponseCode: 403,
          CustomResponseBodyKey: 'refused',
        });
      }
    }
  });

  it('answers any other WAF refusal in the API’s JSON shape with words a person can act on', () => {
    template.hasResourceProperties('AWS::WAFv2::WebACL', {
      CustomResponseBodies: Match.objectLike({
        refused: {
          ContentType: 'APPLICATION_JSON',
          Content: JSON.stringify({ success: false, message: ERROR_MESSAGES.firewallRefused }),
        },
      }),
    });
    expect(ERROR_MESSAGES.firewallRefused).toMatch(/^[A-Z][^{}<>]+\.$/);
  });

  it('lets every page call its own origin only', () => {
    const sources = connectSources(template, stack, siteDir);
    expect(sources.size).toBeGreaterThan(0);
    for (const [, connect] of sources) expect(connect).toEqual(["'self'"]);
  });

  it('deploys a router that knows the build’s files: missing ones get the 404 page', () => {
    const router = deployedRouter(template, stack);
    for (const file of ['/robots.txt', '/favicon.svg']) {
      expect(roundTrip(router, file)).toMatchObject({
        originUri: file,
        response: { statusCode: 200 },
      });
    }
    for (const missing of [
      '/favicon.ico',
      '/x.png',
      '/no-such-page.data',
      '/features.data',
      '/_.data',
    ]) {
      expect(roundTrip(router, missing)).toMatchObject({
        originUri: '/404/index.html',
        response: { statusCode: 404 },
      });
    }
  });

  it('keeps the table’s logical ID with a concrete environment', () => {
    expect(logicalId(stack.table.table.node.defaultChild as CfnResource)).toBe('SubmissionsTable');
  });

  it('gives an added route its own API route without a second function for the same handler', () => {
    const keys = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route')).map(
      (route) => route.Properties?.RouteKey,
    );
    expect(keys).toContain('POST /api/email/contact-us');
    expect([...stack.api.functions.keys()].sort()).toEqual([
      'contact',
      'health',
      'not-found',
      'status',
    ]);
  });

  it('throttles the whole stage as the environment file says, no route on its own', () => {
    const stage = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'))[0]?.Properties;
    expect(stage?.RouteSettings).toBeUndefined();
    expect(stage?.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: 2_000,
      ThrottlingBurstLimit: 5_000,
    });
  });

  it('reaches the API by the name the environment file gives it, with its regional certificate', () => {
    const domain = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::DomainName'))[0]
      ?.Properties;
    expect(domain).toMatchObject({
      DomainName: 'api-origin.kryon.example',
      DomainNameConfigurations: [
        { CertificateArn: REGIONAL_CERTIFICATE_ARN, EndpointType: 'REGIONAL' },
      ],
    });
    const api = (
      distribution().Origins as {
        DomainName: unknown;
        CustomOriginConfig?: { OriginMtlsConfig?: unknown };
      }[]
    ).find((o) => o.DomainName === 'api-origin.kryon.example');
    expect(api?.CustomOriginConfig?.OriginMtlsConfig).toEqual({
      ClientCertificateArn: CLIENT_CERTIFICATE_ARN,
    });
  });

  it('evaluates the API rate rule first, then AWS’s groups, each counted in CloudWatch', () => {
    const acl = Object.values(resourcesOf(template, 'AWS::WAFv2::WebACL'))[0]?.Properties;
    const rules = acl?.Rules as {
      Name: string;
      Priority: number;
      Statement: { ManagedRuleGroupStatement?: { VendorName: string } };
      VisibilityConfig: Record<string, unknown>;
    }[];
    // WAF runs rules by priority, not by their order in the list.
    expect(rules.map((rule) => [rule.Name, rule.Priority])).toEqual([
      ['api-rate-limit', 0],
      ['AWSManagedRulesCommonRuleSet', 1],
      ['AWSManagedRulesKnownBadInputsRuleSet', 2],
    ]);
    expect(
      rules.slice(1).map((rule) => rule.Statement.ManagedRuleGroupStatement?.VendorName),
    ).toEqual(['AWS', 'AWS']);
    const visibility = [acl?.VisibilityConfig, ...rules.map((rule) => rule.VisibilityConfig)];
    for (const config of visibility) {
      expect(config).toMatchObject({
        CloudWatchMetricsEnabled: true,
        SampledRequestsEnabled: true,
      });
    }
    const metrics = visibility.map((config) => (config as { MetricName: string }).MetricName);
    expect(new Set(metrics).size).toBe(metrics.length);
  });
});

describe('without a site build or an alarm e-mail, with an existing web ACL, in another region', () => {
  const emptyDir = writeSiteFixture({});
  const missing = join(emptyDir, 'no-build-here');
  const { app, stack, template, outdir } = synth({
    siteDir: missing,
    account: '123456789012',
    region: 'eu-west-1',
    environment: {
      waf: { webAclArn: WEB_ACL_ARN },
      sender: { identity: 'no-reply@kryon.example' },
      alarmEmails: [],
    },
  });
  afterAll(() => {
    rmSync(emptyDir, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });

  it('still synthesizes, cdk-nag clean, with a warning that says what is missing', () => {
    expect(nagFindings(app)).toEqual([]);
    Annotations.fromStack(stack).hasWarning(
      '/KryonWeb/Site',
      Match.stringLikeRegexp('No site build at .*no-build-here'),
    );
  });

  it('warns that the alarms reach nobody, and says how to subscribe someone', () => {
    template.resourceCountIs('AWS::SNS::Subscription', 0);
    Annotations.fromStack(stack).hasWarning(
      '/KryonWeb/Alarms',
      Match.stringLikeRegexp(
        'No alarm e-mail set.*alarmEmails in the environment file.*AlarmTopicArn output',
      ),
    );
  });

  it('uploads nothing', () => {
    template.resourceCountIs('Custom::CDKBucketDeployment', 0);
  });

  it('attaches the given web ACL', () => {
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({ WebACLId: WEB_ACL_ARN }),
    });
    template.resourceCountIs('AWS::WAFv2::WebACL', 0);
  });

  it('verifies a single sender address instead of a domain', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'no-reply@kryon.example',
    });
    expect(Object.keys(template.findOutputs('*')).some((key) => key.includes('Dkim'))).toBe(false);
  });
});

describe('with a sender identity that exists already (senderIdentityExists)', () => {
  const siteDir = writeSiteFixture();
  const { app, template, outdir } = synth({
    siteDir,
    routes: FIXED_ROUTES,
    account: '123456789012',
    region: 'eu-west-1',
    environment: { sender: { identity: 'kryon.example', exists: true } },
  });
  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });
  const IDENTITY_ARN = 'arn:aws:ses:eu-west-1:123456789012:identity/kryon.example';
  const roleStatements = (handler: string) => {
    const fnId = Object.entries(resourcesOf(template, 'AWS::Lambda::Function')).find(([, fn]) =>
      String(fn.Properties?.Description).endsWith(`: ${handler}`),
    )?.[0];
    const roleId = (
      template.toJSON().Resources[fnId ?? ''].Properties.Role as { 'Fn::GetAtt': string[] }
    )['Fn::GetAtt'][0];
    return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
      .flatMap(
        (policy) =>
          (
            policy.Properties?.PolicyDocument as
              | { Statement?: Record<string, unknown>[] }
              | undefined
          )?.Statement ?? [],
      );
  };
  const environmentOf = (handler: string) =>
    Object.values(resourcesOf(template, 'AWS::Lambda::Function')).find((fn) =>
      String(fn.Properties?.Description).endsWith(`: ${handler}`),
    )?.Properties?.Environment as { Variables: Record<string, unknown> };

  it('creates no identity, so the deploy cannot fail with AlreadyExists, and is cdk-nag clean', () => {
    template.resourceCountIs('AWS::SES::EmailIdentity', 0);
    expect(nagFindings(app)).toEqual([]);
  });

  it('outputs no DKIM records (they belong to the existing identity) but names the identity', () => {
    const outputs = template.findOutputs('*');
    expect(Object.keys(outputs).some((key) => key.includes('Dkim'))).toBe(false);
    expect(outputs.SenderIdentity?.Value).toBe('kryon.example');
  });

  it('still lets the forms send only through that identity, as the sender', () => {
    const send = roleStatements('contact').find((s) => s.Action === 'ses:SendEmail');
    expect(send?.Condition).toEqual({
      StringEquals: { 'ses:FromAddress': 'no-reply@kryon.example' },
    });
    expect(send?.Resource).toHaveLength(3);
    expect(send?.Resource).toContainEqual(IDENTITY_ARN);
  });

  it('passes the configuration sets on every send, since the identity may not name one', () => {
    template.resourceCountIs('AWS::SES::ConfigurationSet', 2);
    expect(environmentOf('contact').Variables.SES_CONFIGURATION_SET).toEqual({
      Ref: expect.any(String),
    });
    expect(environmentOf('contact').Variables.SES_VISITOR_CONFIGURATION_SET).toEqual({
      Ref: expect.any(String),
    });
  });

  it('lets health ask that identity, and no other, whether it may send', () => {
    const read = roleStatements('health').find((s) => s.Action === 'ses:GetEmailIdentity');
    expect(read?.Resource).toEqual(IDENTITY_ARN);
    expect(environmentOf('health').Variables.SES_IDENTITY).toBe('kryon.example');
  });
});

/** The statements of the role of the function whose description matches. */
function statementsOf(template: Template, description: RegExp): Record<string, unknown>[] {
  const fnId = Object.entries(resourcesOf(template, 'AWS::Lambda::Function')).find(([, fn]) =>
    description.test(String(fn.Properties?.Description)),
  )?.[0];
  const roleId = (
    template.toJSON().Resources[fnId ?? ''].Properties.Role as { 'Fn::GetAtt': string[] }
  )['Fn::GetAtt'][0];
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${roleId}"`))
    .flatMap(
      (policy) =>
        (policy.Properties?.PolicyDocument as { Statement?: Record<string, unknown>[] } | undefined)
          ?.Statement ?? [],
    );
}

/** The environment variables of the function whose description matches. */
function variablesOf(template: Template, description: RegExp): Record<string, unknown> {
  const fn = Object.values(resourcesOf(template, 'AWS::Lambda::Function')).find((candidate) =>
    description.test(String(candidate.Properties?.Description)),
  );
  const environment = fn?.Properties?.Environment as { Variables?: Record<string, unknown> };
  return environment?.Variables ?? {};
}

const CONTACT = /: contact$/;
const RESEND = /re-send/;
const HEALTH = /: health$/;

describe('with a sending identity of its own for visitor mail (visitorSenderIdentity)', () => {
  const siteDir = writeSiteFixture();
  const { app, stack, template, outdir } = synth({
    siteDir,
    routes: FIXED_ROUTES,
    account: '123456789012',
    region: 'eu-west-1',
    environment: {
      sender: { identity: 'kryon.example' },
      visitorSender: {
        identity: 'mail.kryon.example',
        from: 'Kryon <no-reply@mail.kryon.example>',
      },
    },
  });
  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });
  const ref = (construct: IConstruct | undefined) => ({
    Ref: logicalId(construct?.node.defaultChild as CfnResource),
  });

  it('is cdk-nag clean', () => {
    expect(nagFindings(app)).toEqual([]);
  });

  it('creates the visitor identity with the visitor set as its default, the sales one with the sales set', () => {
    template.resourceCountIs('AWS::SES::EmailIdentity', 2);
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.kryon.example',
      ConfigurationSetAttributes: {
        ConfigurationSetName: ref(stack.email.visitorConfigurationSet),
      },
    });
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'kryon.example',
      ConfigurationSetAttributes: { ConfigurationSetName: ref(stack.email.salesConfigurationSet) },
    });
  });

  it('outputs the DKIM records of each domain under names of their own, and the visitor identity', () => {
    const outputs = template.findOutputs('*');
    const keys = Object.keys(outputs);
    expect(keys.filter((key) => /^VisitorDkimRecord[123]$/.test(key))).toHaveLength(3);
    expect(keys.filter((key) => /^DkimRecord[123]$/.test(key))).toHaveLength(3);
    expect(outputs.VisitorSenderIdentity?.Value).toEqual(ref(stack.email.visitorIdentity));
  });

  it('lets the sending functions send through both identities, as either From address only', () => {
    const visitorIdentity = ref(stack.email.visitorIdentity);
    for (const fn of [CONTACT, RESEND]) {
      const send = statementsOf(template, fn).find((s) => s.Action === 'ses:SendEmail');
      expect(send?.Condition, String(fn)).toEqual({
        StringEquals: {
          'ses:FromAddress': ['no-reply@kryon.example', 'no-reply@mail.kryon.example'],
        },
      });
      expect(send?.Resource, String(fn)).toHaveLength(4);
      expect(JSON.stringify(send?.Resource)).toContain(JSON.stringify(visitorIdentity));
      expect(JSON.stringify(send?.Resource)).toContain(JSON.stringify(ref(stack.email.identity)));
    }
  });

  it('gives the sending functions the visitor From, and health the sales identity only', () => {
    for (const fn of [CONTACT, RESEND]) {
      expect(variablesOf(template, fn), String(fn)).toMatchObject({
        MAIL_FROM: 'Kryon <no-reply@kryon.example>',
        VISITOR_MAIL_FROM: 'Kryon <no-reply@mail.kryon.example>',
      });
    }
    expect(variablesOf(template, HEALTH).VISITOR_MAIL_FROM).toBeUndefined();
    expect(variablesOf(template, HEALTH).SES_IDENTITY).toEqual(ref(stack.email.identity));
    const read = statementsOf(template, HEALTH).find((s) => s.Action === 'ses:GetEmailIdentity');
    expect(JSON.stringify(read?.Resource)).not.toContain(
      JSON.stringify(ref(stack.email.visitorIdentity)),
    );
  });
});

describe('with a visitor identity that exists already (visitorSenderIdentityExists)', () => {
  const siteDir = writeSiteFixture();
  const { app, template, outdir } = synth({
    siteDir,
    routes: FIXED_ROUTES,
    account: '123456789012',
    region: 'eu-west-1',
    environment: {
      sender: { identity: 'kryon.example' },
      visitorSender: {
        identity: 'hello@kryon-mail.example',
        exists: true,
        from: 'Kryon <hello@kryon-mail.example>',
      },
    },
  });
  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });

  it('creates only the sales identity and outputs no visitor DKIM records, cdk-nag clean', () => {
    template.resourceCountIs('AWS::SES::EmailIdentity', 1);
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: 'kryon.example' });
    const keys = Object.keys(template.findOutputs('*'));
    expect(keys.some((key) => key.includes('VisitorDkim'))).toBe(false);
    expect(template.findOutputs('*').VisitorSenderIdentity?.Value).toBe('hello@kryon-mail.example');
    expect(nagFindings(app)).toEqual([]);
  });

  it('lets the forms send through the existing identity by its ARN', () => {
    const send = statementsOf(template, CONTACT).find((s) => s.Action === 'ses:SendEmail');
    expect(send?.Resource).toContainEqual(
      'arn:aws:ses:eu-west-1:123456789012:identity/hello@kryon-mail.example',
    );
    expect(variablesOf(template, CONTACT).VISITOR_MAIL_FROM).toBe(
      'Kryon <hello@kryon-mail.example>',
    );
  });
});

describe('with the API on a name of its own (domain.apiName)', () => {
  const siteDir = writeSiteFixture();
  const { app, stack, template, outdir } = synth({
    siteDir,
    routes: FIXED_ROUTES,
    environment: {
      domain: {
        name: 'www.kryon.example',
        apiName: 'api.kryon.example',
        certificateArn: CERTIFICATE_ARN,
      },
    },
  });
  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });
  const distribution = () => distributionConfig(template);

  it('is cdk-nag clean', () => {
    expect(nagFindings(app)).toEqual([]);
  });

  it("opens CORS to the site's origin only, for the forms' methods and headers", () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      CorsConfiguration: {
        AllowOrigins: ['https://www.kryon.example'],
        AllowMethods: ['GET', 'POST'],
        AllowHeaders: ['content-type', 'idempotency-key'],
        AllowCredentials: Match.absent(),
        MaxAge: 86_400,
      },
    });
  });

  it('serves the API name from the same distribution, so it keeps the WAF and origin secret', () => {
    expect(distribution().Aliases).toEqual(['www.kryon.example', 'api.kryon.example']);
    expect(template.findOutputs('ApiUrl').ApiUrl?.Value).toBe(
      'https://api.kryon.example/api/email',
    );
  });

  it("lets the site's pages call the API origin, and nothing else new", () => {
    interface HeadersPolicy {
      Comment?: string;
      SecurityHeadersConfig?: { ContentSecurityPolicy?: { ContentSecurityPolicy?: string } };
    }
    const policy = Object.values(resourcesOf(template, 'AWS::CloudFront::ResponseHeadersPolicy'))
      .map((resource) => resource.Properties?.ResponseHeadersPolicyConfig as HeadersPolicy)
      .find((config) => config.Comment?.startsWith('Kryon site'));
    const csp = policy?.SecurityHeadersConfig?.ContentSecurityPolicy?.ContentSecurityPolicy ?? '';
    expect(csp).toContain("connect-src 'self' https://api.kryon.example;");
    expect(csp).toContain("script-src 'self';");
  });

  it('lets every page call the API origin in the policy the site router writes', () => {
    const sources = connectSources(template, stack, siteDir);
    expect([...sources.keys()]).toContain('/');
    for (const [, connect] of sources) {
      expect(connect).toEqual(["'self'", 'https://api.kryon.example']);
    }
  });
});

describe('the same stack name in two regions of one account', () => {
  const siteDir = writeSiteFixture();
  const synthIn = (region?: string) =>
    synth({ siteDir, routes: FIXED_ROUTES, account: '123456789012', region });
  const stacks = [synthIn('eu-west-1'), synthIn('us-east-1'), synthIn(undefined)];
  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
    for (const { outdir } of stacks) rmSync(outdir, { recursive: true, force: true });
  });

  /*
   * CloudFront keeps these names unique per account, not per region: the second deployment
   * would fail on a name the first one already holds.
   */
  function accountGlobalNames(template: Template): unknown[] {
    const names = (type: string, config: string) =>
      Object.values(resourcesOf(template, type)).map(
        (resource) => (resource.Properties?.[config] as { Name?: unknown } | undefined)?.Name,
      );
    return [
      ...names('AWS::CloudFront::ResponseHeadersPolicy', 'ResponseHeadersPolicyConfig'),
      ...names('AWS::CloudFront::OriginAccessControl', 'OriginAccessControlConfig'),
      ...Object.values(resourcesOf(template, 'AWS::CloudFront::Function')).map(
        (resource) => resource.Properties?.Name,
      ),
      ...names('AWS::CloudFront::CachePolicy', 'CachePolicyConfig'),
      ...names('AWS::CloudFront::OriginRequestPolicy', 'OriginRequestPolicyConfig'),
      ...Object.values(resourcesOf(template, 'AWS::CloudFront::KeyValueStore')).map(
        (resource) => resource.Properties?.Name,
      ),
    ];
  }

  it('synthesizes cdk-nag clean in each region', () => {
    for (const { app } of stacks) expect(nagFindings(app)).toEqual([]);
  });

  it('gives every account-wide CloudFront name its region, so the two never collide', () => {
    const [euWest, usEast] = stacks.map(({ template }) => accountGlobalNames(template));
    expect(euWest).toHaveLength(5);
    for (const [index, name] of (euWest ?? []).entries()) {
      expect(name).toEqual(expect.stringContaining('eu-west-1'));
      expect(usEast?.[index]).toEqual(expect.stringContaining('us-east-1'));
      expect(usEast?.[index]).not.toEqual(name);
    }
  });

  it('keeps each name within CloudFront’s limits and character set', () => {
    const [euWest] = stacks.map(({ template }) => accountGlobalNames(template));
    // Response headers policies, origin access control, function, key value store.
    const limits = [128, 128, 64, 64, 64];
    for (const [index, name] of (euWest ?? []).entries()) {
      expect(String(name).length).toBeLessThanOrEqual(limits[index] ?? 0);
      expect(name).toMatch(/^[A-Za-z0-9_-]+$/);
    }
  });

  it('names them after the deployment region when the stack is environment-agnostic', () => {
    const names = accountGlobalNames(stacks[2]?.template as Template);
    expect(names).toHaveLength(5);
    for (const name of names) expect(JSON.stringify(name)).toContain('"Ref":"AWS::Region"');
  });
});

describe('after a rotation of the origin-verify secret (originVerifySecretVersion)', () => {
  const VERSION = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
  const siteDir = writeSiteFixture();
  const rotated = synth({
    siteDir,
    routes: FIXED_ROUTES,
    environment: { originVerifySecretVersion: VERSION },
  });
  const before = synth({ siteDir, routes: FIXED_ROUTES });
  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
    for (const { outdir } of [rotated, before]) rmSync(outdir, { recursive: true, force: true });
  });
  const header = (template: Template) =>
    JSON.stringify(
      (distributionConfig(template).Origins as { OriginCustomHeaders?: unknown }[]).find(
        (origin) => origin.OriginCustomHeaders,
      )?.OriginCustomHeaders,
    );

  it('names the version in CloudFront’s header, so the deploy changes the distribution', () => {
    // CloudFormation re-reads a dynamic reference only when the reference itself changes:
    // an unversioned one would keep the old value in CloudFront after a rotation.
    expect(header(rotated.template)).toMatch(
      new RegExp(`\\{\\{resolve:secretsmanager:.*:SecretString:::${VERSION}\\}\\}`),
    );
    expect(header(before.template)).not.toContain(VERSION);
    expect(header(rotated.template)).not.toEqual(header(before.template));
  });

  it('leaves the functions as they were: they read the current and previous values themselves', () => {
    const functions = (template: Template) =>
      JSON.stringify(resourcesOf(template, 'AWS::Lambda::Function')).replace(/[0-9a-f]{64}/g, '');
    expect(functions(rotated.template)).toEqual(functions(before.template));
  });
});
