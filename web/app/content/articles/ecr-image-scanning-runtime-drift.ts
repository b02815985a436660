import type { ArticleSource } from '../library-types.ts';

export const article: ArticleSource = {
  id: 'ecr-image-scanning-runtime-drift',
  title: 'ECR Scan Results vs. What Is Actually Running: Closing the Runtime Drift Gap',
  description:
    'A clean scan at push time says little about the container running today. Where Amazon ECR scan results and runtime diverge across ECS and EKS, and how to reconcile them.',
  category: 'Vulnerability Intelligence',
  severity: 'Medium',
  mitreAttack: 'T1610 Deploy Container',
  audience: 'Container platform teams, DevSecOps engineers, vulnerability management teams',
  kryonSolution: ['Kryon Vuln', 'Kryon Core'],
  publishedDate: '2026-08-26',
  tags: ['Amazon ECR', 'Container Security', 'Amazon Inspector', 'EKS', 'ECS', 'Image Scanning'],
  body: [
    {
      kind: 'paragraph',
      text: 'Container image scanning answers a narrow question: which known vulnerabilities did this image digest contain when it was scanned? Production asks a different one: what is running right now, and what is wrong with it today? The two drift apart quietly. New CVEs are published against packages that were clean at push time, tags are moved, tasks keep running old digests for months, and some containers come from registries nobody scans.',
    },
    {
      kind: 'paragraph',
      text: 'The result is a dashboard that looks green for the repository and says nothing reliable about the fleet. This is rarely an emergency on its own, hence the medium rating, but it hides the vulnerable workloads that your exposure and identity analysis should be prioritising.',
    },
    { kind: 'heading', text: 'Where scan results and runtime diverge' },
    {
      kind: 'list',
      items: [
        'Point-in-time scans: ECR basic scanning runs on push or on demand. An image that was clean when pushed accumulates CVEs as advisories are published, and nothing rescans it.',
        'Rescan windows: ECR enhanced scanning with Amazon Inspector rescans continuously, but only for the configured duration after push and after the last pull or use. Long-running images that fall outside the window stop being rescanned.',
        'Mutable tags: a deployment that references `:latest` or `:1.4` runs whatever digest the tag pointed to when each node pulled it. Scan results belong to digests, not tags.',
        'Images from other registries: containers pulled straight from Docker Hub, GitHub Container Registry or a vendor registry never pass through ECR scanning at all.',
        'Deleted images: a lifecycle policy removes an old image from ECR while tasks still run its digest. Inspector closes findings for resources that no longer exist, so the vulnerable workload disappears from the report.',
        'Runtime changes: packages installed by an entrypoint script, binaries downloaded at start-up and sidecars injected by admission webhooks are not in the scanned image.',
      ],
    },
    {
      kind: 'paragraph',
      text: 'Attackers benefit from the same gap. An identity with `ecs:RegisterTaskDefinition` and `ecs:RunTask`, or permission to create pods, can deploy an image that never went through your pipeline or scanner. Without admission controls, that is an unscanned workload running with whatever role it is given.',
    },
    { kind: 'heading', text: 'Measuring drift' },
    { kind: 'subheading', text: 'Check the scanning configuration' },
    {
      kind: 'code',
      language: 'bash',
      code: `aws ecr get-registry-scanning-configuration
aws inspector2 get-configuration --query ecrConfiguration`,
    },
    { kind: 'subheading', text: 'List what is running, by digest' },
    {
      kind: 'code',
      language: 'bash',
      code: `# Amazon ECS: image and resolved digest for every running task in a cluster
for task in $(aws ecs list-tasks --cluster prod --query 'taskArns[]' --output text); do
  aws ecs describe-tasks --cluster prod --tasks "$task" \\
    --query 'tasks[].containers[].[name,image,imageDigest]' --output text
done

# Amazon EKS: image reference and image ID for every running container
kubectl get pods -A -o json \\
  | jq -r '.items[].status.containerStatuses[]? | [.image, .imageID] | @tsv' | sort -u`,
    },
    { kind: 'subheading', text: 'Compare with ECR and Inspector' },
    {
      kind: 'paragraph',
      text: 'For each running digest, confirm that it still exists in ECR, when it was pushed and last pulled, and whether Inspector still covers it. Coverage entries with a scan status reason of `SCAN_ELIGIBILITY_EXPIRED` are images that have aged out of continuous rescanning. Inspector can also filter findings on `ecrImageInUseCount` and `ecrImageLastInUseAt`, which reflect whether an image is used by running ECS tasks or EKS pods.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws ecr describe-images --repository-name payments-api \\
  --image-ids imageDigest=sha256:4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945 \\
  --query 'imageDetails[].[imagePushedAt,lastRecordedPullTime,imageScanStatus.status]'

aws inspector2 list-coverage \\
  --filter-criteria '{"resourceType":[{"comparison":"EQUALS","value":"AWS_ECR_CONTAINER_IMAGE"}],"scanStatusReason":[{"comparison":"EQUALS","value":"SCAN_ELIGIBILITY_EXPIRED"}]}' \\
  --query 'coveredResources[].resourceId' --output text

aws inspector2 list-findings \\
  --filter-criteria '{"findingStatus":[{"comparison":"EQUALS","value":"ACTIVE"}],"ecrImageInUseCount":[{"lowerInclusive":1,"upperInclusive":100000}],"severity":[{"comparison":"EQUALS","value":"CRITICAL"}]}' \\
  --query 'findings[].[resources[0].id,packageVulnerabilityDetails.vulnerabilityId]' --output text`,
    },
    {
      kind: 'paragraph',
      text: 'AWS Config managed rules cover the registry side: `ecr-private-image-scanning-enabled`, `ecr-private-tag-immutability-enabled` and `ecr-private-lifecycle-policy-configured`.',
    },
    { kind: 'heading', text: 'Closing the gap' },
    { kind: 'subheading', text: 'Scan continuously for as long as images run' },
    {
      kind: 'code',
      language: 'bash',
      code: `aws ecr put-registry-scanning-configuration \\
  --scan-type ENHANCED \\
  --rules '[{"scanFrequency":"CONTINUOUS_SCAN","repositoryFilters":[{"filter":"*","filterType":"WILDCARD"}]}]'

aws inspector2 update-configuration \\
  --ecr-configuration rescanDuration=DAYS_180,pullDateRescanDuration=DAYS_90`,
    },
    { kind: 'subheading', text: 'Deploy digests, not tags' },
    {
      kind: 'paragraph',
      text: 'Make tags immutable so a tag always names one digest, and have the pipeline write the digest into the task definition or manifest it deploys. Then the scan result, the deployment record and the running container all refer to the same artefact.',
    },
    {
      kind: 'code',
      language: 'bash',
      code: `aws ecr put-image-tag-mutability --repository-name payments-api \\
  --image-tag-mutability IMMUTABLE

# Bring upstream images into ECR, and into scanning, through a pull-through cache
aws ecr create-pull-through-cache-rule \\
  --ecr-repository-prefix docker-hub \\
  --upstream-registry-url registry-1.docker.io \\
  --credential-arn arn:aws:secretsmanager:eu-west-1:111122223333:secret:ecr-pullthroughcache/docker-hub-a1B2c3`,
    },
    { kind: 'subheading', text: 'Refuse what was not scanned' },
    {
      kind: 'paragraph',
      text: 'On EKS, an admission policy that accepts only images from your ECR registry closes the unscanned-registry route and blunts T1610. On ECS, restrict `ecs:RegisterTaskDefinition` to the deployment pipeline role so task definitions cannot point anywhere else.',
    },
    {
      kind: 'code',
      language: 'yaml',
      caption: 'Kyverno: only images from the organisation\u2019s ECR registry',
      code: `apiVersion: kyverno.io/v1
kind: ClusterPolicy
metadata:
  name: restrict-image-registries
spec:
  validationFailureAction: Enforce
  background: true
  rules:
    - name: ecr-only
      match:
        any:
          - resources:
              kinds:
                - Pod
      validate:
        message: "Images must come from the organisation's ECR registry."
        pattern:
          spec:
            containers:
              - image: "111122223333.dkr.ecr.*.amazonaws.com/*"`,
    },
    {
      kind: 'callout',
      tone: 'info',
      title: 'Scan the digest, deploy the digest, watch the digest',
      text: 'Drift disappears when one identifier follows the artefact from build to runtime. Rebuild base images on a schedule, redeploy when a running digest gains a critical finding, set lifecycle rules with a retention margin longer than your longest-running deployment, and alert when a digest that is still running no longer exists in the registry.',
    },
    { kind: 'heading', text: 'How Kryon helps' },
    {
      kind: 'paragraph',
      text: 'Kryon Vuln imports Amazon Inspector and ECR scan results and places each finding on the workloads that actually run the image, ECS tasks and EKS pods alike, then ranks them by CVSS, public exposure and the reach of the workload\u2019s IAM role. A critical CVE in an image nobody runs waits; the same CVE in a running, internet-facing service with broad permissions goes first. Kryon Core checks registry hygiene continuously, covering enhanced scanning, tag immutability and lifecycle policies, maps the results to CIS and NIST controls such as NIST SP 800-53 RA-5, and lets you add custom policies for your own container standards.',
    },
    { kind: 'heading', text: 'Checklist' },
    {
      kind: 'list',
      items: [
        'Enable ECR enhanced scanning with continuous rescans for every repository.',
        'Set Inspector rescan durations that cover your longest-running deployments.',
        'Inventory running digests across ECS and EKS and compare them with ECR.',
        'Find coverage gaps with `SCAN_ELIGIBILITY_EXPIRED` and in-use images with critical findings.',
        'Make tags immutable and deploy by digest.',
        'Route upstream images through ECR pull-through cache rules.',
        'Enforce registry allow-lists with admission control on EKS and pipeline-only task definitions on ECS.',
        'Rebuild and redeploy base images on a schedule.',
      ],
    },
  ],
};
