import type { ResearchReport } from '../research-report-types.ts';

/** The body of "Case Study: Breaking a Cross-Account Exfiltration Path at a Payments Provider": the path from a CI/CD access key to cardholder-data exports, link by link, and the eleven-day remediation that closed it. */
export const paymentsCrossAccountExfiltrationCaseStudyReport: ResearchReport = {
  sections: [
    {
      heading: 'Background: 60 accounts and a PCI DSS assessment ahead',
      paragraphs: [
        'The provider in this study processes card-not-present payments for merchants in several European markets. Its AWS estate had grown to 60 accounts under one organisation: a small security OU holding the log archive and security tooling accounts, a shared tooling account that hosted build infrastructure, and workload accounts for production, staging and development of about a dozen services. The cardholder data environment sat mostly in one production account, with a nightly batch job that wrote settlement exports to an S3 bucket so that a reconciliation service could match them against acquirer files the next morning.',
        'Those exports are the most sensitive objects the company holds. Each file contains primary account numbers alongside transaction data for a full day of activity, encrypted at rest with SSE-KMS under a customer managed key. Encryption at rest was the control the team relied on for PCI DSS Requirement 3, and it was configured correctly as far as it went. The question the assessor was going to ask, and the team could not yet answer with confidence, was who could decrypt them: PCI DSS v4.0.1 expects access to cryptographic keys to be restricted to the fewest custodians necessary, and Requirement 7 expects access to cardholder data to be limited by need to know.',
        'Eight weeks before fieldwork, the security team connected Kryon to the organisation to build that answer from the live configuration instead of from the design documents. The first graph query they ran, every principal in the organisation with an effective path to s3:GetObject plus kms:Decrypt on the export bucket, returned 43 identities. The team had expected four.',
      ],
    },
    {
      heading: 'How the path was found',
      paragraphs: [
        'Kryon Graph evaluates identity policies, resource policies, role trust policies, permission boundaries, SCPs and KMS key policies together, so a path is only reported when every link would be authorised by AWS at the same time. Most of the 43 identities were production roles with broader permissions than their jobs needed, which is an ordinary least-privilege finding. One route was different in kind: it began outside the production account, with a credential that did not expire, and ended with data able to leave the organisation entirely.',
        'The starting point was an IAM user in the tooling account, used by the CI/CD system to deploy into every environment. Its access key had been created 14 months earlier and never rotated; the IAM credential report showed access_key_1_last_rotated at the creation date and access_key_1_last_used_date on the day of the scan. The key was stored as an organisation-level GitHub Actions secret available to 31 repositories, and a copy sat in the credentials file of two self-hosted runners. Any of those locations was a plausible leak point: a workflow that printed its environment, a compromised third-party action, or a runner host image shared for debugging.',
      ],
    },
    {
      heading: 'The path, link by link',
      paragraphs: [
        'The path had five links. None of them was unusual on its own, and each had been approved at some point by someone with a sensible reason. The table summarises them with the configuration that made each link work.',
        'Link two is the one most teams underestimate. A trust policy whose principal is {"AWS": "arn:aws:iam::111122223333:root"} does not mean the root user of the tooling account; it means the tooling account may delegate the right to assume the role to any of its principals through their identity policies. The CI user’s policy allowed sts:AssumeRole on arn:aws:iam::*:role/*-deploy, so the trust effectively extended to whoever held its key. The trust policy carried no Condition block at all.',
        'Link four follows the same logic on the KMS side. The key policy contained a statement granting kms:Decrypt to arn:aws:iam::444455556666:root, which lets IAM policies in the production account grant decryption. The deployment role had kms:Decrypt on "Resource": "*" because pipelines decrypt SecureString parameters and encrypted build artifacts, and nobody had connected that statement with the export key. With both in place, a GetObject on an export object succeeded because S3 called KMS on the role’s behalf and KMS found an allow in each policy.',
      ],
      table: {
        caption: 'The five links of the path and the configuration that enabled each one',
        columns: ['Link', 'Resource', 'Enabling configuration', 'Guardrail absent'],
        rows: [
          [
            '1. Credential',
            'IAM user ci-deployer (tooling account)',
            'Long-lived access key, 14 months old, stored in 31 repositories and two runners',
            'Federation, key age policy',
          ],
          [
            '2. Trust',
            'Role prod-deploy (production account)',
            'Trust policy principal is the tooling account root, no Condition',
            'Named principal, aws:PrincipalOrgID',
          ],
          [
            '3. Read',
            'prod-deploy identity policy',
            's3:GetObject, s3:ListBucket and s3:PutObject on all buckets',
            'Resource-scoped permissions',
          ],
          [
            '4. Decrypt',
            'Customer managed KMS key for exports',
            'kms:Decrypt granted to the production account root, delegated through IAM',
            'Explicit key users, kms:ViaService',
          ],
          [
            '5. Egress',
            'S3 gateway endpoint and bucket policy',
            'Default endpoint policy, no aws:ResourceOrgID or network conditions',
            'S3 data perimeter',
          ],
        ],
      },
    },
    {
      heading: 'Walk-through: what a holder of the key could have done',
      paragraphs: [
        'The team validated each step with the IAM policy simulator and IAM Access Analyzer rather than by running it, as agreed before the engagement. The sequence below is what the simulator and the policy evaluation confirmed would have succeeded, using the anonymised identifiers from the engagement notes: tooling account 111122223333, production account 444455556666, and an outside account 999988887777 standing in for the attacker.',
      ],
      bullets: [
        'Configure the stolen key and call sts:AssumeRole on arn:aws:iam::444455556666:role/prod-deploy with any session name. The CI user’s policy allows the call and the trust policy admits any principal of 111122223333, so STS returns temporary credentials valid for the role’s maximum session duration of one hour.',
        'List the export prefix with ListObjectsV2 on example-prod-settlement-exports. The role’s s3:ListBucket permission on all buckets returns keys in the form exports/2026/03/14/settlement.csv.gz, one per night, with 90 days of history retained under the lifecycle rule.',
        'In the outside account, create a bucket whose policy grants s3:PutObject to the principal arn:aws:iam::444455556666:role/prod-deploy. Nothing in the production organisation is involved in this step or can see it.',
        'Issue CopyObject requests with the export object as the copy source and the outside bucket as the destination. S3 authorises s3:GetObject on the source and s3:PutObject on the destination, both granted by the role’s policy, and calls kms:Decrypt on the export key, granted through the root delegation. The copy is server side: the bytes never pass through the attacker’s network or any egress control the provider operates.',
        'Alternatively, call GetObject from any internet address and download the files directly. No bucket policy condition on aws:SourceVpce or aws:SourceIp prevented reads from outside the provider’s networks.',
      ],
    },
    {
      heading: 'What the audit trail would and would not have shown',
      paragraphs: [
        'The provider ran a multi-region organisation trail delivering to the log archive account, and GuardDuty was enabled in every account. On paper that looked complete. In practice the trail recorded management events only, with ExcludeManagementEventSources set to kms.amazonaws.com to cut volume and cost, and no S3 data events were selected for any bucket. GuardDuty S3 Protection, which analyses S3 data events on its own and would have been the best chance of an Exfiltration:S3/AnomalousBehavior finding, had been turned off in the production accounts during a cost review the previous year.',
        'Replaying the walk-through against that configuration, the only record in the provider’s logs would have been one AssumeRole event for prod-deploy, with the CI user as the calling identity and an unfamiliar source IP address. The ListObjectsV2, GetObject and CopyObject calls are data events and were not captured; the KMS Decrypt calls S3 made on the role’s behalf were excluded by the trail configuration. The CI user assumes that role dozens of times a day, so the event would have been indistinguishable from normal activity unless someone compared source addresses with the runner fleet.',
        'This gap matters for compliance as much as for detection. PCI DSS v4.0.1 Requirement 10 asks for audit logs that capture all individual user access to cardholder data. Without object-level events on the export bucket, the provider could show who was allowed to read the exports but not who had.',
      ],
    },
    {
      heading: 'Remediation in eleven working days',
      paragraphs: [
        'The constraint set by engineering leadership was that no deployment pipeline could stop, since merchant-facing releases were scheduled throughout the period. The team therefore ordered the work so that visibility came first, the credential was replaced before anything it depended on was narrowed, and each change ran in a staging account for at least a day before production. The order below is the priority order the team used, which was also the order of execution.',
      ],
      bullets: [
        'Days 1 and 2: turn on visibility. Add an advanced event selector to the organisation trail for data events on AWS::S3::Object with resources.ARN starting with the export bucket ARN, remove the KMS exclusion for management events, and re-enable GuardDuty S3 Protection in production. Two days of data events also produced the list of legitimate readers needed for the later steps.',
        'Days 2 to 5: replace the access key. Create an IAM OIDC identity provider for token.actions.githubusercontent.com in the tooling account and one deployment role per repository, trusting only tokens whose aud is sts.amazonaws.com and whose sub matches the repository and environment, such as repo:example-org/payments-api:environment:production. Migrate pipelines in batches while the old key still worked, watch GetAccessKeyLastUsed, set the key to Inactive with UpdateAccessKey on day 5 and delete it on day 10 after a quiet week.',
        'Days 5 and 6: constrain the trust. Rewrite the prod-deploy trust policy to name the federated pipeline roles explicitly, and add a Condition with StringEquals on aws:PrincipalOrgID for the organisation. The named principals do the real work here; aws:PrincipalOrgID alone would not have stopped the original path, because the CI user was inside the organisation, but it prevents a future edit from quietly admitting an outside account.',
        'Days 6 to 8: narrow the deployment role and the key policy. Scope S3 permissions to the artifact and state buckets, and replace the root delegation for kms:Decrypt with a statement naming the three roles that need the exports, conditioned on kms:ViaService for S3 in the bucket’s region and on kms:EncryptionContext:aws:s3:arn for the export bucket. The administrative statement for the key administrators role stayed, so the key remains manageable.',
        'Days 8 to 11: add the S3 data perimeter. A VPC endpoint policy on the S3 gateway endpoints allows requests only to resources with aws:ResourceOrgID equal to the organisation, with explicit exceptions for AWS-owned buckets the workloads need; an SCP on the CDE OU denies s3:PutObject to resources outside the organisation; and the export bucket policy denies access from principals outside the organisation and from networks other than the provider’s VPC endpoints, exempting AWS service principals.',
      ],
    },
    {
      heading: 'Results',
      paragraphs: [
        'After the changes, the same graph query that returned 43 identities returned three: the reconciliation job role, the role that transfers files to the acquirer, and a break-glass incident role that requires MFA and raises an alert when assumed. IAM Access Analyzer showed no external access findings for the bucket or the key, and the policy simulator denied every step of the walk-through, most of them at more than one link. Deployment frequency over the eleven days was within the range of the previous quarter.',
        'Two regressions surfaced in staging and none in production. One pipeline that ran longer than an hour failed because role chaining caps the session at one hour; it was split into two jobs. The endpoint policy initially blocked container image pulls, because ECR serves layers from AWS-owned S3 buckets outside the organisation, and the regional layer bucket had to be added to the exceptions. Access Analyzer policy generation was less help than expected for the deployment role: it builds policies from CloudTrail activity, and with no S3 data events in the history it could not see which object-level actions the pipelines used, so those statements were written by hand from the first two days of new data events.',
      ],
      table: {
        caption:
          'Identities able to read the settlement exports, before and after remediation, by route',
        columns: ['Route to the exports', 'Before', 'After', 'Change that closed it'],
        rows: [
          [
            'Production roles with direct S3 and KMS permissions',
            '19',
            '2',
            'Key policy names explicit key users',
          ],
          [
            'IAM Identity Center permission-set roles in production',
            '7',
            '1',
            'Permission sets scoped, break-glass only',
          ],
          [
            'Tooling account principals through prod-deploy',
            '12',
            '0',
            'Named principals in trust policy',
          ],
          [
            'Principals in other accounts through role chaining',
            '5',
            '0',
            'Trust conditions and narrowed role policies',
          ],
          ['Total', '43', '3', 'All of the above'],
        ],
      },
    },
    {
      heading: 'Lessons for other regulated teams',
      paragraphs: [
        'The path did not depend on any single misconfiguration that a benchmark check would flag as critical. The key was old but belonged to a service user, the trust policy pointed at an account the company owned, the KMS statement was the default pattern many teams copy, and the bucket was private and encrypted. The risk was in the combination, which is why the team could only see it by evaluating the policies together. The same reasoning applies to PCI scoping: the tooling account was connected to the cardholder data environment through the trust relationship, and it belonged in scope until that link was narrowed.',
        'Kryon recommends that teams with sensitive data on S3 work through the following checks, in this order, before their next assessment.',
      ],
      bullets: [
        'Find every long-lived access key that can reach a production role directly or by role chaining, and replace CI/CD keys with OIDC federation scoped to repository and environment.',
        'Treat any trust policy whose principal is an account root as delegation to every identity in that account; name the roles that should assume it.',
        'List the principals that can call kms:Decrypt on each key protecting regulated data, counting IAM policies admitted by root delegation, and compare the count with the custodians you would declare to an assessor.',
        'Confirm that S3 data events and KMS events are recorded for buckets holding regulated data, and that GuardDuty S3 Protection is on in the accounts that hold them.',
        'Add a resource perimeter with aws:ResourceOrgID on VPC endpoint policies and SCPs, and an identity and network perimeter on the buckets themselves, with documented exceptions for AWS-owned resources.',
        'Re-run the reachability query after each change, and keep the before and after results as assessment evidence.',
      ],
    },
  ],
};
