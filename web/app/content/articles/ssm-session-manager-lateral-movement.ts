import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'ssm-session-manager-lateral-movement',
  title: 'SSM Session Manager and Run Command as Lateral Movement Channels',
  description:
    'Session Manager removed SSH keys and bastions, but ssm:StartSession or ssm:SendCommand on * gives an identity a shell on every managed instance. How to scope, log and detect it.',
  category: 'Attack Paths',
  severity: 'High',
  mitreAttack: 'T1651 Cloud Administration Command',
  audience: 'AWS security engineers, platform and operations teams, detection engineers',
  kryonSolution: ['Kryon Graph', 'Kryon IAM', 'Kryon Defend'],
  publishedDate: '2026-07-29',
  tags: ['Systems Manager', 'Session Manager', 'Run Command', 'Lateral Movement', 'EC2'],
  body: [
    {
      kind: 'paragraph',
      text: 'AWS Systems Manager Session Manager and Run Command are a genuine security improvement: no inbound ports, no SSH keys to rotate, no bastion hosts, and every session authorised by IAM. The trade-off is that IAM becomes the network. A security group cannot stop a `SendCommand` call; only the caller\u2019s permissions can. An identity with `ssm:SendCommand` on `*` has root on every managed Linux instance and SYSTEM on every managed Windows instance in the Region, whatever subnet they sit in.',
    },
    {
      kind: 'paragraph',
      text: 'Attackers know this. With cloud credentials in hand, Systems Manager is often the fastest way from the control plane onto hosts, and from each host to the instance role it carries.',
    },
    { kind: 'heading', text: 'How attackers use Systems Manager' },
    {
      kind: 'list',
      items: [
        'Run Command: `AWS-RunShellScript` or `AWS-RunPowerShellScript` executes as root or SYSTEM through the SSM Agent, on one instance or on every instance matching a tag.',
        'Session Manager: `aws ssm start-session` opens an interactive shell, by default as `ssm-user`, which the agent adds to sudoers on Linux.',
        'Port forwarding: the `AWS-StartPortForwardingSessionToRemoteHost` document turns any managed instance into a tunnel to databases and internal services it can reach.',
        'Credential harvesting: once on a host, the attacker reads the instance role credentials from the metadata service (IMDSv2 is no obstacle from inside), plus environment variables, configuration files and application secrets.',
        'Persistence: a State Manager association created with `ssm:CreateAssociation` re-runs the attacker\u2019s script on a schedule, and survives instance replacement when it targets tags.',
      ],
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'What an attacker with broad SSM permissions can run',
      code: `# Every production instance, one call
aws ssm send-command \\
  --document-name AWS-RunShellScript \\
  --targets Key=tag:Environment,Values=prod \\
  --parameters 'commands=["id","curl -s http://169.254.169.254/latest/meta-data/iam/info"]'

# Tunnel to a private database through any managed instance
aws ssm start-session --target i-0abcd1234efgh5678 \\
  --document-name AWS-StartPortForwardingSessionToRemoteHost \\
  --parameters '{"host":["orders.cluster-abc123.eu-west-1.rds.amazonaws.com"],"portNumber":["5432"],"localPortNumber":["15432"]}'`,
    },
    { kind: 'heading', text: 'Finding the exposure' },
    { kind: 'subheading', text: 'Which instances are reachable' },
    {
      kind: 'code',
      language: 'bash',
      code: `aws ssm describe-instance-information \\
  --query 'InstanceInformationList[].[InstanceId,PingStatus,PlatformName,AgentVersion]' \\
  --output table`,
    },
    {
      kind: 'paragraph',
      text: 'Join this list with each instance\u2019s profile. A managed instance whose role can write IAM, read sensitive buckets or assume roles in other accounts is a stepping stone, and everyone who can run commands on it effectively holds that role.',
    },
    { kind: 'subheading', text: 'Who can reach them' },
    {
      kind: 'paragraph',
      text: 'Search identity policies for `ssm:SendCommand`, `ssm:StartSession` and `ssm:CreateAssociation` on `*`, including through `ssm:*` and the AWS managed policy `AmazonSSMFullAccess`. Do not confuse this with `AmazonSSMManagedInstanceCore`, which belongs on the instance role and lets the agent talk to the service. `aws iam simulate-principal-policy` confirms the result for a specific principal and instance ARN, and `aws accessanalyzer check-access-not-granted` can keep new policies from granting these actions unscoped.',
    },
    { kind: 'subheading', text: 'What happened' },
    {
      kind: 'paragraph',
      text: 'CloudTrail records `SendCommand`, `StartSession`, `ResumeSession`, `TerminateSession` and `CreateAssociation` from `ssm.amazonaws.com`. The command text of `SendCommand` is recorded as `HIDDEN_DUE_TO_SECURITY_REASONS`, so retrieve it with `aws ssm list-command-invocations --command-id <id> --details`. What happens inside an interactive session is visible only if session logging to CloudWatch Logs or S3 is configured.',
    },
    {
      kind: 'code',
      language: 'text',
      caption: 'Athena: Systems Manager execution events',
      code: `SELECT eventtime, eventname, useridentity.arn, sourceipaddress,
       json_extract_scalar(requestparameters, '$.target')       AS session_target,
       json_extract_scalar(requestparameters, '$.documentName') AS document
FROM cloudtrail_logs
WHERE eventsource = 'ssm.amazonaws.com'
  AND eventname IN ('StartSession', 'SendCommand', 'CreateAssociation')
ORDER BY eventtime DESC;`,
    },
    { kind: 'heading', text: 'Hardening Session Manager and Run Command' },
    { kind: 'subheading', text: 'Scope sessions by tag and document' },
    {
      kind: 'paragraph',
      text: 'Grant `ssm:StartSession` only on instances carrying the team\u2019s tag, only with the standard shell document, and let people end and resume only their own sessions. Because only the standard shell document is allowed, requests naming a port-forwarding document are refused, and the `ssm:SessionDocumentAccessCheck` condition makes Session Manager check document permissions even when the caller does not name a document.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'Identity policy: tag-scoped sessions with the default shell document only',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Sid": "StartSessionOnTeamInstances",
      "Effect": "Allow",
      "Action": "ssm:StartSession",
      "Resource": "arn:aws:ec2:*:111122223333:instance/*",
      "Condition": {
        "StringEquals": { "ssm:resourceTag/Team": "payments" },
        "BoolIfExists": { "ssm:SessionDocumentAccessCheck": "true" }
      }
    },
    {
      "Sid": "DefaultShellDocumentOnly",
      "Effect": "Allow",
      "Action": "ssm:StartSession",
      "Resource": "arn:aws:ssm:*:111122223333:document/SSM-SessionManagerRunShell"
    },
    {
      "Sid": "ManageOwnSessionsOnly",
      "Effect": "Allow",
      "Action": ["ssm:TerminateSession", "ssm:ResumeSession"],
      "Resource": "arn:aws:ssm:*:*:session/\${aws:userid}-*"
    }
  ]
}`,
    },
    { kind: 'subheading', text: 'Restrict Run Command to approved documents' },
    {
      kind: 'paragraph',
      text: 'Most people and pipelines need a handful of documents, such as `AWS-RunPatchBaseline`, not arbitrary shell. Grant `ssm:SendCommand` on those document ARNs (AWS-owned documents use the form `arn:aws:ssm:<region>::document/AWS-RunPatchBaseline`) together with tag-scoped instance ARNs, and keep `AWS-RunShellScript` and `ssm:CreateAssociation` for a break-glass role.',
    },
    { kind: 'subheading', text: 'Log and limit every session' },
    {
      kind: 'code',
      language: 'json',
      caption: 'Session Manager preferences (SSM-SessionManagerRunShell document content)',
      code: `{
  "schemaVersion": "1.0",
  "description": "Session Manager preferences",
  "sessionType": "Standard_Stream",
  "inputs": {
    "s3BucketName": "",
    "s3KeyPrefix": "",
    "s3EncryptionEnabled": true,
    "cloudWatchLogGroupName": "/ssm/sessions",
    "cloudWatchEncryptionEnabled": true,
    "cloudWatchStreamingEnabled": true,
    "kmsKeyId": "alias/ssm-sessions",
    "runAsEnabled": false,
    "runAsDefaultUser": "",
    "idleSessionTimeout": "20",
    "maxSessionDuration": "60"
  }
}`,
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws ssm update-document --name SSM-SessionManagerRunShell \\
  --content file://session-preferences.json --document-version '$LATEST'`,
    },
    {
      kind: 'paragraph',
      text: 'Route Systems Manager traffic through interface VPC endpoints for `ssm` and `ssmmessages`, and keep the identity that can change session preferences separate from the people who start sessions, so logging cannot be switched off by the person being logged.',
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'Session logging has blind spots',
      text: 'Session Manager does not log the content of port forwarding sessions or SSH connections tunnelled through Session Manager, because that traffic is opaque to the service. If your teams need port forwarding, grant it separately, to named people and named hosts, and monitor it through CloudTrail and database audit logs rather than session transcripts.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Graph treats `ssm:SendCommand`, `ssm:StartSession` and `ssm:CreateAssociation` as lateral movement edges from an identity to an instance and on to the instance\u2019s role, so a developer role that can reach a host whose role can assume into production appears as one path, labelled T1651 Cloud Administration Command. Kryon IAM finds every principal holding these actions without tag or document scoping. Kryon Defend, in beta, watches Systems Manager activity in CloudTrail in real time and alerts when an identity starts sessions or sends commands it has not used before, especially toward instances on a path to sensitive data.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'List every managed instance and the privilege of the role it carries.',
        'Find every principal with `ssm:SendCommand`, `ssm:StartSession` or `ssm:CreateAssociation` on `*`.',
        'Scope sessions by `ssm:resourceTag` and require `ssm:SessionDocumentAccessCheck`.',
        'Limit Run Command to approved documents; reserve shell documents for break-glass.',
        'Enable encrypted session logging with idle and maximum session timeouts.',
        'Grant port forwarding separately and monitor it outside session logs.',
        'Review State Manager associations for unexpected scripts and targets.',
        'Alert on new `StartSession` and `SendCommand` patterns per identity.',
      ],
    },
  ],
};
