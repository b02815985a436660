import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'pci-dss-v4-cloud-scope',
  title: 'PCI DSS v4.0.1 Scope on AWS: Accounts, Trust Chains and Segmentation',
  description:
    'In AWS, PCI DSS scope spreads through IAM trust, pipelines and shared networks, not just subnets. How to define the CDE, find hidden connections and keep scope small under PCI DSS v4.0.1.',
  category: 'Compliance',
  severity: 'High',
  mitreAttack: 'T1190 Exploit Public-Facing Application',
  audience: 'Compliance officers, QSA liaisons, cloud architects, AWS security engineers',
  kryonSolution: ['Kryon Core', 'Kryon Graph', 'Kryon IAM'],
  publishedDate: '2026-06-17',
  tags: ['PCI DSS', 'Scoping', 'Segmentation', 'CDE', 'Compliance'],
  body: [
    {
      kind: 'paragraph',
      text: 'Every PCI DSS assessment starts with scope, and scope decides the cost of everything after it. The cardholder data environment (CDE) is every system component that stores, processes or transmits cardholder data or sensitive authentication data, plus every component that is connected to it or can affect its security. On premises that boundary mostly followed network segments. On AWS it also follows IAM trust relationships, deployment pipelines, shared services and data flows that no network diagram shows.',
    },
    {
      kind: 'paragraph',
      text: 'PCI DSS v4.0.1, the version in force since v4.0 was retired at the end of 2024, makes scoping an explicit, recurring obligation. Requirement 12.5.2 expects scope to be documented and confirmed at least every 12 months and after significant change, and every six months for service providers under 12.5.2.1. The requirements that became mandatory on 31 March 2025 add controls that only work if scope is right, such as the automated web attack protection for public-facing applications in 6.4.2, the control most directly aimed at T1190 Exploit Public-Facing Application.',
    },
    { kind: 'heading', text: 'How scope spreads in AWS' },
    {
      kind: 'paragraph',
      text: 'AWS is assessed as a PCI DSS Level 1 service provider, and its Attestation of Compliance and responsibility summary are available in AWS Artifact for requirement 12.8. That covers the infrastructure AWS operates. Everything you configure on top, including the connections below, is yours to scope.',
    },
    {
      kind: 'list',
      items: [
        'Network paths: VPC peering, Transit Gateway attachments, shared VPC subnets and PrivateLink endpoints that let non-CDE workloads reach CDE resources.',
        'IAM trust: a role in a CDE account whose trust policy admits a principal from a development or tooling account makes that account connected-to, whatever the security groups say.',
        'Pipelines: a CI/CD system that deploys into the CDE can change it, so it is security-impacting and in scope, along with its build agents and artifact stores.',
        'Shared services: identity providers, log archives, security tooling with cross-account access, patching and backup systems.',
        'Data sprawl: cardholder data copied into analytics exports, support attachments or debug logs in accounts that were declared out of scope.',
      ],
    },
    { kind: 'heading', text: 'Defining a defensible boundary' },
    {
      kind: 'paragraph',
      text: 'The account is the strongest isolation boundary AWS offers. Place CDE workloads in dedicated accounts under a CDE organizational unit, keep shared services that must touch them in a small set of in-scope accounts, and treat everything else as out of scope only if you can show it has no network path, no trust path and no data path into the CDE. Requirements 1.2.3 and 1.2.4 expect network and data-flow diagrams that match reality; in AWS, generate them from configuration rather than drawing them.',
    },
    { kind: 'heading', text: 'Finding hidden connections' },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Inventory the CDE and the paths into it',
      code: `# Resources tagged as CDE in the current account and Region
aws resourcegroupstaggingapi get-resources --tag-filters Key=pci-scope,Values=cde \\
  --query 'ResourceTagMappingList[].ResourceARN'

# Who can assume roles in this CDE account
aws iam list-roles --query 'Roles[].[RoleName,AssumeRolePolicyDocument.Statement[].Principal]' --output json

# Network connections to other accounts and VPCs
aws ec2 describe-vpc-peering-connections \\
  --query 'VpcPeeringConnections[].[VpcPeeringConnectionId,RequesterVpcInfo.OwnerId,AccepterVpcInfo.OwnerId,Status.Code]' --output table
aws ec2 describe-transit-gateway-attachments \\
  --query 'TransitGatewayAttachments[].[TransitGatewayId,ResourceOwnerId,ResourceType,ResourceId,State]' --output table

# Network Access Analyzer: evaluate a scope that matches paths into CDE resources
aws ec2 create-network-insights-access-scope --cli-input-json file://cde-ingress-scope.json
aws ec2 start-network-insights-access-scope-analysis --network-insights-access-scope-id "$SCOPE_ID"
aws ec2 get-network-insights-access-scope-analysis-findings \\
  --network-insights-access-scope-analysis-id "$ANALYSIS_ID"`,
    },
    {
      kind: 'paragraph',
      text: 'Data paths need their own sweep. Requirement 12.10.7 expects incident response procedures for primary account numbers (PAN) found where they are not expected, and Amazon Macie can look for them with the `CREDIT_CARD_NUMBER` managed data identifier in buckets of accounts you consider out of scope.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Macie job looking for PAN outside the CDE',
      code: `aws macie2 create-classification-job --job-type ONE_TIME --name pan-sweep-non-cde \\
  --managed-data-identifier-selector INCLUDE \\
  --managed-data-identifier-ids CREDIT_CARD_NUMBER \\
  --s3-job-definition '{"bucketDefinitions": [{"accountId": "444455556666", "buckets": ["analytics-exports", "support-attachments"]}]}'`,
    },
    {
      kind: 'paragraph',
      text: 'For continuous control checks inside the boundary, Security Hub CSPM offers a PCI DSS v4.0.1 standard and AWS Config has conformance pack templates for PCI DSS 4.0. Both check configuration; neither decides scope, and neither replaces a QSA.',
    },
    { kind: 'heading', text: 'Keeping scope small and controls effective' },
    {
      kind: 'paragraph',
      text: 'Once the boundary is defined, make changes to it deliberate. An SCP on the CDE OU reserves new network connections and role trust changes for the pipelines that own them, so nobody peers a VPC or trusts a new account without a reviewed change.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'SCP for the CDE OU: connectivity and trust change only through pipelines',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "ConnectivityOnlyByNetworkPipeline",
      "Effect": "Deny",
      "Action": [
        "ec2:CreateVpcPeeringConnection",
        "ec2:AcceptVpcPeeringConnection",
        "ec2:CreateTransitGatewayVpcAttachment",
        "ec2:AcceptTransitGatewayVpcAttachment",
        "ec2:AttachInternetGateway"
      ],
      "Resource": "*",
      "Condition": {
        "ArnNotLike": { "aws:PrincipalArn": "arn:aws:iam::*:role/cde-network-pipeline" }
      }
    },
    {
      "Sid": "RoleTrustOnlyByIamPipeline",
      "Effect": "Deny",
      "Action": ["iam:CreateRole", "iam:UpdateAssumeRolePolicy"],
      "Resource": "*",
      "Condition": {
        "ArnNotLike": { "aws:PrincipalArn": "arn:aws:iam::*:role/cde-iam-pipeline" }
      }
    }
  ]
}`,
    },
    {
      kind: 'list',
      items: [
        '1.3.1 and 1.3.2: restrict inbound and outbound CDE traffic with security groups, network ACLs and egress controls, and review them against the data-flow diagram.',
        '3.5.1 and 3.5.1.2: render stored PAN unreadable; storage-level encryption such as EBS or RDS encryption alone may be treated as disk-level encryption, so agree the approach with your QSA.',
        '6.4.2: put an automated technical solution such as AWS WAF with managed rule groups in front of every public-facing web application in scope.',
        '7.2.4 and 8.4.2: review accounts and privileges at least every six months, and require MFA for all non-console access into the CDE, which includes AWS console and API access.',
        '10.4.1.1 and 10.5.1: review logs with automated mechanisms and retain them for 12 months, with the last three months immediately available.',
        '11.4.5: test segmentation at least every 12 months and after changes to segmentation controls, every six months for service providers under 11.4.6.',
      ],
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Segmentation tests must include identity',
      text: 'A penetration test that only checks whether packets cross from a non-CDE subnet will pass an environment where a developer role can assume an administrator role in the CDE account. Include IAM trust paths, pipeline permissions and cross-account resource policies in the segmentation test plan, and document how each one is controlled.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Graph computes network, trust and data paths from every account in your AWS Organization into resources you mark as CDE, including hops through VPC peering, Transit Gateway routes and `sts:AssumeRole`, which is the evidence a scope confirmation under 12.5.2 needs. Kryon IAM lists every principal that can reach the CDE through role trust chains and flags toxic combinations such as pipeline roles that can both change trust policies and deploy code. Kryon Core runs scheduled scans of the in-scope accounts against your custom policies in YAML or the UI, alongside its built-in CIS and NIST baselines, and exports audit-ready results for your QSA.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Place CDE workloads in dedicated accounts under a CDE OU and tag every in-scope resource.',
        'Enumerate network, IAM trust, pipeline and data paths into the CDE and classify every connected system.',
        'Generate network and data-flow diagrams from configuration for requirements 1.2.3 and 1.2.4.',
        'Sweep out-of-scope accounts for PAN with Macie and follow 12.10.7 when you find it.',
        'Restrict connectivity and role trust changes in the CDE OU with an SCP.',
        'Protect public-facing payment applications with an automated web attack solution for 6.4.2.',
        'Include identity and pipeline paths in segmentation testing under 11.4.5 and 11.4.6.',
        'Confirm scope at least every 12 months (every six months for service providers) and after significant change.',
      ],
    },
  ],
};
