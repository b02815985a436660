import type { ResearchReport } from '../research-report-types.ts';

/** The body of "Monthly Finding, November 2026: Lambda Function URLs Open to the Internet": how unauthenticated function URLs arise, what their execution roles and environment variables expose, and the configuration and SCP that remove them. */
export const lambdaFunctionUrlExposureNovember2026Report: ResearchReport = {
  sections: [
    {
      heading: 'Why function URLs deserve their own finding',
      paragraphs: [
        'A Lambda function URL is a dedicated HTTPS endpoint, with a random identifier under the lambda-url.region.on.aws domain, that Lambda attaches to a function or alias with a single CreateFunctionUrlConfig call. There is no API Gateway stage, no AWS WAF web ACL, no usage plan and no request validation in front of it. The request goes straight to the function code, which runs with the function’s execution role. For webhooks, prototypes and internal tools that is exactly the appeal, and it is also why function URLs escape the reviews that an API Gateway deployment or a load balancer would go through.',
        'The URL identifier is long and random, and teams often treat that as access control. It is not. Function URLs end up in front-end bundles, mobile applications, browser history, logs, support tickets and the webhook settings pages of third-party services. Once a URL is known it cannot be rotated: the only way to change it is to delete the URL configuration and create a new one, which breaks every legitimate caller at the same time.',
        'This finding asks three questions of every function URL in the accounts we scanned in the first half of November 2026: does it authenticate callers, what can the function’s role do if the code is abused, and does the function carry a credential that turns a read of its configuration into a second breach.',
      ],
    },
    {
      heading: 'How a function URL becomes public',
      paragraphs: [
        'Access to a function URL is decided by two settings that live in different places. The AuthType of the URL configuration is either AWS_IAM, in which case every request must be signed with Signature Version 4 by a principal allowed to invoke it, or NONE, in which case Lambda performs no authentication at all. The function’s resource-based policy is still evaluated with NONE, so a URL with AuthType NONE only answers requests when the policy grants access to an unauthenticated principal. Without that grant, every request receives 403 Forbidden.',
        'The grant normally looks like a statement with "Principal": "*", "Action": "lambda:InvokeFunctionUrl" and "Condition": {"StringEquals": {"lambda:FunctionUrlAuthType": "NONE"}}. Since October 2025, new function URLs also need lambda:InvokeFunction, so recent public URLs carry a second statement allowing lambda:InvokeFunction to "*" with the lambda:InvokedViaFunctionUrl condition set to true. Nobody has to write either statement by hand: when you choose NONE in the Lambda console, or declare a public URL in AWS SAM, the statements are added for you, which is how most public functions come into being without anyone reading a policy.',
        'Two details make exposure easy to miss. First, a URL can be attached to an alias rather than the unqualified function, so an inventory that calls GetFunctionUrlConfig only on the function name will not see it; ListFunctionUrlConfigs returns both. Second, the CORS settings of a function URL only instruct browsers. They do not stop a script, a scanner or curl from calling the endpoint, yet we regularly saw AllowOrigins restricted to a company domain treated as if it were authentication.',
      ],
    },
    {
      heading: 'What the November data showed',
      paragraphs: [
        'Function URLs are used in a minority of accounts, but where they appear they often appear in numbers: accounts with at least one URL had a median of four. Of all function URLs inventoried, 11% had AuthType NONE. Nearly nine in ten of those, 87%, also had a resource-based policy statement granting public invocation and therefore counted as exposed under our definition; the remainder returned 403 Forbidden to every request, usually because someone removed the public statement but not the URL configuration. Measured by account, 14% of accounts using function URLs had at least one exposed URL, with a median of two exposed URLs per affected account.',
        'The more important question is what a caller could make the function do. About a quarter of the unauthenticated functions, 26%, ran with an execution role that could write to Amazon DynamoDB, Amazon S3 or AWS Secrets Manager. Most of these roles were not designed for the function: they were created by the console with a broad AWS managed policy attached, such as AmazonDynamoDBFullAccess or AmazonS3FullAccess, so that a test would work on the first try. A small number of roles could modify IAM or pass roles, which turns any code execution flaw in the function into an escalation path.',
        'Where CloudWatch metrics were available to Kryon Core, 41% of exposed URLs recorded no UrlRequestCount at all during the two-week window. Those endpoints served nobody, and removing them had no effect on any workload.',
        'Eight percent of exposed URLs were attached to an alias rather than to the unqualified function. These were the ones most often missed by teams’ own inventories, which listed URLs by function name, and they tended to point at a live alias such as prod, so the code behind them was the current production build rather than a forgotten test.',
      ],
      table: {
        caption:
          'What the execution role behind each exposed function could do, compared with all functions that have a URL. Categories overlap; shares are of functions, November 1 to 14, 2026.',
        columns: ['Execution role capability', 'Exposed functions', 'All functions with a URL'],
        rows: [
          ['CloudWatch Logs only (basic execution)', '47%', '52%'],
          ['Read Amazon S3 or DynamoDB, no writes', '21%', '19%'],
          ['Write to Amazon DynamoDB', '15%', '12%'],
          ['Write to Amazon S3', '12%', '10%'],
          ['Write to AWS Secrets Manager', '4%', '2%'],
          ['Any of the three writes above', '26%', '21%'],
          ['IAM write actions or iam:PassRole', '3%', '2%'],
        ],
      },
    },
    {
      heading: 'Where exposed URLs come from',
      paragraphs: [
        'We attributed each exposed URL to the tool that created it using the userAgent of the CreateFunctionUrlConfig event where the event was still within CloudTrail retention, and the aws:cloudformation:stack-name tag on the function otherwise. The source could be determined for 83% of exposed URLs. Most were created outside infrastructure as code: a developer testing a webhook from the console, or a script that added a URL to demonstrate an integration. The URL did its job, the demonstration ended, and the endpoint stayed on the internet.',
        'URLs created through CloudFormation, AWS SAM, the AWS CDK or Terraform were younger and far more likely to be serving traffic, which is consistent with deliberate public endpoints such as inbound webhooks from payment, chat or source control providers. Those still need a decision about authentication, but they have an owner and a template where the decision can be recorded.',
      ],
      table: {
        caption:
          'Exposed function URLs by how they were created, where the source could be determined (83% of exposed URLs).',
        columns: [
          'Created through',
          'Share of exposed URLs',
          'Median age in days',
          'No requests in window',
        ],
        rows: [
          ['Lambda console', '46%', '171', '48%'],
          ['AWS CLI or SDK outside a pipeline', '25%', '133', '39%'],
          ['CloudFormation, AWS SAM or AWS CDK', '18%', '64', '22%'],
          ['Terraform', '11%', '71', '19%'],
        ],
      },
    },
    {
      heading: 'Plaintext secrets behind public endpoints',
      paragraphs: [
        'One in eight publicly invocable functions kept a plaintext credential in an environment variable. Lambda encrypts environment variables at rest, but that protects only against someone reading Lambda’s storage. Any principal allowed lambda:GetFunctionConfiguration, lambda:GetFunction or lambda:ListFunctions receives the variables in the API response, and with the default AWS managed key no KMS permission is needed beyond that. Broad read-only access such as the ReadOnlyAccess managed policy, monitoring integrations and third-party tools routinely hold these actions. A customer managed key narrows who can view the values, but it does not make an environment variable a secret store.',
        'On a public function the secret matters twice. A code flaw that lets a caller read the process environment, for example a debug route that echoes configuration or a template injection, hands the value to an anonymous attacker. And Lambda places the execution role’s temporary credentials in the same environment, as AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN, so the same flaw exposes both.',
      ],
      bullets: [
        'Database passwords and connection strings: 41% of matched credentials.',
        'Third-party API keys for payment, email and messaging providers: 33%.',
        'Long-lived IAM user access keys stored under custom variable names, since Lambda reserves the standard AWS credential names: 14%.',
        'Webhook signing secrets and token signing keys: 12%.',
      ],
    },
    {
      heading: 'Walk-through: a forgotten test endpoint',
      paragraphs: [
        'The following example is a composite with made-up identifiers. In account 111122223333, region eu-west-1, a developer creates orders-webhook-test in the console to try a partner integration and chooses a function URL with auth type NONE. The console adds the public policy statements. Because the handler writes to an orders table, the developer attaches AmazonDynamoDBFullAccess to the console-created role arn:aws:iam::111122223333:role/service-role/orders-webhook-test-role-7x2k9q. A partner API key is pasted into an environment variable named PARTNER_API_KEY. The integration moves to an API Gateway endpoint a week later; the test function stays.',
      ],
      bullets: [
        'Discovery: the URL remains hard-coded in an old build of a customer-facing single-page application, where an attacker finds it by searching the JavaScript bundle for lambda-url.',
        'Probing: the attacker sends requests directly to the endpoint. There is no authorizer or WAF, and the only rate limit is the function’s concurrency. The handler trusts a status field in the JSON body and writes whatever it receives to the orders table.',
        'Abuse: because the role holds AmazonDynamoDBFullAccess, a second code path that accepts a table name from the request lets the attacker scan the customer table and delete items, without ever holding an AWS credential.',
        'Credential exposure: a debug route added during testing returns the process environment, revealing PARTNER_API_KEY and the role’s temporary credentials, which work from anywhere until they expire.',
        'Cost: sustained traffic consumes the account’s regional concurrency and starves other functions, a denial-of-wallet effect that shows up first on the bill.',
      ],
    },
    {
      heading: 'Detection',
      paragraphs: [
        'Configuration changes are easy to catch because they are CloudTrail management events. Alert on CreateFunctionUrlConfig and UpdateFunctionUrlConfig with authType NONE in requestParameters, and on AddPermission events whose principal is "*". An Amazon EventBridge rule on these events gives near real-time notice in every region, provided the rule is deployed in every region, since Lambda events are regional.',
        'For posture, the AWS Config managed rule lambda-function-public-access-prohibited and the Security Hub control Lambda.1, Lambda function policies should prohibit public access, flag functions whose resource-based policy grants public invocation, and IAM Access Analyzer external access analyzers report Lambda functions shared publicly or with other accounts. None of these looks at the execution role or environment, so they tell you a function is public but not how much that matters. Traffic is visible in the UrlRequestCount, Url4xxCount and Url5xxCount metrics in the AWS/Lambda namespace; a sudden rise on a function nobody owns is worth a page.',
      ],
      bullets: [
        'Alert on CreateFunctionUrlConfig and UpdateFunctionUrlConfig events with authType NONE, in every region where Lambda is enabled.',
        'Alert on AddPermission events that grant lambda:InvokeFunctionUrl or lambda:InvokeFunction to "*".',
        'Review weekly every function with a public URL whose execution role can write data or whose environment matches a secret pattern.',
        'Watch UrlRequestCount on functions without an owner tag: traffic on an endpoint nobody claims is an incident until shown otherwise.',
      ],
    },
    {
      heading: 'Remediation in priority order',
      paragraphs: [
        'The accounts that closed this exposure did it in the same order, starting with the changes that cost nothing and ending with the guardrail that stops recurrence.',
      ],
      bullets: [
        'Delete what nobody uses: for exposed URLs with no requests, call DeleteFunctionUrlConfig and remove the public statements with RemovePermission. In the accounts that acted, deletion alone closed about four in ten exposed URLs.',
        'Rotate before you move: any credential found in the environment of a public function must be treated as disclosed, rotated at its provider, and then moved to AWS Secrets Manager or an AWS Systems Manager Parameter Store SecureString parameter, read at runtime, for example through the AWS Parameters and Secrets Lambda Extension.',
        'Authenticate the rest: set AuthType to AWS_IAM for callers that can sign requests, including other AWS services and internal clients. For browsers and third parties, front the function with Amazon API Gateway and a Lambda, JWT or Amazon Cognito authorizer, or with Amazon CloudFront using origin access control so the URL itself can use AWS_IAM. Webhooks that cannot authenticate must verify the provider’s signature in code.',
        'Shrink the role: replace broad managed policies with actions scoped to the specific table, bucket or secret ARN the function uses, and set reserved concurrency to cap both abuse and cost.',
        'Add the guardrail: an SCP that denies lambda:CreateFunctionUrlConfig and lambda:UpdateFunctionUrlConfig when the lambda:FunctionUrlAuthType condition key equals NONE, with an exception, using aws:PrincipalArn, for the deployment role of a reviewed pipeline that publishes the genuinely public endpoints.',
      ],
    },
    {
      heading: 'What Kryon recommends next',
      paragraphs: [
        'Setting AuthType to AWS_IAM, or moving the endpoint behind API Gateway with an authorizer, closed the exposure in every account that applied it together with the SCP; the SCP alone prevented new public URLs but left existing ones in place, and the configuration change alone was undone in some accounts within weeks by a new console test. Apply both.',
        'Beyond this finding, treat a function URL as a public API. It should have an owner, an infrastructure-as-code definition, an explicit authentication decision recorded in code review, an execution role scoped to what the endpoint does, and no secrets in its environment. Kryon Core flags exposed URLs together with the reach of the execution role and the secret-pattern results, so teams can start with the public functions that can write data or carry credentials, and Kryon will repeat this measurement in a future monthly finding to track whether the guardrail holds.',
      ],
    },
  ],
};
