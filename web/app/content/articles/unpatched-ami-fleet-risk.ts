import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'unpatched-ami-fleet-risk',
  title: 'Stale AMIs and Unpatched EC2 Fleets: Measuring and Shrinking Image Age',
  description:
    'Golden AMIs start ageing the day they are built. How to measure AMI and instance age across accounts, find unscanned hosts, and keep fleets current with Image Builder, Patch Manager and Allowed AMIs.',
  category: 'Vulnerability Intelligence',
  severity: 'Medium',
  mitreAttack: 'T1068 Exploitation for Privilege Escalation',
  audience: 'Platform and infrastructure teams, AWS security engineers, vulnerability managers',
  kryonSolution: ['Kryon Vuln', 'Kryon Core'],
  publishedDate: '2026-02-25',
  tags: ['EC2', 'AMI', 'Patch Management', 'Amazon Inspector', 'Image Builder'],
  body: [
    {
      kind: 'paragraph',
      text: 'An AMI is a snapshot of an operating system and its packages on the day it was built. From that day on it falls behind: kernel, OpenSSL, sudo and every library on it collect advisories. Teams patch running instances in place, but Auto Scaling groups launch new instances from the AMI in the launch template, so every scale-out event can bring back vulnerabilities that were fixed last month. Meanwhile, long-lived servers that were never rebuilt drift further from every baseline.',
    },
    {
      kind: 'paragraph',
      text: 'The typical result is a fleet with several kernel generations and a long tail of local privilege escalation flaws, such as CVE-2021-3156 in sudo and CVE-2022-0847 (Dirty Pipe) in the Linux kernel, both listed in the CISA KEV catalog. These rarely provide initial access on their own, which is why this is rated medium. They turn any foothold, a compromised application user or a container escape, into root, and root on an EC2 instance means the instance role credentials, every secret on disk and the ability to disable logging agents.',
    },
    { kind: 'heading', text: 'How stale images create risk' },
    {
      kind: 'list',
      items: [
        'The rebuild gap: patches applied in place are lost when the Auto Scaling group replaces or adds instances from the original AMI.',
        'Pinned AMI IDs: infrastructure code and launch templates that hard-code an AMI ID keep launching it long after a newer image exists.',
        'Unscanned hosts: instances without a working SSM Agent are invisible to agent-based Amazon Inspector scanning unless agentless scanning is enabled.',
        'Unsupported operating systems: images past their end of support stop receiving fixes at all, and scanners may stop reporting on them.',
        'Privilege escalation as an amplifier: a local root exploit on a host whose role can write IAM or read production data turns a low-privilege foothold into an account-level incident.',
      ],
    },
    { kind: 'heading', text: 'Measuring fleet age' },
    { kind: 'subheading', text: 'Instance and AMI age' },
    {
      kind: 'code',
      language: 'bash',
      code: `# Running instances, their AMI, and the AMI's creation date
aws ec2 describe-instance-image-metadata \\
  --query 'InstanceImageMetadata[].[InstanceId,ImageMetadata.ImageId,ImageMetadata.CreationDate]' \\
  --output text | sort -k3

# Your own AMIs, oldest first, with any deprecation time
aws ec2 describe-images --owners self \\
  --query 'sort_by(Images,&CreationDate)[].[ImageId,Name,CreationDate,DeprecationTime]' \\
  --output table`,
    },
    { kind: 'subheading', text: 'Findings per AMI' },
    {
      kind: 'paragraph',
      text: 'Age is a proxy. Amazon Inspector gives the real measure and can aggregate findings by AMI, which shows which images to rebuild first and how many instances each one affects.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws inspector2 list-finding-aggregations --aggregation-type AMI \\
  --query 'responses[].amiAggregation.[ami,affectedInstances,severityCounts.critical,severityCounts.high]' \\
  --output text`,
    },
    { kind: 'subheading', text: 'Coverage and patch compliance' },
    {
      kind: 'code',
      language: 'bash',
      code: `# EC2 instances Inspector is not scanning, with the reason
aws inspector2 list-coverage \\
  --filter-criteria '{"resourceType":[{"comparison":"EQUALS","value":"AWS_EC2_INSTANCE"}],"scanStatusCode":[{"comparison":"EQUALS","value":"INACTIVE"}]}' \\
  --query 'coveredResources[].[resourceId,scanStatus.reason]' --output text

# Hybrid mode scans instances without a working SSM Agent via EBS snapshots
aws inspector2 update-configuration --ec2-configuration scanMode=EC2_HYBRID

# Patch Manager view of missing and critical patches
aws ssm describe-instance-patch-states --instance-ids i-0abcd1234efgh5678 \\
  --query 'InstancePatchStates[].[InstanceId,MissingCount,CriticalNonCompliantCount,SecurityNonCompliantCount]'`,
    },
    {
      kind: 'paragraph',
      text: 'For continuous evaluation, AWS Config offers the managed rules `ec2-managedinstance-patch-compliance-status-check`, `ec2-instance-managed-by-systems-manager`, `approved-amis-by-id`, `approved-amis-by-tag` and `ec2-instance-launched-with-allowed-ami`.',
    },
    { kind: 'heading', text: 'Keeping fleets current' },
    { kind: 'subheading', text: 'Build images on a schedule' },
    {
      kind: 'paragraph',
      text: 'An EC2 Image Builder pipeline with a schedule and image scanning enabled produces a fresh, scanned AMI every week, or sooner when a parent image or component changes. Publish the new AMI ID to an SSM parameter with the `aws:ec2:image` data type, and have launch templates resolve it at launch time with `resolve:ssm:<parameter-name>`. For Amazon Linux, AWS publishes public parameters such as `/aws/service/ami-amazon-linux-latest/al2023-ami-kernel-default-x86_64`.',
    },
    {
      kind: 'code',
      language: 'hcl',
      caption:
        'Terraform: launch template resolving the latest golden AMI, with forced replacement',
      code: `resource "aws_launch_template" "web" {
  name_prefix   = "web-"
  image_id      = "resolve:ssm:/golden-ami/web/latest"
  instance_type = "m7i.large"

  metadata_options {
    http_tokens = "required"
  }
}

resource "aws_autoscaling_group" "web" {
  name                  = "web-prod"
  min_size              = 3
  max_size              = 12
  vpc_zone_identifier   = var.private_subnet_ids
  max_instance_lifetime = 1209600 # 14 days, so every instance is rebuilt regularly

  launch_template {
    id      = aws_launch_template.web.id
    version = aws_launch_template.web.latest_version
  }

  instance_refresh {
    strategy = "Rolling"
    preferences {
      min_healthy_percentage = 90
    }
  }
}`,
    },
    {
      kind: 'paragraph',
      text: 'Because the parameter is resolved at launch, publishing a new AMI does not change the launch template, and Terraform will not trigger an instance refresh. Either rely on `max_instance_lifetime` to rotate instances, or start a refresh from the image pipeline once the new AMI is published.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws autoscaling start-instance-refresh --auto-scaling-group-name web-prod \\
  --preferences '{"MinHealthyPercentage":90,"InstanceWarmup":300}'

# Mark old images so they stop appearing in launch workflows
aws ec2 enable-image-deprecation --image-id ami-0123456789abcdef0 \\
  --deprecate-at 2026-06-30T00:00:00Z`,
    },
    { kind: 'subheading', text: 'Block stale images at launch' },
    {
      kind: 'paragraph',
      text: 'Allowed AMIs, an account-level EC2 setting per Region, limits which images can be discovered and launched. Its criteria can require that your own images are younger than a maximum age and that Amazon images are not deprecated. Start in audit mode, check the `ImageAllowed` field on images and instances, then enable it.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'criteria.json for replace-image-criteria-in-allowed-images-settings',
      code: `{
  "ImageCriteria": [
    {
      "ImageProviders": ["111122223333"],
      "CreationDateCondition": { "MaximumDaysSinceCreated": 90 }
    },
    {
      "ImageProviders": ["amazon"],
      "DeprecationTimeCondition": { "MaximumDaysSinceDeprecated": 0 }
    }
  ]
}`,
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws ec2 enable-allowed-images-settings --allowed-images-settings-state audit-mode
aws ec2 replace-image-criteria-in-allowed-images-settings --cli-input-json file://criteria.json`,
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'Allowed AMIs governs launches, not the running fleet',
      text: 'Instances that are already running keep running whatever their AMI. Pair the launch-time control with `describe-instance-image-metadata` filtered on `image-allowed=false`, or the `ec2-instance-launched-with-allowed-ami` Config rule, to find the existing instances that no longer meet the standard, and with Patch Manager maintenance windows for long-lived hosts that cannot yet be rebuilt.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Vuln imports Amazon Inspector findings for every instance and AMI and ranks them by exposure and by what the instance role can reach, so a local privilege escalation flaw on an internet-facing host whose role can write IAM rises above the same flaw on an isolated worker. Kryon Core tracks image and instance age, Inspector coverage and patch compliance across every account as continuous checks, maps them to controls such as NIST SP 800-53 SI-2 Flaw Remediation and the CIS benchmarks, and lets you encode your own standard, for example a maximum AMI age per environment, as a custom policy.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Report instance and AMI age across every account and Region.',
        'Aggregate Inspector findings by AMI and rebuild the worst images first.',
        'Enable Inspector hybrid scan mode and fix hosts without a working SSM Agent.',
        'Build golden AMIs on a schedule with Image Builder and image scanning.',
        'Resolve AMI IDs from SSM parameters instead of pinning them in code.',
        'Set `max_instance_lifetime` or trigger instance refreshes after each new image.',
        'Deprecate superseded AMIs and enable Allowed AMIs with an age condition.',
        'Patch long-lived hosts in maintenance windows until they can be rebuilt.',
      ],
    },
  ],
};
