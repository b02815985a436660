import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'eks-pod-to-aws-account',
  title: 'From EKS Pod to AWS Account: IMDS, IRSA and Pod Identity Attack Paths',
  description:
    'A compromised pod can borrow the node\u2019s IAM role or another workload\u2019s identity. How pod-to-AWS paths form in Amazon EKS and how to contain them with IMDS limits, IRSA conditions and Pod Identity.',
  category: 'Attack Paths',
  severity: 'High',
  mitreAttack: 'T1552.005 Unsecured Credentials: Cloud Instance Metadata API',
  audience: 'Kubernetes platform teams, AWS security engineers, cloud architects',
  kryonSolution: ['Kryon Graph', 'Kryon IAM', 'Kryon Vuln'],
  publishedDate: '2026-05-06',
  tags: ['EKS', 'Kubernetes', 'IRSA', 'EKS Pod Identity', 'IMDS', 'Container Security'],
  body: [
    {
      kind: 'paragraph',
      text: 'In Amazon EKS, the line between a Kubernetes compromise and an AWS compromise is a credential lookup. Every pod that talks to AWS gets credentials from somewhere: the node\u2019s instance role, IAM Roles for Service Accounts (IRSA) or EKS Pod Identity. If an attacker gains code execution in a pod, through a vulnerable dependency in an internet-facing service for example, the question that decides the impact is which of those credentials the pod can obtain, and what they allow.',
    },
    {
      kind: 'paragraph',
      text: 'Too often the answer is the node role, which every pod on the node can reach unless someone has blocked it, or a role whose trust policy accepts far more service accounts than intended.',
    },
    { kind: 'heading', text: 'Three ways a pod gets AWS credentials' },
    {
      kind: 'list',
      items: [
        'Node instance role through IMDS: any pod that can reach `169.254.169.254` gets the node role, which carries `AmazonEKSWorkerNodePolicy`, ECR pull permissions and often `AmazonEKS_CNI_Policy` with its network interface management actions. Pods reach IMDS when IMDSv1 is allowed, when the response hop limit is 2 or more, or when they run with `hostNetwork: true`.',
        'IRSA: a service account annotated with `eks.amazonaws.com/role-arn` gets a projected token at `/var/run/secrets/eks.amazonaws.com/serviceaccount/token`, and the SDK exchanges it through `sts:AssumeRoleWithWebIdentity` using the `AWS_ROLE_ARN` and `AWS_WEB_IDENTITY_TOKEN_FILE` environment variables.',
        'EKS Pod Identity: an association maps a namespace and service account to a role whose trust policy allows `pods.eks.amazonaws.com` to call `sts:AssumeRole` and `sts:TagSession`. The `eks-pod-identity-agent` DaemonSet serves credentials on `169.254.170.23`, exposed to the SDK through `AWS_CONTAINER_CREDENTIALS_FULL_URI`.',
      ],
    },
    { kind: 'heading', text: 'How the attack unfolds' },
    {
      kind: 'list',
      ordered: true,
      items: [
        'Foothold: remote code execution in a container, or a stolen kubeconfig that allows `kubectl exec` or pod creation.',
        'Local credentials: the attacker reads environment variables and token files to see whether the pod already has an IRSA or Pod Identity role.',
        'Node credentials: the attacker requests an IMDSv2 token and the node role\u2019s credentials. With ECR pull rights they can download every image in the registry and search them for secrets.',
        'Other workloads\u2019 identities: from a privileged or `hostPath` pod, the attacker escapes to the node and reads other pods\u2019 projected tokens under `/var/lib/kubelet/pods/`, then assumes their roles.',
        'Loose trust: if an IRSA role\u2019s trust policy checks only the audience, or matches `system:serviceaccount:*:*`, any service account token from the cluster assumes it. Anyone who can create pods in a namespace can mount a token for any service account in that namespace.',
      ],
    },
    { kind: 'heading', text: 'How to find it' },
    { kind: 'subheading', text: 'Map workloads to roles' },
    {
      kind: 'code',
      language: 'bash',
      code: `# IRSA: service accounts and the roles they are annotated with
kubectl get serviceaccounts -A -o json | jq -r '.items[]
  | select(.metadata.annotations["eks.amazonaws.com/role-arn"] != null)
  | [.metadata.namespace, .metadata.name, .metadata.annotations["eks.amazonaws.com/role-arn"]]
  | @tsv'

# EKS Pod Identity associations
aws eks list-pod-identity-associations --cluster-name prod

# The cluster's OIDC issuer, to match against IRSA trust policies
aws eks describe-cluster --name prod --query cluster.identity.oidc.issuer --output text
aws iam get-role --role-name payments-api-irsa --query Role.AssumeRolePolicyDocument`,
    },
    { kind: 'subheading', text: 'Check whether pods can reach the node role' },
    {
      kind: 'code',
      language: 'bash',
      code: `# Metadata options of the node group's launch template
aws eks describe-nodegroup --cluster-name prod --nodegroup-name general \\
  --query nodegroup.launchTemplate
aws ec2 describe-launch-template-versions --launch-template-id lt-0abc1234def567890 \\
  --versions '$Latest' --query 'LaunchTemplateVersions[].LaunchTemplateData.MetadataOptions'

# Probe from an ordinary pod: a token in the output means pods can reach IMDS.
# No output is only reassuring if MetadataOptions above shows HttpTokens=required.
kubectl run imds-probe --rm -it --restart=Never --image=curlimages/curl -- \\
  curl -s -m 3 -X PUT http://169.254.169.254/latest/api/token \\
  -H 'X-aws-ec2-metadata-token-ttl-seconds: 60'`,
    },
    { kind: 'subheading', text: 'Watch the credential exchanges' },
    {
      kind: 'paragraph',
      text: 'IRSA shows up in CloudTrail as `AssumeRoleWithWebIdentity` events, Pod Identity as `AssumeRoleForPodIdentity` from `eks-auth.amazonaws.com`, and node role use as sessions named after the instance ID. GuardDuty EKS Protection and Runtime Monitoring add Kubernetes context, with findings such as `PrivilegeEscalation:Kubernetes/PrivilegedContainer`, and node credentials used from outside AWS raise `UnauthorizedAccess:IAMUser/InstanceCredentialExfiltration.OutsideAWS`.',
    },
    { kind: 'heading', text: 'How to contain it' },
    { kind: 'subheading', text: 'Cut pods off from the node role' },
    {
      kind: 'paragraph',
      text: 'Require IMDSv2 with a hop limit of 1 on node launch templates. The token response then cannot cross the extra network hop into a pod\u2019s network namespace. A Kubernetes NetworkPolicy that denies egress to `169.254.169.254/32`, enforced by the VPC CNI\u2019s network policy support or another engine, adds a second layer. Give add-ons that used IMDS for their Region or VPC ID explicit configuration and their own role instead.',
    },
    {
      kind: 'code',
      language: 'hcl',
      caption: 'Terraform: node launch template that keeps IMDS on the node',
      code: `resource "aws_launch_template" "eks_nodes" {
  name_prefix = "eks-nodes-"

  metadata_options {
    http_endpoint               = "enabled"
    http_tokens                 = "required"
    http_put_response_hop_limit = 1
  }
}`,
    },
    { kind: 'subheading', text: 'Give every workload its own narrow identity' },
    {
      kind: 'paragraph',
      text: 'Use one role per service account, through Pod Identity or IRSA, and move the VPC CNI\u2019s permissions off the node role onto the `aws-node` service account. For IRSA, the trust policy must pin both the subject and the audience.',
    },
    {
      kind: 'code',
      language: 'json',
      caption: 'IRSA trust policy pinned to one service account',
      code: `{
  "Version": "2012-10-17",
  "Statement": [
    {
      "Effect": "Allow",
      "Principal": {
        "Federated": "arn:aws:iam::111122223333:oidc-provider/oidc.eks.eu-west-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE"
      },
      "Action": "sts:AssumeRoleWithWebIdentity",
      "Condition": {
        "StringEquals": {
          "oidc.eks.eu-west-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE:sub": "system:serviceaccount:payments:payments-api",
          "oidc.eks.eu-west-1.amazonaws.com/id/EXAMPLED539D4633E53DE1B71EXAMPLE:aud": "sts.amazonaws.com"
        }
      }
    }
  ]
}`,
    },
    {
      kind: 'code',
      language: 'bash',
      caption: 'The Pod Identity equivalent',
      code: `aws eks create-pod-identity-association \\
  --cluster-name prod \\
  --namespace payments \\
  --service-account payments-api \\
  --role-arn arn:aws:iam::111122223333:role/payments-api`,
    },
    {
      kind: 'paragraph',
      text: 'Pod Identity attaches session tags such as `kubernetes-namespace`, `kubernetes-service-account` and `eks-cluster-name`, which you can use in policies through `aws:PrincipalTag` to give one shared role namespace-scoped access. Finally, label namespaces with `pod-security.kubernetes.io/enforce=restricted` so Pod Security Admission rejects privileged, `hostPath` and `hostNetwork` pods, and limit which subjects may create pods or request service account tokens.',
    },
    {
      kind: 'callout',
      tone: 'warning',
      title: 'A hop limit of 1 does not protect host-network pods',
      text: 'Pods with `hostNetwork: true` share the node\u2019s network namespace and reach IMDS exactly as the node does. Audit them with `kubectl get pods -A -o json` and a filter on `.spec.hostNetwork`, keep them to system components you trust, and make sure Pod Security Admission blocks new ones elsewhere.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Graph traces the full route from an exposed Kubernetes service to the pod, its service account, the IAM role behind it or the node role it can reach, and the data that role can touch, with each step labelled by its MITRE ATT&CK technique, from T1190 through T1611 to T1552.005. Kryon IAM flags IRSA trust policies without subject or audience conditions, wildcard service account matches and node roles carrying more than the worker policies. Kryon Vuln ranks CVEs in running images by what the affected pod could reach, so a vulnerable image behind a privileged role is fixed first.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Require IMDSv2 with a hop limit of 1 on every node launch template, and verify with a probe pod.',
        'Add a NetworkPolicy denying pod egress to `169.254.169.254/32`.',
        'Map every service account to its IRSA or Pod Identity role and remove unused ones.',
        'Pin IRSA trust policies to an exact `sub` and `aud`.',
        'Move the VPC CNI permissions off the node role.',
        'Enforce the `restricted` Pod Security Standard outside system namespaces.',
        'Review who can create pods and request service account tokens in each namespace.',
        'Enable GuardDuty EKS Protection and Runtime Monitoring.',
      ],
    },
  ],
};
