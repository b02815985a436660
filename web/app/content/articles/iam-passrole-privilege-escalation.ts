import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'iam-passrole-privilege-escalation',
  title: 'iam:PassRole Privilege Escalation: When Creating a Resource Means Becoming Admin',
  description:
    'iam:PassRole on a wildcard plus one compute-creation permission lets a low-privilege principal run code as any role. How the escalation works, how to find it, and how to scope PassRole.',
  category: 'Identity Risks',
  severity: 'Critical',
  mitreAttack: 'T1548.005 Abuse Elevation Control Mechanism: Temporary Elevated Cloud Access',
  audience: 'IAM engineers, cloud security architects, red and blue teams',
  kryonSolution: ['Kryon IAM', 'Kryon Graph'],
  publishedDate: '2026-10-14',
  tags: ['IAM', 'PassRole', 'Privilege Escalation', 'Least Privilege', 'SCP'],
  body: [
    {
      kind: 'paragraph',
      text: 'Many AWS services act on your behalf with a role you give them: an EC2 instance profile, a Lambda execution role, a CloudFormation service role, an ECS task role, a Glue job role. Handing a role to a service requires the `iam:PassRole` permission on that role. PassRole is not an API you call; it is checked when you call another API, such as `lambda:CreateFunction` with a `Role` parameter or `ec2:RunInstances` with an instance profile.',
    },
    {
      kind: 'paragraph',
      text: 'The risk is that the principal passing the role never has to assume it. A developer who can create a Lambda function and pass any role can attach the organization\'s most powerful role to a function they wrote, invoke it, and have their code run with that role\'s permissions. A grant of `iam:PassRole` on `Resource: "*"` is therefore equivalent to the union of every passable role in the account, and it is one of the most frequently found escalation paths in AWS IAM reviews.',
    },
    { kind: 'heading', text: 'How the escalation works' },
    {
      kind: 'paragraph',
      text: "Each escalation combines PassRole with one permission that creates or updates something that runs code or takes actions with the passed role. Public research, notably Rhino Security Labs' catalogue of AWS privilege escalation methods, documents many combinations. The common ones are:",
    },
    {
      kind: 'list',
      items: [
        '`iam:PassRole` with `lambda:CreateFunction` and `lambda:InvokeFunction`: create a function with the target role and invoke it. Without invoke rights, `lambda:CreateEventSourceMapping` on an existing stream or queue triggers it instead.',
        "`iam:PassRole` with `ec2:RunInstances`: launch an instance with the target role's instance profile and user data that sends the role credentials from the metadata service to the attacker.",
        '`iam:PassRole` with `cloudformation:CreateStack`: deploy a stack using a privileged service role, whose template creates an IAM user with administrator access.',
        '`iam:PassRole` with `ecs:RegisterTaskDefinition` and `ecs:RunTask`, or with `glue:CreateJob`, `codebuild:CreateProject` or `sagemaker:CreateNotebookInstance`: the same pattern on other compute services.',
      ],
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'The Lambda variant, as an attacker would run it',
      code: `aws lambda create-function --function-name maint-task \\
  --runtime python3.13 --handler index.handler --zip-file fileb://payload.zip \\
  --role arn:aws:iam::111122223333:role/OrgAdminRole
aws lambda invoke --function-name maint-task /dev/stdout`,
    },
    {
      kind: 'paragraph',
      text: "Nothing in that sequence calls `sts:AssumeRole` as the attacker, and the target role's trust policy is satisfied because it trusts `lambda.amazonaws.com`. Role trust policies protect against people assuming a role; they do not protect against services being handed it.",
    },
    { kind: 'heading', text: 'Finding PassRole exposure' },
    {
      kind: 'paragraph',
      text: 'Look for identity policies that allow `iam:PassRole`, `iam:*` or `*` with a wildcard resource and no `iam:PassedToService` condition. The AWS CLI decodes policy documents in `get-account-authorization-details`, so jq can scan every customer managed policy in one pass. Repeat for inline policies under `RoleDetailList`, `UserDetailList` and `GroupDetailList`, and remember that `NotAction` statements can grant PassRole implicitly.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Customer managed policies that grant PassRole on any role',
      code: `aws iam get-account-authorization-details --filter LocalManagedPolicy --output json \\
  | jq -r '.Policies[] | . as $p
      | .PolicyVersionList[] | select(.IsDefaultVersion)
      | .Document.Statement | (if type == "array" then .[] else . end)
      | select(.Effect == "Allow")
      | select([.Action // []] | flatten
               | any(ascii_downcase | . == "iam:passrole" or . == "iam:*" or . == "*"))
      | select([.Resource // []] | flatten | any(. == "*"))
      | select(.Condition == null)
      | $p.Arn'`,
    },
    {
      kind: 'paragraph',
      text: 'To test one principal against one privileged role, use the policy simulator and supply the receiving service as the `iam:PassedToService` context value, so conditions are evaluated the way they would be in a real request.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Can the CI role pass the admin role to Lambda?',
      code: `aws iam simulate-principal-policy \\
  --policy-source-arn arn:aws:iam::111122223333:role/ci-deployer \\
  --action-names iam:PassRole \\
  --resource-arns arn:aws:iam::111122223333:role/OrgAdminRole \\
  --context-entries ContextKeyName=iam:PassedToService,ContextKeyValues=lambda.amazonaws.com,ContextKeyType=string \\
  --query 'EvaluationResults[].[EvalActionName,EvalDecision]'`,
    },
    {
      kind: 'paragraph',
      text: 'PassRole itself does not appear as a CloudTrail event. Detect its use through the calls that carry a role: `CreateFunction20150331` and `UpdateFunctionConfiguration20150331v2` with a `role` parameter, `RunInstances` and `AssociateIamInstanceProfile` with an instance profile, `CreateStack` with a `roleARN`, and `RunTask` with task role overrides. Alert when the passed role is privileged and the caller is not a known deployment pipeline.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena: Lambda functions created or re-roled, and by whom',
      code: `SELECT eventtime, eventname, useridentity.arn AS caller,
       json_extract_scalar(requestparameters, '$.functionName') AS function_name,
       json_extract_scalar(requestparameters, '$.role') AS passed_role
FROM cloudtrail_logs
WHERE eventsource = 'lambda.amazonaws.com'
  AND (eventname LIKE 'CreateFunction%' OR eventname LIKE 'UpdateFunctionConfiguration%')
  AND json_extract_scalar(requestparameters, '$.role') IS NOT NULL
  AND eventtime > to_iso8601(current_timestamp - interval '30' day)
ORDER BY eventtime DESC;`,
    },
    { kind: 'heading', text: 'Scoping PassRole' },
    {
      kind: 'paragraph',
      text: 'Grant PassRole only on the roles a principal legitimately hands out, and only to the service that should receive them. A role path convention makes this maintainable: application teams create execution roles under a path such as `/app-lambda/`, and their deploy role may pass only roles on that path, only to Lambda. The `iam:AssociatedResourceArn` condition key narrows it further for services that support it, down to the specific resource receiving the role.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'Identity policy: pass only application Lambda roles, only to Lambda',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "PassOnlyAppLambdaRoles",
      "Effect": "Allow",
      "Action": "iam:PassRole",
      "Resource": "arn:aws:iam::111122223333:role/app-lambda/*",
      "Condition": {
        "StringEquals": { "iam:PassedToService": "lambda.amazonaws.com" }
      }
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: "Back this with an SCP that protects privileged roles from being passed by anyone except the platform pipeline, so a mistake in one account's policies cannot reopen the path. Combine it with permissions boundaries on roles that application teams create, so that even a passable role cannot exceed the boundary.",
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: privileged roles can only be passed by the platform pipeline',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "ProtectPrivilegedRolesFromPassRole",
      "Effect": "Deny",
      "Action": "iam:PassRole",
      "Resource": [
        "arn:aws:iam::*:role/OrganizationAccountAccessRole",
        "arn:aws:iam::*:role/privileged/*"
      ],
      "Condition": {
        "ArnNotLike": { "aws:PrincipalArn": "arn:aws:iam::*:role/platform/cfn-deployer" }
      }
    }
  ]
}`,
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Check PassRole in CI, not only in audits',
      text: 'Run `aws accessanalyzer check-access-not-granted` with `--policy-type IDENTITY_POLICY` on every policy change, asserting that `iam:PassRole` is not granted on privileged role ARNs. A wildcard PassRole usually arrives as a one-line fix to a failing deployment, and the pipeline is the only place that sees it before it ships.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon IAM evaluates PassRole together with the compute-creation permissions it needs to become an escalation, flags those toxic combinations per principal, and resolves which roles each principal can effectively pass after conditions, permissions boundaries and SCPs. Kryon Graph turns them into attack paths: from a developer role or a compromised CI credential, through the resource it can create, to the passed role and everything that role reaches, with each hop labelled with its MITRE ATT&CK technique, including T1548.005. Choke-point analysis shows the single PassRole statement whose removal closes the most paths.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'No identity policy grants `iam:PassRole` on `*`; every grant names a role path or ARN.',
        'Every PassRole grant carries an `iam:PassedToService` condition, and `iam:AssociatedResourceArn` where the service supports it.',
        'An SCP prevents privileged roles from being passed by anyone except a named platform pipeline.',
        'Roles created by application teams live under a dedicated path and require a permissions boundary.',
        'CI runs Access Analyzer custom policy checks for PassRole on every IAM change.',
        'CloudTrail alerts fire when a privileged role is attached to a new function, instance, stack or task by an unexpected caller.',
      ],
    },
  ],
};
