import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'compliance-policies-as-code',
  title: 'Compliance Policies as Code on AWS: One Intent, Enforced at Every Layer',
  description:
    'Turn compliance requirements into versioned, tested rules that prevent, block and detect the same misconfiguration, from SCPs and CloudFormation Guard to AWS Config, with exceptions in code.',
  category: 'Compliance',
  severity: 'Medium',
  mitreAttack: 'T1562.008 Impair Defenses: Disable or Modify Cloud Logs',
  audience: 'Security leaders, compliance engineers, platform and DevSecOps teams',
  kryonSolution: ['Kryon Core', 'Kryon Graph'],
  publishedDate: '2026-01-28',
  tags: ['Policy as Code', 'Compliance', 'SCP', 'CloudFormation Guard', 'AWS Config'],
  body: [
    {
      kind: 'paragraph',
      text: 'Most compliance programs store their requirements as prose: a control statement in a spreadsheet, a paragraph in a security standard, a ticket for the team that owns the account. Each team then implements its own check, and over time the pipeline linter, the Config rule and the auditor spreadsheet disagree about what "CloudTrail must be enabled" means. Policies as code replaces that with one reviewed definition of intent, implemented as machine-evaluated rules at every point where a misconfiguration can be stopped or found.',
    },
    {
      kind: 'paragraph',
      text: 'The payoff is consistency and evidence. A rule that lives in Git has an author, a reviewer, a test suite and a history, which is exactly what an auditor asks for when they test a control. This article builds one policy end to end: audit logging that cannot be disabled or weakened, the control that counters T1562.008 Impair Defenses: Disable or Modify Cloud Logs.',
    },
    { kind: 'heading', text: 'The four enforcement layers' },
    {
      kind: 'list',
      items: [
        'Preventive: service control policies limit what principals in member accounts can do, resource control policies limit what can be done to resources, and declarative policies set service baselines such as EC2 defaults. These stop the action regardless of how it is attempted.',
        'Proactive: checks on infrastructure as code before deployment, such as CloudFormation Guard in CI or as a CloudFormation Guard hook, OPA or Conftest against `terraform show -json` plan output, Control Tower proactive controls, and AWS Config proactive evaluation.',
        'Detective: AWS Config managed rules, custom policy rules written in Guard, and Security Hub CSPM controls that find what slipped through, including changes made in the console.',
        'Responsive: automated remediation through AWS Systems Manager Automation documents attached to Config rules, for the cases where fixing is safer than paging someone.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'No single layer is enough. SCPs do not apply to the management account, IaC checks do not see console changes, and detective rules only report after the fact. The same intent has to be expressed in each layer, and the layers have to agree.',
    },
    { kind: 'heading', text: 'Anatomy of a policy' },
    {
      kind: 'paragraph',
      text: 'Start with a small metadata file per policy. The format below is an example convention, not a standard: what matters is that intent, framework mappings, owner, the implementation in each layer and the exceptions live together and change through the same pull request.',
    },
    {
      kind: 'code',
      language: 'yaml',
      caption: 'policies/log-001.yaml: one intent, its mappings and its implementations',
      code: `id: LOG-001
title: Audit logging cannot be disabled or weakened
intent: >
  Every account records management events in all Regions to the log archive,
  with log file validation and KMS encryption, and no workload identity can
  stop, delete or narrow the trail or the AWS Config recorder.
severity: high
owner: platform-security
mappings:
  nist-800-53-r5: [AU-2, AU-9, AU-12]
  pci-dss-v4.0.1: ["10.2.1", "10.3.2"]
  soc2-tsc: [CC7.2]
  mitre-attack: [T1562.008]
enforcement:
  preventive: scp/protect-audit-logging.json
  proactive: guard/cloudtrail.guard
  detective: config/CLOUDTRAIL_SECURITY_TRAIL_ENABLED
exceptions:
  - scope: account/444455556666
    reason: Sandbox scheduled for closure, trail removed by the account closure runbook
    approved_by: security-architecture
    expires: 2026-03-31`,
    },
    { kind: 'subheading', text: 'Preventive: the SCP' },
    {
      kind: 'code',
      language: 'json',
      caption: 'scp/protect-audit-logging.json',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "ProtectAuditLogging",
      "Effect": "Deny",
      "Action": [
        "cloudtrail:StopLogging",
        "cloudtrail:DeleteTrail",
        "cloudtrail:UpdateTrail",
        "cloudtrail:PutEventSelectors",
        "config:StopConfigurationRecorder",
        "config:DeleteConfigurationRecorder",
        "config:DeleteDeliveryChannel"
      ],
      "Resource": "*",
      "Condition": {
        "ArnNotLike": { "aws:PrincipalArn": "arn:aws:iam::*:role/platform-governance-pipeline" }
      }
    }
  ]
}`,
    },
    { kind: 'subheading', text: 'Proactive: a Guard rule and its tests' },
    {
      kind: 'paragraph',
      text: 'The Guard rule rejects templates that declare a trail without multi-Region logging, validation or encryption. Tests live next to it, with one compliant and one non-compliant fixture per rule, so a rule change that stops catching the bad case fails the build.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'guard/cloudtrail.guard',
      code: `let trails = Resources.*[ Type == 'AWS::CloudTrail::Trail' ]

rule cloudtrail_cannot_be_weakened when %trails !empty {
  %trails.Properties {
    IsLogging == true
    IsMultiRegionTrail == true
    EnableLogFileValidation == true
    KMSKeyId exists <<Trails must log in all Regions with log file validation and KMS encryption>>
  }
}`,
    },
    {
      kind: 'code',
      language: 'yaml',
      caption: 'guard/tests/cloudtrail_tests.yaml',
      code: `- name: compliant organization trail
  input:
    Resources:
      OrgTrail:
        Type: AWS::CloudTrail::Trail
        Properties:
          IsLogging: true
          IsMultiRegionTrail: true
          EnableLogFileValidation: true
          KMSKeyId: alias/cloudtrail
  expectations:
    rules:
      cloudtrail_cannot_be_weakened: PASS
- name: single-Region trail without validation
  input:
    Resources:
      AppTrail:
        Type: AWS::CloudTrail::Trail
        Properties:
          IsLogging: true
          IsMultiRegionTrail: false
  expectations:
    rules:
      cloudtrail_cannot_be_weakened: FAIL`,
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'CI: test the rules, then validate every template',
      code: `cfn-guard test --rules-file guard/cloudtrail.guard --test-data guard/tests/cloudtrail_tests.yaml
cfn-guard validate --rules guard/ --data templates/ --show-summary fail`,
    },
    { kind: 'subheading', text: 'Detective: the organization-wide rule' },
    {
      kind: 'paragraph',
      text: 'Where an AWS Config managed rule expresses the intent, use it rather than writing your own. `cloudtrail-security-trail-enabled` checks that at least one trail is multi-Region, validated, encrypted and records all management events. Deploy it from the delegated administrator so every account, including new ones, is evaluated. For intents no managed rule covers, Config custom policy rules run Guard directly, but they evaluate Config configuration items, whose shape differs from CloudFormation templates, so they need their own tests.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Organization Config rule for the detective layer',
      code: `aws configservice put-organization-config-rule \\
  --organization-config-rule-name cloudtrail-security-trail-enabled \\
  --organization-managed-rule-metadata RuleIdentifier=CLOUDTRAIL_SECURITY_TRAIL_ENABLED`,
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'Exceptions belong in code, with an expiry',
      text: 'An exception that lives in a console suppression or a chat message is invisible to the next reviewer and never expires. Keep exceptions in the policy file, review them like any other change, and make the pipeline fail when an exception passes its expiry date. Auditors can then see every deviation, who approved it and until when.',
    },
    { kind: 'heading', text: 'Operating the policy library' },
    {
      kind: 'paragraph',
      text: 'Treat the library like software. Version it, release it through environments (apply SCPs to a test OU before production OUs), measure it (findings per policy, time to remediate, exceptions per team) and retire rules that no longer match a real risk. Map each policy to every framework it supports once, in metadata, so a single evaluation produces evidence for CIS, NIST SP 800-53, PCI DSS and SOC 2 at the same time instead of four parallel projects.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core runs your custom policies, written in YAML and versioned in Git or built in the UI by analysts, alongside its built-in CIS and NIST control mappings, on scheduled and on-demand scans across every account, OU and Region of your AWS Organization. Results and documented, time-boxed exceptions land in audit-ready CSV, PDF and JSON exports delivered to an S3 bucket you own. Kryon Graph adds the context a rule cannot: whether a failing resource sits on an attack path, so a trail gap in an account with internet-facing workloads and privileged roles is fixed first.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Write each requirement once as a policy file with intent, owner, severity and framework mappings.',
        'Implement it in every layer that applies: SCP or RCP, IaC check, Config rule and, where safe, remediation.',
        'Keep at least one passing and one failing test fixture per rule and run them in CI.',
        'Protect CloudTrail and AWS Config with an SCP and restrict access to the management account, which SCPs do not cover.',
        'Deploy detective rules organization-wide from a delegated administrator so new accounts are covered.',
        'Store exceptions in code with an approver and expiry, and fail the pipeline on expired exceptions.',
        'Roll out preventive policies to a test OU first and watch CloudTrail for `AccessDenied` before production.',
      ],
    },
  ],
};
