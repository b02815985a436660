import { rmSync } from 'node:fs';
import { formRecipients } from '@kryon/functions/config';
import { DELIVERY_METRICS, LEAD_METRICS } from '@kryon/functions/metric-names';
import { API_ROUTES, FALLBACK_HANDLER } from '@kryon/functions/routes';
import { type SettingReader, settingsTable } from '@kryon/functions/settings';
import { ORIGIN_VERIFY_HEADER } from '@kryon/functions/site-origin';
import { LEAD_FORMS } from '@kryon/shared/api';
import { API_FLOOD_RATE } from '@kryon/shared/constants';
import { PERMISSIONS_POLICY, SITE_SECURITY_HEADERS } from '@kryon/shared/security-headers';
import { SPECULATION_RULES_HEADER_VALUE } from '@kryon/shared/speculation-rules';
import type { CfnResource } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import { CachePolicy, OriginRequestPolicy } from 'aws-cdk-lib/aws-cloudfront';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { API_CSP, buildCsp, scanSite } from '../lib/csp.ts';
import { RESERVED_CONCURRENCY } from '../lib/forms-api.ts';
import { METRIC_NAMESPACE, POWERTOOLS_SERVICE_NAME } from '../lib/lead-function.ts';
import { MAIL_STREAMS, VISITOR_STREAM_PAUSED } from '../lib/lead-metrics.ts';
import { scanSiteFiles, siteRouterCode, siteRouteTable } from '../lib/site-router.ts';
import { SUBMISSIONS_TABLE_LOGICAL_ID } from '../lib/submissions-table.ts';
import { writeSiteFixture } from './site-fixture.ts';
import {
  acknowledgements,
  logicalId,
  nagFindings,
  resourcesOf,
  synth,
  TEST_ENVIRONMENT,
} from './synth.ts';

// One synthesis for the whole file: the default deployment (no domain, no WAF).
const siteDir = writeSiteFixture();
const { app, stack, template, outdir } = synth({ siteDir });
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(outdir, { recursive: true, force: true });
});

const HANDLERS = [...new Set([...API_ROUTES.map((route) => route.handler), FALLBACK_HANDLER])];
const ref = (resource: CfnResource) => ({ Ref: logicalId(resource) });
/** A secret's ARN in the template: what a function is given instead of the value. */
const secretRef = (name: 'site' | 'originVerify') =>
  ref(stack.secrets[name].node.defaultChild as CfnResource);
/** Whether a handler may read one secret: GetSecretValue, the one call the functions make. */
const readsSecret = (handler: string, name: 'site' | 'originVerify') =>
  statementsOf(handler).some(
    (statement) =>
      statement.Action === 'secretsmanager:GetSecretValue' &&
      JSON.stringify([statement.Resource].flat()).includes(JSON.stringify(secretRef(name))),
  );

/** The functions outside the API, by the handler name the operations alarms give them. */
const NON_API_FUNCTIONS = {
  resend: () => stack.resend.fn,
  'delivery-events': () => stack.deliveryEvents.fn,
  'visitor-brake': () => stack.visitorBrake.fn,
} as const;
function fnOf(handler: string) {
  const fn =
    handler in NON_API_FUNCTIONS
      ? NON_API_FUNCTIONS[handler as keyof typeof NON_API_FUNCTIONS]()
      : stack.api.functions.get(handler);
  if (!fn) throw new Error(`no function for ${handler}`);
  return fn;
}
function fnProps(handler: string) {
  const id = logicalId(fnOf(handler).node.defaultChild as CfnFunction);
  return template.toJSON().Resources[id].Properties;
}
/** Every statement of the policies attached to a handler's role. */
function statementsOf(handler: string) {
  const role = fnOf(handler).role?.node.defaultChild as CfnResource;
  return Object.values(resourcesOf(template, 'AWS::IAM::Policy'))
    .filter((policy) => JSON.stringify(policy.Properties?.Roles).includes(`"${logicalId(role)}"`))
    .flatMap((policy) => statements(policy.Properties?.PolicyDocument));
}
function statements(document: unknown): Record<string, unknown>[] {
  return (document as { Statement?: Record<string, unknown>[] } | undefined)?.Statement ?? [];
}
function actionsOf(handler: string): string[] {
  return statementsOf(handler)
    .flatMap((statement) => [statement.Action].flat() as string[])
    .sort();
}

describe('cdk-nag', () => {
  it('reports no unacknowledged AwsSolutions finding', () => {
    expect(nagFindings(app)).toEqual([]);
  });

  it('gives every acknowledgement a reason a reviewer can check', () => {
    const acks = acknowledgements(app);
    expect(acks.length).toBeGreaterThan(0);
    for (const ack of acks) {
      expect(ack.reason.length, ack.id).toBeGreaterThanOrEqual(40);
    }
  });
});

describe('site bucket', () => {
  const bucketId = logicalId(stack.site.bucket.node.defaultChild as CfnResource);

  it('is private, encrypted, versioned and retained', () => {
    template.hasResource('AWS::S3::Bucket', {
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        BucketEncryption: {
          ServerSideEncryptionConfiguration: [
            { ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } },
          ],
        },
        VersioningConfiguration: { Status: 'Enabled' },
        OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
        LoggingConfiguration: Match.objectLike({ LogFilePrefix: 's3/' }),
      }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
    expect(template.toJSON().Resources[bucketId].DeletionPolicy).toBe('Retain');
  });

  it('refuses plain HTTP and lets only this distribution read, through OAC', () => {
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            Principal: { AWS: '*' },
          }),
          Match.objectLike({
            Effect: 'Allow',
            Action: 's3:GetObject',
            Principal: { Service: 'cloudfront.amazonaws.com' },
            Condition: {
              StringEquals: {
                'AWS:SourceArn': Match.objectLike({ 'Fn::Join': Match.anyValue() }),
              },
            },
          }),
        ]),
      },
    });
    const policies = Object.values(resourcesOf(template, 'AWS::S3::BucketPolicy'));
    const publicAllows = policies
      .flatMap((p) => statements(p.Properties?.PolicyDocument))
      .filter((s) => s.Effect === 'Allow' && JSON.stringify(s.Principal).includes('"*"'));
    expect(publicAllows).toEqual([]);
  });

  it('is the distribution’s default origin through an origin access control', () => {
    template.hasResourceProperties('AWS::CloudFront::OriginAccessControl', {
      OriginAccessControlConfig: {
        OriginAccessControlOriginType: 's3',
        SigningBehavior: 'always',
        SigningProtocol: 'sigv4',
      },
    });
    template.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        Origins: Match.arrayWith([
          Match.objectLike({
            DomainName: { 'Fn::GetAtt': [bucketId, 'RegionalDomainName'] },
            OriginAccessControlId: { 'Fn::GetAtt': [Match.anyValue(), 'Id'] },
            S3OriginConfig: { OriginAccessIdentity: '' },
          }),
        ]),
      }),
    });
  });
});

describe('distribution', () => {
  const config = () =>
    Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0]?.Properties
      ?.DistributionConfig as Record<string, unknown> & {
      DefaultCacheBehavior: Record<string, unknown>;
      CacheBehaviors: Record<string, unknown>[];
    };
  const routerId = logicalId(stack.site.router.node.defaultChild as CfnResource);

  it('serves HTTP/2 and HTTP/3 over HTTPS, compressed, with access logs', () => {
    expect(config()).toMatchObject({
      HttpVersion: 'http2and3',
      IPV6Enabled: true,
      Enabled: true,
      Logging: { Prefix: 'cloudfront/' },
    });
    expect(config().DefaultCacheBehavior).toMatchObject({
      ViewerProtocolPolicy: 'redirect-to-https',
      Compress: true,
      CachePolicyId: CachePolicy.CACHING_OPTIMIZED.cachePolicyId,
    });
  });

  it('has no distribution-wide error responses that could rewrite API errors', () => {
    expect(config().CustomErrorResponses).toBeUndefined();
  });

  it('runs the site router on viewer request and response of the site behaviour only', () => {
    expect(config().DefaultCacheBehavior.FunctionAssociations).toEqual([
      { EventType: 'viewer-request', FunctionARN: { 'Fn::GetAtt': [routerId, 'FunctionARN'] } },
      { EventType: 'viewer-response', FunctionARN: { 'Fn::GetAtt': [routerId, 'FunctionARN'] } },
    ]);
    for (const behavior of config().CacheBehaviors) {
      expect(behavior.FunctionAssociations).toBeUndefined();
    }
  });

  it('deploys the router, on the 2.0 runtime, with the build’s routes in its key value store', () => {
    const storeId = logicalId(stack.site.routes.node.defaultChild as CfnResource);
    template.hasResourceProperties('AWS::CloudFront::Function', {
      FunctionCode: siteRouterCode(),
      FunctionConfig: Match.objectLike({
        Runtime: 'cloudfront-js-2.0',
        KeyValueStoreAssociations: [{ KeyValueStoreARN: { 'Fn::GetAtt': [storeId, 'Arn'] } }],
      }),
      AutoPublish: true,
    });
    expect(stack.site.routeTable).toEqual(
      siteRouteTable(scanSite(siteDir), scanSiteFiles(siteDir)),
    );
  });

  it('passes /api/* uncached, with every viewer header but Host, to the HTTP API', () => {
    expect(config().CacheBehaviors).toEqual([
      expect.objectContaining({
        PathPattern: '/api/*',
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        CachePolicyId: CachePolicy.CACHING_DISABLED.cachePolicyId,
        OriginRequestPolicyId:
          OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER.originRequestPolicyId,
        ViewerProtocolPolicy: 'https-only',
      }),
    ]);
    const apiOrigin = (config().Origins as Record<string, unknown>[]).find(
      (origin) => origin.CustomOriginConfig,
    );
    expect(apiOrigin).toMatchObject({
      CustomOriginConfig: { OriginProtocolPolicy: 'https-only', OriginSSLProtocols: ['TLSv1.2'] },
      // The API's own name: it has no execute-api address to reach it by.
      DomainName: 'api-origin.example.com',
    });
  });

  it('proves each API request came through CloudFront with a secret header every function checks', () => {
    const apiOrigin = (config().Origins as Record<string, unknown>[]).find(
      (origin) => origin.CustomOriginConfig,
    ) as { OriginCustomHeaders: { HeaderName: string; HeaderValue: unknown }[] };
    expect(apiOrigin.OriginCustomHeaders).toHaveLength(1);
    const [header] = apiOrigin.OriginCustomHeaders;
    expect(header?.HeaderName).toBe(ORIGIN_VERIFY_HEADER);
    // A dynamic reference to a generated secret: its value is in neither template nor code.
    const secretValue = JSON.stringify(header?.HeaderValue);
    expect(secretValue).toMatch(/\{\{resolve:secretsmanager:/);
    expect(secretValue).toContain(JSON.stringify(secretRef('originVerify')));
    // The functions get the secret's ARN, read it at run time, and may read only it. The
    // fallback, which reads, stores and sends nothing, checks nothing.
    for (const handler of HANDLERS.filter((name) => name !== FALLBACK_HANDLER)) {
      const variables = fnProps(handler).Environment.Variables;
      expect(variables.ORIGIN_VERIFY_SECRET_ARN, handler).toEqual(secretRef('originVerify'));
      expect(variables.ORIGIN_VERIFY_SECRET, handler).toBeUndefined();
      expect(readsSecret(handler, 'originVerify'), handler).toBe(true);
    }
  });
});

describe('response headers', () => {
  const policy = (resource: CfnResource) =>
    template.toJSON().Resources[logicalId(resource)].Properties.ResponseHeadersPolicyConfig;
  const site = () => policy(stack.site.siteHeaders.node.defaultChild as CfnResource);
  const api = () => policy(stack.site.apiHeaders.node.defaultChild as CfnResource);

  it('sends HSTS for two years with subdomains and preload', () => {
    for (const config of [site(), api()]) {
      expect(config.SecurityHeadersConfig.StrictTransportSecurity).toEqual({
        AccessControlMaxAgeSec: 63_072_000,
        IncludeSubdomains: true,
        Preload: true,
        Override: true,
      });
    }
  });

  it('forbids sniffing and framing and sets the referrer policy', () => {
    for (const config of [site(), api()]) {
      expect(config.SecurityHeadersConfig).toMatchObject({
        ContentTypeOptions: { Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
      });
    }
  });

  it('sends the shared Permissions-Policy, which turns off powerful features', () => {
    for (const config of [site(), api()]) {
      expect(config.CustomHeadersConfig.Items).toContainEqual({
        Header: 'Permissions-Policy',
        Value: PERMISSIONS_POLICY,
        Override: true,
      });
    }
    expect(PERMISSIONS_POLICY).toMatch(/camera=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/microphone=\(\)/);
    expect(PERMISSIONS_POLICY).toMatch(/geolocation=\(\)/);
  });

  // A custom header: the policy has no setting of its own for Speculation-Rules, and custom
  // headers are a name and value CloudFront adds to the responses of the behaviour, within
  // the policy quotas (decision 062):
  // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/understanding-response-headers-policies.html
  // https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/cloudfront-limits.html
  it('names the speculation rules file on every site response, and only there', () => {
    expect(site().CustomHeadersConfig.Items).toEqual([
      { Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true },
      { Header: 'Speculation-Rules', Value: '"/speculation-rules.json"', Override: true },
    ]);
    expect(SPECULATION_RULES_HEADER_VALUE).toBe('"/speculation-rules.json"');
    expect(api().CustomHeadersConfig.Items).toEqual([
      { Header: 'Permissions-Policy', Value: PERMISSIONS_POLICY, Override: true },
    ]);
  });

  it('sends the same values the local server sends', () => {
    const config = site().SecurityHeadersConfig;
    expect(config.ContentSecurityPolicy.ContentSecurityPolicy).toBe(
      SITE_SECURITY_HEADERS['Content-Security-Policy'],
    );
    expect(config.FrameOptions.FrameOption).toBe(SITE_SECURITY_HEADERS['X-Frame-Options']);
    expect(config.ReferrerPolicy.ReferrerPolicy).toBe(SITE_SECURITY_HEADERS['Referrer-Policy']);
    expect(SITE_SECURITY_HEADERS['X-Content-Type-Options']).toBe('nosniff');
  });

  it('gives the site a baseline CSP without unsafe-inline that page policies may replace', () => {
    expect(site().SecurityHeadersConfig.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: buildCsp(),
      Override: false,
    });
    expect(site().SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toContain(
      "frame-ancestors 'none'",
    );
    expect(site().SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).not.toMatch(
      /script-src[^;]*unsafe-inline/,
    );
  });

  it('gives the API a CSP that allows nothing', () => {
    expect(api().SecurityHeadersConfig.ContentSecurityPolicy).toEqual({
      ContentSecurityPolicy: API_CSP,
      Override: true,
    });
  });
});

describe('site upload', () => {
  const deployments = () => Object.values(resourcesOf(template, 'Custom::CDKBucketDeployment'));

  it('uploads hashed assets as immutable for a year and never prunes them', () => {
    expect(deployments()).toContainEqual(
      expect.objectContaining({
        Properties: expect.objectContaining({
          DestinationBucketKeyPrefix: 'assets/',
          Prune: false,
          SystemMetadata: { 'cache-control': 'public, max-age=31536000, immutable' },
        }),
      }),
    );
  });

  it('uploads pages with no-cache after the assets, prunes them, and invalidates', () => {
    const [assetsId] = Object.entries(resourcesOf(template, 'Custom::CDKBucketDeployment')).find(
      ([, resource]) => resource.Properties?.DestinationBucketKeyPrefix === 'assets/',
    ) ?? [''];
    template.hasResource('Custom::CDKBucketDeployment', {
      Properties: Match.objectLike({
        Prune: true,
        Exclude: [
          'assets/*',
          'security-intelligence/feed.xml',
          '.well-known/security.txt',
          'speculation-rules.json',
        ],
        SystemMetadata: { 'cache-control': 'no-cache' },
        DistributionId: ref(stack.site.distribution.node.defaultChild as CfnResource),
        DistributionPaths: ['/*'],
      }),
      DependsOn: Match.arrayWith([assetsId]),
    });
  });

  it.each([
    ['security-intelligence/feed.xml', 'application/atom+xml; charset=utf-8'],
    ['.well-known/security.txt', 'text/plain; charset=utf-8'],
    ['speculation-rules.json', 'application/speculationrules+json'],
  ])(
    'uploads %s alone with the content type %s, before the pages and their invalidation',
    (key, type) => {
      const [id] =
        Object.entries(resourcesOf(template, 'Custom::CDKBucketDeployment')).find(
          ([, resource]) => JSON.stringify(resource.Properties?.Include) === JSON.stringify([key]),
        ) ?? [];
      expect(id).toBeDefined();
      template.hasResource('Custom::CDKBucketDeployment', {
        Properties: Match.objectLike({
          Exclude: ['*'],
          Include: [key],
          Prune: true,
          SystemMetadata: { 'content-type': type, 'cache-control': 'no-cache' },
        }),
      });
      template.hasResource('Custom::CDKBucketDeployment', {
        Properties: Match.objectLike({ DistributionPaths: ['/*'] }),
        DependsOn: Match.arrayWith([id]),
      });
    },
  );
});

describe('HTTP API', () => {
  const apiId = () => logicalId(stack.api.api.node.defaultChild as CfnResource);

  it('opens no CORS: the API is same-origin behind CloudFront', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', {
      ProtocolType: 'HTTP',
      CorsConfiguration: Match.absent(),
    });
  });

  it('has one route per API_ROUTES entry and the $default fallback, each on its function', () => {
    const routes = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Route'));
    expect(routes.map((route) => route.Properties?.RouteKey).sort()).toEqual(
      [...API_ROUTES.map((route) => `${route.method} ${route.path}`), '$default'].sort(),
    );
    const integrations = resourcesOf(template, 'AWS::ApiGatewayV2::Integration');
    const expected = [
      ...API_ROUTES.map((route) => [`${route.method} ${route.path}`, route.handler]),
      ['$default', FALLBACK_HANDLER],
    ];
    for (const [routeKey, handler] of expected) {
      const route = routes.find((r) => r.Properties?.RouteKey === routeKey);
      const target = JSON.stringify(route?.Properties?.Target);
      const integrationId = Object.keys(integrations).find((id) => target.includes(`"${id}"`));
      expect(integrationId, routeKey).toBeDefined();
      expect(integrations[integrationId ?? '']?.Properties).toMatchObject({
        IntegrationType: 'AWS_PROXY',
        PayloadFormatVersion: '2.0',
        IntegrationUri: {
          'Fn::GetAtt': [logicalId(fnOf(handler ?? '').node.defaultChild as CfnFunction), 'Arn'],
        },
      });
    }
  });

  it('has no throttle one source can fill below the flood rate: one stage bucket at the account quota, no route buckets', () => {
    const stage = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'))[0]?.Properties;
    // Before decision 072 a form route's own bucket was 5 a second (burst 10): about 30
    // requests a second from anywhere answered every real visitor 429.
    expect(stage?.RouteSettings).toBeUndefined();
    expect(stage?.DefaultRouteSettings).toEqual({
      ThrottlingRateLimit: 10_000,
      ThrottlingBurstLimit: 5_000,
    });
    const settings = (stage?.DefaultRouteSettings ?? {}) as Record<string, number>;
    const { ThrottlingRateLimit, ThrottlingBurstLimit } = settings;
    expect(ThrottlingRateLimit).toBeGreaterThanOrEqual(API_FLOOD_RATE.rateLimit);
    expect(ThrottlingBurstLimit).toBeGreaterThanOrEqual(API_FLOOD_RATE.burstLimit);
  });

  it("has no execute-api address: the API answers only on its own name, with mutual TLS, to CloudFront's client certificate", () => {
    const api = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Api'))[0]?.Properties;
    expect(api?.DisableExecuteApiEndpoint).toBe(true);
    const [domainId, domain] =
      Object.entries(resourcesOf(template, 'AWS::ApiGatewayV2::DomainName'))[0] ?? [];
    expect(domain?.Properties?.DomainName).toBe('api-origin.example.com');
    expect(domain?.Properties?.DomainNameConfigurations).toEqual([
      expect.objectContaining({ EndpointType: 'REGIONAL', CertificateArn: expect.any(String) }),
    ]);
    // Mutual TLS: a connection without CloudFront's client certificate fails its handshake.
    expect(domain?.Properties?.MutualTlsAuthentication).toEqual({
      TruststoreUri: expect.anything(),
    });
    const mapping = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::ApiMapping'))[0]
      ?.Properties;
    expect(mapping).toMatchObject({ ApiId: { Ref: apiId() }, DomainName: { Ref: domainId } });
    const distribution = Object.values(resourcesOf(template, 'AWS::CloudFront::Distribution'))[0];
    const { Origins } = (distribution?.Properties?.DistributionConfig ?? { Origins: [] }) as {
      Origins: { DomainName: unknown; CustomOriginConfig?: { OriginMtlsConfig?: unknown } }[];
    };
    const origins = Origins.map((origin) => origin.DomainName);
    expect(origins).toContain('api-origin.example.com');
    expect(JSON.stringify(origins)).not.toContain('execute-api');
    const apiOrigin = Origins.find((origin) => origin.DomainName === 'api-origin.example.com');
    expect(apiOrigin?.CustomOriginConfig?.OriginMtlsConfig).toEqual({
      ClientCertificateArn: expect.stringMatching(/^arn:aws:acm:us-east-1:/),
    });
    expect(template.toJSON().Outputs.ApiOriginTarget.Value).toEqual({
      'Fn::GetAtt': [domainId, 'RegionalDomainName'],
    });
  });

  it('caps the concurrency of the browser check alone, so its flood leaves the forms theirs', () => {
    const reserved = (handler: string) =>
      (fnOf(handler).node.defaultChild as CfnFunction).reservedConcurrentExecutions;
    expect(reserved('challenge')).toBe(RESERVED_CONCURRENCY.challenge);
    for (const form of LEAD_FORMS) expect(reserved(form)).toBeUndefined();
  });

  it('creates the stage after the routes its settings name', () => {
    const [, stage] = Object.entries(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'))[0] ?? [];
    const routeIds = Object.entries(resourcesOf(template, 'AWS::ApiGatewayV2::Route'))
      .filter(([, route]) => route.Properties?.RouteKey !== '$default')
      .map(([id]) => id);
    const dependsOn = (stage as { DependsOn?: string[] } | undefined)?.DependsOn ?? [];
    expect(routeIds.length).toBe(API_ROUTES.length);
    for (const id of routeIds) expect(dependsOn).toContain(id);
  });

  it('throttles the stage and writes JSON access logs to a retained-for-90-days group', () => {
    const stage = Object.values(resourcesOf(template, 'AWS::ApiGatewayV2::Stage'))[0]
      ?.Properties as Record<string, unknown>;
    expect(stage).toMatchObject({
      ApiId: { Ref: apiId() },
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: { ThrottlingRateLimit: 10_000, ThrottlingBurstLimit: 5_000 },
    });
    const access = stage.AccessLogSettings as { DestinationArn: unknown; Format: string };
    const format = JSON.parse(access.Format) as Record<string, string>;
    expect(format).toMatchObject({
      requestId: '$context.requestId',
      status: '$context.status',
      routeKey: '$context.routeKey',
    });
    const [groupId] = (access.DestinationArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'];
    expect(template.toJSON().Resources[groupId].Properties.RetentionInDays).toBe(90);
  });
});

describe('functions', () => {
  it('exist once per handler of API_ROUTES plus the fallback', () => {
    expect([...stack.api.functions.keys()].sort()).toEqual(HANDLERS.sort());
    const nodeFunctions = Object.values(resourcesOf(template, 'AWS::Lambda::Function')).filter(
      (fn) => fn.Properties?.Runtime === 'nodejs24.x',
    );
    // ...and the scheduled re-send, the SES delivery events and the visitor stream's brake.
    expect(nodeFunctions).toHaveLength(HANDLERS.length + Object.keys(NON_API_FUNCTIONS).length);
  });

  it.each(HANDLERS)(
    '%s runs Node.js 24 on arm64 with its own log group and powertools env',
    (handler) => {
      const props = fnProps(handler);
      expect(props).toMatchObject({
        Runtime: 'nodejs24.x',
        Architectures: ['arm64'],
        Handler: 'index.handler',
        LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
        Environment: {
          Variables: expect.objectContaining({
            POWERTOOLS_SERVICE_NAME: 'kryon-leads',
            POWERTOOLS_LOG_LEVEL: 'INFO',
            NODE_OPTIONS: '--enable-source-maps',
          }),
        },
      });
      expect(props.Timeout).toBeLessThan(10);
      expect(props.MemorySize).toBeGreaterThanOrEqual(128);
      const group = template.toJSON().Resources[props.LoggingConfig.LogGroup.Ref];
      expect(group.Type).toBe('AWS::Logs::LogGroup');
      expect(group.Properties.RetentionInDays).toBe(90);
    },
  );

  it('sizes the form function for DynamoDB and SES and answers before the client timeout', () => {
    expect(fnProps('contact')).toMatchObject({ MemorySize: 512, Timeout: 8 });
    expect(fnProps('status')).toMatchObject({ MemorySize: 256, Timeout: 5 });
    expect(fnProps('challenge')).toMatchObject({ MemorySize: 256, Timeout: 3 });
  });

  it('gives the contact function the table, sender, its recipients and the secret by reference', () => {
    const variables = fnProps('contact').Environment.Variables;
    expect(variables).toMatchObject({
      TABLE_NAME: { Ref: SUBMISSIONS_TABLE_LOGICAL_ID },
      MAIL_FROM: 'Kryon <no-reply@kryon.example>',
      MAIL_TO_CONTACT: 'sales@kryon.example',
      SES_CONFIGURATION_SET: ref(
        stack.email.salesConfigurationSet.node.defaultChild as CfnResource,
      ),
      SES_VISITOR_CONFIGURATION_SET: ref(
        stack.email.visitorConfigurationSet.node.defaultChild as CfnResource,
      ),
      RETENTION_DAYS: '730',
      VISITOR_MAIL_PER_ADDRESS: '3',
      VISITOR_MAIL_PER_HOUR: '400',
      // Visitor e-mails ask for a reply: they come from a name a person answers.
      VISITOR_MAIL_FROM_NAME: 'Kryon Sales',
      SALES_TIME_ZONE: 'UTC',
    });
    // The secret's ARN: the function reads the value at run time, so it is in no configuration.
    expect(variables.IP_HASH_SECRET_ARN).toEqual(secretRef('site'));
    expect(variables.IP_HASH_SECRET).toBeUndefined();
    expect(readsSecret('contact', 'site')).toBe(true);
  });

  it('puts no secret value, not even as a dynamic reference, into any function', () => {
    for (const handler of [...HANDLERS, 'resend']) {
      expect(JSON.stringify(fnProps(handler).Environment), handler).not.toMatch(
        /resolve:secretsmanager/,
      );
    }
  });

  it('has no circular dependency between resources (CloudFormation refuses one at deploy, not synth)', () => {
    const resources = template.toJSON().Resources as Record<string, Record<string, unknown>>;
    const edges = new Map<string, Set<string>>();
    for (const [id, resource] of Object.entries(resources)) {
      const text = JSON.stringify({ ...resource, DependsOn: undefined });
      const targets = new Set<string>([resource.DependsOn ?? []].flat() as string[]);
      for (const match of text.matchAll(/"(?:Ref|Fn::GetAtt)":\s*\[?"([A-Za-z0-9]+)/g)) {
        if (match[1] && match[1] in resources) targets.add(match[1]);
      }
      edges.set(id, targets);
    }
    const state = new Map<string, 'visiting' | 'done'>();
    const cycle: string[] = [];
    const visit = (id: string, path: string[]): boolean => {
      if (state.get(id) === 'done') return false;
      if (state.get(id) === 'visiting') {
        cycle.push(...path.slice(path.indexOf(id)), id);
        return true;
      }
      state.set(id, 'visiting');
      for (const next of edges.get(id) ?? []) if (visit(next, [...path, id])) return true;
      state.set(id, 'done');
      return false;
    };
    for (const id of edges.keys()) if (visit(id, [])) break;
    expect(cycle).toEqual([]);
  });

  it('gives every function that writes links the origin of the site this stack serves', () => {
    // No siteOrigin and no domain: the distribution's own name, never production's.
    const distributionName = {
      'Fn::Join': [
        '',
        [
          'https://',
          {
            'Fn::GetAtt': [
              logicalId(stack.site.distribution.node.defaultChild as CfnResource),
              'DomainName',
            ],
          },
        ],
      ],
    };
    for (const handler of [...LEAD_FORMS, 'report', 'resend']) {
      expect(fnProps(handler).Environment.Variables.SITE_ORIGIN, handler).toEqual(distributionName);
    }
  });

  it('gives the challenge function the site secret to sign with, the table for its counters, and nothing to send', () => {
    const variables = fnProps('challenge').Environment.Variables;
    expect(variables.IP_HASH_SECRET_ARN).toEqual(secretRef('site'));
    expect(variables.TABLE_NAME).toEqual({ Ref: SUBMISSIONS_TABLE_LOGICAL_ID });
    expect(Object.keys(variables).filter((name) => name.startsWith('MAIL_'))).toEqual([]);
  });

  it('gives health and status only what their check reads, and no secrets', () => {
    for (const handler of ['health', 'status']) {
      expect(Object.keys(fnProps(handler).Environment.Variables)).toEqual(
        expect.arrayContaining(['TABLE_NAME', 'MAIL_FROM', 'SES_CONFIGURATION_SET']),
      );
    }
    for (const handler of ['health', 'status', FALLBACK_HANDLER]) {
      const variables = fnProps(handler).Environment.Variables;
      expect(variables.IP_HASH_SECRET_ARN, handler).toBeUndefined();
      expect(readsSecret(handler, 'site'), handler).toBe(false);
      expect(
        Object.keys(variables).filter((name) => name.startsWith('MAIL_TO')),
        handler,
      ).toEqual([]);
    }
    expect(Object.keys(fnProps(FALLBACK_HANDLER).Environment.Variables).sort()).toEqual([
      'APP_VERSION',
      'NODE_OPTIONS',
      'POWERTOOLS_LOG_LEVEL',
      'POWERTOOLS_METRICS_NAMESPACE',
      'POWERTOOLS_SERVICE_NAME',
    ]);
  });
});

describe('least privilege', () => {
  const logsActions = ['logs:CreateLogStream', 'logs:PutLogEvents'];
  // Reading the origin-verify secret, which every API function checks, and the site
  // secret for those that hash, sign or verify (one statement, both ARNs).
  const secretsAction = ['secretsmanager:GetSecretValue'];

  it('uses no AWS managed policies on the function roles', () => {
    for (const handler of HANDLERS) {
      const role = fnOf(handler).role?.node.defaultChild as CfnResource;
      const props = template.toJSON().Resources[logicalId(role)].Properties;
      expect(props.ManagedPolicyArns, handler).toBeUndefined();
    }
  });

  it('lets each function write only to its own log group', () => {
    for (const handler of HANDLERS) {
      const logGroupRef = fnProps(handler).LoggingConfig.LogGroup.Ref;
      const logs = statementsOf(handler).filter((s) => String(s.Action).startsWith('logs:'));
      expect(logs, handler).toEqual([
        expect.objectContaining({
          Action: logsActions,
          Resource: { 'Fn::GetAtt': [logGroupRef, 'Arn'] },
        }),
      ]);
    }
  });

  it('lets the form function read and write only its own leads, the counters and used challenges', () => {
    expect(actionsOf('contact')).toEqual(
      [
        ...logsActions,
        ...secretsAction,
        'dynamodb:GetItem',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        // The accepted lead's event, on the stack's lead-event bus only (lead-events.test.ts).
        'events:PutEvents',
        'ses:GetConfigurationSet',
        'ses:SendEmail',
      ].sort(),
    );
    // Our list of addresses that bounced or complained: read, never written, by a form.
    expect(statementsOf('contact')).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:GetItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SUPPRESSED#*'] } },
      }),
    );
    // The item that finds a lead by its id: written, never read or changed, by a form.
    expect(statementsOf('contact')).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:PutItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEADID#*'] } },
      }),
    );
    expect(statementsOf('contact')).toContainEqual(
      expect.objectContaining({
        Action: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
        Resource: { 'Fn::GetAtt': [SUBMISSIONS_TABLE_LOGICAL_ID, 'Arn'] },
        Condition: {
          'ForAllValues:StringLike': {
            'dynamodb:LeadingKeys': ['LEAD#contact#*', 'RATE#*', 'ONCE#*'],
          },
        },
      }),
    );
  });

  it.each(['contact', 'resend'])(
    'lets %s send only as the sender, through the identity and the two configuration sets',
    (handler) => {
      const send = statementsOf(handler).find((s) => s.Action === 'ses:SendEmail');
      expect(send).toMatchObject({
        Effect: 'Allow',
        Condition: { StringEquals: { 'ses:FromAddress': 'no-reply@kryon.example' } },
      });
      const resources = JSON.stringify(send?.Resource);
      const identityId = logicalId(stack.email.identity.node.defaultChild as CfnResource);
      for (const set of [stack.email.salesConfigurationSet, stack.email.visitorConfigurationSet]) {
        const setId = logicalId(set.node.defaultChild as CfnResource);
        expect(resources).toContain(`":configuration-set/",{"Ref":"${setId}"}`);
      }
      expect(resources).toContain(`":identity/",{"Ref":"${identityId}"}`);
      expect(send?.Resource).toHaveLength(3);
      // Whether the visitor set is paused (a refused visitor send): that set only.
      const readSet = statementsOf(handler).filter((s) => s.Action === 'ses:GetConfigurationSet');
      const visitorSetId = logicalId(
        stack.email.visitorConfigurationSet.node.defaultChild as CfnResource,
      );
      const salesSetId = logicalId(
        stack.email.salesConfigurationSet.node.defaultChild as CfnResource,
      );
      expect(readSet).toHaveLength(1);
      expect(JSON.stringify(readSet[0]?.Resource)).toContain(
        `":configuration-set/",{"Ref":"${visitorSetId}"}`,
      );
      expect(JSON.stringify(readSet[0]?.Resource)).not.toContain(salesSetId);
    },
  );

  it('lets health describe the table, read the SES account and its sender identity, nothing more', () => {
    // No configuration set: whether the brake paused visitor mail is not health's to say.
    expect(actionsOf('health')).toEqual(
      [
        ...logsActions,
        ...secretsAction,
        'dynamodb:DescribeTable',
        'ses:GetAccount',
        'ses:GetEmailIdentity',
      ].sort(),
    );
    expect(statementsOf('health')).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:DescribeTable',
        Resource: { 'Fn::GetAtt': [SUBMISSIONS_TABLE_LOGICAL_ID, 'Arn'] },
      }),
    );
    // GetAccount answers SendingEnabled and ProductionAccessEnabled (the sandbox, decision
    // 056); it is an account-level action that takes no resource ARN, so "*".
    expect(statementsOf('health')).toContainEqual(
      expect.objectContaining({ Action: 'ses:GetAccount', Resource: '*' }),
    );
    const identityId = logicalId(stack.email.identity.node.defaultChild as CfnResource);
    const read = statementsOf('health').find((s) => s.Action === 'ses:GetEmailIdentity');
    expect(JSON.stringify(read?.Resource)).toContain(`":identity/",{"Ref":"${identityId}"}`);
    expect(fnProps('health').Environment.Variables.SES_IDENTITY).toEqual({ Ref: identityId });
  });

  it('lets the report function record an opening on download leads and read the reports only', () => {
    expect(actionsOf('report')).toEqual(
      [
        ...logsActions,
        ...secretsAction,
        'dynamodb:GetItem',
        'dynamodb:UpdateItem',
        // The first opening's event, on the lead-event bus only.
        'events:PutEvents',
        's3:GetObject',
      ].sort(),
    );
    // A link names the lead by its id; the id's item names the lead's key.
    expect(statementsOf('report')).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:GetItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEADID#*'] } },
      }),
    );
    const reportsBucket = logicalId(stack.reports.bucket.node.defaultChild as CfnResource);
    expect(statementsOf('report')).toContainEqual(
      expect.objectContaining({
        Action: 's3:GetObject',
        Resource: { 'Fn::Join': ['', [{ 'Fn::GetAtt': [reportsBucket, 'Arn'] }, '/*.pdf']] },
      }),
    );
    expect(fnProps('report').Environment.Variables.REPORTS_BUCKET).toEqual({ Ref: reportsBucket });
    expect(statementsOf('report')).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:UpdateItem',
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEAD#download#*'] },
        },
      }),
    );
    const variables = fnProps('report').Environment.Variables;
    expect(variables.IP_HASH_SECRET_ARN).toEqual(secretRef('site'));
    expect(variables.TABLE_NAME).toEqual({ Ref: SUBMISSIONS_TABLE_LOGICAL_ID });
  });

  it('lets the challenge function read and add to the rate counters only', () => {
    expect(actionsOf('challenge')).toEqual(
      [...logsActions, ...secretsAction, 'dynamodb:GetItem', 'dynamodb:UpdateItem'].sort(),
    );
    expect(statementsOf('challenge')).toContainEqual(
      expect.objectContaining({
        Action: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
        Resource: { 'Fn::GetAtt': [SUBMISSIONS_TABLE_LOGICAL_ID, 'Arn'] },
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] } },
      }),
    );
  });

  it('lets status read what health reads, and the fallback only log', () => {
    // Health's list is asserted action by action above.
    expect(actionsOf('status')).toEqual(actionsOf('health'));
    expect(actionsOf(FALLBACK_HANDLER)).toEqual(logsActions);
  });

  it('grants no function a DynamoDB or SES wildcard action', () => {
    for (const handler of HANDLERS) {
      for (const action of actionsOf(handler)) expect(action, handler).not.toContain('*');
    }
  });
});

describe('the research reports', () => {
  const reportsBucket = () => logicalId(stack.reports.bucket.node.defaultChild as CfnResource);

  it('live in a private, TLS-only bucket of their own, with access logs', () => {
    const bucket = template.toJSON().Resources[reportsBucket()].Properties;
    expect(bucket.PublicAccessBlockConfiguration).toEqual({
      BlockPublicAcls: true,
      BlockPublicPolicy: true,
      IgnorePublicAcls: true,
      RestrictPublicBuckets: true,
    });
    expect(bucket.LoggingConfiguration).toMatchObject({ LogFilePrefix: 'reports/' });
    template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: reportsBucket() },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('are uploaded by their own deployment, which the site upload never prunes', () => {
    const deployments = Object.values(resourcesOf(template, 'Custom::CDKBucketDeployment'));
    const into = (bucket: string) =>
      deployments.filter(
        (d) =>
          JSON.stringify(d.Properties?.DestinationBucketName) === JSON.stringify({ Ref: bucket }),
      );
    expect(into(reportsBucket())).toHaveLength(1);
    const siteBucket = logicalId(stack.site.bucket.node.defaultChild as CfnResource);
    expect(into(siteBucket).length).toBeGreaterThan(0);
    expect(reportsBucket()).not.toBe(siteBucket);
  });

  it('are not an origin of the distribution: no public path reaches them', () => {
    const distribution = JSON.stringify(resourcesOf(template, 'AWS::CloudFront::Distribution'));
    expect(distribution).not.toContain(reportsBucket());
  });
});

describe('the re-send of owed e-mails', () => {
  const queueId = () => logicalId(stack.resend.deadLetterQueue.node.defaultChild as CfnResource);

  it('runs every 5 minutes, retried twice, then into an encrypted, TLS-only dead-letter queue', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Targets: [
        Match.objectLike({
          Arn: {
            'Fn::GetAtt': [logicalId(fnOf('resend').node.defaultChild as CfnFunction), 'Arn'],
          },
          RetryPolicy: { MaximumRetryAttempts: 2 },
        }),
      ],
    });
    expect(fnProps('resend')).toMatchObject({
      Runtime: 'nodejs24.x',
      Architectures: ['arm64'],
      Timeout: 120,
      DeadLetterConfig: { TargetArn: { 'Fn::GetAtt': [queueId(), 'Arn'] } },
    });
    const queue = template.toJSON().Resources[queueId()].Properties;
    expect(queue).toMatchObject({ SqsManagedSseEnabled: true, MessageRetentionPeriod: 1_209_600 });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it('knows every form’s recipients and the sender', () => {
    expect(fnProps('resend').Environment.Variables).toMatchObject({
      TABLE_NAME: { Ref: SUBMISSIONS_TABLE_LOGICAL_ID },
      MAIL_FROM: 'Kryon <no-reply@kryon.example>',
      MAIL_TO_CONTACT: 'sales@kryon.example',
      MAIL_TO_PARTNER: 'partners@kryon.example',
      // A re-sent e-mail reads like the first, and goes with its stream's configuration set.
      VISITOR_MAIL_FROM_NAME: 'Kryon Sales',
      SALES_TIME_ZONE: 'UTC',
      SES_CONFIGURATION_SET: ref(
        stack.email.salesConfigurationSet.node.defaultChild as CfnResource,
      ),
      SES_VISITOR_CONFIGURATION_SET: ref(
        stack.email.visitorConfigurationSet.node.defaultChild as CfnResource,
      ),
    });
    // It signs the personal report links of the download e-mails it re-sends.
    expect(fnProps('resend').Environment.Variables.IP_HASH_SECRET_ARN).toEqual(secretRef('site'));
    expect(readsSecret('resend', 'site')).toBe(true);
  });

  it('may query only the re-send and outbox indexes, read and update only lead items (and its digest counter), and put only id items', () => {
    expect(actionsOf('resend')).toEqual(
      [
        'logs:CreateLogStream',
        'logs:PutLogEvents',
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:Query',
        'dynamodb:UpdateItem',
        // The events a failure left owed, on the lead-event bus only.
        'events:PutEvents',
        'secretsmanager:GetSecretValue',
        'ses:GetConfigurationSet',
        'ses:SendEmail',
        'sqs:SendMessage',
      ].sort(),
    );
    expect(statementsOf('resend')).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:PutItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEADID#*'] } },
      }),
    );
    const query = statementsOf('resend').find((st) => st.Action === 'dynamodb:Query');
    expect(JSON.stringify(query?.Resource)).toContain('/index/pending-sends');
    // The outbox of lead events, and each owed event read from its lead (decision 090).
    expect(JSON.stringify(query?.Resource)).toContain('/index/pending-events');
    expect(statementsOf('resend')).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:GetItem',
        Condition: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEAD#*'] } },
      }),
    );
    expect(statementsOf('resend')).toContainEqual(
      expect.objectContaining({
        Action: 'dynamodb:UpdateItem',
        Resource: { 'Fn::GetAtt': [SUBMISSIONS_TABLE_LOGICAL_ID, 'Arn'] },
        Condition: {
          'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEAD#*', 'RATE#sales-digest#*'] },
        },
      }),
    );
  });
});

describe('submissions table', () => {
  it('keeps its pinned logical ID', () => {
    expect(logicalId(stack.table.table.node.defaultChild as CfnResource)).toBe('SubmissionsTable');
    expect(template.toJSON().Resources.SubmissionsTable.Type).toBe('AWS::DynamoDB::GlobalTable');
  });

  it('is on-demand with pk/sk string keys, TTL on expiresAt, PITR and deletion protection', () => {
    template.hasResource('AWS::DynamoDB::GlobalTable', {
      Properties: Match.objectLike({
        BillingMode: 'PAY_PER_REQUEST',
        KeySchema: [
          { AttributeName: 'pk', KeyType: 'HASH' },
          { AttributeName: 'sk', KeyType: 'RANGE' },
        ],
        AttributeDefinitions: [
          { AttributeName: 'pk', AttributeType: 'S' },
          { AttributeName: 'sk', AttributeType: 'S' },
          { AttributeName: 'resendPartition', AttributeType: 'S' },
          { AttributeName: 'leaseUntil', AttributeType: 'N' },
          { AttributeName: 'eventsPartition', AttributeType: 'S' },
          { AttributeName: 'eventsDueAt', AttributeType: 'N' },
        ],
        // The sparse re-send list and event outbox the functions query
        // (functions/src/adapters/table-schema.ts).
        GlobalSecondaryIndexes: [
          {
            IndexName: 'pending-sends',
            KeySchema: [
              { AttributeName: 'resendPartition', KeyType: 'HASH' },
              { AttributeName: 'leaseUntil', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
          {
            IndexName: 'pending-events',
            KeySchema: [
              { AttributeName: 'eventsPartition', KeyType: 'HASH' },
              { AttributeName: 'eventsDueAt', KeyType: 'RANGE' },
            ],
            Projection: { ProjectionType: 'KEYS_ONLY' },
          },
        ],
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
        Replicas: [
          Match.objectLike({
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
            DeletionProtectionEnabled: true,
          }),
        ],
      }),
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
    });
  });
});

describe('SES', () => {
  it('verifies the sender domain with DKIM and attaches the configuration set', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: TEST_ENVIRONMENT.sender.identity,
      ConfigurationSetAttributes: {
        ConfigurationSetName: ref(
          stack.email.salesConfigurationSet.node.defaultChild as CfnResource,
        ),
      },
    });
    const outputs = template.findOutputs('*');
    expect(Object.keys(outputs).filter((key) => key.includes('DkimRecord'))).toHaveLength(3);
  });

  it('names the sender identity in an output, for checking its verification', () => {
    const outputs = template.findOutputs('*');
    expect(outputs.SenderIdentity?.Value).toEqual(
      ref(stack.email.identity.node.defaultChild as CfnResource),
    );
  });

  it('names both configuration sets in outputs, for the runbook', () => {
    const outputs = template.findOutputs('*');
    expect(outputs.SalesConfigurationSet?.Value).toEqual(
      ref(stack.email.salesConfigurationSet.node.defaultChild as CfnResource),
    );
    expect(outputs.VisitorConfigurationSet?.Value).toEqual(
      ref(stack.email.visitorConfigurationSet.node.defaultChild as CfnResource),
    );
  });

  const setProperties = (set: 'sales' | 'visitor') =>
    template.toJSON().Resources[
      logicalId(
        (set === 'sales' ? stack.email.salesConfigurationSet : stack.email.visitorConfigurationSet)
          .node.defaultChild as CfnResource,
      )
    ];

  it('has one configuration set per mail stream, the sales one under its first logical id', () => {
    template.resourceCountIs('AWS::SES::ConfigurationSet', 2);
    // The sales set keeps the id the single set had: CloudFormation generates the set's name
    // from it, and a new name would replace the deployed set.
    expect(logicalId(stack.email.salesConfigurationSet.node.defaultChild as CfnResource)).toMatch(
      /^EmailConfigurationSet[0-9A-F]{8}$/,
    );
    expect(Object.keys(template.findResources('AWS::SES::ConfigurationSet')).sort()).toEqual([
      expect.stringMatching(/^EmailConfigurationSet[0-9A-F]{8}$/),
      expect.stringMatching(/^EmailVisitorConfigurationSet[0-9A-F]{8}$/),
    ]);
  });

  it('sends visitor mail with TLS, reputation metrics and bounces and complaints suppressed', () => {
    expect(setProperties('visitor').Properties).toEqual({
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
      ReputationOptions: { ReputationMetricsEnabled: true },
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
  });

  it('sends sales mail with TLS and reputation metrics, and never suppresses a sales address', () => {
    expect(setProperties('sales').Properties).toEqual({
      DeliveryOptions: { TlsPolicy: 'REQUIRE' },
      ReputationOptions: { ReputationMetricsEnabled: true },
      // An empty list: the account's suppression list is neither checked nor added to.
      SuppressionOptions: { SuppressedReasons: [] },
    });
  });

  it('names both configuration sets to every function that sends or reads delivery events, and neither to health', () => {
    // The brake has the sales set's name only to refuse to start were the two the same.
    for (const handler of [...LEAD_FORMS, 'resend', 'delivery-events', 'visitor-brake']) {
      const variables = fnProps(handler).Environment.Variables;
      expect(variables.SES_CONFIGURATION_SET, handler).toEqual(
        ref(stack.email.salesConfigurationSet.node.defaultChild as CfnResource),
      );
      expect(variables.SES_VISITOR_CONFIGURATION_SET, handler).toEqual(
        ref(stack.email.visitorConfigurationSet.node.defaultChild as CfnResource),
      );
    }
    // Health and status say nothing of a paused visitor stream (decision 075): they are not told
    // its name.
    for (const handler of ['health', 'status']) {
      expect(
        fnProps(handler).Environment.Variables.SES_VISITOR_CONFIGURATION_SET,
        handler,
      ).toBeUndefined();
    }
  });

  it.each(LEAD_FORMS)('sends %s leads where its first e-mail went when it re-sends one', (form) => {
    const expected = form === 'partner' ? ['partners@kryon.example'] : ['sales@kryon.example'];
    expect(formRecipients(form, fnProps(form).Environment.Variables)).toEqual(expected);
    expect(formRecipients(form, fnProps('resend').Environment.Variables)).toEqual(expected);
  });
});

describe('alarms', () => {
  const topicRef = () => ref(stack.alarms.topic.node.defaultChild as CfnResource);
  const alarms = () => Object.values(resourcesOf(template, 'AWS::CloudWatch::Alarm'));

  it('notify an encrypted, TLS-only topic with the alarm e-mail subscribed', () => {
    template.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: Match.objectLike({ 'Fn::GetAtt': Match.anyValue() }),
    });
    template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
    template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: TEST_ENVIRONMENT.alarmEmails[0],
      TopicArn: topicRef(),
    });
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({ Principal: { Service: 'cloudwatch.amazonaws.com' } }),
        ]),
      },
    });
  });

  it('watch every function for errors and throttles', () => {
    for (const handler of HANDLERS) {
      const fnRef = ref(fnOf(handler).node.defaultChild as CfnFunction);
      for (const metric of ['Errors', 'Throttles']) {
        expect(
          alarms().some(
            (alarm) =>
              alarm.Properties?.MetricName === metric &&
              alarm.Properties?.Namespace === 'AWS/Lambda' &&
              JSON.stringify(alarm.Properties?.Dimensions) ===
                JSON.stringify([{ Name: 'FunctionName', Value: fnRef }]),
          ),
          `${metric} of ${handler}`,
        ).toBe(true);
      }
    }
  });

  it('watch API 5xx, table throttles, re-send dead letters and SES reputation', () => {
    const names = alarms().map(
      (alarm) => `${alarm.Properties?.Namespace}/${alarm.Properties?.MetricName}`,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'AWS/ApiGateway/5xx',
        'AWS/SQS/ApproximateNumberOfMessagesVisible',
        'AWS/SES/Reputation.BounceRate',
        'AWS/SES/Reputation.ComplaintRate',
      ]),
    );
    const deadLetters = alarms().find(
      (alarm) => alarm.Properties?.MetricName === 'ApproximateNumberOfMessagesVisible',
    );
    expect(deadLetters?.Properties?.Dimensions).toEqual([
      {
        Name: 'QueueName',
        Value: { 'Fn::GetAtt': [expect.stringMatching(/^ResendDeadLetterQueue/), 'QueueName'] },
      },
    ]);
    expect(
      alarms().some((alarm) =>
        String(JSON.stringify(alarm.Properties?.Metrics)).includes('ThrottledRequests'),
      ),
    ).toBe(true);
  });

  it('raise one alarm when the hourly ceiling of e-mails to visitors holds any back', () => {
    const alarm = alarms().find((a) =>
      String(a.Properties?.AlarmDescription).startsWith(
        'The hourly ceiling of e-mails to visitors',
      ),
    );
    const metrics = alarm?.Properties?.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: {
        Metric: { MetricName: string; Dimensions: { Name: string; Value: string }[] };
      };
    }[];
    expect(alarm?.Properties).toMatchObject({ Threshold: 1 });
    const counted = metrics.filter((m) => m.MetricStat);
    expect(counted.map((m) => m.MetricStat?.Metric.MetricName)).toEqual(
      LEAD_FORMS.map(() => 'VisitorEmailCeilingReached'),
    );
    expect(
      counted.map((m) => m.MetricStat?.Metric.Dimensions.find((d) => d.Name === 'form')?.Value),
    ).toEqual([...LEAD_FORMS]);
    expect(metrics.find((m) => m.Expression)?.Expression).toBe(
      counted.map((m) => `FILL(${m.Id}, 0)`).join(' + '),
    );
  });

  it('raise one alarm when a re-send run meets a lead it cannot read, of any form', () => {
    const alarm = alarms().find((a) =>
      String(a.Properties?.AlarmDescription).startsWith(
        'A lead on the re-send list cannot be read',
      ),
    );
    const metrics = alarm?.Properties?.Metrics as {
      Id: string;
      Expression?: string;
      MetricStat?: {
        Metric: { MetricName: string; Dimensions: { Name: string; Value: string }[] };
      };
    }[];
    expect(alarm?.Properties).toMatchObject({ Threshold: 1, EvaluationPeriods: 1 });
    const counted = metrics.filter((m) => m.MetricStat);
    expect(counted.map((m) => m.MetricStat?.Metric.MetricName)).toEqual(
      LEAD_FORMS.map(() => 'UnreadableLead'),
    );
    expect(
      counted.map((m) => m.MetricStat?.Metric.Dimensions.find((d) => d.Name === 'form')?.Value),
    ).toEqual([...LEAD_FORMS]);
    expect(metrics.find((m) => m.Expression)?.Expression).toBe(
      counted.map((m) => `FILL(${m.Id}, 0)`).join(' + '),
    );
  });

  it('watch failed, abandoned and waiting e-mails of every form, each with its own window', () => {
    // Their windows and behaviours: infra/test/operations-alarms.test.ts (decision 087).
    for (const [prefix, metricName] of [
      ['AlarmsFailedSends', 'EmailFailed'],
      ['AlarmsAbandonedSends', 'EmailAbandoned'],
      ['AlarmsAwaitingSender', 'EmailAwaitingSender'],
    ]) {
      const found = Object.entries(resourcesOf(template, 'AWS::CloudWatch::Alarm')).filter(
        ([key]) => key.startsWith(prefix as string),
      );
      expect(found, prefix).toHaveLength(1);
      const metrics = JSON.stringify(found[0]?.[1].Properties?.Metrics);
      for (const form of LEAD_FORMS) expect(metrics).toContain(`"Value":"${form}"`);
      expect(metrics.match(/"MetricName":"(\w+)"/g)).toEqual(
        LEAD_FORMS.map(() => `"MetricName":"${metricName}"`),
      );
    }
  });

  it('raise no warning about an unsubscribed topic when alarmEmails are set', () => {
    Annotations.fromStack(stack).hasNoWarning('*', Match.stringLikeRegexp('alarm e-mail'));
  });

  it('all notify the topic when they fire and when they recover; only the brake alarms pull it', () => {
    expect(alarms().length).toBeGreaterThanOrEqual(HANDLERS.length * 2 + 5);
    const brakeArn = {
      'Fn::GetAtt': [logicalId(fnOf('visitor-brake').node.defaultChild as CfnFunction), 'Arn'],
    };
    for (const alarm of alarms()) {
      const brakes = String(alarm.Properties?.AlarmDescription).includes(
        "of the visitor stream's e-mails in the hour",
      );
      expect(alarm.Properties?.AlarmActions).toEqual(
        brakes ? [topicRef(), brakeArn] : [topicRef()],
      );
      // The brake hears a recovery too, only to record it: its schedule resumes the stream
      // once no brake alarm is in ALARM (decision 075).
      expect(alarm.Properties?.OKActions).toEqual(brakes ? [topicRef(), brakeArn] : [topicRef()]);
    }
    expect(
      alarms().filter((alarm) => JSON.stringify(alarm.Properties?.AlarmActions).includes('Arn')),
    ).toHaveLength(2);
  });
});

describe('operations dashboard', () => {
  /** The widgets' JSON with every CloudFormation reference written `ref:<logical ID>`. */
  function widgets() {
    const dashboards = Object.values(resourcesOf(template, 'AWS::CloudWatch::Dashboard'));
    expect(dashboards).toHaveLength(1);
    const body = dashboards[0]?.Properties?.DashboardBody as { 'Fn::Join': [string, unknown[]] };
    const text = body['Fn::Join'][1]
      .map((part) => {
        if (typeof part === 'string') return part;
        const refId = (part as { Ref?: string }).Ref;
        return refId ? `ref:${refId}` : 'token';
      })
      .join('');
    return (JSON.parse(text) as { widgets: { properties: Record<string, unknown> }[] }).widgets;
  }
  interface Plotted {
    namespace: string;
    name: string;
    dimensions: Record<string, string>;
  }
  /** Every metric a graph plots or a math expression reads; expressions themselves skipped. */
  function plotted(): Plotted[] {
    return widgets()
      .flatMap((widget) => (widget.properties.metrics as unknown[][] | undefined) ?? [])
      .filter((entry) => typeof entry[0] === 'string')
      .map((entry) => {
        const [namespace, name, ...rest] = entry as string[];
        const pairs = rest.filter((item) => typeof item === 'string');
        const dimensions: Record<string, string> = {};
        for (let i = 0; i + 1 < pairs.length; i += 2) {
          dimensions[pairs[i] as string] = pairs[i + 1] as string;
        }
        return { namespace: namespace ?? '', name: name ?? '', dimensions };
      });
  }
  const leadMetricsPlotted = () => plotted().filter((m) => m.namespace === METRIC_NAMESPACE);

  it('shows leads, spam, rate limits, failed and abandoned sends, the re-send backlog and the sales digest', () => {
    const names = new Set(leadMetricsPlotted().map((m) => m.name));
    for (const name of [
      'LeadAccepted',
      'LeadSpam',
      'LeadRateLimited',
      'EmailFailed',
      'EmailAbandoned',
      'ResendDue',
      'EmailResent',
      'SalesEmailHeld',
      'SalesDigestSent',
    ]) {
      expect(names, name).toContain(name);
    }
    for (const form of LEAD_FORMS) {
      expect(
        leadMetricsPlotted().some((m) => m.name === 'LeadAccepted' && m.dimensions.form === form),
        form,
      ).toBe(true);
    }
    const deadLetters = plotted().find((m) => m.name === 'ApproximateNumberOfMessagesVisible');
    expect(deadLetters).toMatchObject({
      namespace: 'AWS/SQS',
      dimensions: {
        QueueName: `token`,
      },
    });
  });

  it('plots only metrics the functions emit, with exactly the dimensions Powertools writes', () => {
    const emitted: readonly string[] = LEAD_METRICS;
    const delivery: readonly string[] = DELIVERY_METRICS;
    expect(leadMetricsPlotted().length).toBeGreaterThan(0);
    for (const metric of leadMetricsPlotted()) {
      expect(metric.dimensions.service, metric.name).toBe(POWERTOOLS_SERVICE_NAME);
      const dimensions = Object.keys(metric.dimensions).sort();
      if (metric.dimensions.form !== undefined) {
        // What the lead functions count, per form.
        expect(emitted, metric.name).toContain(metric.name);
        expect(dimensions, metric.name).toEqual(['form', 'service']);
        expect(LEAD_FORMS as readonly string[]).toContain(metric.dimensions.form);
      } else if (metric.dimensions.Stream !== undefined) {
        // What the delivery-events function counts, per mail stream.
        expect(delivery, metric.name).toContain(metric.name);
        expect(dimensions, metric.name).toEqual(['Stream', 'service']);
        // `unknown`: an event that names neither stream, counted only as unreadable.
        if (metric.dimensions.Stream === 'unknown') {
          expect(metric.name).toBe('DeliveryEventUnknown');
        } else {
          expect(MAIL_STREAMS as readonly string[]).toContain(metric.dimensions.Stream);
        }
      } else {
        // The brake's one count has no dimension of its own.
        expect(metric.name).toBe(VISITOR_STREAM_PAUSED);
        expect(dimensions).toEqual(['service']);
      }
    }
  });

  it('shows per stream what became of e-mails SES accepted, and the visitor set’s reputation', () => {
    for (const stream of MAIL_STREAMS) {
      for (const name of [
        'EmailDelivered',
        'EmailBounced',
        'EmailSoftBounced',
        'EmailComplained',
        'EmailDelayed',
        'EmailRejectedBySes',
      ]) {
        expect(
          leadMetricsPlotted().some((m) => m.name === name && m.dimensions.Stream === stream),
          `${stream} ${name}`,
        ).toBe(true);
      }
    }
    const visitorSet = `ref:${logicalId(stack.email.visitorConfigurationSet.node.defaultChild as CfnResource)}`;
    for (const name of ['Reputation.BounceRate', 'Reputation.ComplaintRate']) {
      expect(plotted()).toContainEqual({
        namespace: 'AWS/SES',
        name,
        dimensions: { 'ses:configuration-set': visitorSet },
      });
    }
  });

  it('shows errors and throttles of every function, the re-send included', () => {
    for (const handler of [...HANDLERS, 'resend']) {
      const name = `ref:${logicalId(fnOf(handler).node.defaultChild as CfnFunction)}`;
      for (const metric of ['Errors', 'Throttles']) {
        expect(
          plotted().some(
            (m) =>
              m.namespace === 'AWS/Lambda' &&
              m.name === metric &&
              m.dimensions.FunctionName === name,
          ),
          `${handler} ${metric}`,
        ).toBe(true);
      }
    }
  });

  it('shows the API’s 4xx and 5xx answers by its ApiId', () => {
    const apiId = `ref:${logicalId(stack.api.api.node.defaultChild as CfnResource)}`;
    for (const name of ['4xx', '5xx']) {
      expect(plotted()).toContainEqual({
        namespace: 'AWS/ApiGateway',
        name,
        dimensions: { ApiId: apiId },
      });
    }
  });

  it('shows the state of every alarm', () => {
    const statuses = widgets().filter((w) => w.properties.title === 'Alarms');
    expect(statuses).toHaveLength(1);
    const shown = statuses[0]?.properties.alarms as unknown[] | undefined;
    expect(shown?.length).toBe(stack.alarms.alarms.length);
  });
});

describe('outputs', () => {
  it('name the site URL, the API URL, the table and the alarm topic', () => {
    const outputs = template.findOutputs('*');
    expect(outputs.SiteUrl?.Value).toEqual({
      'Fn::Join': ['', ['https://', { 'Fn::GetAtt': [expect.any(String), 'DomainName'] }]],
    });
    expect(outputs.ApiUrl?.Value).toEqual({
      'Fn::Join': [
        '',
        ['https://', { 'Fn::GetAtt': [expect.any(String), 'DomainName'] }, '/api/email'],
      ],
    });
    expect(outputs.TableName?.Value).toEqual({ Ref: SUBMISSIONS_TABLE_LOGICAL_ID });
    expect(outputs.AlarmTopicArn?.Value).toEqual(
      ref(stack.alarms.topic.node.defaultChild as CfnResource),
    );
    const dashboard = stack.dashboard.dashboard.node.defaultChild as CfnResource;
    expect(JSON.stringify(outputs.DashboardUrl?.Value)).toContain(JSON.stringify(ref(dashboard)));
    expect(JSON.stringify(outputs.DashboardUrl?.Value)).toContain('#dashboards:name=');
  });
});

describe('secrets', () => {
  it('generates the IP hash key in Secrets Manager and keeps it out of the template', () => {
    template.hasResource('AWS::SecretsManager::Secret', {
      Properties: Match.objectLike({
        GenerateSecretString: Match.objectLike({ PasswordLength: 64, ExcludePunctuation: true }),
        SecretString: Match.absent(),
      }),
      DeletionPolicy: 'Retain',
    });
  });
});

describe('the settings each function is given', () => {
  const readerOf = (handler: string): SettingReader | undefined => {
    if ((LEAD_FORMS as readonly string[]).includes(handler)) return 'form';
    if (handler === 'challenge' || handler === 'resend' || handler === 'visitor-brake') {
      return handler;
    }
    return undefined;
  };
  const handlers = [...HANDLERS, ...Object.keys(NON_API_FUNCTIONS)];

  it.each(handlers)(
    '%s gets the variables of the settings its kind reads, and no other',
    (handler) => {
      const variables = fnProps(handler).Environment.Variables as Record<string, unknown>;
      const reader = readerOf(handler);
      const given = settingsTable().filter((row) => row.variable in variables);
      const reads = settingsTable().filter(
        (row) => reader !== undefined && row.readBy.includes(reader),
      );
      expect(given.map((row) => row.variable)).toEqual(reads.map((row) => row.variable));
      // The file sets none of them, so each is its default, as text.
      for (const row of reads) expect(variables[row.variable]).toBe(String(row.default));
    },
  );

  // "Environment variables: 4 KB, for all environment variables associated with the function,
  // in aggregate" (Lambda quotas, docs.aws.amazon.com/lambda/latest/dg/gettingstarted-limits.html):
  // a deploy past it fails. A reference (an ARN, a name) is counted at 256 bytes, above any here.
  it.each(handlers)('%s keeps its variables well inside the 4 KB Lambda allows', (handler) => {
    const variables = fnProps(handler).Environment.Variables as Record<string, unknown>;
    const bytes = Object.entries(variables).reduce(
      (sum, [name, value]) =>
        sum + name.length + (typeof value === 'string' ? Buffer.byteLength(value) : 256),
      0,
    );
    expect(bytes).toBeLessThan(3_072);
  });
});
