import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'api-gateway-unauthenticated-routes',
  title: 'Unauthenticated API Gateway Routes: Finding the Methods Nobody Protected',
  description:
    'One route without an authorizer exposes the Lambda behind it to the internet. How to enumerate NONE routes in REST and HTTP APIs, avoid authorizer pitfalls, and set a default authorizer.',
  category: 'Serverless Security',
  severity: 'High',
  mitreAttack: 'T1190 Exploit Public-Facing Application',
  audience: 'Serverless developers, API owners, application security engineers',
  kryonSolution: ['Kryon Core', 'Kryon Graph'],
  publishedDate: '2026-07-15',
  tags: ['API Gateway', 'Authorization', 'Lambda', 'Serverless', 'Cognito'],
  body: [
    {
      kind: 'paragraph',
      text: 'In Amazon API Gateway, authorization is configured per method on REST APIs and per route on HTTP APIs. That granularity is useful and dangerous: an API can have a Cognito or Lambda authorizer on forty routes and none on the forty-first, added late on a Friday for an internal tool. The missing authorizer is not visible from the client, the API keeps working, and the integration behind it, usually a Lambda function with access to production data, now accepts requests from anyone on the internet.',
    },
    {
      kind: 'paragraph',
      text: 'Unauthenticated routes are one of the most common findings in serverless application reviews, and they are easy to exploit because API Gateway endpoints are public by default and their URLs leak through web and mobile clients.',
    },
    { kind: 'heading', text: 'How the exposure happens' },
    {
      kind: 'list',
      items: [
        'A REST API method with `authorizationType` set to `NONE`, or an HTTP API route with `AuthorizationType` of `NONE`, which is the default when a route is created without an authorizer.',
        'A catch-all `ANY /{proxy+}` route without an authorizer in front of a framework application that implements its own routing, where one handler forgot its in-code check.',
        'API keys treated as authentication. `apiKeyRequired` exists for usage plans and throttling; keys are shipped inside clients and identify nobody.',
        'Lambda authorizers that fail open on exceptions, or return an IAM policy with `Resource: "*"` for a cached identity, granting every route to a token that was validated for one.',
        'The default `execute-api` endpoint left enabled after a custom domain with mutual TLS, or a CloudFront distribution with AWS WAF, was placed in front. Attackers call the default endpoint directly and bypass those controls.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'Attackers find API IDs in JavaScript bundles, mobile packages and browser traffic, then enumerate paths on `https://{api-id}.execute-api.{region}.amazonaws.com/{stage}/` with wordlists: `/admin`, `/internal`, `/debug`, `/users/{id}`. A route that returns data instead of `401 Unauthorized` or `403 Forbidden` is the finding. Because the backend assumes API Gateway authenticated the caller, it often also trusts user identifiers in the path, turning a missing authorizer into broken object-level authorization across every record.',
    },
    { kind: 'heading', text: 'Finding unauthenticated routes' },
    {
      kind: 'paragraph',
      text: "For REST APIs, `get-resources` with `--embed methods` returns each method's authorization type in one call. For HTTP and WebSocket APIs, `get-routes` returns `AuthorizationType` directly. `OPTIONS` methods for CORS preflight legitimately have no authorizer and can be excluded.",
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Unauthenticated methods and routes in the current region',
      code: `# REST APIs
for api in $(aws apigateway get-rest-apis --query 'items[].id' --output text); do
  aws apigateway get-resources --rest-api-id "$api" --embed methods --output json \\
    | jq -r --arg api "$api" '.items[] | .path as $p
        | (.resourceMethods // {}) | to_entries[]
        | select(.key != "OPTIONS" and .value.authorizationType == "NONE")
        | [$api, .key, $p, (.value.apiKeyRequired | tostring)] | @tsv'
done

# HTTP and WebSocket APIs
for api in $(aws apigatewayv2 get-apis --query 'Items[].ApiId' --output text); do
  aws apigatewayv2 get-routes --api-id "$api" \\
    --query "Items[?AuthorizationType=='NONE'].[RouteKey,Target]" --output text \\
    | sed "s/^/$api\\t/"
done`,
    },
    {
      kind: 'paragraph',
      text: "AWS Config's managed rule `api-gwv2-authorization-type-configured` and Security Hub control APIGateway.8 report HTTP API routes without an authorization type. For REST APIs, combine the script above with `api-gw-associated-with-waf` and `api-gw-execution-logging-enabled` to see which unauthenticated methods are also unprotected and unlogged.",
    },
    {
      kind: 'paragraph',
      text: 'Route changes are recorded in CloudTrail as `PutMethod` and `UpdateMethod` for REST APIs and `CreateRoute` and `UpdateRoute` for HTTP APIs. Access logs add the runtime view: include `$context.authorizer.error`, `$context.identity.sourceIp`, `$context.status` and `$context.routeKey` (HTTP APIs) or `$context.resourcePath` (REST APIs) in the log format to spot enumeration and unauthenticated calls that succeed.',
    },
    { kind: 'heading', text: 'Fixing and preventing it' },
    {
      kind: 'paragraph',
      text: 'Fix individual routes by attaching the authorizer and, for REST APIs, redeploying the stage; method changes do not take effect until a new deployment.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Attach an authorizer to a REST method and an HTTP API route',
      code: `aws apigateway update-method --rest-api-id a1b2c3d4e5 --resource-id r7s8t9 \\
  --http-method GET \\
  --patch-operations op=replace,path=/authorizationType,value=COGNITO_USER_POOLS \\
                     op=replace,path=/authorizerId,value=abc123
aws apigateway create-deployment --rest-api-id a1b2c3d4e5 --stage-name prod

aws apigatewayv2 update-route --api-id f6g7h8i9j0 --route-id k1l2m3 \\
  --authorization-type JWT --authorizer-id n4o5p6

# Force all traffic through the custom domain and its controls
aws apigatewayv2 update-api --api-id f6g7h8i9j0 --disable-execute-api-endpoint
aws apigateway update-rest-api --rest-api-id a1b2c3d4e5 \\
  --patch-operations op=replace,path=/disableExecuteApiEndpoint,value=True`,
    },
    {
      kind: 'paragraph',
      text: 'Prevent the next one by making authorization the default rather than a per-route decision. AWS SAM supports a `DefaultAuthorizer` on both `AWS::Serverless::Api` and `AWS::Serverless::HttpApi`; a route that is genuinely public must then opt out explicitly with `Authorizer: NONE`, which is easy to spot in review.',
    },
    {
      kind: 'code',
      language: 'yaml',
      caption: 'AWS SAM: JWT authorizer applied to every route by default',
      code: `OrdersApi:
  Type: AWS::Serverless::HttpApi
  Properties:
    Auth:
      DefaultAuthorizer: CognitoJwt
      Authorizers:
        CognitoJwt:
          IdentitySource: $request.header.Authorization
          JwtConfiguration:
            issuer: https://cognito-idp.eu-west-1.amazonaws.com/eu-west-1_EXAMPLE1
            audience:
              - 3example4client5id6`,
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Lambda authorizers must fail closed and scope their policies',
      text: 'A Lambda authorizer should verify the token signature, issuer, audience and expiry, and raise `Unauthorized` on any error rather than returning an Allow. When it returns an IAM policy, remember that REST API authorizer results are cached per identity source for the TTL (300 seconds by default): a policy built only for the current `methodArn` denies other routes on cache hits, and the common workaround of `Resource: "*"` grants every route. Build the policy for exactly the routes the caller may use, or disable caching.',
    },
    {
      kind: 'paragraph',
      text: 'For private back-office APIs, use a private REST API with a resource policy that only allows requests through your VPC endpoint (`aws:SourceVpce`), which removes the internet from the picture. For public APIs, keep AWS WAF and throttling in place, but do not count them as authentication.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core inventories every REST, HTTP and WebSocket API across accounts and regions, flags methods and routes with no authorization, APIs with the default endpoint still enabled behind a custom domain, and stages without access logging, and supports custom policies such as "only routes tagged public may use NONE". Kryon Graph connects each unauthenticated route to its integration and onward through the Lambda execution role to the data stores it can read, so a `NONE` route whose function can scan the customer table is shown as an internet-to-data path labelled T1190 Exploit Public-Facing Application, ahead of a health check.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Every REST method and HTTP route has an authorizer, except `OPTIONS` preflight and routes explicitly documented as public.',
        'APIs use a default authorizer so that public routes are an explicit opt-out.',
        'API keys are used only for usage plans, never as the sole access control.',
        'Lambda authorizers fail closed, validate signature, issuer, audience and expiry, and return policies scoped to the allowed routes.',
        'The default `execute-api` endpoint is disabled wherever a custom domain, mutual TLS or CloudFront with WAF is the intended entry point.',
        'Access logging captures route, source IP, status and authorizer errors, and CloudTrail route changes are reviewed.',
        'Internal APIs are private REST APIs restricted to your VPC endpoints.',
      ],
    },
  ],
};
