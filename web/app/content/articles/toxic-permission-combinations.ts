import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'toxic-permission-combinations',
  title: 'Toxic Permission Combinations: When Harmless IAM Actions Add Up to Admin',
  description:
    'iam:PassRole plus lambda:CreateFunction looks routine until you see which roles can be passed. How toxic IAM combinations enable privilege escalation and how to find and break them.',
  category: 'Identity Risks',
  severity: 'High',
  mitreAttack: 'T1548.005 Abuse Elevation Control Mechanism: Temporary Elevated Cloud Access',
  audience: 'AWS security engineers, IAM administrators, cloud architects',
  kryonSolution: ['Kryon IAM', 'Kryon Graph'],
  publishedDate: '2026-09-02',
  tags: ['IAM', 'Privilege Escalation', 'PassRole', 'Least Privilege', 'Access Analyzer'],
  body: [
    {
      kind: 'paragraph',
      text: 'Most IAM reviews look at one policy at a time, and one policy at a time most permissions look reasonable. `iam:PassRole` reads like plumbing. `lambda:CreateFunction` reads like a developer permission. Granted together to the same principal, with the pass scoped to `*`, they let that principal run arbitrary code as any role in the account that Lambda can assume, including roles far more privileged than its own.',
    },
    {
      kind: 'paragraph',
      text: 'These toxic combinations are one of the most common routes from a low-privilege foothold to account administrator in AWS. Public research, notably the privilege-escalation catalogue published by Rhino Security Labs, documented more than twenty of them, and every one uses ordinary, documented APIs. Nothing is exploited; the attacker simply uses what the policies allow.',
    },
    { kind: 'heading', text: 'The combinations that matter' },
    {
      kind: 'list',
      items: [
        '`iam:PassRole` + `lambda:CreateFunction` + `lambda:InvokeFunction` (or `lambda:CreateEventSourceMapping`): create a function with a privileged execution role and run it.',
        '`iam:PassRole` + `ec2:RunInstances`: launch an instance with a privileged instance profile; user data runs as root and reads the role credentials from the instance metadata service.',
        '`iam:PassRole` + `cloudformation:CreateStack`: deploy a stack with a privileged service role that creates whatever the template says.',
        '`iam:PassRole` + `ecs:RunTask` or `codebuild:CreateProject` + `codebuild:StartBuild`: run a container or build job under a role of the attacker\u2019s choosing.',
        '`iam:CreatePolicyVersion` on a policy attached to yourself: publish a new default version with `--set-as-default` that grants `*` on `*`.',
        '`iam:AttachUserPolicy`, `iam:PutUserPolicy`, `iam:AttachRolePolicy` or `iam:PutRolePolicy` on your own identity: grant yourself anything.',
        '`iam:UpdateAssumeRolePolicy`: rewrite the trust policy of an admin role to trust yourself, then call `sts:AssumeRole`.',
        '`lambda:UpdateFunctionCode` or `ssm:SendCommand` against a function or instance that already runs with a privileged role. No `iam:PassRole` is needed at all.',
        '`iam:CreateAccessKey`, `iam:CreateLoginProfile` or `iam:UpdateLoginProfile` on another user: become that user.',
      ],
    },
    { kind: 'heading', text: 'Why they hide from reviews' },
    {
      kind: 'paragraph',
      text: 'Effective permissions are the product of identity policies (inline, managed and group), permission boundaries, session policies and SCPs. The two halves of a combination often live in different places: `iam:PassRole` in a shared platform policy, `lambda:*` in a team policy, both reaching the same role through group membership. Wildcards such as `iam:*`, `lambda:*` or `*:Create*`, and statements built with `NotAction`, grant escalation actions nobody wrote down by name.',
    },
    {
      kind: 'paragraph',
      text: 'Resource scoping changes everything. `iam:PassRole` on `arn:aws:iam::111122223333:role/app-*` is harmless only if no role matching `app-*` is more privileged than the caller. Detection therefore has to answer two questions: which principals hold a combination, and what the roles they can pass or modify can do. Note also that `iam:PassRole` is not logged as its own CloudTrail event; it is evaluated inside the call that receives the role, such as `CreateFunction20150331` or `RunInstances`.',
    },
    { kind: 'heading', text: 'How to find them' },
    { kind: 'subheading', text: 'Test a specific principal' },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Simulate the Lambda combination for a CI role, then check which role it can pass',
      code: `aws iam simulate-principal-policy \\
  --policy-source-arn arn:aws:iam::111122223333:role/ci-build \\
  --action-names lambda:CreateFunction lambda:InvokeFunction \\
  --query 'EvaluationResults[].[EvalActionName,EvalDecision]' --output text

aws iam simulate-principal-policy \\
  --policy-source-arn arn:aws:iam::111122223333:role/ci-build \\
  --action-names iam:PassRole \\
  --resource-arns arn:aws:iam::111122223333:role/platform-admin \\
  --query 'EvaluationResults[].[EvalActionName,EvalResourceName,EvalDecision]' --output text`,
    },
    { kind: 'subheading', text: 'Sweep the whole account' },
    {
      kind: 'paragraph',
      text: 'Export every identity and policy with `aws iam get-account-authorization-details` and analyse it offline. Open-source tools such as NCC Group\u2019s Principal Mapper (PMapper), which builds a graph of which principals can become which, and Salesforce\u2019s Cloudsplaining, which flags privilege-escalation actions in policies, work from this export.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws iam get-account-authorization-details \\
  --filter User Role Group LocalManagedPolicy AWSManagedPolicy \\
  --output json > authorization-details.json`,
    },
    { kind: 'subheading', text: 'Gate new policies in CI' },
    {
      kind: 'paragraph',
      text: 'IAM Access Analyzer custom policy checks can fail a pull request when a policy grants escalation actions. `check-access-not-granted` returns `FAIL` if the policy allows any of the listed actions.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws accessanalyzer check-access-not-granted \\
  --policy-document file://ci-build-policy.json \\
  --policy-type IDENTITY_POLICY \\
  --access '[{"actions":["iam:PassRole","iam:CreatePolicyVersion","iam:UpdateAssumeRolePolicy","iam:AttachRolePolicy","iam:PutRolePolicy"]}]'`,
    },
    { kind: 'subheading', text: 'Watch for the escalation itself' },
    {
      kind: 'paragraph',
      text: 'GuardDuty raises `PrivilegeEscalation:IAMUser/AnomalousBehavior` for unusual patterns, but a direct CloudTrail query is more predictable. These are the write events that complete most escalations:',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena: successful escalation-relevant calls',
      code: `SELECT eventtime, eventname, useridentity.arn, sourceipaddress, requestparameters
FROM cloudtrail_logs
WHERE eventsource IN ('iam.amazonaws.com', 'lambda.amazonaws.com')
  AND eventname IN ('CreatePolicyVersion', 'SetDefaultPolicyVersion',
                    'AttachUserPolicy', 'AttachRolePolicy', 'PutUserPolicy',
                    'PutRolePolicy', 'UpdateAssumeRolePolicy', 'CreateLoginProfile',
                    'CreateFunction20150331', 'UpdateFunctionCode20150331v2')
  AND errorcode IS NULL
ORDER BY eventtime DESC;`,
    },
    { kind: 'heading', text: 'How to fix and prevent them' },
    {
      kind: 'paragraph',
      text: 'Start with `iam:PassRole`, because it is the hinge of most combinations. Scope it to the specific roles a principal legitimately hands over, and to the service that should receive them, with the `iam:PassedToService` condition key.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'PassRole limited to Lambda execution roles, passed only to Lambda',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "PassOnlyLambdaExecutionRoles",
      "Effect": "Allow",
      "Action": "iam:PassRole",
      "Resource": "arn:aws:iam::111122223333:role/lambda-exec-*",
      "Condition": {
        "StringEquals": { "iam:PassedToService": "lambda.amazonaws.com" }
      }
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: 'Next, require a permissions boundary on any role that developers or pipelines create, using the `iam:PermissionsBoundary` condition key on `iam:CreateRole`, so that a passable role can never exceed the boundary. Finally, reserve IAM write actions for your infrastructure-as-code role with an SCP. Remember that SCPs do not apply to the management account, which is one more reason to keep workloads out of it.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: IAM write actions only from the deployment and break-glass roles',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "DenyIamEscalationOutsidePipeline",
      "Effect": "Deny",
      "Action": [
        "iam:CreatePolicyVersion",
        "iam:SetDefaultPolicyVersion",
        "iam:AttachUserPolicy",
        "iam:PutUserPolicy",
        "iam:AttachRolePolicy",
        "iam:PutRolePolicy",
        "iam:UpdateAssumeRolePolicy"
      ],
      "Resource": "*",
      "Condition": {
        "ArnNotLike": {
          "aws:PrincipalArn": [
            "arn:aws:iam::*:role/iac-deploy",
            "arn:aws:iam::*:role/BreakGlassAdmin"
          ]
        }
      }
    }
  ]
}`,
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'A combination is only toxic if the target is worth having',
      text: 'Passing a role that can only write CloudWatch Logs is not an escalation. Rank each finding by the difference between what the caller can do today and what the reachable role can do. A combination that reaches a role with `iam:*` or broad data access is an incident waiting to happen; one that reaches a narrowly scoped role is technical debt.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon IAM computes effective permissions from identity policies, resource policies, permission boundaries, session policies and SCPs together, then flags toxic combinations such as `iam:PassRole` with `lambda:CreateFunction` and shows which concrete roles each principal can pass, modify or assume. Kryon Graph turns those findings into privilege-escalation edges on the attack graph, so you can see the full path from an exposed workload or a leaked credential to administrator, labelled with MITRE ATT&CK techniques, and pick the single policy change that breaks the most paths.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Export authorization details for every account and run a privilege-escalation analysis.',
        'Replace every `iam:PassRole` on `*` with specific role ARNs and an `iam:PassedToService` condition.',
        'Look for escalation actions granted through wildcards and `NotAction` statements.',
        'Check existing Lambda functions, instances and tasks whose roles are more privileged than the people who can modify them.',
        'Require permissions boundaries on roles created by developers and pipelines.',
        'Add `check-access-not-granted` to the CI pipeline for IAM policy changes.',
        'Restrict IAM write actions to the infrastructure-as-code role with an SCP.',
        'Alert on `CreatePolicyVersion`, `AttachRolePolicy`, `UpdateAssumeRolePolicy` and similar events outside the pipeline.',
      ],
    },
  ],
};
