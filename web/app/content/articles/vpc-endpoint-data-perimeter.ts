import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'vpc-endpoint-data-perimeter',
  title: 'VPC Endpoint Policies: Building a Data Perimeter Against Exfiltration',
  description:
    'Default VPC endpoint policies let a compromised workload copy data to any bucket in any AWS account. How to build a data perimeter with endpoint policies, aws:ResourceOrgID, bucket policies and RCPs.',
  category: 'Infrastructure Security',
  severity: 'Medium',
  mitreAttack: 'T1537 Transfer Data to Cloud Account',
  audience: 'Cloud security architects, network engineers, data protection teams',
  kryonSolution: ['Kryon Core', 'Kryon Graph'],
  publishedDate: '2026-06-03',
  tags: ['VPC Endpoints', 'Data Perimeter', 'Exfiltration', 'S3', 'RCP'],
  body: [
    {
      kind: 'paragraph',
      text: 'Teams add VPC endpoints for S3, DynamoDB, STS and Secrets Manager to keep traffic off the internet and to remove NAT gateway costs. Then they leave the endpoint policy at its default, which allows every principal to perform every action on every resource. That default turns the endpoint into a private, high-bandwidth path from your workloads to any S3 bucket in any AWS account, including one the attacker owns. Egress firewalls and proxies rarely catch it, because the destination is a legitimate AWS service endpoint.',
    },
    {
      kind: 'paragraph',
      text: 'A data perimeter is the set of preventive controls that answers three questions for every request: is the identity trusted, is the resource trusted, and is the request coming from an expected network? VPC endpoint policies are where the resource question is enforced for traffic leaving your VPCs.',
    },
    { kind: 'heading', text: 'How the exfiltration works' },
    {
      kind: 'list',
      ordered: true,
      items: [
        'The attacker gains code execution in a workload, for example through a vulnerable dependency in a container that runs in a private subnet with no internet route.',
        'They cannot reach their own servers, but the subnet routes S3 traffic to a gateway endpoint whose policy is `"Principal": "*", "Action": "*", "Resource": "*"`.',
        "They call `s3:PutObject` against a bucket in their own account. That bucket's policy grants write access to anyone, or to the workload's role ARN, so the request needs no credentials beyond the workload's own role.",
        "Data leaves through AWS's network as ordinary S3 API calls signed by the workload's own role, which network monitoring sees as traffic to an approved AWS endpoint.",
      ],
    },
    {
      kind: 'paragraph',
      text: 'The same pattern applies in reverse for ingress of tooling: the attacker pulls payloads from their own bucket with `GetObject` through the endpoint. It also applies to interface endpoints for other services, for example writing to a foreign SQS queue or Kinesis stream.',
    },
    { kind: 'heading', text: 'Finding open endpoints and bypass routes' },
    {
      kind: 'paragraph',
      text: 'List every endpoint with its policy and flag those that still carry the default full-access statement with no conditions. Then check that workloads actually route through the endpoint: a subnet that reaches S3 through a NAT gateway bypasses the endpoint policy entirely.',
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'Endpoints whose policy allows everything without conditions',
      code: `aws ec2 describe-vpc-endpoints --output json \\
  | jq -r '.VpcEndpoints[] | . as $e
      | (($e.PolicyDocument // "{}") | fromjson | .Statement // [])
      | (if type == "array" then . else [.] end)
      | select(any(.[]; .Effect == "Allow" and .Action == "*"
                   and .Resource == "*" and .Condition == null))
      | [$e.VpcEndpointId, $e.VpcId, $e.ServiceName] | @tsv'

# Route tables that send traffic to a gateway endpoint (prefix list routes)
aws ec2 describe-route-tables --output json \\
  | jq -r '.RouteTables[] | .RouteTableId as $rt
      | .Routes[] | select((.GatewayId // "") | startswith("vpce-"))
      | [$rt, .DestinationPrefixListId, .GatewayId] | @tsv'`,
    },
    {
      kind: 'paragraph',
      text: 'In CloudTrail, requests that traverse an endpoint carry a `vpcEndpointId` field. Denied requests through an endpoint are a useful signal that a perimeter is working, or that someone is probing it. CloudTrail network activity events for VPC endpoints go further and record calls that the endpoint policy denied before they reached the service.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena: access denied through VPC endpoints, by principal and target',
      code: `SELECT useridentity.arn AS principal, eventsource, eventname, vpcendpointid,
       count(*) AS denied
FROM cloudtrail_logs
WHERE vpcendpointid IS NOT NULL
  AND errorcode IN ('AccessDenied', 'AccessDeniedException')
  AND eventtime > to_iso8601(current_timestamp - interval '7' day)
GROUP BY 1, 2, 3, 4
ORDER BY denied DESC;`,
    },
    { kind: 'heading', text: 'Building the perimeter' },
    {
      kind: 'paragraph',
      text: 'Replace the default endpoint policy with one that allows requests only when both the caller and the target resource belong to your organization, using `aws:PrincipalOrgID` and `aws:ResourceOrgID`. Then add narrow exceptions for AWS-owned resources your workloads genuinely need, such as the regional ECR layer bucket used for image pulls (`prod-eu-west-1-starport-layer-bucket` in eu-west-1) or the Amazon Linux package repository buckets.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'S3 gateway endpoint policy: organization principals to organization resources',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "AllowOrgPrincipalsToOrgResources",
      "Effect": "Allow",
      "Principal": "*",
      "Action": "*",
      "Resource": "*",
      "Condition": {
        "StringEquals": {
          "aws:PrincipalOrgID": "o-exampleorgid",
          "aws:ResourceOrgID": "o-exampleorgid"
        }
      }
    },
    {
      "Sid": "AllowEcrImageLayers",
      "Effect": "Allow",
      "Principal": "*",
      "Action": "s3:GetObject",
      "Resource": "arn:aws:s3:::prod-eu-west-1-starport-layer-bucket/*"
    }
  ]
}`,
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Test with access denied logging before you enforce',
      text: 'Perimeter policies break things in surprising places: AWS service-owned buckets used by SSM, ECR and package managers, third-party SaaS buckets your application reads, and cross-organization partner integrations. Roll out to one VPC at a time and watch denied requests in CloudTrail for a full business cycle before extending the policy.',
    },
    {
      kind: 'paragraph',
      text: 'Enforce the network side on the resources themselves. A bucket policy that denies requests not coming from your VPCs or corporate ranges keeps stolen credentials from being used against the bucket from the internet. The `IfExists` operators and the AWS service exceptions matter: without them, the policy also blocks AWS services that act on your behalf.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'Bucket policy: only expected networks, except AWS services',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "EnforceNetworkPerimeter",
      "Effect": "Deny",
      "Principal": "*",
      "Action": "s3:*",
      "Resource": ["arn:aws:s3:::example-payroll-exports", "arn:aws:s3:::example-payroll-exports/*"],
      "Condition": {
        "NotIpAddressIfExists": { "aws:SourceIp": ["203.0.113.0/24"] },
        "StringNotEqualsIfExists": { "aws:SourceVpc": ["vpc-0a1b2c3d4e5f67890"] },
        "BoolIfExists": { "aws:PrincipalIsAWSService": "false", "aws:ViaAWSService": "false" }
      }
    }
  ]
}`,
    },
    {
      kind: 'paragraph',
      text: 'Resource control policies (RCPs) in AWS Organizations apply the identity side at scale for supported services, including S3, STS, KMS, SQS and Secrets Manager: one RCP can deny access to every bucket in the organization from principals outside it, with `aws:PrincipalOrgID` and an exception for `aws:PrincipalIsAWSService`. SCPs complement this on the identity side by denying your own principals access to resources outside the organization, using `aws:ResourceOrgID`.',
    },
    {
      kind: 'code',
      language: 'hcl',
      caption: 'Terraform: gateway endpoint with a perimeter policy',
      code: `resource "aws_vpc_endpoint" "s3" {
  vpc_id            = aws_vpc.main.id
  service_name      = "com.amazonaws.eu-west-1.s3"
  vpc_endpoint_type = "Gateway"
  route_table_ids   = [aws_route_table.private_a.id, aws_route_table.private_b.id]
  policy            = file("\${path.module}/policies/s3-endpoint-perimeter.json")
}`,
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Core inventories every VPC endpoint in the organization, flags default or unconditioned policies and missing perimeter conditions, and lets you encode your own perimeter standard, such as "every S3 endpoint policy requires aws:ResourceOrgID", as a custom policy mapped to NIST boundary protection controls. Kryon Graph shows whether a workload can actually reach foreign resources: it combines route tables, NAT gateways, endpoint policies and the workload\'s IAM role to draw the exfiltration path, labelled T1537 Transfer Data to Cloud Account, and highlights the single endpoint policy change that closes it.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'No VPC endpoint keeps the default full-access policy; every policy constrains principals and resources to the organization.',
        'Exceptions for AWS-owned and partner resources are explicit, narrow and documented.',
        'Private subnets reach S3 and DynamoDB through gateway endpoints, not through NAT gateways that bypass the endpoint policy.',
        'Sensitive buckets deny requests from outside expected networks, with `IfExists` operators and AWS service exceptions.',
        'RCPs deny access to organization resources from outside principals; SCPs deny access by your principals to resources outside the organization.',
        'Denied requests through VPC endpoints are logged and reviewed, and new perimeter policies roll out one VPC at a time.',
      ],
    },
  ],
};
