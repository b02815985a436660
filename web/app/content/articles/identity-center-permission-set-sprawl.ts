import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'identity-center-permission-set-sprawl',
  title: 'IAM Identity Center Permission Set Sprawl: Auditing Who Can Reach Which Account',
  description:
    'Permission sets multiply, assignments drift and AdministratorAccess spreads across accounts. How to audit IAM Identity Center and bring human access back to least privilege.',
  category: 'Identity Risks',
  severity: 'Medium',
  mitreAttack: 'T1078.004 Valid Accounts: Cloud Accounts',
  audience: 'Cloud identity teams, AWS security engineers, platform architects',
  kryonSolution: ['Kryon IAM', 'Kryon Core'],
  publishedDate: '2026-03-18',
  tags: [
    'IAM Identity Center',
    'Permission Sets',
    'Least Privilege',
    'AWS Organizations',
    'Access Review',
  ],
  body: [
    {
      kind: 'paragraph',
      text: 'IAM Identity Center is the right way to give people access to AWS: one identity source, short-lived credentials and no IAM users. But every permission set becomes an IAM role named `AWSReservedSSO_<PermissionSetName>_<suffix>` in each account it is provisioned to, and every assignment is a standing grant. After a few years of reorganisations and urgent requests, many organizations have dozens of permission sets, near-identical copies with diverging inline policies, assignments made to individual users, and administrator access spread far beyond the people who need it.',
    },
    {
      kind: 'paragraph',
      text: 'Sprawl is rarely exploited on its own, which is why this is a medium-severity issue. It decides the blast radius of the events that are: a phished identity provider session, a stolen SSO token from a developer laptop or an insider. The more accounts and the broader the permission sets a single identity can reach, the further one compromise travels.',
    },
    { kind: 'heading', text: 'How sprawl turns into risk' },
    {
      kind: 'list',
      items: [
        'Administrator by default: an `AdministratorAccess` permission set assigned to broad groups across every account, production and the management account included.',
        'Duplicates: `DevAccess`, `DevAccess-v2` and `Developer-Temp` with inline policies edited separately in the console, so nobody knows which is canonical.',
        'Direct user assignments: grants to individuals survive team changes because group membership in the identity provider no longer governs them.',
        'Long sessions: permission sets allow sessions of up to 12 hours, and cached tokens in `~/.aws/sso/cache` keep working for as long as the portal session lasts.',
        'Provisioning drift: a permission set updated through the API but not re-provisioned leaves accounts running the old policy.',
        'Management account reach: SCPs do not apply there, so any permission set assigned in the management account is effectively unrestricted by your guardrails.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'An attacker holding a valid portal token needs no IAM permissions to map the estate. `aws sso list-accounts` and `aws sso list-account-roles` enumerate every account and permission set the identity can use, and `aws sso get-role-credentials` returns role credentials for any of them. Each hop is a legitimate sign-in, recorded as `AssumeRoleWithSAML` in the target account.',
    },
    { kind: 'heading', text: 'How to audit it' },
    { kind: 'subheading', text: 'Inventory permission sets' },
    {
      kind: 'paragraph',
      text: 'Run the inventory from the management account or the delegated administrator account for IAM Identity Center. For each permission set, record its session duration, managed and inline policies, and the accounts it is provisioned to.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `INSTANCE_ARN=$(aws sso-admin list-instances --query 'Instances[0].InstanceArn' --output text)

for ps in $(aws sso-admin list-permission-sets --instance-arn "$INSTANCE_ARN" \\
    --query 'PermissionSets[]' --output text); do
  aws sso-admin describe-permission-set --instance-arn "$INSTANCE_ARN" \\
    --permission-set-arn "$ps" --query 'PermissionSet.[Name,SessionDuration]' --output text
  aws sso-admin list-managed-policies-in-permission-set --instance-arn "$INSTANCE_ARN" \\
    --permission-set-arn "$ps" --query 'AttachedManagedPolicies[].Name' --output text
  aws sso-admin get-inline-policy-for-permission-set --instance-arn "$INSTANCE_ARN" \\
    --permission-set-arn "$ps" --query 'InlinePolicy' --output text
  aws sso-admin list-accounts-for-provisioned-permission-set --instance-arn "$INSTANCE_ARN" \\
    --permission-set-arn "$ps" --query 'AccountIds' --output text
done`,
    },
    { kind: 'subheading', text: 'Resolve assignments to people' },
    {
      kind: 'paragraph',
      text: 'Assignments are listed per account and permission set. Principal IDs are identity store IDs, so resolve groups and users to names, and flag every assignment whose principal type is `USER`.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws sso-admin list-account-assignments --instance-arn "$INSTANCE_ARN" \\
  --account-id 111122223333 --permission-set-arn "$PS_ARN" \\
  --query 'AccountAssignments[].[PrincipalType,PrincipalId]' --output text

aws identitystore describe-group --identity-store-id d-1234567890 \\
  --group-id a1b2c3d4-5678-90ab-cdef-EXAMPLE11111`,
    },
    { kind: 'subheading', text: 'Find drift and dead weight' },
    {
      kind: 'paragraph',
      text: 'Accounts where the latest version of a permission set was never provisioned show up with a provisioning status filter. In each member account, the `RoleLastUsed` field of the reserved roles shows which permission sets nobody has used in months; those are candidates for removal rather than review.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws sso-admin list-accounts-for-provisioned-permission-set --instance-arn "$INSTANCE_ARN" \\
  --permission-set-arn "$PS_ARN" --provisioning-status LATEST_PERMISSION_SET_NOT_PROVISIONED

# In a member account: last use of every Identity Center role
for r in $(aws iam list-roles --path-prefix /aws-reserved/sso.amazonaws.com/ \\
    --query 'Roles[].RoleName' --output text); do
  aws iam get-role --role-name "$r" \\
    --query 'Role.[RoleName,RoleLastUsed.LastUsedDate]' --output text
done`,
    },
    {
      kind: 'paragraph',
      text: 'For ongoing monitoring, send CloudTrail events from `sso.amazonaws.com` to your detection pipeline and review `CreatePermissionSet`, `PutInlinePolicyToPermissionSet`, `AttachManagedPolicyToPermissionSet`, `CreateAccountAssignment` and `ProvisionPermissionSet`. An assignment of an administrator permission set outside your change process deserves a page, not a weekly report.',
    },
    { kind: 'heading', text: 'How to consolidate and prevent it' },
    {
      kind: 'list',
      items: [
        'Define a small catalogue of job-function permission sets, for example read-only, developer, operator and break-glass administrator, and retire the rest.',
        'Assign permission sets to groups only, and let the identity provider own group membership through SCIM provisioning.',
        'Keep production and the management account on separate, narrower permission sets, and keep daily administration in a delegated administrator account.',
        'Shorten sessions for privileged sets, for example to one to four hours, with `aws sso-admin update-permission-set --session-duration PT4H`.',
        'Use customer managed policy references and a permissions boundary so a permission set can never exceed an agreed ceiling in any account.',
        'Replace standing administrator assignments with just-in-time elevation, such as the open-source Temporary Elevated Access Management (TEAM) solution from AWS or your identity provider\u2019s access request workflow.',
        'Manage permission sets and assignments as code, so every change has a reviewer and a history.',
      ],
    },
    {
      kind: 'code',
      language: 'hcl',
      caption: 'Terraform: a read-only permission set with a short session, assigned to a group',
      code: `data "aws_ssoadmin_instances" "this" {}

locals {
  instance_arn      = tolist(data.aws_ssoadmin_instances.this.arns)[0]
  identity_store_id = tolist(data.aws_ssoadmin_instances.this.identity_store_ids)[0]
}

resource "aws_ssoadmin_permission_set" "read_only" {
  name             = "ReadOnlyAudit"
  instance_arn     = local.instance_arn
  session_duration = "PT4H"
}

resource "aws_ssoadmin_managed_policy_attachment" "read_only" {
  instance_arn       = local.instance_arn
  permission_set_arn = aws_ssoadmin_permission_set.read_only.arn
  managed_policy_arn = "arn:aws:iam::aws:policy/ReadOnlyAccess"
}

data "aws_identitystore_group" "auditors" {
  identity_store_id = local.identity_store_id

  alternate_identifier {
    unique_attribute {
      attribute_path  = "DisplayName"
      attribute_value = "aws-auditors"
    }
  }
}

resource "aws_ssoadmin_account_assignment" "auditors_prod" {
  instance_arn       = local.instance_arn
  permission_set_arn = aws_ssoadmin_permission_set.read_only.arn
  principal_id       = data.aws_identitystore_group.auditors.group_id
  principal_type     = "GROUP"
  target_id          = "111122223333"
  target_type        = "AWS_ACCOUNT"
}`,
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Editing a permission set is not the same as changing access',
      text: 'Changes made through the API take effect in member accounts only after `ProvisionPermissionSet` runs against them. After tightening a policy, run `aws sso-admin provision-permission-set` with the instance and permission set ARNs and `--target-type ALL_PROVISIONED_ACCOUNTS`, then confirm that no account still reports `LATEST_PERMISSION_SET_NOT_PROVISIONED`.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon IAM maps every permission set to the `AWSReservedSSO` roles it creates, resolves group assignments to the people behind them and computes effective permissions with SCPs and boundaries applied, so you can answer who can do what in which account. It flags administrator-equivalent permission sets, direct user assignments, unused sets and trust paths that lead from a human role into other accounts. Kryon Core turns your access standard into continuous checks, for example no `AdministratorAccess` outside the break-glass group and a maximum session duration for production, mapped to CIS and NIST controls for your audit evidence.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Export every permission set with its policies, session duration and provisioned accounts.',
        'List every assignment and resolve it to a group or a named user.',
        'Remove direct user assignments or convert them to group assignments.',
        'Identify permission sets unused for 90 days through `RoleLastUsed` and retire them.',
        'Consolidate duplicates into a small catalogue of job-function permission sets.',
        'Cap session duration for privileged permission sets.',
        'Restrict access to the management account to a minimal break-glass set.',
        'Re-provision after every change and alert on assignment changes made outside code review.',
      ],
    },
  ],
};
