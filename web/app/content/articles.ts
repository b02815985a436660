import { article as apiGatewayUnauthenticatedRoutes } from './articles/api-gateway-unauthenticated-routes.ts';
import { article as assumeRoleChainLateralMovement } from './articles/assume-role-chain-lateral-movement.ts';
import { article as cisAwsFoundationsBenchmark } from './articles/cis-aws-foundations-benchmark.ts';
import { article as cloudtrailBlindSpots } from './articles/cloudtrail-blind-spots.ts';
import { article as compliancePoliciesAsCode } from './articles/compliance-policies-as-code.ts';
import { article as crossAccountTrustConfusedDeputy } from './articles/cross-account-trust-confused-deputy.ts';
import { article as cvePrioritizationExposureContext } from './articles/cve-prioritization-exposure-context.ts';
import { article as ecrImageScanningRuntimeDrift } from './articles/ecr-image-scanning-runtime-drift.ts';
import { article as eksPodToAwsAccount } from './articles/eks-pod-to-aws-account.ts';
import { article as exposedEc2ToAccountAdmin } from './articles/exposed-ec2-to-account-admin.ts';
import { article as hipaaPhiWorkloadsAws } from './articles/hipaa-phi-workloads-aws.ts';
import { article as iamPassrolePrivilegeEscalation } from './articles/iam-passrole-privilege-escalation.ts';
import { article as identityCenterPermissionSetSprawl } from './articles/identity-center-permission-set-sprawl.ts';
import { article as imdsv1SsrfCredentialTheft } from './articles/imdsv1-ssrf-credential-theft.ts';
import { article as kmsKeyPolicyPitfalls } from './articles/kms-key-policy-pitfalls.ts';
import { article as knownExploitedVulnerabilitiesAws } from './articles/known-exploited-vulnerabilities-aws.ts';
import { article as lambdaEnvironmentSecrets } from './articles/lambda-environment-secrets.ts';
import { article as lambdaFunctionUrlAuthNone } from './articles/lambda-function-url-auth-none.ts';
import { article as lambdaOverprivilegedExecutionRoles } from './articles/lambda-overprivileged-execution-roles.ts';
import { article as longLivedAccessKeys } from './articles/long-lived-access-keys.ts';
import { article as pciDssV4CloudScope } from './articles/pci-dss-v4-cloud-scope.ts';
import { article as publicS3BucketsBlockPublicAccess } from './articles/public-s3-buckets-block-public-access.ts';
import { article as rdsSnapshotPublicSharing } from './articles/rds-snapshot-public-sharing.ts';
import { article as s3EncryptionSseKmsBucketKeys } from './articles/s3-encryption-sse-kms-bucket-keys.ts';
import { article as s3ExfiltrationExternalAccounts } from './articles/s3-exfiltration-external-accounts.ts';
import { article as secretsManagerRotation } from './articles/secrets-manager-rotation.ts';
import { article as securityGroupsOpenAdminPorts } from './articles/security-groups-open-admin-ports.ts';
import { article as soc2ContinuousEvidenceAws } from './articles/soc2-continuous-evidence-aws.ts';
import { article as ssmSessionManagerLateralMovement } from './articles/ssm-session-manager-lateral-movement.ts';
import { article as toxicPermissionCombinations } from './articles/toxic-permission-combinations.ts';
import { article as unpatchedAmiFleetRisk } from './articles/unpatched-ami-fleet-risk.ts';
import { article as vpcEndpointDataPerimeter } from './articles/vpc-endpoint-data-perimeter.ts';
import type { ArticleSource } from './library-types.ts';

/**
 * Every article of the library, listed explicitly so the same list works in the browser
 * bundle, at prerender time and in tests (library.test.ts checks that no file in articles/
 * is missing here). Order does not matter: the library sorts by date.
 */
export const ARTICLE_SOURCES: readonly ArticleSource[] = [
  apiGatewayUnauthenticatedRoutes,
  assumeRoleChainLateralMovement,
  cisAwsFoundationsBenchmark,
  cloudtrailBlindSpots,
  compliancePoliciesAsCode,
  crossAccountTrustConfusedDeputy,
  cvePrioritizationExposureContext,
  ecrImageScanningRuntimeDrift,
  eksPodToAwsAccount,
  exposedEc2ToAccountAdmin,
  hipaaPhiWorkloadsAws,
  iamPassrolePrivilegeEscalation,
  identityCenterPermissionSetSprawl,
  imdsv1SsrfCredentialTheft,
  kmsKeyPolicyPitfalls,
  knownExploitedVulnerabilitiesAws,
  lambdaEnvironmentSecrets,
  lambdaFunctionUrlAuthNone,
  lambdaOverprivilegedExecutionRoles,
  longLivedAccessKeys,
  pciDssV4CloudScope,
  publicS3BucketsBlockPublicAccess,
  rdsSnapshotPublicSharing,
  s3EncryptionSseKmsBucketKeys,
  s3ExfiltrationExternalAccounts,
  secretsManagerRotation,
  securityGroupsOpenAdminPorts,
  soc2ContinuousEvidenceAws,
  ssmSessionManagerLateralMovement,
  toxicPermissionCombinations,
  unpatchedAmiFleetRisk,
  vpcEndpointDataPerimeter,
];
