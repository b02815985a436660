import { type ApiGatewayV2Client, GetApiCommand } from '@aws-sdk/client-apigatewayv2';
import {
  type CloudFrontClient,
  DescribeFunctionCommand,
  type DistributionConfig,
  GetDistributionConfigCommand,
  TestFunctionCommand,
} from '@aws-sdk/client-cloudfront';
import { GetWebACLCommand, type WAFV2Client } from '@aws-sdk/client-wafv2';
import { type CheckResult, fail, guarded, ok, warn } from './check.ts';
import { resourcesOf, type StackFacts } from './stack-facts.ts';

/** Logical-ID prefixes of the stack's edge resources (static-site.ts, forms-api.ts, web-acl.ts). */
export const ROUTER_LOGICAL_PREFIX = 'SiteRouter';
export const HTTP_API_LOGICAL_PREFIX = 'ApiHttpApi';
export const WEB_ACL_LOGICAL_PREFIX = 'WafWebAcl';

/** The prerendered 404 page the router sends unknown paths to (site-router.ts NOT_FOUND_PAGE). */
export const NOT_FOUND_URI = '/404/index.html';

/**
 * What the router is built to do with a viewer's request (site-router.ts): a clean URL to the
 * page's `index.html`, anything that is neither a page nor a file of the build to the 404
 * page, and so an `/api/...` path too: CloudFront never runs it there (the API behaviour has
 * no function, checkDistributionRouting), and were an API call to reach the site behaviour it
 * gets the 404 page, never a page's HTML.
 */
export const ROUTER_CASES = [
  { label: 'a page', uri: '/', expectedUri: '/index.html' },
  { label: 'a missing page', uri: '/verify-no-such-page', expectedUri: NOT_FOUND_URI },
  { label: 'an API path', uri: '/api/email/health', expectedUri: NOT_FOUND_URI },
] as const;

/**
 * A viewer-request or viewer-response event as "CloudFront Functions event structure" shows
 * it (version 1.0, context.eventType, viewer.ip, request with lower-case header names;
 * "you can omit the distributionDomainName, distributionId, and requestId fields"):
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-event-structure.html
 */
export function functionEvent(
  eventType: 'viewer-request' | 'viewer-response',
  uri: string,
): Record<string, unknown> {
  return {
    version: '1.0',
    context: { eventType },
    viewer: { ip: '192.0.2.1' },
    request: { method: 'GET', uri, querystring: {}, headers: {}, cookies: {} },
    ...(eventType === 'viewer-response'
      ? { response: { statusCode: 200, statusDescription: 'OK', headers: {}, cookies: {} } }
      : {}),
  };
}

/**
 * The site router is LIVE and, run by CloudFront itself on the LIVE code, rewrites a page, a
 * missing page and an API path as designed, and answers 404 for the 404 page.
 * DescribeFunction(Name, Stage) returns FunctionSummary.FunctionMetadata.Stage and the ETag
 * TestFunction needs as IfMatch:
 * https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_DescribeFunction.html
 * TestFunction(Name, IfMatch, Stage, EventObject) returns TestResult.FunctionOutput ("The
 * event object returned by the function") and FunctionErrorMessage:
 * https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_TestFunction.html
 * https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_TestResult.html
 */
export async function checkSiteRouter(
  cloudfront: CloudFrontClient,
  facts: StackFacts,
): Promise<CheckResult[]> {
  const name = 'site router (CloudFront Function)';
  const resource = resourcesOf(facts, 'AWS::CloudFront::Function', ROUTER_LOGICAL_PREFIX)[0];
  if (!resource)
    return [fail(name, 'the stack has no SiteRouter function', 'Deploy the environment again.')];
  // The physical ID is the function's ARN (…:function/<name>) or its name.
  const functionName = resource.physicalId.split('function/').pop() as string;
  return guarded(
    name,
    'The verify role needs cloudfront:DescribeFunction and cloudfront:TestFunction.',
    async () => {
      const described = await cloudfront.send(
        new DescribeFunctionCommand({ Name: functionName, Stage: 'LIVE' }),
      );
      const stage = described.FunctionSummary?.FunctionMetadata?.Stage;
      if (stage !== 'LIVE' || !described.ETag) {
        return fail(
          name,
          `${functionName} has no LIVE stage (stage ${stage ?? 'unknown'})`,
          'The router was never published: CloudFront serves no page by its clean URL. Deploy again.',
        );
      }
      const run = async (event: Record<string, unknown>) => {
        const { TestResult: result } = await cloudfront.send(
          new TestFunctionCommand({
            Name: functionName,
            IfMatch: described.ETag,
            Stage: 'LIVE',
            EventObject: new TextEncoder().encode(JSON.stringify(event)),
          }),
        );
        if (result?.FunctionErrorMessage)
          throw new Error(`the function failed: ${result.FunctionErrorMessage}`);
        return parseOutput(result?.FunctionOutput);
      };
      const wrong: string[] = [];
      for (const { label, uri, expectedUri } of ROUTER_CASES) {
        const output = await run(functionEvent('viewer-request', uri));
        const request = (output.request ?? output) as { uri?: unknown };
        if (request.uri !== expectedUri) {
          wrong.push(`${label} ${uri} went to ${String(request.uri)}, not ${expectedUri}`);
        }
      }
      const notFound = await run(functionEvent('viewer-response', NOT_FOUND_URI));
      const response = (notFound.response ?? notFound) as { statusCode?: unknown };
      if (response.statusCode !== 404) {
        wrong.push(`the 404 page answers ${String(response.statusCode)}, not 404`);
      }
      if (wrong.length > 0) {
        return fail(
          name,
          `${functionName}: ${wrong.join('; ')}`,
          'The LIVE router is not the one the build generated (site-router.ts): deploy the ' +
            'environment again, which regenerates and publishes it.',
        );
      }
      return ok(
        name,
        `${functionName} LIVE: / -> /index.html, a missing page and /api/... -> ${NOT_FOUND_URI}, ` +
          'the 404 page answers 404',
      );
    },
  );
}

/**
 * CloudFront sends `/api/*` to the API origin without the site router, and every other path
 * through the router: a behaviour that served pages for the API would answer HTML to the forms.
 * GetDistributionConfig returns DistributionConfig with DefaultCacheBehavior, CacheBehaviors
 * (PathPattern, TargetOriginId, FunctionAssociations) and Origins:
 * https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_GetDistributionConfig.html
 * https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_DistributionConfig.html
 */
export async function checkDistributionRouting(
  cloudfront: CloudFrontClient,
  facts: StackFacts,
): Promise<CheckResult[]> {
  const name = 'CloudFront routes /api/* to the API';
  const id = facts.outputs.DistributionId;
  if (!id)
    return [fail(name, 'the stack has no DistributionId output', 'Deploy the environment again.')];
  return guarded(name, 'The verify role needs cloudfront:GetDistributionConfig.', async () => {
    const config = await distributionConfig(cloudfront, id);
    const api = config.CacheBehaviors?.Items?.find((b) => b.PathPattern === '/api/*');
    const origin = config.Origins?.Items?.find((o) => o.Id === api?.TargetOriginId);
    const routerOnDefault = (config.DefaultCacheBehavior?.FunctionAssociations?.Items ?? []).some(
      (f) => f.EventType === 'viewer-request',
    );
    const wrong = [
      ...(api ? [] : ['no /api/* behaviour']),
      ...(api && !origin?.CustomOriginConfig
        ? [`/api/* goes to ${api.TargetOriginId}, not a custom (API) origin`]
        : []),
      ...(api?.FunctionAssociations?.Items?.length ? ['/api/* runs a CloudFront Function'] : []),
      ...(routerOnDefault
        ? []
        : ['the default behaviour has no viewer-request function (the router)']),
    ];
    if (wrong.length > 0) {
      return fail(
        name,
        `${id}: ${wrong.join('; ')}`,
        'The distribution differs from the stack (a change by hand?): deploy the environment ' +
          'again and look for drift on the distribution.',
      );
    }
    return ok(
      name,
      `${id}: /api/* -> ${origin?.DomainName ?? api?.TargetOriginId} with no function; pages through the router`,
    );
  });
}

/**
 * A web ACL protects the distribution: WebACLId is a WAFv2 ARN (…:global/webacl/<name>/<id>,
 * DistributionConfig.WebACLId); when the stack creates the ACL, it is that one, and WAF has
 * it (GetWebACL, CLOUDFRONT scope, "use the Region endpoint us-east-1").
 * https://docs.aws.amazon.com/cloudfront/latest/APIReference/API_DistributionConfig.html
 * https://docs.aws.amazon.com/waf/latest/APIReference/API_GetWebACL.html
 * Without `waf` in the environment file no ACL is expected: that is a warning (decision 032,
 * cdk-nag CFR2 acknowledged), not a failure.
 */
export async function checkWebAcl(
  cloudfront: CloudFrontClient,
  wafv2: WAFV2Client,
  facts: StackFacts,
): Promise<CheckResult[]> {
  const name = 'WAF on the distribution';
  const id = facts.outputs.DistributionId;
  if (!id)
    return [fail(name, 'the stack has no DistributionId output', 'Deploy the environment again.')];
  const created = resourcesOf(facts, 'AWS::WAFv2::WebACL', WEB_ACL_LOGICAL_PREFIX)[0];
  return guarded(
    name,
    'The verify role needs cloudfront:GetDistributionConfig and wafv2:GetWebACL (us-east-1).',
    async () => {
      const config = await distributionConfig(cloudfront, id);
      const attached = config.WebACLId ?? '';
      if (!attached) {
        return created
          ? fail(
              name,
              `${id} has no web ACL, though the stack created ${created.physicalId.split('|')[0]}`,
              'The API and the forms are unprotected: deploy the environment again.',
            )
          : warn(
              name,
              `${id} has no web ACL (the environment file sets no waf)`,
              'The API is bounded only by the stage throttle and the per-address limits: set ' +
                '`waf: {}` in the environment file (us-east-1 only) before launch.',
            );
      }
      const match = /:global\/webacl\/([^/]+)\/([^/]+)$/.exec(attached);
      if (!match) {
        return fail(
          name,
          `${id}'s WebACLId ${attached} is not a WAFv2 CloudFront ARN`,
          'Deploy the environment again.',
        );
      }
      const [, aclName, aclId] = match as unknown as [string, string, string];
      if (created && !created.physicalId.split('|').includes(aclId)) {
        return fail(
          name,
          `${id} has the web ACL ${aclName}, not the stack's ${created.physicalId.split('|')[0]}`,
          'Someone attached another ACL by hand: deploy the environment again.',
        );
      }
      const { WebACL: acl } = await wafv2.send(
        new GetWebACLCommand({ Name: aclName, Id: aclId, Scope: 'CLOUDFRONT' }),
      );
      const rules = (acl?.Rules ?? []).map((rule) => rule.Name);
      if (created && !rules.includes('api-rate-limit')) {
        return fail(
          name,
          `${aclName} has no api-rate-limit rule (rules: ${rules.join(', ') || 'none'})`,
          'The web ACL differs from the stack: deploy the environment again.',
        );
      }
      return ok(name, `${id} is behind ${aclName} (${rules.length} rules: ${rules.join(', ')})`);
    },
  );
}

/**
 * The API has no execute-api address, so nothing reaches it but CloudFront by its own name
 * (decision 072). GetApi returns DisableExecuteApiEndpoint and ApiEndpoint:
 * https://docs.aws.amazon.com/apigatewayv2/latest/api-reference/apis-apiid.html
 * "To ensure that clients can access your API only by using a custom domain name, disable the
 * default execute-api endpoint":
 * https://docs.aws.amazon.com/apigateway/latest/developerguide/http-api-disable-default-endpoint.html
 */
export async function checkApiEndpoint(
  apigateway: ApiGatewayV2Client,
  facts: StackFacts,
): Promise<CheckResult[]> {
  const name = 'API has no execute-api address';
  const api = resourcesOf(facts, 'AWS::ApiGatewayV2::Api', HTTP_API_LOGICAL_PREFIX)[0];
  if (!api) return [fail(name, 'the stack has no HTTP API', 'Deploy the environment again.')];
  return guarded(name, 'The verify role needs apigateway:GET on the API.', async () => {
    const found = await apigateway.send(new GetApiCommand({ ApiId: api.physicalId }));
    if (found.DisableExecuteApiEndpoint !== true) {
      return fail(
        name,
        `${api.physicalId} answers at ${found.ApiEndpoint ?? 'its execute-api address'}`,
        'Anyone can call the API around CloudFront and its web ACL (decision 072). Deploy the ' +
          'environment again; if it persists, `aws apigatewayv2 update-api --api-id ' +
          `${api.physicalId} --disable-execute-api-endpoint\` and look for who changed it.`,
      );
    }
    return ok(name, `${api.physicalId}: DisableExecuteApiEndpoint true`);
  });
}

async function distributionConfig(
  cloudfront: CloudFrontClient,
  id: string,
): Promise<DistributionConfig> {
  const { DistributionConfig: config } = await cloudfront.send(
    new GetDistributionConfigCommand({ Id: id }),
  );
  if (!config) throw new Error(`CloudFront returned no configuration for ${id}`);
  return config;
}

/** TestResult.FunctionOutput is the returned event object as JSON text. */
function parseOutput(output: string | undefined): Record<string, unknown> {
  if (!output) throw new Error('TestFunction returned no FunctionOutput');
  const parsed: unknown = JSON.parse(output);
  if (typeof parsed !== 'object' || parsed === null)
    throw new Error(`FunctionOutput is not an object: ${output}`);
  return parsed as Record<string, unknown>;
}
