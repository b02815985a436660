import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'lambda-environment-secrets',
  title: 'Secrets in Lambda Environment Variables: Who Can Really Read Them',
  description:
    'Lambda environment variables are encrypted at rest but returned in plaintext to anyone allowed to read function configuration. How to find secrets there and move them to Secrets Manager.',
  category: 'Serverless Security',
  severity: 'Medium',
  mitreAttack: 'T1552 Unsecured Credentials',
  audience: 'Serverless developers, application security engineers, cloud security teams',
  kryonSolution: ['Kryon Core', 'Kryon IAM'],
  publishedDate: '2026-09-09',
  tags: ['Lambda', 'Secrets Management', 'Secrets Manager', 'KMS', 'Credentials'],
  body: [
    {
      kind: 'paragraph',
      text: "Environment variables are the path of least resistance for Lambda configuration, so database passwords, third-party API keys, webhook signing secrets and OAuth client secrets end up there. The usual justification is that Lambda encrypts environment variables at rest with AWS KMS. That is true, and it protects against exactly one threat: someone reading Lambda's storage. It does nothing against the much larger group of principals who can simply ask the Lambda API for the function's configuration.",
    },
    {
      kind: 'paragraph',
      text: 'The severity depends on what the secrets unlock. A key for a payment provider or a production database password in an environment variable is a direct route to customer data for anyone with read-only access to the account.',
    },
    { kind: 'heading', text: 'Where the plaintext shows up' },
    {
      kind: 'list',
      items: [
        '`GetFunctionConfiguration`, `GetFunction` and `ListFunctions` return `Environment.Variables` decrypted, to any principal allowed to call them. Broad read-only policies, including the AWS managed `ReadOnlyAccess` policy, grant those permissions, and so do many auditor, support and monitoring roles.',
        '`GetFunction` also returns a presigned URL for the deployment package, so a `.env` or `config.json` bundled with the code is readable by the same principals.',
        'Infrastructure-as-code artefacts hold the values too: CloudFormation templates and parameters, Terraform state files, CDK context files and CI logs that echo the deploy command.',
        'Inside the function, every dependency and every injected payload can read `process.env` or `os.environ`, and error handlers sometimes log the whole environment.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'An attacker with any read-only foothold, such as a leaked CI credential or a compromised monitoring integration, can harvest every function in every region in a few calls. The activity looks like routine inventory and rarely triggers an alert.',
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Dynamic references do not keep secrets out of the configuration',
      text: "A CloudFormation dynamic reference such as `{{resolve:secretsmanager:prod/payments:SecretString:apiKey}}` inside a function's `Environment.Variables` is resolved at deploy time. The plaintext value is written into the function configuration, where `GetFunctionConfiguration` returns it. Pass the secret ARN instead and fetch the value at runtime.",
    },
    { kind: 'heading', text: 'Finding secrets in function configuration' },
    {
      kind: 'paragraph',
      text: 'Scan variable names across every region first: names are a strong signal and you avoid copying secret values into your own logs. The script prints region, function and variable name only.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Variable names that look like secrets, across all regions',
      code: `for r in $(aws ec2 describe-regions --query 'Regions[].RegionName' --output text); do
  aws lambda list-functions --region "$r" --output json \\
    | jq -r --arg r "$r" '.Functions[] | .FunctionName as $f
        | (.Environment.Variables // {}) | keys[]
        | select(test("PASS|SECRET|TOKEN|API_?KEY|PRIVATE|CREDENTIAL|DSN"; "i"))
        | [$r, $f, .] | @tsv'
done`,
    },
    {
      kind: 'paragraph',
      text: 'Names miss values such as connection strings with embedded passwords, so follow up with a secrets scanner over the configuration export and over deployment packages. Amazon Inspector Lambda code scanning includes detectors for hardcoded credentials in function code, and policy-as-code tools such as Checkov flag secrets in Lambda environment blocks of CloudFormation and Terraform before they deploy.',
    },
    {
      kind: 'paragraph',
      text: 'Then find out who has been reading configurations. Lambda management events appear in CloudTrail with versioned names such as `GetFunction20150331v2` and `ListFunctions20150331`, so match on prefixes.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena: principals that read many function configurations',
      code: `SELECT useridentity.arn AS principal, sourceipaddress,
       count(*) AS calls,
       count(DISTINCT json_extract_scalar(requestparameters, '$.functionName')) AS functions
FROM cloudtrail_logs
WHERE eventsource = 'lambda.amazonaws.com'
  AND regexp_like(eventname, '^(GetFunction|GetFunctionConfiguration|ListFunctions)2015')
  AND eventtime > to_iso8601(current_timestamp - interval '30' day)
GROUP BY 1, 2
ORDER BY functions DESC
LIMIT 50;`,
    },
    { kind: 'heading', text: 'Moving secrets out' },
    {
      kind: 'paragraph',
      text: "Treat every secret you found as exposed: rotate it at the provider first, then store the new value in AWS Secrets Manager or as a `SecureString` in Systems Manager Parameter Store. The function's environment keeps only the secret's ARN or name, which is not sensitive, and the execution role gets `secretsmanager:GetSecretValue` on that one secret.",
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'Execution role statement for a single secret',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "ReadPaymentsApiKey",
      "Effect": "Allow",
      "Action": "secretsmanager:GetSecretValue",
      "Resource": "arn:aws:secretsmanager:eu-west-1:111122223333:secret:prod/payments/api-key-AbCdEf"
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: 'Fetch the value at runtime and cache it for the life of the execution environment, so you do not call Secrets Manager on every invocation. Powertools for AWS Lambda provides a caching parameters utility; the AWS Parameters and Secrets Lambda Extension does the same as a local HTTP cache on port 2773 for any runtime.',
    },
    {
      kind: 'code',
      language: 'python',
      caption: 'Python with Powertools for AWS Lambda: fetch and cache for five minutes',
      code: `import os

from aws_lambda_powertools.utilities import parameters

SECRET_ARN = os.environ["PAYMENTS_API_KEY_SECRET_ARN"]


def handler(event, context):
    api_key = parameters.get_secret(SECRET_ARN, max_age=300)
    return call_payment_provider(api_key, event)`,
    },
    {
      kind: 'paragraph',
      text: 'Secrets Manager then gives you what environment variables cannot: rotation with a rotation function, a resource policy on the secret, per-secret KMS keys, and a CloudTrail `GetSecretValue` event for every read, attributable to a role session.',
    },
    {
      kind: 'paragraph',
      text: "For the configuration that legitimately stays in environment variables, use a customer managed KMS key through the function's `KMSKeyArn`. With a customer managed key, only principals who are allowed to use the key can view or change the variables, which removes them from the reach of generic read-only roles. Finally, review who holds `lambda:GetFunction`, `lambda:GetFunctionConfiguration` and `lambda:ListFunctions`, and remove the permissions from integrations that do not need function-level detail.",
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: "Kryon Core checks every function in the organization for secret-like variable names and values, functions without a customer managed KMS key, and deployment templates that resolve secrets into environment variables, with custom policies for your own naming conventions. Kryon IAM answers the question that decides severity: which users, roles and third-party integrations can read each function's configuration or decrypt its key, including through role chains, so you can see who effectively holds a secret before and after you move it.",
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'No Lambda environment variable holds a password, API key, token or private key; variables hold secret ARNs or names instead.',
        'Every secret found in an environment variable has been rotated at its provider, not just moved.',
        'Execution roles can read only their own secrets, named by ARN.',
        'Functions fetch secrets at runtime with caching, through Powertools or the Parameters and Secrets Lambda Extension.',
        'Functions with sensitive configuration use a customer managed KMS key, and its key policy is reviewed.',
        'Templates never place `{{resolve:secretsmanager:...}}` references in `Environment.Variables`.',
        'Read access to function configuration is limited to roles that need it, and bulk reads are reviewed.',
      ],
    },
  ],
};
