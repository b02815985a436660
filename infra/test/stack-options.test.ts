import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { CfnResource } from 'aws-cdk-lib';
import { Annotations, Match, type Template } from 'aws-cdk-lib/assertions';
import { afterAll, describe, expect, it } from 'vitest';
import { writeSiteFixture } from './site-fixture.ts';
import { logicalId, nagFindings, resourcesOf, synth } from './synth.ts';

const CERTIFICATE_ARN =
  'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';
const WEB_ACL_ARN =
  'arn:aws:wafv2:us-east-1:123456789012:global/webacl/kryon/11111111-2222-3333-4444-555555555555';

/*
 * The routes are fixed here, so this file's snapshot is about infra: adding a route in
 * functions/ changes the real stack (tested in stack.test.ts), not this snapshot.
 */
const FIXED_ROUTES = [
  { method: 'POST', path: '/api/email/contact', handler: 'contact' },
  { method: 'GET', path: '/api/email/health', handler: 'health' },
  { method: 'GET', path: '/api/email/status', handler: 'status' },
  // A second path served by an existing module: wiring needs no infra change.
  { method: 'POST', path: '/api/email/contact-us', handler: 'contact' },
] as const;

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
    region: 'us-east-1',
    context: {
      domainName: 'www.kryon.example',
      certificateArn: CERTIFICATE_ARN,
      waf: 'true',
      wafRateLimit: '200',
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

  it('matches the template snapshot, with asset hashes normalised', () => {
    const normalised = JSON.stringify(template.toJSON()).replace(/[0-9a-f]{64}/g, '<asset-hash>');
    expect(JSON.parse(normalised)).toMatchSnapshot();
  });
});

describe('without a site build, with an existing web ACL, in another region', () => {
  const emptyDir = writeSiteFixture({});
  const missing = join(emptyDir, 'no-build-here');
  const { app, stack, template, outdir } = synth({
    siteDir: missing,
    account: '123456789012',
    region: 'eu-west-1',
    context: { wafWebAclArn: WEB_ACL_ARN, senderIdentity: 'no-reply@kryon.example' },
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
    context: { senderIdentity: 'kryon.example', senderIdentityExists: 'true' },
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
    expect(send?.Resource).toHaveLength(2);
    expect(send?.Resource).toContainEqual(IDENTITY_ARN);
  });

  it('passes the configuration set on every send, since the identity may not name it', () => {
    template.resourceCountIs('AWS::SES::ConfigurationSet', 1);
    expect(environmentOf('contact').Variables.SES_CONFIGURATION_SET).toEqual({
      Ref: expect.any(String),
    });
  });

  it('lets health ask that identity, and no other, whether it may send', () => {
    const read = roleStatements('health').find((s) => s.Action === 'ses:GetEmailIdentity');
    expect(read?.Resource).toEqual(IDENTITY_ARN);
    expect(environmentOf('health').Variables.SES_IDENTITY).toBe('kryon.example');
  });
});

describe('with the API on a name of its own (apiDomainName)', () => {
  const siteDir = writeSiteFixture();
  const { template, outdir } = synth({
    siteDir,
    routes: FIXED_ROUTES,
    context: {
      domainName: 'www.kryon.example',
      apiDomainName: 'api.kryon.example',
      certificateArn: CERTIFICATE_ARN,
    },
  });
  afterAll(() => {
    rmSync(siteDir, { recursive: true, force: true });
    rmSync(outdir, { recursive: true, force: true });
  });
  const distribution = () => distributionConfig(template);

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
});
