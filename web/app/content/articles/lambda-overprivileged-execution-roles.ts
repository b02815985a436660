import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'lambda-overprivileged-execution-roles',
  title: 'Overprivileged Lambda Execution Roles: Turning One Bug into Account Takeover',
  description:
    'Shared, wildcard Lambda execution roles make every injection bug an AWS credential leak. How to measure what functions really use, right-size roles with Access Analyzer, and keep them small.',
  category: 'Serverless Security',
  severity: 'High',
  mitreAttack: 'T1078.004 Valid Accounts: Cloud Accounts',
  audience: 'Serverless developers, cloud security engineers, platform teams',
  kryonSolution: ['Kryon IAM', 'Kryon Graph', 'Kryon Vuln'],
  publishedDate: '2026-11-05',
  tags: ['Lambda', 'IAM', 'Least Privilege', 'Access Analyzer', 'Serverless'],
  body: [
    {
      kind: 'paragraph',
      text: "Every Lambda function runs with an execution role, and the runtime hands that role's temporary credentials to the function as the environment variables `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY` and `AWS_SESSION_TOKEN`. Whatever the role can do, any code running in the function can do, including code an attacker managed to inject. In serverless applications the execution role is therefore the real security boundary, far more than the network.",
    },
    {
      kind: 'paragraph',
      text: 'The roles we find in practice are rarely small. One role shared by every function in a service, `AmazonS3FullAccess` or `AmazonDynamoDBFullAccess` attached for convenience, inline statements with `"Action": "*"` left over from debugging, and framework-generated policies that grant `Resource: "*"` all turn a minor bug into a credential with account-wide reach.',
    },
    { kind: 'heading', text: 'How the attack works' },
    {
      kind: 'paragraph',
      text: 'Attackers reach Lambda code through the event sources it trusts: an API Gateway request, an S3 object name, an SQS message body, a DynamoDB stream record. Typical entry points are command injection in functions that shell out to tools such as ImageMagick or ffmpeg, unsafe deserialization of event payloads, server-side template injection, path traversal that reads `/proc/self/environ`, and compromised dependencies in the deployment package or a shared layer.',
    },
    {
      kind: 'list',
      ordered: true,
      items: [
        'The attacker triggers code execution or a file read inside the function and extracts the three credential environment variables.',
        'From their own machine they call `sts:GetCallerIdentity`; the ARN takes the form `arn:aws:sts::111122223333:assumed-role/{role-name}/{function-name}`.',
        "They enumerate the role's reach by trying `iam:ListAttachedRolePolicies`, `s3:ListAllMyBuckets`, `secretsmanager:ListSecrets` and similar calls, or by running an open-source permission brute-forcer.",
        'A wildcard role lets them read every table and bucket, fetch every secret, or, if the role holds `iam:PassRole` and `lambda:CreateFunction`, create new functions with even more privileged roles.',
      ],
    },
    {
      kind: 'paragraph',
      text: "Because the credentials are ordinary STS session credentials, they work from anywhere until they expire, and nothing in the function's own logs shows their use.",
    },
    { kind: 'heading', text: 'Finding overprivileged roles' },
    {
      kind: 'paragraph',
      text: 'Start with the mapping from functions to roles. Roles used by many functions and roles with AWS managed full-access policies are the first candidates.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Functions per execution role, and the policies on a role',
      code: `aws lambda list-functions --query 'Functions[].[Role,FunctionName]' --output text \\
  | sort | awk '{print $1}' | uniq -c | sort -rn | head -20

aws iam list-attached-role-policies --role-name orders-service-role \\
  --query 'AttachedPolicies[].PolicyArn'
aws iam list-role-policies --role-name orders-service-role
aws iam get-role-policy --role-name orders-service-role --policy-name inline-debug`,
    },
    {
      kind: 'paragraph',
      text: 'Then measure what the role actually uses. IAM last-accessed data shows, per service and for many services per action, when the role last exercised a permission. An IAM Access Analyzer unused access analyzer does this continuously across the organization and reports unused roles and unused permissions as findings.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Last-accessed data and an unused access analyzer',
      code: `JOB=$(aws iam generate-service-last-accessed-details \\
  --arn arn:aws:iam::111122223333:role/orders-service-role \\
  --granularity ACTION_LEVEL --query JobId --output text)
aws iam get-service-last-accessed-details --job-id "$JOB" \\
  --query 'ServicesLastAccessed[].[ServiceNamespace,LastAuthenticated]' --output text

aws accessanalyzer create-analyzer --analyzer-name unused-access-90d \\
  --type ORGANIZATION_UNUSED_ACCESS \\
  --configuration '{"unusedAccess":{"unusedAccessAge":90}}'`,
    },
    {
      kind: 'paragraph',
      text: 'For customer managed policies, the AWS Config rules `iam-policy-no-statements-with-admin-access` and `iam-policy-no-statements-with-full-access` flag `"Action": "*"` and service-wide wildcards. In CloudTrail, the session name of a Lambda execution role is the function name, so you can build a baseline of the API calls each function makes and alert on calls outside it.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena: API calls made by one function over 30 days',
      code: `SELECT eventsource, eventname, count(*) AS calls,
       count(DISTINCT sourceipaddress) AS source_ips
FROM cloudtrail_logs
WHERE useridentity.type = 'AssumedRole'
  AND useridentity.arn = 'arn:aws:sts::111122223333:assumed-role/orders-service-role/orders-create'
  AND eventtime > to_iso8601(current_timestamp - interval '30' day)
GROUP BY eventsource, eventname
ORDER BY calls DESC;`,
    },
    { kind: 'heading', text: 'Right-sizing and keeping it right' },
    {
      kind: 'paragraph',
      text: "Give each function its own role and scope every statement to the specific resources it touches. IAM Access Analyzer policy generation reads the role's CloudTrail history and drafts a policy from the actions it actually called (`aws accessanalyzer start-policy-generation`); treat the draft as a starting point and add resource ARNs by hand, because generated policies often fall back to wildcards for resources.",
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'A function that reads one table and sends to one queue',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "ReadOrdersTable",
      "Effect": "Allow",
      "Action": ["dynamodb:GetItem", "dynamodb:Query"],
      "Resource": [
        "arn:aws:dynamodb:eu-west-1:111122223333:table/orders",
        "arn:aws:dynamodb:eu-west-1:111122223333:table/orders/index/*"
      ]
    },
    {
      "Sid": "SendFulfilmentMessages",
      "Effect": "Allow",
      "Action": "sqs:SendMessage",
      "Resource": "arn:aws:sqs:eu-west-1:111122223333:fulfilment"
    },
    {
      "Sid": "WriteOwnLogs",
      "Effect": "Allow",
      "Action": ["logs:CreateLogStream", "logs:PutLogEvents"],
      "Resource": "arn:aws:logs:eu-west-1:111122223333:log-group:/aws/lambda/orders-create:*"
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: 'With AWS SAM, policy templates such as `DynamoDBReadPolicy` and `SQSSendMessagePolicy` produce the same scoping from a table or queue name, which removes the temptation to paste a managed full-access policy.',
    },
    {
      kind: 'code',
      language: 'yaml',
      caption: 'AWS SAM: per-function role from policy templates',
      code: `OrdersCreateFunction:
  Type: AWS::Serverless::Function
  Properties:
    Handler: app.handler
    Runtime: python3.13
    Policies:
      - DynamoDBReadPolicy:
          TableName: !Ref OrdersTable
      - SQSSendMessagePolicy:
          QueueName: !GetAtt FulfilmentQueue.QueueName`,
    },
    {
      kind: 'paragraph',
      text: 'Keep it that way in the pipeline. IAM Access Analyzer custom policy checks fail a build when a policy grants something it must not, for example `check-access-not-granted` for `iam:PassRole` or `iam:CreateAccessKey`, and `check-no-new-access` against the last approved version. Where developers create their own roles, require a permissions boundary with the `iam:PermissionsBoundary` condition key on `iam:CreateRole` so no function role can exceed the boundary, whatever its policy says.',
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'Least privilege limits the blast radius, not the bug',
      text: 'A tightly scoped role means stolen credentials can only do what the function could already do. Pair it with input validation, dependency scanning and code signing for Lambda (`CodeSigningConfigArn`) so fewer bugs reach production, and with GuardDuty Lambda Protection, which monitors network activity from functions for signs of compromise.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: "Kryon IAM analyzes every execution role together with its trust policy, permissions boundary and attached policies, highlights toxic combinations such as `iam:PassRole` with `lambda:CreateFunction`, and compares granted permissions with what the function has actually used. Kryon Graph shows where a compromised function leads: which tables, buckets, secrets and further roles its credentials reach, with each step mapped to MITRE ATT&CK. Kryon Vuln correlates CVEs in function packages and layers with the function's event-source exposure and the IAM scope of its role, so an injectable internet-facing function with a broad role is ranked above the same CVE in an internal batch job.",
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Each Lambda function has its own execution role, with no AWS managed full-access policies attached.',
        'Every statement names specific resource ARNs; wildcards are justified in a comment or removed.',
        'An unused access analyzer runs across the organization and unused permissions are removed on a schedule.',
        'CI runs IAM Access Analyzer custom policy checks on every policy change.',
        'Roles created by application teams require a permissions boundary.',
        'CloudTrail baselines per function session alert on API calls a function has never made before.',
        'Dependencies and layers are scanned, and code signing is enforced for production functions.',
      ],
    },
  ],
};
