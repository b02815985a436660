import { ApiGatewayV2Client, GetApiCommand } from '@aws-sdk/client-apigatewayv2';
import {
  CloudFrontClient,
  DescribeFunctionCommand,
  type DistributionConfig,
  GetDistributionConfigCommand,
  TestFunctionCommand,
} from '@aws-sdk/client-cloudfront';
import { GetWebACLCommand, WAFV2Client } from '@aws-sdk/client-wafv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadFunction } from '../lib/cloudfront-function.ts';
import { siteRouterCode, siteRouteTable } from '../lib/site-router.ts';
import {
  ACCOUNT,
  ACL_ARN,
  ACL_ID,
  ACL_NAME,
  API_ID,
  DISTRIBUTION_ID,
  REGION,
  ROUTER_NAME,
  stackFacts,
} from './aws-fixtures.ts';
import {
  checkApiEndpoint,
  checkDistributionRouting,
  checkSiteRouter,
  checkWebAcl,
} from './edge-checks.ts';

/*
 * Response shapes: DescribeFunction (FunctionSummary, ETag), TestFunction (TestResult with
 * FunctionOutput), GetDistributionConfig (DistributionConfig, ETag), GetWebACL (WebACL,
 * LockToken) and GetApi, as cited in edge-checks.ts.
 */
const cloudfront = mockClient(CloudFrontClient);
const wafv2 = mockClient(WAFV2Client);
const apigateway = mockClient(ApiGatewayV2Client);
const cf = new CloudFrontClient({ region: REGION });
const waf = new WAFV2Client({ region: 'us-east-1' });
const apigw = new ApiGatewayV2Client({ region: REGION });
beforeEach(() => {
  cloudfront.reset();
  wafv2.reset();
  apigateway.reset();
});

const page = (path: string) => ({
  path,
  file: `${path}/index.html`,
  scriptHashes: [],
  styleHashes: [],
});
/** The router the stack generates, and its key value store for a site of three pages. */
const ROUTER = siteRouterCode();
const ROUTES = siteRouteTable([page('/'), page('/404'), page('/company')]);

const liveFunction = {
  FunctionSummary: {
    Name: ROUTER_NAME,
    Status: 'DEPLOYED',
    FunctionConfig: { Comment: 'Clean URLs to index.html', Runtime: 'cloudfront-js-2.0' as const },
    FunctionMetadata: {
      FunctionARN: `arn:aws:cloudfront::${ACCOUNT}:function/${ROUTER_NAME}`,
      Stage: 'LIVE' as const,
      LastModifiedTime: new Date('2026-11-30'),
    },
  },
  ETag: 'E3UN6WX5RRO2AG',
};

/**
 * CloudFront running `code`, with its key value store, on the test event: FunctionOutput is
 * the returned event object.
 */
function runsRouter(code: string, keyValueStore: Record<string, string> = {}) {
  const handler = loadFunction(code, keyValueStore);
  cloudfront
    .on(TestFunctionCommand)
    .callsFake((input: { EventObject: Uint8Array; IfMatch: string }) => {
      const event = JSON.parse(new TextDecoder().decode(input.EventObject)) as {
        context: { eventType: string };
      };
      const out = handler(event);
      const key = event.context.eventType === 'viewer-request' ? 'request' : 'response';
      return {
        TestResult: {
          FunctionSummary: liveFunction.FunctionSummary,
          ComputeUtilization: '12',
          FunctionExecutionLogs: [],
          FunctionErrorMessage: '',
          FunctionOutput: JSON.stringify({ [key]: out }),
        },
      };
    });
}

describe('checkSiteRouter', () => {
  it('passes the generated router: page, missing page, API path and the 404 status', async () => {
    cloudfront
      .on(DescribeFunctionCommand, { Name: ROUTER_NAME, Stage: 'LIVE' })
      .resolves(liveFunction);
    runsRouter(ROUTER, ROUTES);

    const [result] = await checkSiteRouter(cf, stackFacts());

    expect(result?.status).toBe('ok');
    const calls = cloudfront.commandCalls(TestFunctionCommand);
    expect(calls).toHaveLength(4);
    expect(calls[0]?.args[0].input).toMatchObject({
      Name: ROUTER_NAME,
      IfMatch: 'E3UN6WX5RRO2AG',
      Stage: 'LIVE',
    });
  });

  it('fails a router that falls back to the home page, naming the missing page and the API path', async () => {
    cloudfront.on(DescribeFunctionCommand).resolves(liveFunction);
    runsRouter(
      "function handler(event){if(event.context.eventType==='viewer-response'){return event.response;}event.request.uri='/index.html';return event.request;}",
    );

    const [result] = await checkSiteRouter(cf, stackFacts());

    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain(
      'a missing page /verify-no-such-page went to /index.html, not /404/index.html',
    );
    expect(result?.detail).toContain('an API path /api/email/health went to /index.html');
    expect(result?.detail).toContain('the 404 page answers 200, not 404');
  });

  it('fails a function the test run reports an error for', async () => {
    cloudfront.on(DescribeFunctionCommand).resolves(liveFunction);
    cloudfront.on(TestFunctionCommand).resolves({
      TestResult: { FunctionErrorMessage: 'TypeError: cannot read property', FunctionOutput: '' },
    });

    const [result] = await checkSiteRouter(cf, stackFacts());

    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain('TypeError');
  });

  it('fails a function without a LIVE stage', async () => {
    cloudfront.on(DescribeFunctionCommand).resolves({
      ...liveFunction,
      FunctionSummary: {
        ...liveFunction.FunctionSummary,
        FunctionMetadata: {
          ...liveFunction.FunctionSummary.FunctionMetadata,
          Stage: 'DEVELOPMENT',
        },
      },
    });

    const [result] = await checkSiteRouter(cf, stackFacts());

    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain('no LIVE stage');
  });
});

/** GetDistributionConfig for the stack's distribution: the bucket and the API origin. */
function distribution(overrides: Partial<DistributionConfig> = {}) {
  const config: DistributionConfig = {
    CallerReference: 'cdk-1',
    Comment: 'Kryon website and lead API',
    Enabled: true,
    WebACLId: ACL_ARN,
    Origins: {
      Quantity: 2,
      Items: [
        {
          Id: 'bucket',
          DomainName: 'site.s3.us-east-1.amazonaws.com',
          S3OriginConfig: { OriginAccessIdentity: '' },
        },
        {
          Id: 'api',
          DomainName: 'api-origin.kryon.example',
          CustomOriginConfig: { HTTPPort: 80, HTTPSPort: 443, OriginProtocolPolicy: 'https-only' },
        },
      ],
    },
    DefaultCacheBehavior: {
      TargetOriginId: 'bucket',
      ViewerProtocolPolicy: 'redirect-to-https',
      FunctionAssociations: {
        Quantity: 2,
        Items: [
          {
            FunctionARN: liveFunction.FunctionSummary.FunctionMetadata.FunctionARN,
            EventType: 'viewer-request',
          },
          {
            FunctionARN: liveFunction.FunctionSummary.FunctionMetadata.FunctionARN,
            EventType: 'viewer-response',
          },
        ],
      },
    },
    CacheBehaviors: {
      Quantity: 1,
      Items: [{ PathPattern: '/api/*', TargetOriginId: 'api', ViewerProtocolPolicy: 'https-only' }],
    },
    ...overrides,
  };
  return { DistributionConfig: config, ETag: 'E2QWRUHEXAMPLE' };
}

describe('checkDistributionRouting', () => {
  it('passes /api/* to the API origin without a function, pages through the router', async () => {
    cloudfront.on(GetDistributionConfigCommand, { Id: DISTRIBUTION_ID }).resolves(distribution());
    const [result] = await checkDistributionRouting(cf, stackFacts());
    expect(result?.status).toBe('ok');
  });

  it('fails a distribution that sends /api/* to the bucket', async () => {
    const config = distribution().DistributionConfig;
    cloudfront.on(GetDistributionConfigCommand).resolves(
      distribution({
        CacheBehaviors: {
          Quantity: 1,
          Items: [
            { PathPattern: '/api/*', TargetOriginId: 'bucket', ViewerProtocolPolicy: 'https-only' },
          ],
        },
        Origins: config.Origins,
      }),
    );
    const [result] = await checkDistributionRouting(cf, stackFacts());
    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain('/api/* goes to bucket, not a custom (API) origin');
  });

  it('fails a distribution without the /api/* behaviour', async () => {
    cloudfront
      .on(GetDistributionConfigCommand)
      .resolves(distribution({ CacheBehaviors: { Quantity: 0, Items: [] } }));
    const [result] = await checkDistributionRouting(cf, stackFacts());
    expect(result?.detail).toContain('no /api/* behaviour');
  });
});

describe('checkWebAcl', () => {
  const webAcl = {
    WebACL: {
      Name: ACL_NAME,
      Id: ACL_ID,
      ARN: ACL_ARN,
      DefaultAction: { Allow: {} },
      Rules: [
        { Name: 'api-rate-limit', Priority: 0, Statement: {}, VisibilityConfig: undefined },
        {
          Name: 'AWSManagedRulesCommonRuleSet',
          Priority: 1,
          Statement: {},
          VisibilityConfig: undefined,
        },
      ],
      VisibilityConfig: {
        SampledRequestsEnabled: true,
        CloudWatchMetricsEnabled: true,
        MetricName: 'kryon-site',
      },
      Capacity: 800,
    },
    LockToken: 'lock',
  } as never;

  it("passes the stack's web ACL attached and known to WAF", async () => {
    cloudfront.on(GetDistributionConfigCommand).resolves(distribution());
    wafv2
      .on(GetWebACLCommand, { Name: ACL_NAME, Id: ACL_ID, Scope: 'CLOUDFRONT' })
      .resolves(webAcl);

    const [result] = await checkWebAcl(cf, waf, stackFacts());

    expect(result?.status).toBe('ok');
    expect(result?.detail).toContain('api-rate-limit');
  });

  it('fails a distribution without the web ACL the stack created', async () => {
    cloudfront.on(GetDistributionConfigCommand).resolves(distribution({ WebACLId: '' }));
    const [result] = await checkWebAcl(cf, waf, stackFacts());
    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain('has no web ACL');
  });

  it('fails another web ACL than the stack created', async () => {
    cloudfront.on(GetDistributionConfigCommand).resolves(
      distribution({
        WebACLId: `arn:aws:wafv2:us-east-1:${ACCOUNT}:global/webacl/other/0000-1111`,
      }),
    );
    const [result] = await checkWebAcl(cf, waf, stackFacts());
    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain('has the web ACL other');
  });

  it('warns when the environment has no WAF at all', async () => {
    cloudfront.on(GetDistributionConfigCommand).resolves(distribution({ WebACLId: '' }));
    const facts = stackFacts();
    facts.resources = facts.resources.filter((r) => r.type !== 'AWS::WAFv2::WebACL');
    const [result] = await checkWebAcl(cf, waf, facts);
    expect(result?.status).toBe('warn');
  });
});

describe('checkApiEndpoint', () => {
  const api = {
    ApiId: API_ID,
    Name: 'KryonWeb-Api',
    ProtocolType: 'HTTP' as const,
    RouteSelectionExpression: '$request.method $request.path',
    ApiEndpoint: `https://${API_ID}.execute-api.${REGION}.amazonaws.com`,
  };

  it('passes an API without its execute-api address', async () => {
    apigateway
      .on(GetApiCommand, { ApiId: API_ID })
      .resolves({ ...api, DisableExecuteApiEndpoint: true });
    const [result] = await checkApiEndpoint(apigw, stackFacts());
    expect(result?.status).toBe('ok');
  });

  it('fails an API that answers at execute-api, naming the address', async () => {
    apigateway.on(GetApiCommand).resolves({ ...api, DisableExecuteApiEndpoint: false });
    const [result] = await checkApiEndpoint(apigw, stackFacts());
    expect(result?.status).toBe('fail');
    expect(result?.detail).toContain(
      `answers at https://${API_ID}.execute-api.${REGION}.amazonaws.com`,
    );
  });
});
