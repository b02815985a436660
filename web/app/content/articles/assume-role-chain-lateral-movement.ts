import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'assume-role-chain-lateral-movement',
  title: 'AssumeRole Chains: How Attackers Move Laterally Across AWS Accounts',
  description:
    'Loose role trust policies turn one compromised identity into a walk across your AWS Organization. How role chaining works, how to trace it in CloudTrail and how to tighten trust.',
  category: 'Attack Paths',
  severity: 'High',
  mitreAttack: 'T1550.001 Use Alternate Authentication Material: Application Access Token',
  audience: 'Cloud security architects, AWS security engineers, detection engineers',
  kryonSolution: ['Kryon Graph', 'Kryon IAM', 'Kryon Defend'],
  publishedDate: '2026-10-07',
  tags: ['STS', 'AssumeRole', 'Cross-Account', 'Lateral Movement', 'Trust Policies'],
  body: [
    {
      kind: 'paragraph',
      text: 'A multi-account AWS Organization is a strong security boundary only if the trust between accounts is deliberate. In practice, every organization accumulates cross-account roles: deployment roles trusted by a CI account, shared-services roles, security tooling roles, vendor roles and the `OrganizationAccountAccessRole` that AWS Organizations creates with administrator access in every account it creates. Each of these is a door, and `sts:AssumeRole` is the key.',
    },
    {
      kind: 'paragraph',
      text: 'An attacker who compromises any identity, a CI runner, an instance role or a developer session, inherits every door that identity can open, and every door reachable from the roles behind them. Because each hop uses valid temporary credentials, the movement looks like normal automation unless you follow the chain.',
    },
    { kind: 'heading', text: 'How role chaining works' },
    {
      kind: 'list',
      items: [
        'A role\u2019s trust policy says who may assume it. For cross-account access, the caller\u2019s identity policy must also allow `sts:AssumeRole` on the role.',
        'Trusting `arn:aws:iam::222233334444:root` does not mean trusting only the root user. It delegates the decision to account 222233334444, so any principal there whose policies allow `sts:AssumeRole` on the role can use it.',
        'Role chaining, using role credentials to assume another role, caps each chained session at one hour regardless of the role\u2019s `MaxSessionDuration`. Attackers simply re-assume.',
        'The caller chooses the role session name, so an attacker can make sessions look like the pipeline they hijacked.',
        'A source identity set with `sts:SetSourceIdentity` persists through the chain and cannot be changed by later hops, which makes it the best way to attribute chained activity to the original person or workload.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'Discovery is cheap. The attacker reads the resources in their own policies that allow `sts:AssumeRole`, lists roles and trust policies where `iam:ListRoles` is allowed, and tries well-known role names such as `OrganizationAccountAccessRole` in account IDs they learn from ARNs, resource policies or error messages. Chaining is then a few lines of CLI configuration.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'A three-hop chain in ~/.aws/config: CI instance, shared services, production',
      code: `[profile ci]
role_arn = arn:aws:iam::111122223333:role/ci-runner
credential_source = Ec2InstanceMetadata

[profile shared-services]
role_arn = arn:aws:iam::222233334444:role/deploy
source_profile = ci

[profile prod]
role_arn = arn:aws:iam::444455556666:role/OrganizationAccountAccessRole
source_profile = shared-services`,
    },
    { kind: 'heading', text: 'Finding over-trusting roles' },
    { kind: 'subheading', text: 'Read trust policies at scale' },
    {
      kind: 'code',
      language: 'bash',
      code: `aws iam list-roles \\
  --query 'Roles[].{role:RoleName,principals:AssumeRolePolicyDocument.Statement[].Principal}' \\
  --output json`,
    },
    {
      kind: 'paragraph',
      text: 'Flag trust policies with `"AWS": "*"` (even with conditions, since conditions are easy to get wrong), account root principals outside your organization, third-party roles without an `sts:ExternalId` condition, and administrator-level roles trusted by accounts with weaker controls, such as development or sandbox accounts.',
    },
    { kind: 'subheading', text: 'IAM Access Analyzer for external trust' },
    {
      kind: 'paragraph',
      text: 'An organization-level external access analyzer uses the organization as its zone of trust and reports every role that can be assumed from outside it. It will not report internal chains, such as sandbox to production, because both ends sit inside the zone of trust; those need graph analysis of trust and identity policies together.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws accessanalyzer create-analyzer --analyzer-name org-external --type ORGANIZATION

aws accessanalyzer list-findings-v2 \\
  --analyzer-arn arn:aws:access-analyzer:us-east-1:111122223333:analyzer/org-external \\
  --filter '{"resourceType":{"eq":["AWS::IAM::Role"]},"status":{"eq":["ACTIVE"]}}'`,
    },
    { kind: 'subheading', text: 'Trace chains in CloudTrail' },
    {
      kind: 'paragraph',
      text: 'Every hop produces an `AssumeRole` event from `sts.amazonaws.com`. Cross-account calls are delivered to both accounts with a common `sharedEventID`. When the caller is itself an assumed role, `userIdentity.type` is `AssumedRole`, which is exactly the chained case. Join `requestParameters.roleArn` of one event with the `userIdentity.arn` of the next to rebuild the path.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena: chained AssumeRole calls over the last seven days',
      code: `SELECT eventtime,
       useridentity.arn                                           AS caller,
       json_extract_scalar(requestparameters, '$.roleArn')         AS target_role,
       json_extract_scalar(requestparameters, '$.roleSessionName') AS session_name,
       recipientaccountid,
       sourceipaddress
FROM cloudtrail_logs
WHERE eventsource = 'sts.amazonaws.com'
  AND eventname = 'AssumeRole'
  AND useridentity.type = 'AssumedRole'
  AND eventtime > to_iso8601(current_timestamp - interval '7' day)
ORDER BY eventtime;`,
    },
    {
      kind: 'paragraph',
      text: 'Look for chains that are new for the calling principal, hops that cross from non-production into production, session names that do not match the pipeline\u2019s convention, and `AssumeRole` calls followed within minutes by IAM or data-access activity in the target account.',
    },
    { kind: 'heading', text: 'Tightening trust' },
    {
      kind: 'paragraph',
      text: 'Name the exact principal in every trust policy, constrain it to your organization with `aws:PrincipalOrgID`, and require a source identity so chained activity stays attributable. For third parties, require `sts:ExternalId` to prevent the confused deputy problem.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'Trust policy: one pipeline role, inside the organization, with a source identity',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "AllowDeployPipelineOnly",
      "Effect": "Allow",
      "Principal": { "AWS": "arn:aws:iam::222233334444:role/deploy-pipeline" },
      "Action": ["sts:AssumeRole", "sts:SetSourceIdentity"],
      "Condition": {
        "StringEquals": { "aws:PrincipalOrgID": "o-a1b2c3d4e5" },
        "StringLike": { "sts:SourceIdentity": "pipeline-*" }
      }
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: 'Then protect the most powerful door. The SCP below stops principals in member accounts from assuming or modifying `OrganizationAccountAccessRole`. SCPs do not apply to the management account, so administrators there keep their access while member-to-member movement through the role is blocked. If you administer accounts from a delegated member account, exempt that role with an `aws:PrincipalArn` condition.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP: protect OrganizationAccountAccessRole in member accounts',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "ProtectOrgAccessRole",
      "Effect": "Deny",
      "Action": [
        "iam:UpdateAssumeRolePolicy",
        "iam:AttachRolePolicy",
        "iam:PutRolePolicy",
        "iam:DeleteRole"
      ],
      "Resource": "arn:aws:iam::*:role/OrganizationAccountAccessRole"
    },
    {
      "Sid": "NoMemberToMemberOrgAccessRole",
      "Effect": "Deny",
      "Action": "sts:AssumeRole",
      "Resource": "arn:aws:iam::*:role/OrganizationAccountAccessRole"
    }
  ]
}`,
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'Trusting an account means trusting its weakest administrator',
      text: 'An account root principal in a trust policy hands the decision to whoever manages IAM in that account. If a sandbox account can assume a production role, production is only as well protected as the sandbox. Trust specific role ARNs, and make sure the trusted account\u2019s own guardrails are at least as strict as the target\u2019s.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Graph models every trust relationship in your organization as an edge and computes multi-hop paths, so you see that a CI runner in one account can reach production data three roles away, with each hop labelled by its MITRE ATT&CK technique. Kryon IAM evaluates trust policies, identity policies and SCPs together to determine which principals can actually assume each role, and flags account-wide trust, missing external IDs and administrator roles reachable from lower environments. Kryon Defend, in beta, follows `AssumeRole` sequences in CloudTrail as they happen and alerts when a chain leaves its usual route toward something that matters.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Export every role\u2019s trust policy across the organization and list its principals.',
        'Replace account root principals with specific role ARNs wherever possible.',
        'Add `aws:PrincipalOrgID` to internal trust and `sts:ExternalId` to third-party trust.',
        'Run an organization-level IAM Access Analyzer and resolve its role findings.',
        'Map internal chains from lower environments into production and remove the ones nobody needs.',
        'Protect `OrganizationAccountAccessRole` with an SCP.',
        'Require `sts:SetSourceIdentity` for human and pipeline sessions.',
        'Rebuild chains from `AssumeRole` events and alert on new cross-environment hops.',
      ],
    },
  ],
};
