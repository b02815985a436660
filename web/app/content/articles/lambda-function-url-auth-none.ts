import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'lambda-function-url-auth-none',
  title: 'Lambda Function URLs with AuthType NONE: Public Endpoints Nobody Reviewed',
  description:
    'A function URL with AuthType NONE puts a Lambda function on the internet with no gateway, no WAF and no authentication. How to find them, restrict them with an SCP, and front them safely.',
  category: 'Serverless Security',
  severity: 'High',
  mitreAttack: 'T1190 Exploit Public-Facing Application',
  audience: 'Serverless developers, cloud security engineers, platform teams',
  kryonSolution: ['Kryon Core', 'Kryon Graph'],
  publishedDate: '2026-04-22',
  tags: ['Lambda', 'Function URLs', 'Serverless', 'SCP', 'CloudFront'],
  body: [
    {
      kind: 'paragraph',
      text: "Lambda function URLs give a function its own HTTPS endpoint of the form `https://{url-id}.lambda-url.{region}.on.aws` in one API call, with no API Gateway in between. They are popular for webhooks, prototypes and internal tools, which is exactly why they escape review. With `AuthType` set to `NONE`, the endpoint accepts requests from anyone on the internet. There is no authorizer, no AWS WAF association, no usage plan and no request validation: the raw HTTP request goes straight to your code, running with your function's execution role.",
    },
    {
      kind: 'paragraph',
      text: 'The URL identifier is long and random, and teams often treat that as protection. It is not. URLs leak through front-end code, mobile apps, browser history, logs, tickets and third-party webhook configuration screens, and once known they cannot be rotated without deleting and recreating the URL.',
    },
    { kind: 'heading', text: 'How public access is granted' },
    {
      kind: 'paragraph',
      text: "A function URL has two parts: the URL configuration with its `AuthType`, and the function's resource-based policy. With `NONE`, Lambda performs no authentication, but the resource policy must still grant public access. Since October 2025, new function URLs require both `lambda:InvokeFunctionUrl` and `lambda:InvokeFunction`, so a public URL carries two statements: one for `lambda:InvokeFunctionUrl` conditioned on `lambda:FunctionUrlAuthType` equal to `NONE`, and one for `lambda:InvokeFunction` conditioned on `lambda:InvokedViaFunctionUrl` being `true`. The console and AWS SAM add these for you, which is how many public functions come into existence without anyone writing a policy.",
    },
    {
      kind: 'list',
      ordered: true,
      items: [
        'The attacker finds a function URL in a JavaScript bundle or an exposed configuration file.',
        "They send crafted requests directly, with no rate limiting other than the function's concurrency, probing for missing in-code authorization, injection, or server-side request forgery.",
        "Any code execution yields the execution role's credentials from the environment, and any business logic flaw runs with the role's data access.",
        'Even without a bug, sustained traffic consumes account concurrency and money: a denial-of-wallet attack that also starves other functions in the region.',
      ],
    },
    { kind: 'heading', text: 'Finding public function URLs' },
    {
      kind: 'paragraph',
      text: "`ListFunctionUrlConfigs` works per function and includes URLs on aliases, so loop over functions in each region and keep those with `AuthType` `NONE`. Then inspect each function's resource policy with `get-policy` to confirm what it actually grants.",
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Function URLs with AuthType NONE in the current region',
      code: `for fn in $(aws lambda list-functions --query 'Functions[].FunctionName' --output text); do
  aws lambda list-function-url-configs --function-name "$fn" \\
    --query "FunctionUrlConfigs[?AuthType=='NONE'].[FunctionArn,FunctionUrl]" \\
    --output text
done

aws lambda get-policy --function-name report-export --query Policy --output text | jq .`,
    },
    {
      kind: 'paragraph',
      text: "IAM Access Analyzer external access analyzers report functions whose resource policy grants public access, so the same inventory is available across the organization with a filter on `AWS::Lambda::Function` and `isPublic`. AWS Config's managed rule `lambda-function-public-access-prohibited` and Security Hub control Lambda.1 flag public function policies continuously.",
    },
    {
      kind: 'paragraph',
      text: 'To catch new public URLs as they are created, match the CloudTrail events for `CreateFunctionUrlConfig` and `UpdateFunctionUrlConfig` in EventBridge. Lambda event names in CloudTrail carry API version suffixes, so a prefix match is more robust than an exact name.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'EventBridge pattern: function URL created or changed to AuthType NONE',
      code: `{
  "source": ["aws.lambda"],
  "detail-type": ["AWS API Call via CloudTrail"],
  "detail": {
    "eventSource": ["lambda.amazonaws.com"],
    "eventName": [{ "prefix": "CreateFunctionUrlConfig" }, { "prefix": "UpdateFunctionUrlConfig" }],
    "requestParameters": { "authType": ["NONE"] }
  }
}`,
    },
    { kind: 'heading', text: 'Fixing and preventing it' },
    {
      kind: 'paragraph',
      text: 'For functions that only other AWS principals call, switch the URL to `AWS_IAM` and remove the public statements. Callers then sign requests with SigV4 and need `lambda:InvokeFunctionUrl` and `lambda:InvokeFunction` on the function. If nothing calls the URL at all, delete it with `delete-function-url-config`.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Require IAM authentication and remove the public grant',
      code: `aws lambda update-function-url-config --function-name report-export --auth-type AWS_IAM

# Statement IDs vary; read them from get-policy first
aws lambda remove-permission --function-name report-export \\
  --statement-id FunctionURLAllowPublicAccess`,
    },
    {
      kind: 'paragraph',
      text: 'For functions that serve browsers, put CloudFront in front with origin access control for Lambda. The URL switches to `AWS_IAM`, CloudFront signs every origin request, and the function policy trusts only the CloudFront service principal for one distribution. You regain AWS WAF, caching, geo restrictions and a stable custom domain.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'CloudFront origin access control for a function URL',
      code: `aws cloudfront create-origin-access-control --origin-access-control-config \\
  Name=report-export-oac,SigningProtocol=sigv4,SigningBehavior=always,OriginAccessControlOriginType=lambda

for action in lambda:InvokeFunctionUrl lambda:InvokeFunction; do
  aws lambda add-permission --function-name report-export \\
    --statement-id "cloudfront-\${action#lambda:}" --action "$action" \\
    --principal cloudfront.amazonaws.com \\
    --source-arn arn:aws:cloudfront::111122223333:distribution/EDFDVBD6EXAMPLE
done`,
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'POST and PUT through origin access control',
      text: 'With origin access control in front of a function URL, clients that send a request body must include the `x-amz-content-sha256` header with the SHA-256 hash of the payload, because Lambda does not accept unsigned payloads on signed requests. Plan for this before moving form posts or webhook receivers behind CloudFront.',
    },
    {
      kind: 'paragraph',
      text: 'Then make `NONE` an exception that needs approval. The `lambda:FunctionUrlAuthType` condition key lets an SCP deny creating or updating function URLs without authentication across the organization. Place genuinely public functions in an OU without this SCP, or grant an exception to a deployment role that only a reviewed pipeline can use.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: no unauthenticated function URLs',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "DenyPublicFunctionUrls",
      "Effect": "Deny",
      "Action": ["lambda:CreateFunctionUrlConfig", "lambda:UpdateFunctionUrlConfig"],
      "Resource": "*",
      "Condition": { "StringEquals": { "lambda:FunctionUrlAuthType": "NONE" } }
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: "Some endpoints must stay public, for example receivers for payment or source-control webhooks. For those, verify the sender's HMAC signature in code with a constant-time comparison and reject stale timestamps, keep the execution role minimal, and cap blast radius with reserved concurrency (`aws lambda put-function-concurrency --function-name stripe-webhook --reserved-concurrent-executions 20`). CORS settings on the URL only govern browsers; they are not access control.",
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core lists every function URL in every account, region and alias, flags `NONE` URLs, public function policies and missing concurrency limits, and lets you encode your exception process as a custom policy, for example allowing `NONE` only on functions tagged as webhook receivers. Kryon Graph treats each public URL as an internet entry point and follows it through the execution role to the data and roles it can reach, so you see the full path labelled with T1190 Exploit Public-Facing Application and can prioritize the URL that leads to customer data over the one that returns a static status page.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Every function URL with `AuthType` `NONE` is inventoried, owned and justified.',
        'URLs used only by AWS principals use `AWS_IAM`, and unused URLs are deleted.',
        'Browser-facing functions sit behind CloudFront with origin access control and AWS WAF.',
        'An SCP denies `lambda:CreateFunctionUrlConfig` and `lambda:UpdateFunctionUrlConfig` with `NONE` outside an approved exception path.',
        'Public webhook receivers verify signatures, reject replays and run with reserved concurrency and a minimal role.',
        'EventBridge alerts fire when a URL is created or changed to `NONE`, and Access Analyzer public findings are triaged.',
      ],
    },
  ],
};
