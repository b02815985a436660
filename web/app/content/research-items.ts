/**
 * The seven research items of the research archive and the
 * download modal's preview of each. Aggregate figures come from Kryon research across
 * environments whose owners opted into anonymized research telemetry; no figure describes a
 * single named organization.
 */
import type { ResearchDownloadId } from '@kryon/shared/research-catalogue';
import type { DownloadPreview } from './intelligence-types.ts';
import type { ResearchItem } from './library-types.ts';

// The download form and the download Lambda accept only the shared catalogue's ids, so the
// items take their ids from it (research-items.test.ts checks ids and titles agree).
type ResearchItemId = ResearchDownloadId;

const KRYON = 'Kryon';

const PRIYA_NATARAJAN = {
  name: 'Priya Natarajan',
  title: 'Head of Threat Research',
  company: KRYON,
};
const DANIEL_REYES = {
  name: 'Daniel Reyes',
  title: 'Staff Cloud Security Engineer',
  company: KRYON,
};
const MAYA_OKAFOR = {
  name: 'Maya Okafor',
  title: 'Principal Security Researcher',
  company: KRYON,
};
const TOMASZ_WIELGUS = {
  name: 'Tomasz Wielgus',
  title: 'Senior Detection Engineer',
  company: KRYON,
};
const HANA_KOBAYASHI = {
  name: 'Hana Kobayashi',
  title: 'Security Data Scientist',
  company: KRYON,
};
const MARCUS_LINDQVIST = {
  name: 'Marcus Lindqvist',
  title: 'Senior Serverless Security Researcher',
  company: KRYON,
};
const SAMUEL_ADEYEMI = {
  name: 'Samuel Adeyemi',
  title: 'Vulnerability Research Engineer',
  company: KRYON,
};
const RAFAEL_MORENO = {
  name: 'Rafael Moreno',
  title: 'Customer Security Architect',
  company: KRYON,
};
const ELENA_VARGA = {
  name: 'Elena Varga',
  title: 'Compliance Research Lead',
  company: KRYON,
};
const JONAS_ALBRECHT = {
  name: 'Jonas Albrecht',
  title: 'GRC Solutions Architect',
  company: KRYON,
};

// The satisfies clause ties every item id to a preview below, so an item can never open
// the download modal without one.
export const researchItems: readonly ResearchItem[] = [
  {
    id: 'q3-2026-privilege-escalation-report',
    title: 'Q3 2026 Privilege Escalation Report: How AWS Identities Reach Administrator',
    description:
      'Which IAM permission combinations let ordinary identities become administrators, how long those paths stay open, and which fixes close the most of them.',
    abstract:
      'Privilege escalation in AWS rarely needs an exploit: it needs one identity that may change permissions, pass a role or assume a role more powerful than itself. This quarterly report analyzes the escalation paths Kryon IAM found across organizations that share anonymized research telemetry between July and September 2026. It ranks the escalation primitives by how often they appear, measures how long paths stay open once created, shows how cross-account trust widens the blast radius of a single compromised identity, and compares the remediation patterns that closed the most paths with the least disruption to delivery teams.',
    type: 'Quarterly Report',
    category: 'Identity Risks',
    impact: 'Critical',
    publishedDate: '2026-10-08',
    authors: [PRIYA_NATARAJAN, DANIEL_REYES],
    tags: [
      'IAM',
      'Privilege Escalation',
      'Attack Paths',
      'iam:PassRole',
      'Cross-Account Trust',
      'Permission Boundaries',
      'MITRE ATT&CK',
    ],
    keyFindings: [
      'iam:PassRole combined with lambda:CreateFunction or ec2:RunInstances was the most common escalation primitive, usually granted by a broad developer policy that allows PassRole on "Resource": "*".',
      'About one in three organizations had at least one non-administrator identity able to rewrite its own permissions through iam:PutRolePolicy, iam:AttachRolePolicy or iam:CreatePolicyVersion.',
      'The median escalation path stayed open for 47 days; paths introduced by infrastructure-as-code changes were closed roughly twice as fast as those introduced by console edits.',
      'In 58% of multi-account organizations, at least one role trust policy trusted an entire account root with no sts:ExternalId or aws:PrincipalOrgID condition.',
      'Fewer than one in five roles created by CI/CD pipelines carried a permissions boundary, so most pipeline roles could create roles more powerful than themselves.',
      'Scoping iam:PassRole to explicit role ARNs with an iam:PassedToService condition removed more escalation paths than any other single change.',
    ],
    methodology:
      'Kryon IAM computed the effective permissions of every IAM user, IAM role and IAM Identity Center permission set in organizations that opted into anonymized research telemetry between July 1 and September 30, 2026. Identity-based policies, resource-based policies, permissions boundaries, session policies and service control policies were combined following the policy evaluation logic AWS documents, and each identity was tested against 31 known escalation primitives. A path was counted only when every step remained allowed after SCPs and boundaries were applied; steps that depended on a condition key the analysis could not resolve were excluded rather than assumed. Results are reported as shares of organizations and never per customer.',
    sources: [
      'AWS Identity and Access Management User Guide: Policy evaluation logic',
      'AWS Identity and Access Management User Guide: Grant a user permissions to pass a role to an AWS service',
      'AWS Identity and Access Management User Guide: Permissions boundaries for IAM entities',
      'MITRE ATT&CK T1098.003 Account Manipulation: Additional Cloud Roles',
      'MITRE ATT&CK T1078.004 Valid Accounts: Cloud Accounts',
    ],
    downloadCount: 2184,
    estimatedReadTime: '24 min read',
    featured: true,
    relatedArticles: [
      'iam-passrole-privilege-escalation',
      'toxic-permission-combinations',
      'cross-account-trust-confused-deputy',
      'assume-role-chain-lateral-movement',
    ],
    citations: 37,
  },
  {
    id: 'lambda-function-url-exposure-november-2026',
    title: 'Monthly Finding, November 2026: Lambda Function URLs Open to the Internet',
    description:
      'How many Lambda function URLs accept unauthenticated requests, what their execution roles can reach, and the guardrail that stops new ones from appearing.',
    abstract:
      'Lambda function URLs give a function its own HTTPS endpoint in seconds, and with AuthType NONE that endpoint answers anyone on the internet. This monthly finding measures how often function URLs are left unauthenticated in scanned environments, what the execution roles behind them are allowed to do, and how often those functions also hold plaintext secrets in environment variables. It closes with the configuration and service control policy that removed the exposure in the accounts that adopted them.',
    type: 'Monthly Finding',
    category: 'Serverless Security',
    impact: 'High',
    publishedDate: '2026-11-18',
    authors: [HANA_KOBAYASHI, MARCUS_LINDQVIST],
    tags: ['Lambda', 'Serverless', 'Public Exposure', 'IAM', 'Secrets', 'Function URLs'],
    keyFindings: [
      '14% of accounts using Lambda function URLs had at least one URL with AuthType NONE and a resource-based policy granting lambda:InvokeFunctionUrl to Principal "*".',
      'About a quarter of those unauthenticated functions ran with an execution role that could write to DynamoDB, Amazon S3 or AWS Secrets Manager.',
      'Most exposed URLs were created outside infrastructure as code, typically as a test endpoint that was never removed.',
      'One in eight publicly invocable functions kept a plaintext credential in an environment variable, readable by any identity allowed lambda:GetFunctionConfiguration or lambda:ListFunctions.',
      'Setting AuthType to AWS_IAM, or fronting the function with Amazon API Gateway and an authorizer, plus an SCP denying lambda:CreateFunctionUrlConfig and lambda:UpdateFunctionUrlConfig when lambda:FunctionUrlAuthType is NONE, closed the exposure in every account that applied both.',
    ],
    methodology:
      'Kryon Core inventoried function URLs with the ListFunctionUrlConfigs and GetPolicy APIs in every enabled region of opted-in accounts between November 1 and November 14, 2026, and Kryon IAM evaluated each execution role. Environment variables were never collected: values were matched against secret patterns inside the customer account and only the match result left it. A URL counted as exposed when AuthType was NONE and its resource-based policy allowed an unauthenticated principal.',
    sources: [
      'AWS Lambda Developer Guide: Control access to Lambda function URLs',
      'AWS Lambda Developer Guide: Working with Lambda environment variables',
      'AWS Security Hub User Guide: Security Hub controls for AWS Lambda',
      'MITRE ATT&CK T1190 Exploit Public-Facing Application',
      'MITRE ATT&CK T1648 Serverless Execution',
    ],
    downloadCount: 412,
    estimatedReadTime: '11 min read',
    featured: false,
    relatedArticles: [
      'lambda-function-url-auth-none',
      'lambda-environment-secrets',
      'lambda-overprivileged-execution-roles',
      'api-gateway-unauthenticated-routes',
    ],
    citations: 4,
  },
  {
    id: 'admin-ports-exposure-october-2026',
    title: 'Monthly Finding, October 2026: SSH, RDP and Database Ports Open to 0.0.0.0/0',
    description:
      'A month of security group data on administrative and database ports exposed to the internet, including the IPv6 rules that teams forget to close.',
    abstract:
      'Security groups that allow SSH or RDP from anywhere remain one of the most common initial access points in AWS, and every cloud benchmark says to close them. This monthly finding measures how many scanned accounts still expose administrative and database ports to the internet in October 2026, separates rules that are actually reachable from those blocked elsewhere, and looks at why they persist: temporary troubleshooting rules, IPv6 rules nobody reviews and self-managed databases on EC2. It ends with the replacement for inbound admin access and the controls that keep the rules from returning.',
    type: 'Monthly Finding',
    category: 'Infrastructure Security',
    impact: 'High',
    publishedDate: '2026-11-03',
    authors: [TOMASZ_WIELGUS, HANA_KOBAYASHI],
    tags: [
      'EC2',
      'Security Groups',
      'Public Exposure',
      'Network Exposure',
      'Session Manager',
      'MITRE ATT&CK',
    ],
    keyFindings: [
      '31% of scanned accounts had a security group allowing inbound TCP 22 or 3389 from 0.0.0.0/0 or ::/0 attached to a running instance with a public IP address.',
      'IPv6 was the blind spot: in a fifth of exposed groups the IPv4 rule had been restricted while the matching ::/0 rule stayed open.',
      'Database ports (3306, 5432, 1433, 6379 and 27017) were reachable from the internet in 7% of accounts, mostly on self-managed databases on EC2 rather than Amazon RDS.',
      'Half of the exposed admin-port rules had a description mentioning temporary or troubleshooting access; their median age was 96 days.',
      'AWS Systems Manager Session Manager replaced inbound SSH and RDP in every workload reviewed, and the AWS Config managed rules restricted-ssh and restricted-common-ports caught reintroduced rules within one evaluation cycle.',
    ],
    methodology:
      'Kryon Core read security groups, network ACLs, route tables and network interfaces with the EC2 Describe APIs in every enabled region of opted-in accounts from October 1 to October 31, 2026. A rule counted as exposed only when it was attached to an interface with a public IPv4 or IPv6 address in a subnet routed to an internet gateway, and network ACLs did not deny the port. Accounts were counted once regardless of how many exposed rules they held.',
    sources: [
      'Amazon VPC User Guide: Control traffic to your AWS resources using security groups',
      'AWS Config Developer Guide: restricted-ssh managed rule',
      'AWS Systems Manager User Guide: AWS Systems Manager Session Manager',
      'CIS Amazon Web Services Foundations Benchmark v3.0.0',
      'MITRE ATT&CK T1133 External Remote Services',
    ],
    downloadCount: 687,
    estimatedReadTime: '12 min read',
    featured: false,
    relatedArticles: [
      'security-groups-open-admin-ports',
      'ssm-session-manager-lateral-movement',
      'exposed-ec2-to-account-admin',
    ],
    citations: 7,
  },
  {
    id: 'imdsv1-ssrf-to-account-admin',
    title: 'From SSRF to Account Admin: Instance Metadata Credential Theft in Practice',
    description:
      'A step-by-step technical analysis of the SSRF to IMDSv1 to privilege escalation chain, with the CloudTrail evidence each step leaves and the settings that break it.',
    abstract:
      'A server-side request forgery flaw in an internet-facing application becomes an AWS account compromise when the instance still answers IMDSv1 requests and its role can escalate. This paper reproduces the full chain in isolated lab accounts, records every CloudTrail event and Amazon GuardDuty finding it produces, and measures how common each precondition is in scanned environments. It documents the detection opportunities at each step and the preventive controls, from HttpTokens required to service control policies, that make the chain impossible rather than merely detectable.',
    type: 'Technical Paper',
    category: 'Attack Paths',
    impact: 'Critical',
    publishedDate: '2026-09-16',
    authors: [MAYA_OKAFOR, TOMASZ_WIELGUS, DANIEL_REYES],
    tags: ['Attack Paths', 'EC2', 'IMDS', 'SSRF', 'Credential Theft', 'IAM', 'MITRE ATT&CK'],
    keyFindings: [
      '22% of scanned EC2 instances still accepted IMDSv1 requests (HttpTokens set to optional), most of them launched from AMIs or launch templates created before the account default changed.',
      'On internet-facing instances that allowed IMDSv1, the instance profile reached an administrator-equivalent role within three hops in 9% of cases, most often through iam:PassRole.',
      'Stolen instance credentials replayed from outside AWS raised the GuardDuty finding UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration.OutsideAWS, but a third of organizations had at least one region where GuardDuty was not enabled.',
      'Setting HttpTokens to required with a hop limit of 1 (2 on container hosts) blocked the SSRF step without application changes in every lab workload that used an AWS SDK released after 2020.',
      'The account-level instance metadata default and an SCP on the ec2:MetadataHttpTokens condition key stop new IMDSv1 instances; existing instances still need ModifyInstanceMetadataOptions.',
    ],
    methodology:
      'The attack chain was reproduced end to end in isolated lab accounts using a deliberately vulnerable web application on Amazon EC2, with CloudTrail management and data events, VPC Flow Logs and GuardDuty enabled in every region. Each step was repeated with IMDSv1 and IMDSv2, with and without a permissions boundary, and from inside and outside AWS. Prevalence figures come from Kryon Graph posture data (instance metadata options, network reachability and role permissions) across opted-in environments between June 1 and August 31, 2026.',
    sources: [
      'Amazon EC2 User Guide: Use the Instance Metadata Service to access instance metadata',
      'Amazon EC2 User Guide: Configure instance metadata options for new instances',
      'Amazon GuardDuty User Guide: GuardDuty IAM finding types',
      'MITRE ATT&CK T1552.005 Unsecured Credentials: Cloud Instance Metadata API',
      'OWASP Server-Side Request Forgery Prevention Cheat Sheet',
    ],
    downloadCount: 3127,
    estimatedReadTime: '32 min read',
    featured: true,
    relatedArticles: [
      'imdsv1-ssrf-credential-theft',
      'exposed-ec2-to-account-admin',
      'iam-passrole-privilege-escalation',
      'cloudtrail-blind-spots',
    ],
    citations: 52,
  },
  {
    id: 'kev-exposure-prioritization',
    title:
      'Beyond CVSS: Prioritizing Known Exploited Vulnerabilities by Exposure and Identity Reach',
    description:
      'Why a CVSS threshold produces the wrong remediation list in AWS, and how CISA KEV status, reachability and IAM scope produce a shorter, better one.',
    abstract:
      'Most vulnerability programs still fix by CVSS score, which rates a flaw in isolation. In AWS, what makes a vulnerability urgent is whether it is known to be exploited, whether the workload is reachable and what its IAM role can do once compromised. This industry insight compares a CVSS-only remediation policy with one that adds CISA Known Exploited Vulnerabilities status, EPSS, network reachability and identity reach, using vulnerability findings from scanned EC2 fleets and Amazon ECR images. It also shows how quickly images that scanned clean at push time drift into exposure in production.',
    type: 'Industry Insight',
    category: 'Vulnerability Intelligence',
    impact: 'High',
    publishedDate: '2026-07-21',
    authors: [SAMUEL_ADEYEMI, PRIYA_NATARAJAN],
    tags: [
      'CVE',
      'CISA KEV',
      'EPSS',
      'Vulnerability Management',
      'Amazon Inspector',
      'ECR',
      'EC2',
      'Prioritization',
    ],
    keyFindings: [
      'About 4% of the critical and high CVEs open on scanned EC2 instances and container images were listed in the CISA Known Exploited Vulnerabilities catalog.',
      'Ranking by KEV status, network reachability and IAM scope shortened the seven-day remediation list by about three quarters compared with fixing everything at CVSS 9.0 or above.',
      'Images in Amazon ECR that scanned clean at push time had a median of six new high or critical CVEs after 90 days in production when only basic scan-on-push scanning was enabled.',
      'Instances launched from AMIs older than 180 days carried a KEV-listed vulnerability three times as often as instances rebuilt at least monthly.',
      'Neither CVSS nor EPSS alone told an internal batch host apart from an internet-facing API server whose role could read customer data; exposure context did.',
    ],
    methodology:
      'Kryon Vuln imported findings from Amazon Inspector and third-party scanners in opted-in environments between April 1 and June 30, 2026 and joined them with Kryon Graph reachability (security groups, network ACLs, load balancers and public addresses) and the effective permissions of the attached IAM role. KEV status was taken from the CISA catalog as published on July 1, 2026, and EPSS scores from the FIRST daily feed for the same date. Remediation lists were compared for the same set of workloads under each prioritization policy.',
    sources: [
      'CISA Known Exploited Vulnerabilities Catalog',
      'CISA Binding Operational Directive 22-01: Reducing the Significant Risk of Known Exploited Vulnerabilities',
      'FIRST Exploit Prediction Scoring System (EPSS)',
      'FIRST Common Vulnerability Scoring System v4.0 Specification Document',
      'Amazon Inspector User Guide: Scanning Amazon ECR container images with Amazon Inspector',
    ],
    downloadCount: 1568,
    estimatedReadTime: '19 min read',
    featured: false,
    relatedArticles: [
      'cve-prioritization-exposure-context',
      'known-exploited-vulnerabilities-aws',
      'ecr-image-scanning-runtime-drift',
      'unpatched-ami-fleet-risk',
    ],
    citations: 29,
  },
  {
    id: 'payments-cross-account-exfiltration-case-study',
    title: 'Case Study: Breaking a Cross-Account Exfiltration Path at a Payments Provider',
    description:
      'How a payments provider with 60 AWS accounts found and closed a path from a CI/CD access key to its cardholder-data exports without pausing deployments.',
    abstract:
      'A payments provider preparing for its PCI DSS v4.0.1 assessment connected Kryon to its AWS organization and found that a single leaked CI/CD access key would have been enough to copy nightly cardholder-data exports to an account outside the organization. This case study follows the path link by link, from a long-lived access key through an unconditioned cross-account trust and a permissive KMS key policy to an S3 bucket with no data perimeter, and documents how the team closed it in eleven working days while keeping every deployment pipeline running.',
    type: 'Case Study',
    category: 'Data Protection',
    impact: 'Critical',
    publishedDate: '2026-06-10',
    authors: [RAFAEL_MORENO, MAYA_OKAFOR],
    tags: [
      'S3',
      'Data Exfiltration',
      'Cross-Account Trust',
      'IAM',
      'KMS',
      'Data Perimeter',
      'PCI DSS',
      'Compliance',
    ],
    keyFindings: [
      'An access key for a CI/CD IAM user, 14 months old and never rotated, could assume a deployment role in the production account whose trust policy trusted the entire tooling account.',
      'The deployment role allowed s3:GetObject on all buckets, and the customer managed KMS key protecting the exports granted kms:Decrypt to the production account root, which delegated it to every role in the account.',
      'No VPC endpoint policy or aws:ResourceOrgID condition restricted where data could be written, so objects could be copied straight into a bucket in an outside account.',
      'CloudTrail did not record S3 data events for the export bucket: the path would have left only an AssumeRole event behind.',
      'Replacing the key with GitHub Actions OIDC federation, adding aws:PrincipalOrgID to the trust policy, narrowing the key policy and adding an S3 data perimeter cut the identities able to read the exports from 43 to 3.',
    ],
    methodology:
      "This case study reconstructs a four-week engagement with a payments provider that asked not to be named. Kryon Graph and Kryon IAM were connected read-only to all 60 accounts through an organization-wide role. Every link of the path was validated with the customer security team using IAM Access Analyzer and the IAM policy simulator; no attack was run against production. Figures come from the customer's own scans before and after remediation, and the customer reviewed the text before publication.",
    sources: [
      'AWS Identity and Access Management User Guide: The confused deputy problem',
      'AWS Whitepaper: Building a Data Perimeter on AWS',
      'Amazon S3 User Guide: Logging Amazon S3 API calls using AWS CloudTrail',
      'MITRE ATT&CK T1537 Transfer Data to Cloud Account',
      'PCI DSS v4.0.1, Requirement 3: Protect Stored Account Data',
    ],
    downloadCount: 1893,
    estimatedReadTime: '16 min read',
    featured: true,
    relatedArticles: [
      's3-exfiltration-external-accounts',
      'cross-account-trust-confused-deputy',
      'long-lived-access-keys',
      'vpc-endpoint-data-perimeter',
      'kms-key-policy-pitfalls',
    ],
    citations: 18,
  },
  {
    id: 'continuous-compliance-evidence-aws',
    title:
      'Continuous Compliance Evidence on AWS: Mapping CIS, SOC 2 and PCI DSS v4.0.1 to Live Configuration',
    description:
      'A practical model for collecting audit evidence from AWS configuration APIs continuously, with one policy set mapped to several frameworks.',
    abstract:
      'Audit season on AWS still often means screenshots, exported spreadsheets and a week of engineering time. This white paper shows which technical controls of the CIS AWS Foundations Benchmark, the SOC 2 Trust Services Criteria and PCI DSS v4.0.1 can be evidenced directly from AWS configuration APIs, how to map a single policy to several frameworks, and how policies kept as code give auditors a change history instead of a snapshot. It includes a reference mapping and the account structure that keeps PCI scope small.',
    type: 'White Paper',
    category: 'Compliance',
    impact: 'Medium',
    publishedDate: '2026-05-19',
    authors: [ELENA_VARGA, JONAS_ALBRECHT],
    tags: ['Compliance', 'CIS Benchmark', 'SOC 2', 'PCI DSS', 'Policy as Code', 'Audit Evidence'],
    keyFindings: [
      'Around 70% of the technical evidence auditors requested for SOC 2 common criteria CC6 and CC7 on AWS could be produced from configuration APIs such as GenerateCredentialReport, GetBucketPolicyStatus and GetTrailStatus.',
      'Point-in-time evidence missed drift: in environments scanned daily, a median of nine CIS AWS Foundations Benchmark checks changed state between two quarterly evidence collections.',
      'One check, CloudTrail enabled in all regions with log file validation, provided evidence for the CIS logging recommendations, PCI DSS v4.0.1 Requirement 10 and SOC 2 CC7.2 at once.',
      'Policies kept as code and changed through reviewed pull requests gave auditors a change history that teams had previously reconstructed from tickets.',
      'Isolating cardholder-data workloads in dedicated accounts under their own organizational unit more than halved the number of in-scope resources compared with scoping by tags.',
    ],
    methodology:
      'The authors mapped the text of each framework to the AWS APIs that expose the relevant configuration, then tested the mapping in 14 opted-in environments over two quarterly audit cycles. For each control, evidence collected automatically by Kryon Core was compared with the evidence the same teams had submitted by hand. The mapping covers technical controls only; process controls such as security awareness training are out of scope.',
    sources: [
      'CIS Amazon Web Services Foundations Benchmark v3.0.0',
      'AICPA 2017 Trust Services Criteria for Security, Availability, Processing Integrity, Confidentiality, and Privacy',
      'PCI DSS v4.0.1: Payment Card Industry Data Security Standard',
      'AWS Config Developer Guide: Conformance packs',
      'AWS Audit Manager User Guide',
    ],
    downloadCount: 2741,
    estimatedReadTime: '28 min read',
    featured: false,
    relatedArticles: [
      'cis-aws-foundations-benchmark',
      'soc2-continuous-evidence-aws',
      'pci-dss-v4-cloud-scope',
      'compliance-policies-as-code',
      'hipaa-phi-workloads-aws',
    ],
    citations: 24,
  },
] satisfies readonly (ResearchItem & { id: ResearchItemId })[];

/** What the download modal shows beside the lead form, per research item id. */
export const researchDownloadPreviews: Readonly<Record<string, DownloadPreview>> = {
  'q3-2026-privilege-escalation-report': {
    highlights: [
      'The 10 escalation primitives found most often, ranked by prevalence',
      'How long escalation paths stay open, by how they were introduced',
      'The remediation patterns that closed the most paths',
    ],
    contents: [
      'Executive summary and quarter-over-quarter trends',
      'Escalation primitives: PassRole, policy rewrites and role assumption',
      'Cross-account trust and its effect on blast radius',
      'Remediation playbook with IAM policy and SCP examples',
    ],
  },
  'lambda-function-url-exposure-november-2026': {
    highlights: [
      'How often function URLs run with AuthType NONE',
      'What the execution roles behind public URLs can reach',
      'The SCP that blocks new unauthenticated URLs',
    ],
    contents: [
      'Function URLs, resource-based policies and auth types',
      'Exposure and execution role findings for November 2026',
      'Plaintext secrets in environment variables',
      'Remediation: AWS_IAM auth, API Gateway and guardrails',
    ],
  },
  'admin-ports-exposure-october-2026': {
    highlights: [
      'How many accounts expose SSH or RDP to the internet',
      'Why IPv6 rules stay open after IPv4 rules are fixed',
      'Replacing inbound admin access with Session Manager',
    ],
    contents: [
      'How reachable exposure was measured',
      'Admin and database port findings for October 2026',
      'Why temporary rules become permanent',
      'Preventive controls: Config rules and Firewall Manager policies',
    ],
  },
  'imdsv1-ssrf-to-account-admin': {
    highlights: [
      'Every step of the chain with the CloudTrail events it leaves',
      'GuardDuty findings raised, and where they were missing',
      'Preventive settings that make the chain impossible',
    ],
    contents: [
      'SSRF and the instance metadata service: IMDSv1 versus IMDSv2',
      'From instance credentials to administrator via iam:PassRole',
      'Detection opportunities at each step',
      'Enforcing IMDSv2 with account defaults and SCPs',
    ],
  },
  'kev-exposure-prioritization': {
    highlights: [
      'CVSS-only versus exposure-aware remediation lists compared',
      'How fast clean container images drift into exposure',
      'A prioritization model combining KEV, EPSS, reachability and IAM scope',
    ],
    contents: [
      'Why CVSS alone misranks cloud workloads',
      'CISA KEV and EPSS as exploitation signals',
      'Adding reachability and identity reach to the score',
      'Operating the model with Amazon Inspector and ECR',
    ],
  },
  'payments-cross-account-exfiltration-case-study': {
    highlights: [
      'The five links of a real cross-account exfiltration path',
      'What the audit trail would and would not have shown',
      'An eleven-day remediation plan that kept pipelines running',
    ],
    contents: [
      'Background: 60 accounts and a PCI DSS assessment ahead',
      'The path: access key, trust policy, key policy, bucket',
      'Remediation: OIDC federation, trust conditions and a data perimeter',
      'Results and lessons for other regulated teams',
    ],
  },
  'continuous-compliance-evidence-aws': {
    highlights: [
      'Which controls AWS configuration APIs can evidence directly',
      'One policy mapped to CIS, SOC 2 and PCI DSS v4.0.1',
      'An account structure that keeps PCI scope small',
    ],
    contents: [
      'From screenshots to continuous evidence',
      'Reference mapping of controls to AWS APIs',
      'Policies as code and the audit change history',
      'Scoping regulated workloads with AWS Organizations',
    ],
  },
} satisfies Record<ResearchItemId, DownloadPreview>;
