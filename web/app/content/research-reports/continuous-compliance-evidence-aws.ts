import type { ResearchReport } from '../research-report-types.ts';

/** The body of "Continuous Compliance Evidence on AWS": which technical controls of CIS, SOC 2 and PCI DSS v4.0.1 AWS configuration APIs can evidence, how one check maps to several frameworks, and how account structure keeps PCI scope small. */
export const continuousComplianceEvidenceAwsReport: ResearchReport = {
  sections: [
    {
      heading: 'From screenshots to continuous evidence',
      paragraphs: [
        'In the 14 environments we studied, the typical audit cycle still began with a spreadsheet of evidence requests and ended with a shared folder of console screenshots, CSV exports and ticket links. Engineers spent a median of six working days per cycle on collection for SOC 2 alone, and more where a PCI DSS assessment ran in parallel. Most of that time went on evidence that AWS already exposes through read-only APIs: whether CloudTrail is logging, whether root has MFA, whether a bucket is public.',
        'Screenshots have two weaknesses beyond the effort. They show one moment, while a SOC 2 Type II report and most PCI DSS requirements describe how a control operated over a period. And they are hard for an auditor to test: a screenshot of a console page says little about completeness, which account or Region it came from, or whether it was taken before or after a fix. Auditors treat this material as information produced by the entity and have to gain comfort over its completeness and accuracy, which usually means more sampling and more questions.',
        'Evidence taken straight from configuration APIs, on a schedule, with the request, the raw response, the calling role and a timestamp kept together, answers both problems. This paper describes what that evidence can and cannot cover, how we mapped it to three frameworks at once, and what changed when the same teams used it for two quarterly cycles.',
      ],
    },
    {
      heading: 'What configuration APIs can evidence',
      paragraphs: [
        'We read each control in scope and asked a narrow question: is there an AWS API whose response, on its own, demonstrates the control’s technical state? For identity controls the answer is often yes. GenerateCredentialReport followed by GetCredentialReport returns, for every IAM user, whether a password is enabled, whether MFA is active, when each access key was last rotated and last used. GetAccountSummary reports AccountMFAEnabled and AccountAccessKeysPresent for the root user, and GetAccountPasswordPolicy returns the password policy in force. IAM Access Analyzer’s ListFindings, with the organisation as the zone of trust, shows which resources are shared outside it.',
        'For data protection and logging the coverage is similar. GetPublicAccessBlock at account and bucket level, together with GetBucketPolicyStatus and its IsPublic flag, evidences that storage is not public; GetBucketEncryption, GetEbsEncryptionByDefault and the StorageEncrypted attribute returned by DescribeDBInstances evidence encryption at rest; GetKeyRotationStatus covers key rotation. DescribeTrails, GetTrailStatus and GetEventSelectors describe what CloudTrail records and whether it is delivering. DescribeConfigurationRecorderStatus shows that AWS Config is recording, and GetDetector shows which GuardDuty protection plans are on. Organizations ListPoliciesForTarget and DescribePolicy return the SCPs in force on an account or OU.',
        'Across the SOC 2 common criteria CC6 and CC7, about seven in ten technical evidence requests could be met this way. The remainder fell into three groups: approvals and reviews, such as the sign-off of a quarterly access review, where the API shows the result but not the decision; response records, such as the triage notes behind an alert under CC7.3 and CC7.4; and controls that live outside AWS, such as deprovisioning in an external identity provider that feeds IAM Identity Center through SCIM. Those still need people and tickets, and we did not try to automate them.',
      ],
      table: {
        caption:
          'Technical evidence requests for SOC 2 CC6 and CC7 over two cycles in 14 environments, and the share produced from configuration APIs',
        columns: ['Criterion', 'Requests', 'From APIs', 'Share', 'Main APIs used'],
        rows: [
          ['CC6.1', '312', '246', '79%', 'GetCredentialReport, GetBucketEncryption'],
          ['CC6.2', '96', '52', '54%', 'GetCredentialReport, ListUsers'],
          ['CC6.3', '148', '94', '64%', 'ListPoliciesForTarget, GetAccountAuthorizationDetails'],
          ['CC6.6', '124', '98', '79%', 'DescribeSecurityGroupRules, GetBucketPolicyStatus'],
          ['CC6.7', '88', '71', '81%', 'DescribeLoadBalancers, GetBucketPolicy'],
          ['CC7.1', '132', '95', '72%', 'DescribeConfigurationRecorderStatus, DescribeFlowLogs'],
          ['CC7.2', '160', '96', '60%', 'GetTrailStatus, GetDetector'],
          ['All', '1,060', '752', '71%', '—'],
        ],
      },
    },
    {
      heading: 'Reference mapping: one check, several frameworks',
      paragraphs: [
        'The three frameworks describe overlapping controls at different levels. The CIS AWS Foundations Benchmark v3.0.0 states AWS configuration directly; the Trust Services Criteria state outcomes and leave the control design to the organisation; PCI DSS v4.0.1 sits between them, with defined requirements that still need interpreting for cloud services. Writing one check per framework triples the maintenance and produces three slightly different answers to the same question. We wrote each check once, against the AWS configuration, and attached every framework reference it evidences as metadata.',
        'The table shows a subset of the reference mapping. The CIS column refers to benchmark sections rather than recommendation numbers, which have shifted between versions. A mapping is an argument, not a fact: the SOC 2 references in particular are the ones our authors and the participating auditors agreed on, and a different auditor may ask for more.',
      ],
      table: {
        caption:
          'Selected checks from the reference mapping, with the API evidence and framework references',
        columns: ['Check', 'API evidence', 'CIS v3.0.0', 'SOC 2', 'PCI DSS v4.0.1'],
        rows: [
          [
            'CloudTrail in all Regions with log file validation',
            'DescribeTrails, GetTrailStatus',
            'Logging',
            'CC7.2',
            '10.2.1, 10.3.4',
          ],
          ['Root user has MFA and no access keys', 'GetAccountSummary', 'IAM', 'CC6.1', '8.4.1'],
          [
            'Unused credentials disabled, keys rotated',
            'GetCredentialReport',
            'IAM',
            'CC6.2, CC6.3',
            '8.2.6, 8.6.3',
          ],
          [
            'S3 Block Public Access on, no public buckets',
            'GetPublicAccessBlock, GetBucketPolicyStatus',
            'Storage',
            'CC6.1, CC6.6',
            '1.4.4',
          ],
          [
            'Encryption at rest for EBS, RDS and S3',
            'GetEbsEncryptionByDefault, DescribeDBInstances',
            'Storage',
            'CC6.1',
            '3.5.1',
          ],
          [
            'No admin ports open to 0.0.0.0/0 or ::/0',
            'DescribeSecurityGroupRules',
            'Networking',
            'CC6.6',
            '1.3.1',
          ],
          ['Threat detection enabled', 'GetDetector', '—', 'CC7.2', '11.5.1'],
        ],
      },
    },
    {
      heading: 'Worked example: the CloudTrail check',
      paragraphs: [
        'CloudTrail configuration is the clearest case of one check serving three frameworks. The CIS logging section recommends a trail in all Regions and log file validation; PCI DSS v4.0.1 Requirement 10 needs audit logs enabled and active and a change-detection mechanism on them; SOC 2 CC7.2 expects the organisation to monitor system components for anomalies, which presupposes a reliable record. The evidence for all three comes from the same calls, made in the management account or the delegated administrator for an organisation trail, and repeated in each member account to prove the trail applies there.',
      ],
      bullets: [
        'Call DescribeTrails with includeShadowTrails set to true and select trails where IsMultiRegionTrail and LogFileValidationEnabled are both true; for an organisation trail, IsOrganizationTrail is also true, for example arn:aws:cloudtrail:eu-west-1:111122223333:trail/org-trail.',
        'Call GetTrailStatus on that trail and record IsLogging, LatestDeliveryTime and LatestDigestDeliveryTime. A trail that is configured but stopped, or one whose last delivery is a day old, fails the check even though the configuration looks correct.',
        'Call GetEventSelectors to record whether management events are read and write, whether any event sources are excluded, and which data events are selected. This is what tells an assessor whether access to cardholder data is logged, not only API administration.',
        'Store the responses as one evidence record, for example {"check": "cloudtrail-multiregion-validation", "IsLogging": true, "LogFileValidationEnabled": true, "collectedAt": "2026-04-02T06:00:00Z"}, with the full raw responses, the ARN of the read-only role that made the calls, and a hash of the record.',
        'Attach a monthly run of the AWS CLI validate-logs command against the digest files as evidence that the change-detection mechanism works, not only that it is switched on.',
      ],
    },
    {
      heading: 'Point-in-time evidence misses drift',
      paragraphs: [
        'Because Kryon Core scanned the 14 environments daily, we could compare the two quarterly collections with everything that happened between them. In the median environment, nine CIS checks changed state at least once in that interval: they failed and were fixed, or passed and then failed, without either collection noticing. The most common cause was temporary change that outlived its purpose, such as a troubleshooting ingress rule or an access key created for a vendor integration test.',
        'Drift cuts both ways for an audit. A check that failed for three weeks mid-quarter is an operating-effectiveness exception the organisation would rather find itself than have an auditor find in a configuration timeline. Equally, a check that failed on the collection day but passed for the rest of the quarter is less serious than a snapshot suggests. Daily state with history lets the team report time out of compliance per control, which is the measure a Type II auditor actually cares about.',
      ],
      table: {
        caption:
          'CIS checks that most often changed state between the two quarterly collections (14 environments)',
        columns: [
          'Check',
          'Environments affected',
          'Median changes per environment',
          'Typical cause',
        ],
        rows: [
          [
            'IAM credentials unused for 45 days, keys older than 90 days',
            '13',
            '7',
            'Keys created for integrations and tests',
          ],
          ['Admin ports open to 0.0.0.0/0 or ::/0', '12', '6', 'Temporary troubleshooting rules'],
          ['VPC flow logs enabled', '10', '4', 'New VPCs from templates without flow logs'],
          ['IAM users with console access and no MFA', '9', '3', 'New joiners, service users'],
          [
            'S3 Block Public Access at bucket level',
            '7',
            '2',
            'Static site and data-sharing experiments',
          ],
          ['EBS encryption by default', '5', '1', 'Newly enabled Regions'],
        ],
      },
    },
    {
      heading: 'Policies as code and the audit change history',
      paragraphs: [
        'The second change the teams made was to move their policies, and the exceptions to them, into version control. In Kryon the checks and their framework mappings are kept as code; the teams kept their own custom policies, SCPs and AWS Config conformance pack templates in the same repositories. Every change went through a pull request with at least one reviewer from outside the author’s team, and continuous integration ran each policy against fixtures of compliant and non-compliant configuration before merge.',
        'For the auditor the effect was a population of changes rather than a reconstruction. Before, a team asked to show how a control changed during the period searched tickets, chat history and memory. Afterwards, the git log was the population: each change had an author, an approver, a description, a passing test run and a merge time, and each evidence record named the policy version it was evaluated against. Auditors sampled pull requests instead of asking for walkthroughs, which also serves SOC 2 CC8.1 for the policies themselves.',
        'Exceptions were the part most improved. A waiver became a file naming the resource, the control, the reason, the approver and an expiry date. Expired waivers fail the pipeline, so temporary exceptions no longer outlive their purpose.',
      ],
    },
    {
      heading: 'Scoping regulated workloads with AWS Organizations',
      paragraphs: [
        'Six of the 14 environments process card data. Before the study, four of them scoped PCI DSS by tag: resources carrying a tag such as pci-scope=true were in scope, and everything else was argued out. Tags are useful for inventory but a weak boundary. IAM roles, security group references, VPC peering and shared KMS keys operate at the account level, so an assessor must treat any untagged component that can reach a tagged one as connected to the cardholder data environment, and untagged resources in a shared account have to be justified one by one. All four moved to dedicated accounts during the study.',
        'Moving cardholder-data workloads into dedicated accounts under their own OU replaced that argument with a boundary AWS enforces. SCPs attached to the OU deny actions outside approved Regions using aws:RequestedRegion, prevent CloudTrail and AWS Config from being stopped or deleted, and deny access to resources outside the organisation with aws:ResourceOrgID. Connected systems remain in scope, notably the deployment pipeline and the log archive, but they are few and named. In those four environments, the number of in-scope resources fell by more than half.',
      ],
      table: {
        caption:
          'PCI DSS scope before and after moving to a dedicated OU, median over the four environments that moved',
        columns: ['Measure', 'Scoped by tags', 'Scoped by dedicated OU', 'Change'],
        rows: [
          ['In-scope resources', '3,940', '1,610', '-59%'],
          ['Accounts in scope', '22', '7', '-68%'],
          ['IAM roles in scope', '412', '137', '-67%'],
          ['Evidence requests per assessment', '386', '214', '-45%'],
        ],
      },
    },
    {
      heading: 'Detecting gaps in the evidence itself',
      paragraphs: [
        'Continuous evidence fails quietly if nobody watches the collector. The most common gaps in the study were structural rather than technical: a new account created through account vending that the evidence role had not yet reached, a Region enabled for a new market with no AWS Config recorder, and an evidence role whose permissions were narrowed by a well-meant SCP change. Each produced an absence of evidence, which looked identical to an absence of findings unless the collector reported it.',
        'We treated coverage as a control in its own right and checked it daily. The population of accounts came from Organizations ListAccounts, the population of Regions from the account’s enabled Regions, and every account and Region pair had to return a successful collection for every check. A failed or partial collection raised an alert to the compliance owner, not to the workload team, and was recorded as a gap in the evidence history so that the auditor saw it rather than discovering a silent hole.',
      ],
      bullets: [
        'Accounts in ListAccounts with no evidence collected in the last 24 hours.',
        'Enabled Regions where DescribeConfigurationRecorderStatus shows no recorder, or a recorder that is not recording.',
        'AccessDenied responses to the evidence role, which usually mean an SCP or permission boundary changed.',
        'Trails where LatestDeliveryTime is older than the expected delivery interval.',
        'Waivers that expire within 14 days, so owners renew or fix them before the pipeline fails.',
      ],
    },
    {
      heading: 'Recommendations in priority order',
      paragraphs: [
        'The order below reflects what produced the most saved effort and the fewest audit surprises in the study environments. The first three steps need no change to workloads.',
      ],
      bullets: [
        'Take the evidence request list from your last audit and mark each technical request that a configuration API could answer. Expect around seven in ten CC6 and CC7 requests to qualify.',
        'Make the foundations evidence-ready: an organisation trail in all Regions with log file validation, AWS Config recording in every enabled Region with an aggregator, and a read-only evidence role deployed to every account.',
        'Collect daily and keep the history. Report time out of compliance per control over the audit period, not the state on collection day.',
        'Write each check once against the AWS configuration and map it to every framework it evidences, keeping the mapping under version control.',
        'Move policies, SCPs and exceptions into repositories with reviewed pull requests, and give every exception an owner and an expiry date.',
        'Before the next PCI DSS assessment, move cardholder-data workloads into dedicated accounts under their own OU and list connected systems explicitly.',
        'Agree the evidence format with your auditor before the period starts, including how you demonstrate the completeness and accuracy of API-generated reports.',
      ],
    },
  ],
};
