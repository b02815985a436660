import type { ResearchReport } from '../research-report-types.ts';

/** The body of "From SSRF to Account Admin: Instance Metadata Credential Theft in Practice": the SSRF to IMDSv1 to administrator chain, step by step, with its evidence, prevalence and the controls that break it. */
export const imdsv1SsrfToAccountAdminReport: ResearchReport = {
  sections: [
    {
      heading: 'Why a web bug becomes an account compromise',
      paragraphs: [
        'Server-side request forgery is an application flaw: the server fetches a URL that the user controls. On Amazon EC2 it is something else, because every instance can reach the Instance Metadata Service at the link-local address 169.254.169.254, and that service hands out the temporary credentials of the role attached to the instance profile. An attacker who can make the application fetch the right path receives a valid access key, secret key and session token, and every API call made with them authenticates as the workload itself. Nothing in AWS is exploited; MITRE ATT&CK catalogues the technique as T1552.005.',
        'The pattern has been public since at least 2019, when an SSRF against a misconfigured web application firewall was used to retrieve role credentials and copy data out of Amazon S3 at a large US bank. Seven years later it still works wherever three preconditions meet: an SSRF the attacker can reach, an instance that still answers IMDSv1 requests, and an instance role that is either powerful already or can make itself powerful. Removing any one of the three breaks the chain. Only the second can be removed across a whole fleet without touching application code or redesigning IAM, which is why most of this paper is about it.',
        'The question security teams ask first is whether they would notice. In our lab runs they would have, usually after the attacker already held administrator credentials.',
      ],
    },
    {
      heading: 'How the metadata service hands out credentials',
      paragraphs: [
        'A request for /latest/meta-data/iam/security-credentials/ returns the name of the role attached to the instance. A request for that path followed by the role name returns a small JSON document with AccessKeyId, SecretAccessKey, Token and Expiration. The access key id starts with ASIA, marking it as temporary; EC2 rotates the credentials before they expire, so they stay valid for several hours after they are stolen. The CloudTrail identity behind them is an assumed-role session whose session name is the instance id, for example arn:aws:sts::111122223333:assumed-role/web-preview-role/i-0a1b2c3d4e5f67890.',
        'IMDSv1 is a plain request and response: one GET with no special headers. That is exactly what almost every SSRF primitive produces, from image fetchers and webhook testers to PDF renderers. IMDSv2 is session oriented. The caller first sends a PUT to /latest/api/token with the header X-aws-ec2-metadata-token-ttl-seconds (between 1 and 21,600 seconds), and then presents the returned token in the X-aws-ec2-metadata-token header on every GET. When HttpTokens is required, a GET without a valid token receives HTTP 401 and no data. IMDSv2 also rejects token requests that carry an X-Forwarded-For header, which defeats open reverse proxies, and sets the IP time-to-live of the token response to HttpPutResponseHopLimit, so a token cannot travel further than the configured number of network hops.',
        'HttpTokens optional means the instance accepts both versions, and an attacker will always choose the easier one. The setting belongs to each instance and is fixed at launch from the MetadataOptions of the RunInstances call or launch template, from the ImdsSupport attribute of the AMI (v2.0 makes new instances require tokens), or from the regional account default set with ModifyInstanceMetadataDefaults. Values given explicitly at launch win over the account default, which is why a launch template written two years ago with HttpTokens optional keeps producing IMDSv1 instances after the default has been changed. On a running instance the setting is changed with ModifyInstanceMetadataOptions, which takes effect immediately and needs no reboot.',
        'The hop limit matters on container hosts. A container on a bridge network adds one hop between the process and the metadata service, so a hop limit of 1 stops containers from obtaining a token at all. That is the desired result on Amazon EKS nodes whose pods use EKS Pod Identity or IAM roles for service accounts; on hosts where containers legitimately rely on the instance role, a limit of 2 is the practical setting. AWS SDKs and the AWS CLI try IMDSv2 first and fall back to IMDSv1, and every SDK version released since 2020 supports the token flow, so most workloads need no code change when tokens become mandatory.',
      ],
    },
    {
      heading: 'How common each precondition is',
      paragraphs: [
        'Kryon Graph read the metadata options of every running instance, its network reachability and the effective permissions of its instance profile role between June 1 and August 31, 2026. Across opted-in environments, 22% of running instances still had HttpTokens set to optional. When we traced where that setting came from, 41% of the IMDSv1 instances had been launched from a launch template or Auto Scaling group that set HttpTokens to optional explicitly, and another 37% came from AMIs without the v2.0 ImdsSupport attribute in regions where no account default had been set. Console launches and older CloudFormation templates made up most of the rest. Regions matter here: in 64% of organizations the account default was not set to required in every enabled region, most often because it had been set only in the primary regions.',
        'Exposure narrows the population but does not make it small. Just over a quarter of IMDSv1 instances were internet-facing, either with a public address and an inbound rule open to the internet or as targets of an internet-facing load balancer. For those instances, Kryon IAM searched for paths from the instance role to an administrator-equivalent role. In 9% of cases such a path existed within three hops. The first hop was iam:PassRole in 61% of those paths, usually a statement that allowed PassRole on "Resource": "*" next to lambda:CreateFunction, ec2:RunInstances or cloudformation:CreateStack. Direct policy rewrites such as iam:PutRolePolicy or iam:CreatePolicyVersion on the role itself accounted for 22%, and sts:AssumeRole into an over-trusted deployment role for the rest.',
        'Detection coverage had gaps of its own. GuardDuty analyses the CloudTrail events of the region in which its detector runs, and one organization in three had an enabled region with no detector, typically a region nobody deploys to. An attacker holding stolen credentials can call the APIs of any enabled region, so those regions are where unanalysed activity would land.',
      ],
      table: {
        caption:
          'Prevalence of the chain preconditions across opted-in environments, June to August 2026',
        columns: ['Precondition', 'Measured over', 'Share', 'Most common cause'],
        rows: [
          [
            'Instance accepts IMDSv1 (HttpTokens optional)',
            'Running EC2 instances',
            '22%',
            'Launch template or AMI older than the account default',
          ],
          [
            'IMDSv1 instance is internet-facing',
            'IMDSv1 instances',
            '27%',
            'Public web tier or internet-facing load balancer target',
          ],
          [
            'Instance role reaches administrator-equivalent within three hops',
            'Internet-facing IMDSv1 instances',
            '9%',
            'iam:PassRole on "Resource": "*"',
          ],
          [
            'Account default not required in every enabled region',
            'Organizations',
            '64%',
            'Default set only in primary regions',
          ],
          [
            'At least one enabled region without GuardDuty',
            'Organizations',
            '33%',
            'Detectors enabled per region, not organization-wide',
          ],
          [
            'Instance role without a permissions boundary',
            'Instance roles',
            '88%',
            'Boundaries applied to humans and pipelines only',
          ],
        ],
      },
    },
    {
      heading: 'The chain in the lab, step by step',
      paragraphs: [
        'The lab account, 111122223333, ran a deliberately vulnerable web application in eu-west-1 on instance i-0a1b2c3d4e5f67890 behind an internet-facing Application Load Balancer. Its link preview feature fetched any URL the user supplied and returned the first kilobytes of the response. The instance profile role, web-preview-role, was modelled on the roles we see most often in the posture data: it could read an assets bucket, deploy report-rendering functions with lambda:CreateFunction and lambda:InvokeFunction on arn:aws:lambda:eu-west-1:111122223333:function:render-*, and pass a role to them through a statement of the form {"Effect": "Allow", "Action": "iam:PassRole", "Resource": "*"} with no iam:PassedToService condition. A convenience statement also allowed iam:Get* and iam:List* for a health dashboard. Elsewhere in the account, ops-automation-role carried the AdministratorAccess managed policy and trusted lambda.amazonaws.com for a nightly clean-up job.',
        'Across repeated runs, the path from the first SSRF request to a long-lived administrator access key took between 9 and 14 minutes of attacker time. With HttpTokens required, every run stopped at the first step: the application received HTTP 401 from the metadata service and relayed nothing useful. With a permissions boundary on web-preview-role that did not allow iam:PassRole, the chain stopped at the fifth step with an AccessDenied error on CreateFunction.',
      ],
      bullets: [
        'Step 1, find the role: the attacker submits http://169.254.169.254/latest/meta-data/iam/security-credentials/ as the preview URL, and the application returns the string web-preview-role.',
        'Step 2, take the credentials: a second preview of the same path followed by the role name returns the JSON credential document, including an ASIA access key id and an expiry several hours away.',
        'Step 3, confirm them from outside: from a laptop on a residential connection, sts:GetCallerIdentity returns the assumed-role ARN ending in the instance id, confirming which account and role the attacker now controls.',
        'Step 4, map the account: iam:ListRoles returns every role with its trust policy, and iam:ListAttachedRolePolicies on the candidates shows that ops-automation-role holds AdministratorAccess and trusts the Lambda service.',
        'Step 5, escalate: lambda:CreateFunction creates render-thumbnail-cache with its execution role set to arn:aws:iam::111122223333:role/ops-automation-role, allowed because PassRole is unrestricted and the function name matches render-*. Its handler returns the AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and AWS_SESSION_TOKEN environment variables that Lambda sets for the execution role, and lambda:InvokeFunction delivers them.',
        'Step 6, persist: with administrator credentials, iam:CreateUser, iam:AttachUserPolicy with AdministratorAccess and iam:CreateAccessKey produce a long-lived key that survives the expiry of every session used so far.',
      ],
    },
    {
      heading: 'What each step leaves behind',
      paragraphs: [
        'The first two steps leave no trace in any AWS log. Requests to the metadata service never reach an AWS API, so CloudTrail has nothing to record, and VPC Flow Logs do not capture traffic to 169.254.169.254 even when enabled, as they were in every lab run. The only evidence was in Application Load Balancer access logs, and only because the lab application took the URL as a query parameter rather than in a POST body.',
        'From step 3 onwards CloudTrail records everything. Each call carries the instance-role session in userIdentity, and when the credentials were obtained from the metadata service the sessionContext includes ec2RoleDelivery, with the value 1.0 for IMDSv1 and 2.0 for IMDSv2. It was the most useful single field in the study: it shows after the fact that the credentials were retrievable without a token. Lambda invocation appears only if CloudTrail data events are enabled for Lambda; the creation of the function is a management event, recorded with the event name CreateFunction20150331 and the passed role ARN in its request parameters.',
        'GuardDuty raised UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration.OutsideAWS in every run where the credentials were replayed from outside AWS, and UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration.InsideAWS when we replayed them from an instance in a separate account, 444455556666. The findings arrived within about 20 minutes of the first replayed call, by which point the attacker in our runs already held the new access key. The anomaly-based Discovery:IAMUser/AnomalousBehavior and Persistence:IAMUser/AnomalousBehavior findings appeared in some runs and not others, which is expected of models that depend on each account’s baseline. No finding referred specifically to the Lambda execution role credentials being used from outside AWS.',
      ],
      table: {
        caption: 'Evidence and preventive control for each step, as observed in the lab runs',
        columns: ['Step', 'CloudTrail evidence', 'GuardDuty in the lab', 'Control that breaks it'],
        rows: [
          [
            'SSRF request to the metadata service',
            'None; not visible in VPC Flow Logs either',
            'None',
            'HttpTokens required',
          ],
          [
            'Credential retrieval',
            'None at retrieval; later calls show ec2RoleDelivery 1.0',
            'None',
            'HttpTokens required and a hop limit of 1 or 2',
          ],
          [
            'Replay from outside AWS',
            'GetCallerIdentity from an address outside the VPC',
            'InstanceCredentialExfiltration.OutsideAWS',
            'Source VPC data perimeter for instance credentials',
          ],
          [
            'Discovery of roles and policies',
            'ListRoles, ListAttachedRolePolicies, bursts of AccessDenied',
            'Discovery:IAMUser/AnomalousBehavior in some runs',
            'No iam:List* or iam:Get* on workload roles',
          ],
          [
            'Escalation through Lambda',
            'CreateFunction20150331 with the passed role ARN',
            'None specific',
            'iam:PassRole scoped with iam:PassedToService',
          ],
          [
            'Persistence',
            'CreateUser, AttachUserPolicy, CreateAccessKey',
            'Persistence:IAMUser/AnomalousBehavior in some runs',
            'SCP denying IAM user and key creation',
          ],
        ],
      },
    },
    {
      heading: 'Detection opportunities',
      paragraphs: [
        'Detection is worth building even though it lost the race in the lab: it finds the preconditions before an attacker does and reconstructs what happened afterwards. The most valuable detections run before any attack.',
      ],
      bullets: [
        'Before an attack, track the MetadataNoToken CloudWatch metric, which counts IMDSv1 calls per instance, and query CloudTrail for sessionContext.ec2RoleDelivery equal to 1.0. Together they identify the instances that still serve IMDSv1 and whether anything on them depends on it.',
        'At the application edge, watch load balancer and AWS WAF logs for the metadata address in any form. The AWS WAF core rule set includes EC2MetaDataSSRF rules for the body, query string, cookies and URI path, but treat them as a tripwire: DNS names that resolve to the link-local address, redirects and decimal or hexadecimal encodings of the address all bypass pattern matching.',
        'On replay, alert on any call made with an instance-role session (session name beginning i-) from a source address that is not one of the VPC’s NAT gateway or Elastic IP addresses, and raise it as a custom rule so that it still fires in regions where GuardDuty is not running.',
        'On discovery, flag the first use of iam:List*, iam:Get* or sts:GetCallerIdentity by a workload role whose history contains only data-plane calls, and bursts of AccessDenied from one session.',
        'On escalation, alert when CreateFunction20150331, RunInstances, CreateStack or AssociateIamInstanceProfile passes a role or instance profile the calling principal has never passed before.',
        'On persistence, treat CreateUser or CreateAccessKey from an assumed-role session whose chain begins with a function created minutes earlier as an incident, not a ticket.',
      ],
    },
    {
      heading: 'Breaking the chain: remediation in priority order',
      paragraphs: [
        'The order below reflects what removed the most risk per hour of effort in the environments we studied. The first three items make the chain impossible for new and existing instances; the rest shrink what an attacker gains if some other flaw exposes instance credentials.',
      ],
      bullets: [
        'First, require IMDSv2 on internet-facing instances. Confirm that MetadataNoToken has stayed at zero for two weeks, then call ModifyInstanceMetadataOptions with HttpTokens required and HttpPutResponseHopLimit 1, or 2 on container hosts. In every lab workload built on an SDK released after 2020 this blocked the SSRF step with no application change.',
        'Second, fix the sources that keep reintroducing IMDSv1: publish new launch template versions with MetadataOptions set and make them the default version, register AMIs with ImdsSupport v2.0, and call ModifyInstanceMetadataDefaults in every enabled region, not just the ones you deploy to.',
        'Third, add service control policies. Deny ec2:RunInstances on arn:aws:ec2:*:*:instance/* when ec2:MetadataHttpTokens is not required, using a statement such as {"Effect": "Deny", "Action": "ec2:RunInstances", "Resource": "arn:aws:ec2:*:*:instance/*", "Condition": {"StringNotEquals": {"ec2:MetadataHttpTokens": "required"}}}; deny ec2:RunInstances when ec2:MetadataHttpPutResponseHopLimit is NumericGreaterThan 2; and deny ec2:ModifyInstanceMetadataOptions and ec2:ModifyInstanceMetadataDefaults to everyone except the platform role, matched on aws:PrincipalArn. Once MetadataNoToken is at zero everywhere, a final statement denying all actions when ec2:RoleDelivery is NumericLessThan 2.0 makes any credential delivered over IMDSv1 useless.',
        'Fourth, remove the escalation hop. Scope iam:PassRole to explicit role ARNs with an iam:PassedToService condition, take iam:List* and iam:Get* off workload roles, and attach permissions boundaries to roles that can create or configure compute.',
        'Fifth, run GuardDuty in every enabled region through a delegated administrator with auto-enable for all member accounts, and deny the regions you do not use with an SCP on aws:RequestedRegion, since the default regions cannot be disabled.',
        'Sixth, limit where instance credentials work. Where workloads reach AWS APIs through VPC endpoints, an SCP or resource control policy that denies requests carrying ec2:SourceInstanceARN when aws:SourceVpc does not equal aws:EC2InstanceSourceVPC makes stolen credentials fail outside the VPC they were issued to.',
        'Seventh, fix the SSRF itself as OWASP advises: allowlist destinations, validate the resolved address, refuse link-local and private ranges, and do not follow redirects.',
      ],
    },
    {
      heading: 'What Kryon recommends next',
      paragraphs: [
        'Start with a number rather than a fleet-wide migration: the count of internet-facing instances that accept IMDSv1 and whose role reaches administrator within three hops. In most organizations we studied that number was in single digits, and every instance in it can be fixed in a day with ModifyInstanceMetadataOptions and a narrower iam:PassRole statement. Kryon Graph reports it directly as an attack path, with the launch template or AMI responsible for each instance, so the fix can go to the owner of the source rather than to whoever happens to own the instance.',
        'Then move from fixing instances to making the old state impossible: regional defaults, AMI attributes and the RunInstances guardrail within 30 days, and the ec2:RoleDelivery deny once the MetadataNoToken metric has been at zero across the organization for a full release cycle. Close the GuardDuty region gap in the same project.',
        'Our next study extends the lab to container platforms: Amazon ECS on EC2 and Amazon EKS nodes, where the hop limit, the node role and pod-level identities interact, and where we expect the share of hosts that still pass node credentials to workloads to be higher than the instance figures reported here.',
      ],
    },
  ],
};
