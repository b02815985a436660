import type { ResearchReport } from '../research-report-types.ts';

/** The body of "Q3 2026 Privilege Escalation Report": the escalation primitives found from July to September 2026, how long paths stayed open, how cross-account trust widened them, and the fixes that closed the most. */
export const q32026PrivilegeEscalationReport: ResearchReport = {
  sections: [
    {
      heading: 'Why escalation paths are the identity risk that matters',
      paragraphs: [
        'Most AWS incidents that end in account takeover do not start with an administrator credential. They start with something ordinary: a developer’s access key committed to a repository, a CI/CD role token lifted from a build log, or instance credentials pulled from a compromised workload. What turns that foothold into a full compromise is an escalation path, a sequence of API calls that the ordinary identity is already allowed to make and that ends with it holding administrator-equivalent permissions. No vulnerability is involved. Every call succeeds because a policy says it may.',
        'This is why we report escalation paths separately from over-privileged identities. An identity with AmazonS3FullAccess is over-privileged, but it cannot change its own reach. An identity that may call iam:PassRole on any role and lambda:CreateFunction is only moderately privileged on paper, yet it can borrow the permissions of the most powerful role in the account that trusts the Lambda service. Attackers think in those terms, and MITRE ATT&CK describes the result under T1098.003, Additional Cloud Roles, and T1078.004, Cloud Accounts.',
        'In the third quarter of 2026, 71% of opted-in organizations had at least one non-administrator identity with a complete, unblocked path to administrator-equivalent permissions, down from 74% in the second quarter. The small decline hides churn: a large share of the paths open at the end of September did not exist on July 1. Escalation paths are created continuously by ordinary delivery work, and this report is mostly about why that happens and which changes stop it at the source.',
      ],
    },
    {
      heading: 'How ordinary identities reach administrator',
      paragraphs: [
        'The 31 primitives Kryon IAM tests fall into three families. The first is borrowing a role through a service. iam:PassRole is not an action that does anything by itself; it is the permission AWS checks when a caller hands a role to a service, for example the Role parameter of lambda:CreateFunction, the IamInstanceProfile parameter of ec2:RunInstances or the RoleARN parameter of cloudformation:CreateStack. If the caller may pass a role that is more powerful than itself and may also create the resource that receives it, the caller can run its own code, or its own template, with that role’s permissions. A new Lambda function still has to run, so the path needs lambda:InvokeFunction, lambda:CreateEventSourceMapping or another trigger; an EC2 instance runs its user data at boot and can read the role’s credentials from the instance metadata service; a CloudFormation stack creates whatever IAM resources its template declares, as the stack role.',
        'The second family is rewriting permissions. An identity that may call iam:PutRolePolicy, iam:AttachRolePolicy or their user and group equivalents on itself can simply grant itself AdministratorAccess. iam:CreatePolicyVersion is subtler: with the SetAsDefault parameter it replaces the active version of a customer managed policy, and it does not require iam:SetDefaultPolicyVersion to do so. If that policy is attached to the caller, the caller has rewritten its own permissions in one call. Related primitives include iam:CreateAccessKey and iam:CreateLoginProfile on other users, iam:UpdateAssumeRolePolicy on a privileged role, and iam:DeleteRolePermissionsBoundary on a role whose boundary is the only thing holding it back.',
        'The third family is assuming or operating something more powerful. sts:AssumeRole into a role with broader permissions is the simplest case; lambda:UpdateFunctionCode on an existing function with a strong execution role, ssm:SendCommand or ssm:StartSession on an instance with a privileged instance profile, and codebuild:StartBuild with a buildspec override on a project whose service role is privileged all achieve the same result without touching IAM at all. These never appear in a review of IAM write permissions, which is why they persist.',
        'A path only counts in this report when every step survives the full policy evaluation: an explicit deny in a service control policy, a permissions boundary that omits the action, or a session policy that narrows a federated session all break it. Steps whose outcome depended on condition keys we could not resolve offline, such as aws:SourceIp or aws:MultiFactorAuthPresent, were excluded, so the figures below are a floor rather than a ceiling.',
      ],
    },
    {
      heading: 'What the quarter’s data showed',
      paragraphs: [
        'PassRole combined with a compute service dominated again. In almost every case the grant came from a broad developer policy, often a customer managed policy cloned from an older template, that allowed iam:PassRole on "Resource": "*" so that engineers could deploy functions and instances without filing a ticket for each new role. The policy intended to let developers pass their own application roles; in practice it let them pass the deployment role, the break-glass role and anything else in the account that trusted lambda.amazonaws.com or ec2.amazonaws.com.',
        'Self-rewrite primitives were found in 33% of organizations. The most common source was not a developer policy but automation: operations roles for tagging, cost or compliance tooling that had been given iam:* on their own account years ago, and customer managed policies that include iam:CreatePolicyVersion because a wildcard such as iam:Create* was used to allow iam:CreateServiceLinkedRole. Identity Center permission sets contributed a smaller but growing share, mainly permission sets with inline policies that allow IAM writes in workload accounts where the permission set was intended for read-only troubleshooting.',
        'Two primitives rose noticeably against the second quarter: lambda:UpdateFunctionCode on functions with stronger roles, as more teams adopted shared deployment functions, and ssm:SendCommand against instances whose profiles had been widened during migration projects.',
      ],
      table: {
        caption:
          'The eight most common escalation primitives in Q3 2026, by share of opted-in organizations with at least one unblocked path.',
        columns: ['Rank', 'Primitive', 'Organizations with a path', 'Change vs Q2 2026'],
        rows: [
          ['1', 'iam:PassRole + lambda:CreateFunction and a trigger', '61%', '-2 points'],
          ['2', 'iam:PassRole + ec2:RunInstances', '54%', '-1 point'],
          ['3', 'iam:PassRole + cloudformation:CreateStack', '38%', 'unchanged'],
          ['4', 'sts:AssumeRole into a more privileged role', '35%', '+1 point'],
          [
            '5',
            'iam:PutRolePolicy, iam:AttachRolePolicy or iam:CreatePolicyVersion on itself',
            '33%',
            '-2 points',
          ],
          ['6', 'lambda:UpdateFunctionCode on a function with a stronger role', '28%', '+4 points'],
          ['7', 'ssm:SendCommand or ssm:StartSession on a privileged instance', '24%', '+3 points'],
          ['8', 'iam:CreateAccessKey or iam:CreateLoginProfile on another user', '17%', '-1 point'],
        ],
      },
      bullets: [
        'Ninth: iam:PassRole with codebuild:CreateProject and codebuild:StartBuild, found in 11% of organizations.',
        'Tenth: iam:UpdateAssumeRolePolicy on a privileged role followed by sts:AssumeRole, found in 9%.',
        'Organizations with at least one path had a median of 14 distinct non-administrator identities able to reach administrator, most of them roles rather than IAM users.',
      ],
    },
    {
      heading: 'How long paths stay open, and why',
      paragraphs: [
        'We dated each path from the first scan in which every step was allowed to the first scan in which any step was no longer allowed. Across the quarter the median path stayed open for 47 days. The way a path was introduced predicted its lifetime better than its severity did.',
        'Paths introduced through infrastructure as code were closed roughly twice as fast as those introduced by console edits. The reason is mostly mechanical. A Terraform or CloudFormation change that widens a policy passes through a pull request, where a reviewer or a policy check can see the diff, and the fix goes back through the same pipeline. A console edit leaves only a CloudTrail event, has no owner in source control and, in the accounts we studied, was frequently reverted by no one because no one knew it had been made. Paths created by console edits also had the longest tail: one in ten was still open after 150 days.',
      ],
      table: {
        caption:
          'Median and 90th percentile days an escalation path stayed open in Q3 2026, by how the enabling change was made.',
        columns: [
          'Source of the change',
          'Share of new paths',
          'Median days open',
          '90th percentile days',
        ],
        rows: [
          ['Infrastructure as code (CloudFormation, CDK, Terraform)', '31%', '31', '88'],
          ['AWS Management Console edit', '36%', '64', '152'],
          ['AWS CLI or SDK call outside a pipeline', '24%', '52', '131'],
          ['IAM Identity Center permission set change', '9%', '44', '109'],
          ['All paths', '100%', '47', '127'],
        ],
      },
    },
    {
      heading: 'Cross-account trust and the blast radius of one identity',
      paragraphs: [
        'Escalation rarely stops at an account boundary. In 58% of multi-account organizations, at least one role trust policy named an entire account as its principal, in the form "Principal": {"AWS": "arn:aws:iam::444455556666:root"}, with neither an sts:ExternalId nor an aws:PrincipalOrgID condition. Despite the name, that element does not mean the root user. It delegates the decision to the trusted account: any identity there whose own identity-based policy allows sts:AssumeRole on the role can assume it. A role trusted this way is only as protected as the least careful identity in the other account.',
        'The effect on blast radius was large. In organizations with at least one unconditioned account trust into a role that was administrator-equivalent, or could escalate to it, the median number of identities able to reach administrator somewhere in the organization was 38. In organizations without one it was 9. The most frequent pattern was a tooling or shared-services account trusted by every workload account, so that any escalation inside the tooling account became an escalation in every account it deployed to.',
        'Two conditions address different problems and should not be confused. aws:PrincipalOrgID limits a trust to identities inside your organization, which removes accounts that have left it or were never in it, but it does nothing against an identity inside the organization. sts:ExternalId exists for third parties assuming roles on your behalf, to prevent the confused deputy problem; it is not a secret and adds little between your own accounts. Between your own accounts, the effective control is naming the specific role ARNs that may assume the role, or constraining the account trust with an aws:PrincipalArn condition, and then keeping those roles themselves free of escalation paths.',
      ],
    },
    {
      heading: 'Walk-through: from a developer role to administrator',
      paragraphs: [
        'The following chain is a composite of paths observed this quarter, with made-up identifiers. A developer federates through IAM Identity Center into account 111122223333 with a permission set whose inline policy allows lambda:* on functions named dev-* and iam:PassRole on "Resource": "*". The same account holds arn:aws:iam::111122223333:role/platform-deployer, which trusts lambda.amazonaws.com because an old release process ran inside a function, and which has AdministratorAccess attached.',
      ],
      bullets: [
        'Step 1, discovery: the developer session calls iam:ListRoles, which most read-only policies allow, and reads each trust policy in the response. platform-deployer stands out as trusting the Lambda service.',
        'Step 2, creation: the session calls lambda:CreateFunction for a function named dev-report-export, with Role set to arn:aws:iam::111122223333:role/platform-deployer. Lambda checks iam:PassRole on that role ARN; the wildcard grant allows it. CloudTrail records CreateFunction20150331 with the role in its requestParameters, and no separate PassRole event.',
        'Step 3, execution: the session calls lambda:InvokeFunction. The function code runs with platform-deployer credentials and calls iam:CreateUser and iam:CreateAccessKey, or creates a new role that trusts an account the attacker controls, so that access survives the end of the federated session.',
        'Step 4, spread: 111122223333 doubles as the tooling account, and the deployment role in production account 777788889999 trusts arn:aws:iam::111122223333:root with no condition. AdministratorAccess includes sts:AssumeRole, so the function, or the new access key, now assumes the production deployment role as well.',
      ],
    },
    {
      heading: 'Detecting escalation in progress',
      paragraphs: [
        'The most useful detection signal is the combination rather than the single call. CreateFunction20150331, RunInstances or CreateStack are routine; the same calls carrying a role that the caller has never passed before, or a role more privileged than the caller, are not. Because PassRole is not logged as its own event, detections must read the role from the requestParameters of the receiving API: the role field of the Lambda event, the iamInstanceProfile of RunInstances, the roleARN of CreateStack.',
        'IAM write events deserve alerting on the principal rather than the action: CreatePolicyVersion with setAsDefault true, AttachRolePolicy or PutRolePolicy where the target role is the caller’s own role, and UpdateAssumeRolePolicy on any role with administrator reach. Amazon GuardDuty raises PrivilegeEscalation:IAMUser/AnomalousBehavior when it sees IAM calls that are unusual for a principal, but it is baseline-driven and will miss an escalation by an automation role that routinely calls IAM.',
      ],
      bullets: [
        'Alert on IAM write events where the target is the calling identity or a policy attached to it.',
        'Alert when a role is passed to a service by a principal that has not passed it in the previous 90 days.',
        'Alert on UpdateAssumeRolePolicy for any role Kryon IAM marks as administrator-equivalent.',
        'Track AssumeRole events that cross from a tooling account into production outside deployment windows.',
      ],
    },
    {
      heading: 'Remediation in priority order',
      paragraphs: [
        'We compared the changes organizations made during the quarter by how many paths each closed. Scoping iam:PassRole removed more paths than any other single change because it breaks the three most common primitives at once. The fix is to list the role ARNs a principal legitimately passes and add an iam:PassedToService condition naming the receiving service, for example "Condition": {"StringEquals": {"iam:PassedToService": "lambda.amazonaws.com"}}, with iam:AssociatedResourceArn where the service supports it. Organizations that used a naming convention such as role/app-* for passable application roles rolled this out fastest.',
        'Second, remove IAM write actions from every non-administrator policy and back that with an SCP that denies iam:AttachRolePolicy, iam:PutRolePolicy, iam:CreatePolicyVersion, iam:UpdateAssumeRolePolicy and iam:DeleteRolePermissionsBoundary unless aws:PrincipalArn matches the small set of roles that manage IAM. Third, replace account-root trusts with named role ARNs or an aws:PrincipalArn condition, and add aws:PrincipalOrgID as a backstop. Fourth, require a permissions boundary on every role that pipelines create: allow iam:CreateRole only when the iam:PermissionsBoundary condition key equals the approved boundary ARN, and deny changes to the boundary policy itself. Fewer than one in five pipeline-created roles carried a boundary this quarter, so most pipeline roles could mint roles more powerful than themselves. Fifth, use IAM Access Analyzer unused access findings to delete identities and permissions nobody has used in 90 days.',
      ],
      table: {
        caption:
          'Remediation patterns applied in Q3 2026, by share of all closed escalation paths they accounted for.',
        columns: [
          'Remediation pattern',
          'Share of closed paths',
          'Median days to roll out',
          'Median identities changed',
        ],
        rows: [
          ['Scope iam:PassRole to role ARNs with iam:PassedToService', '41%', '9', '6'],
          ['Remove IAM write actions, backed by an SCP', '21%', '14', '4'],
          ['Replace account-root trust with named principals', '15%', '12', '3'],
          ['Permissions boundary required for pipeline-created roles', '12%', '21', '2'],
          ['Delete unused identities and permissions', '11%', '5', '11'],
        ],
      },
    },
    {
      heading: 'What Kryon recommends next',
      paragraphs: [
        'Treat escalation paths as a property of change, not of inventory. The organizations that reduced paths fastest did not run larger clean-up projects; they moved IAM changes into infrastructure as code, ran policy checks such as IAM Access Analyzer custom policy checks on every pull request, and blocked console IAM edits in production accounts with an SCP. That combination halved the median lifetime of new paths and stopped most of them from being created.',
        'For the coming quarter we recommend three measurable goals: no iam:PassRole on "Resource": "*" outside administrator roles, no role trust policy naming an account root without a principal condition, and a permissions boundary on every role created by automation. Kryon IAM reports progress against each in the escalation path view, and the next quarterly report will measure how many opted-in organizations reached them.',
      ],
    },
  ],
};
