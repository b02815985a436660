/**
 * The three monthly research findings of /security-intelligence, oldest first. Each month's
 * figures match the research item published for it, so the index and the archive never disagree.
 */
import type { ResearchFinding } from './intelligence-types.ts';

export const researchFindings: readonly ResearchFinding[] = [
  {
    month: 'September 2026',
    title: 'IMDSv1 still answers on more than one in five EC2 instances',
    findings: [
      '22% of scanned EC2 instances accepted IMDSv1 requests because HttpTokens was still set to optional.',
      'Most of them were launched from launch templates or AMIs created before the account-level IMDSv2 default was turned on.',
      'On internet-facing instances that allowed IMDSv1, 9% of instance roles reached administrator-equivalent permissions within three hops.',
      'Changing the account default affects new launches only; existing instances need ModifyInstanceMetadataOptions with HttpTokens set to required.',
    ],
    impact: 'Critical',
    category: 'Attack Paths',
  },
  {
    month: 'October 2026',
    title: 'Admin ports open to the internet in nearly a third of accounts',
    findings: [
      '31% of scanned accounts had a security group allowing SSH (22) or RDP (3389) from 0.0.0.0/0 or ::/0 on a running instance with a public address.',
      'In a fifth of exposed groups the IPv4 rule had been restricted while the matching ::/0 rule stayed open.',
      'Half of the exposed rules were described as temporary or for troubleshooting, with a median age of 96 days.',
      'Session Manager replaced inbound SSH and RDP in every workload reviewed, with no security group ingress rule at all.',
    ],
    impact: 'High',
    category: 'Infrastructure Security',
  },
  {
    month: 'November 2026',
    title: 'Unauthenticated Lambda function URLs with write-capable roles',
    findings: [
      '14% of accounts using function URLs had at least one URL with AuthType NONE open to any caller.',
      'About a quarter of those functions ran with an execution role able to write to DynamoDB, S3 or Secrets Manager.',
      'One in eight publicly invocable functions kept a plaintext credential in an environment variable.',
      'An SCP on the lambda:FunctionUrlAuthType condition key stopped new unauthenticated URLs in every account that applied it.',
    ],
    impact: 'High',
    category: 'Serverless Security',
  },
];
