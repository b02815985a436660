import type { ResearchReport } from '../research-report-types.ts';

/** The body of "Beyond CVSS: Prioritizing Known Exploited Vulnerabilities by Exposure and Identity Reach": why CVSS thresholds misrank AWS workloads, and a model that adds KEV, EPSS, reachability and IAM scope. */
export const kevExposurePrioritizationReport: ResearchReport = {
  sections: [
    {
      heading: 'Why a CVSS threshold gives the wrong list',
      paragraphs: [
        'A typical policy reads: fix every finding with a CVSS base score of 9.0 or above within seven days. It is easy to audit and easy to automate, and in AWS it produces a list that is both too long and aimed at the wrong workloads. The base score describes a vulnerability in the abstract: how it is reached, how complex it is to exploit, what it does to confidentiality, integrity and availability. It says nothing about whether anyone is exploiting it, whether the affected host can be reached, or what the host’s IAM role can do once an attacker runs code on it.',
        'CVSS v4.0 recognises this. Its Threat metric group carries Exploit Maturity, and its Environmental group lets the consumer adjust the base metrics and set confidentiality, integrity and availability requirements for the asset. In practice almost every feed, scanner and ticket we examined carried the base score alone, so the score that reaches a remediation queue is a property of the CVE, not of the workload. In AWS, the three facts that decide urgency are all available from APIs the organization already pays for: exploitation evidence from public catalogues, reachability from the network configuration, and blast radius from IAM.',
        'This paper compares four remediation policies over the same set of EC2 instances and Amazon ECR images from April to June 2026, and proposes a tiered model that a vulnerability team can operate with Amazon Inspector, a daily join against public feeds and an account of what each workload can reach.',
      ],
    },
    {
      heading: 'Exploitation signals: CISA KEV and EPSS',
      paragraphs: [
        'The CISA Known Exploited Vulnerabilities catalog lists CVEs for which CISA has reliable evidence of exploitation in the wild and a clear remediation action. Each entry carries the CVE id, vendor and product, the date added, a required action, a due date and whether the flaw is known to have been used in ransomware campaigns. Binding Operational Directive 22-01 obliges US federal civilian agencies to remediate catalogued flaws by those due dates, but the catalog is public and is now the most widely used exploitation signal outside government as well. Its strength is precision: a KEV entry means exploitation has been observed, not predicted. Its weakness is lag, because an entry appears only after the evidence has been gathered.',
        'The Exploit Prediction Scoring System, published daily by FIRST, estimates the probability that a CVE will see exploitation activity in the next 30 days, with a percentile against all scored CVEs. It covers every published CVE, including the great majority that will never be exploited, and moves as new evidence appears. Used together, the two complement each other: of the KEV entries added during the study quarter that affected scanned workloads, 68% already had an EPSS score of at least 0.1 a week before their date added.',
        'Across the open critical and high findings on scanned EC2 instances and container images, about 4% were KEV-listed. That share is small, and it is not a subset of the critical band: 46% of KEV-listed findings had a CVSS base score below 9.0, usually because the flaw requires some precondition the base metrics penalise, such as user interaction or local access, which attackers satisfy routinely in chains.',
      ],
    },
    {
      heading: 'Exposure context: reachability and identity reach',
      paragraphs: [
        'Reachability was computed by Kryon Graph from the network path rather than from any single setting. A workload counted as internet-reachable when a public IPv4 or IPv6 address sat in a subnet routed to an internet gateway and both its security groups and network ACLs allowed the vulnerable service’s port, or when an internet-facing Application or Network Load Balancer had a listener forwarding to a target group containing the workload. Workloads reachable only from inside the VPC, from peered networks or through AWS Systems Manager were counted as internal. Container images were mapped to running Amazon ECS tasks and Amazon EKS pods by image digest, so an image only inherited the exposure of workloads actually running it.',
        'Identity reach is what the workload’s credentials allow after compromise: the instance profile role for EC2, the task role for ECS and the service account role for EKS pods. Kryon IAM evaluated each role’s effective permissions, after service control policies and permissions boundaries, and placed it in one of four bands: administrator-equivalent or able to escalate to it; able to read or write sensitive data, meaning s3:GetObject on buckets holding customer data, kms:Decrypt on the keys protecting them, Secrets Manager secret values or DynamoDB tables classified as sensitive; able to modify infrastructure; or limited. A role in either of the first two bands counted as privileged for the model.',
      ],
    },
    {
      heading: 'What the data showed',
      paragraphs: [
        'The comparison below is normalised to 1,000 workloads so that fleets of different sizes can be combined. Across opted-in environments, each 1,000 workloads carried a median of about 21,400 open critical and high findings. A seven-day list defined by CVSS 9.0 or above held 4,710 of them. Of that list, only 16% sat on internet-reachable workloads, and just under a tenth of it was KEV-listed; the rest were flaws with no evidence of exploitation, many on hosts nobody outside the VPC could reach.',
        'The tiered model described later put 1,150 findings in its seven-day tier, about three quarters fewer than the CVSS policy, and 64% of them were on internet-reachable workloads. More importantly, the CVSS policy left out 44% of the KEV-listed findings on reachable or privileged workloads, which are the findings most likely to be used against the organization this quarter. The model left none of them out. A KEV-only policy produced an even shorter list but inherited the catalogue’s lag, and an EPSS threshold alone still spent most of its effort on internal hosts.',
      ],
      table: {
        caption:
          'Seven-day remediation list under each policy, per 1,000 workloads, April to June 2026',
        columns: [
          'Policy',
          'Findings due in 7 days',
          'Compared with CVSS 9.0',
          'On internet-reachable workloads',
          'Reachable or privileged KEV findings missed',
        ],
        rows: [
          ['CVSS base 9.0 or above', '4,710', 'Baseline', '16%', '44%'],
          ['EPSS 0.1 or above', '2,380', '49% shorter', '19%', '21%'],
          ['KEV-listed only', '870', '82% shorter', '24%', '0%'],
          ['KEV, EPSS, reachability and identity reach', '1,150', '76% shorter', '64%', '0%'],
        ],
      },
    },
    {
      heading: 'Old AMIs and clean images that do not stay clean',
      paragraphs: [
        'Rebuild cadence predicted KEV exposure better than any patching metric we tried. Where the source AMI was more than 180 days old, 18% of instances carried at least one KEV-listed vulnerability, against 6% where it was less than a month old, a threefold difference. In-place patching with AWS Systems Manager Patch Manager narrowed the gap for operating system packages but not for language runtimes and application dependencies baked into the image, which is where most of the remaining KEV findings on old hosts sat.',
        'Containers showed the same effect on a faster clock. Images that scanned clean for high and critical CVEs when pushed to Amazon ECR had, by their ninetieth day in production, picked up a median of six such CVEs absent from the push-time results, in registries that relied on basic scanning with scan on push alone. Basic scanning evaluates an image when it is pushed, or when a manual scan is requested, and does not re-evaluate it as new CVEs are published against the packages it already contains. The drift was visible only because the same environments also ran a third-party scanner or later switched the repository to Amazon Inspector enhanced scanning; the registry’s own findings still showed the image as clean.',
      ],
      table: {
        caption:
          'Source AMI age and KEV exposure on running EC2 instances, opted-in environments, April to June 2026',
        columns: [
          'Source AMI age at scan',
          'Share of instances',
          'Instances with a KEV-listed finding',
          'Median critical and high findings',
        ],
        rows: [
          ['Under 31 days (rebuilt at least monthly)', '23%', '6%', '3'],
          ['31 to 90 days', '29%', '9%', '7'],
          ['91 to 180 days', '21%', '12%', '12'],
          ['Older than 180 days', '27%', '18%', '21'],
        ],
      },
    },
    {
      heading: 'Two workloads, one CVE',
      paragraphs: [
        'Why exposure context matters is easiest to see in an example built from a pattern that recurred across environments. Account 111122223333 runs two workloads that contain the same KEV-listed deserialization flaw in a Java application framework, with a CVSS base score of 9.8 and an EPSS score above 0.9. To a CVSS or EPSS ranking they are identical.',
        'The first is a nightly batch host, instance i-0b1c2d3e4f5a67890, in a private subnet with no inbound security group rules and outbound access through a NAT gateway. Its role, batch-reconcile-role, can write to a single prefix of a scratch bucket. Reaching the vulnerable code would require an attacker to already be inside the VPC, and a successful exploit would yield a role that can write scratch files.',
        'The second is an Amazon ECS service on AWS Fargate behind an internet-facing Application Load Balancer whose HTTPS listener forwards to the service’s target group. Its task role, arn:aws:iam::111122223333:role/orders-api-task, allows s3:GetObject on arn:aws:s3:::example-customer-exports/*, kms:Decrypt on the key that protects that bucket and dynamodb:Query on the customers table. Anyone on the internet can send the malicious payload, and a successful exploit hands the attacker the task role’s credentials from the container credentials endpoint and with them the customer data.',
        'The model puts the API service in the seven-day tier with a 24-hour compensating control, and the batch host in the 30-day tier, to be fixed by its next scheduled rebuild. Neither CVSS nor EPSS could have made that distinction, because nothing that separates the two workloads is a property of the vulnerability.',
      ],
    },
    {
      heading: 'A prioritization model that fits in seven days',
      paragraphs: [
        'The model keeps CVSS as a severity floor and uses exploitation evidence, reachability and identity reach to decide the order. It is deliberately simple enough to explain to an auditor and to implement as a query over Inspector findings joined to two public feeds and the workload graph.',
      ],
      bullets: [
        'Tier 1, fix within 7 days and apply a compensating control within 24 hours: a KEV-listed finding on a workload that is internet-reachable or privileged, or a finding with EPSS of at least 0.1 on a workload that is both internet-reachable and privileged.',
        'Tier 2, fix within 30 days: any other KEV-listed finding, and critical findings on internet-reachable workloads.',
        'Tier 3, fix through the regular rebuild cycle: everything else at high or critical severity, with the rebuild cadence itself treated as the control and measured.',
        'Re-evaluate daily: a finding moves up when CISA adds its CVE to the catalog, when a security group or load balancer change makes its workload reachable, or when its role gains permissions, and down when the exposure is removed.',
        'Count compensating controls honestly: removing public exposure or cutting the role to the limited band moves a finding down a tier; a web application firewall rule buys time but does not.',
      ],
    },
    {
      heading: 'Operating the model with Amazon Inspector and ECR',
      paragraphs: [
        'Everything the model needs is available from AWS services and public data, and the order below is the one that reduced exposure fastest in the environments we studied.',
      ],
      bullets: [
        'First, turn on continuous scanning. Set the registry scanning configuration to enhanced scanning with continuous scan frequency through PutRegistryScanningConfiguration, and choose an Inspector re-scan duration long enough to cover the images you actually run. Enable Inspector across the organization through a delegated administrator so that new accounts are scanned from their first day.',
        'Second, enrich findings daily. Inspector findings already carry the EPSS score and whether a public exploit and a fix are available; join them by CVE id to the KEV catalog’s JSON feed, and to the reachability and role band of the affected workload.',
        'Third, route by tier, not by score. Match Inspector findings in Amazon EventBridge and send tier 1 to the owning team’s paging channel with the exposure and role explanation attached, so the reason for urgency travels with the ticket.',
        'Fourth, shorten the rebuild cycle. Rebuild AMIs at least monthly with EC2 Image Builder and trigger an out-of-cycle build when a KEV entry affects the base image; rebuild container images on a fixed schedule from a refreshed base image rather than only when application code changes.',
        'Fifth, retire what no longer runs. ECR lifecycle policies that expire untagged and superseded images keep findings focused on images that can still be deployed.',
      ],
    },
    {
      heading: 'What Kryon recommends next',
      paragraphs: [
        'Measure your current policy against the model before changing it. Take one quarter of findings, compute the seven-day list under your existing threshold and under the tiered model, and count how many KEV-listed findings on reachable or privileged workloads each one leaves out. In every environment we studied, that single number made the case for change more convincingly than any score.',
        'Then make exposure and identity part of the finding itself. Kryon Vuln attaches reachability and the role band to every imported finding and recalculates the tier when any of the inputs change, but the model does not depend on a particular tool: the inputs are Inspector findings, two public feeds and a graph of network paths and effective permissions. Teams that already operate an IAM analysis and a network inventory can build a first version in a sprint.',
        'Our next study follows tier 1 findings through to closure, measuring how long compensating controls stay in place and whether findings closed by rebuild return in the next image.',
      ],
    },
  ],
};
