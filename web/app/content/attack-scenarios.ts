/**
 * The three attack-scenario walkthroughs of /security-intelligence, highest risk first. Steps name
 * IAM actions as policies write them (service:Action); where the API operation has another name,
 * as in S3, the operation is named beside it, since the operation is what CloudTrail records.
 */
import type { AttackScenario } from './intelligence-types.ts';

export const attackScenarios: readonly AttackScenario[] = [
  {
    id: 'ssrf-imds-to-account-admin',
    title: 'SSRF to Instance Credentials to Account Administrator',
    technique: 'T1552.005',
    techniqueName: 'Unsecured Credentials: Cloud Instance Metadata API',
    description:
      'An internet-facing EC2 instance still answers IMDSv1, and its role may pass any role to Lambda. One server-side request forgery flaw in the web tier is enough to turn an anonymous visitor into an account administrator.',
    steps: [
      {
        title: 'Exploit SSRF on the public web tier',
        detail:
          'An image-preview endpoint fetches any URL it is given. The attacker asks it for http://169.254.169.254/latest/meta-data/iam/security-credentials/ and, because HttpTokens is optional, IMDSv1 answers without a session token: first the role name, then its AccessKeyId, SecretAccessKey and Token.',
      },
      {
        title: 'Confirm the identity and map its permissions',
        detail:
          'From their own host the attacker calls sts:GetCallerIdentity, then iam:ListAttachedRolePolicies and iam:GetPolicyVersion on the instance role, and iam:ListRoles to find roles that trust lambda.amazonaws.com.',
      },
      {
        title: 'Pass an administrator role to a new function',
        detail:
          'The instance role allows iam:PassRole on "*" together with lambda:CreateFunction. The attacker calls lambda:CreateFunction with a deployment role that has AdministratorAccess attached, then invokes it, which needs only lambda:InvokeFunction.',
      },
      {
        title: 'Create credentials that outlive the session',
        detail:
          'Running as the administrator role, the function calls iam:CreateUser, iam:AttachUserPolicy with arn:aws:iam::aws:policy/AdministratorAccess and iam:CreateAccessKey, giving the attacker long-lived keys that survive the expiry of the stolen instance credentials.',
      },
      {
        title: 'Blind the defenders',
        detail:
          'With the new keys the attacker calls cloudtrail:StopLogging on the account trail and guardduty:ListDetectors in each region returned by ec2:DescribeRegions, looking for regions where nothing is watching.',
      },
    ],
    impact:
      'Full administrative control of the account within minutes: every data store, key and workload can be read or changed, and the attacker holds credentials that remain valid after the original flaw is fixed.',
    detectedBy: ['Kryon Graph', 'Kryon IAM', 'Kryon Defend'],
    riskScore: 9.2,
  },
  {
    id: 'ci-key-cross-account-exfiltration',
    title: 'Leaked CI/CD Key to Cross-Account Data Exfiltration',
    technique: 'T1537',
    techniqueName: 'Transfer Data to Cloud Account',
    description:
      'A long-lived access key from a build pipeline leaks, and a chain of trust nobody reviewed leads from it to customer exports in production, which can be copied straight into an account the attacker owns.',
    steps: [
      {
        title: 'Use the leaked access key',
        detail:
          'An access key for a CI/CD IAM user appears in a public build log. The attacker calls sts:GetCallerIdentity to learn the account ID and user name; the key has not been rotated in over a year.',
      },
      {
        title: 'Assume a production deployment role',
        detail:
          'The user may call sts:AssumeRole on a deployment role in the production account whose trust policy names the tooling account root with no sts:ExternalId, aws:PrincipalOrgID or aws:PrincipalArn condition, so any identity in that account can assume it.',
      },
      {
        title: 'Locate and decrypt the valuable data',
        detail:
          'ListBuckets and ListObjectsV2 (allowed by s3:ListAllMyBuckets and s3:ListBucket) reveal a bucket of nightly customer exports. GetBucketEncryption and kms:DescribeKey show a customer managed key whose key policy grants kms:Decrypt to the whole account, so the role can read every object.',
      },
      {
        title: 'Copy the objects to an outside account',
        detail:
          'The role allows s3:PutObject on "*" and no VPC endpoint policy or aws:ResourceOrgID condition restricts the destination. The attacker runs CopyObject, which needs only s3:GetObject on the source and s3:PutObject on the target, for each export into a bucket in their own account whose bucket policy accepts writes from any principal.',
      },
      {
        title: 'Leave almost nothing behind',
        detail:
          "S3 data events are not enabled for the export bucket, so CloudTrail records only sts:AssumeRole and the management calls. The copied objects never appear in the organization's logs.",
      },
    ],
    impact:
      'Bulk exfiltration of customer data to an account outside the organization, with an audit trail that shows a legitimate deployment role doing nothing unusual.',
    detectedBy: ['Kryon IAM', 'Kryon Graph', 'Kryon Core'],
    riskScore: 8.7,
  },
  {
    id: 'function-url-secrets-pivot',
    title: 'Public Lambda Function URL to Stolen Secrets and a Backdoored Function',
    technique: 'T1190',
    techniqueName: 'Exploit Public-Facing Application',
    description:
      'A Lambda function URL with AuthType NONE runs a handler with a vulnerable dependency and an execution role copied from a permissive template. No credentials are needed to start, and the role does the rest.',
    steps: [
      {
        title: 'Find an unauthenticated function URL',
        detail:
          'A function URL (https://<url-id>.lambda-url.<region>.on.aws) has AuthType NONE and a resource-based policy granting lambda:InvokeFunctionUrl to Principal "*". The attacker finds it in the source of a public single-page app.',
      },
      {
        title: 'Exploit the handler',
        detail:
          'A dependency with a known unsafe-deserialization flaw gives code execution inside the function. The process environment holds AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN for the execution role, plus a database password stored as a plaintext environment variable.',
      },
      {
        title: 'Enumerate with the execution role',
        detail:
          'With the role credentials the attacker calls sts:GetCallerIdentity, then lambda:ListFunctions, which returns the environment variables of every function in the region, and secretsmanager:ListSecrets.',
      },
      {
        title: 'Read secrets the role never needed',
        detail:
          'The role holds secretsmanager:GetSecretValue on "*", a leftover from a starter template, so the attacker reads third-party API keys and the credentials of other services.',
      },
      {
        title: 'Backdoor a scheduled function',
        detail:
          'A lambda:* statement allows lambda:UpdateFunctionCode. The attacker replaces the code of a function triggered every five minutes by Amazon EventBridge with a version that sends its execution-role credentials to an external endpoint on every run.',
      },
    ],
    impact:
      'Theft of application secrets and a persistent foothold in the serverless estate, reached without any credentials, though bounded by what the execution roles in the region may do.',
    detectedBy: ['Kryon Core', 'Kryon Vuln', 'Kryon IAM'],
    riskScore: 7.8,
  },
];
