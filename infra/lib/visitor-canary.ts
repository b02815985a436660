import { createHash } from 'node:crypto';
import { join } from 'node:path';
import {
  AssetHashType,
  DockerImage,
  Duration,
  RemovalPolicy,
  Size,
  Stack,
  Token,
} from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  type IBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import { Canary, Code, Runtime, Schedule, Test } from 'aws-cdk-lib/aws-synthetics';
import { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { acknowledgeExpectedWildcards } from './nag.ts';

/*
 * A CloudWatch Synthetics canary that walks the visitor's path against the deployed site: the
 * journey web/e2e/visitor-journey.ts, which `npm test` walks against the local stack, bundled
 * with its small handler (web/e2e/visitor-journey.canary.ts) by esbuild (decision 083).
 */

/** The canary handler's file in the bundle, and so the handler's name (`file.function`). */
export const CANARY_HANDLER_FILE = 'visitor-journey.mjs';
export const CANARY_HANDLER = 'visitor-journey.handler';

/**
 * The newest Node.js Playwright runtime aws-cdk-lib names: Playwright 1.58, Chromium 145, on
 * Lambda's Node.js 22 ("Runtime versions using Node.js and Playwright",
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Synthetics_Library_nodejs_playwright.html).
 */
export const CANARY_RUNTIME = Runtime.SYNTHETICS_NODEJS_PLAYWRIGHT_6_0;

/** How long a run's screenshots, HAR and logs are kept, in S3 and in the run history. */
export const CANARY_ARTIFACT_DAYS = 30;

/** Failed runs in a row that alarm: one can be the network between Lambda and CloudFront. */
export const CANARY_FAILED_RUNS_TO_ALARM = 2;

export interface VisitorCanaryProps {
  /** The site's public origin the canary walks (`https://kryon.security`, or the distribution's). */
  siteOrigin: string;
  /** Minutes between runs. */
  everyMinutes: number;
  /** The bucket the other buckets' server access logs go to. */
  accessLogsBucket: IBucket;
  /** The repository's root: the canary entry is web/e2e/visitor-journey.canary.ts below it. */
  repoRoot: string;
}

/**
 * The visitor-path canary, its private artifacts bucket and the alarm on two failed runs in a
 * row. The canary's role is the one CDK makes, which holds what "Required roles and permissions
 * for canaries" lists and no more (no X-Ray: the Playwright runtime has no active tracing).
 */
export class VisitorCanary extends Construct {
  readonly canary: Canary;
  readonly artifacts: Bucket;
  readonly alarm: Alarm;

  constructor(scope: Construct, id: string, props: VisitorCanaryProps) {
    super(scope, id);
    const every = Duration.minutes(props.everyMinutes);

    // SSE-KMS under the account's aws/s3 key: Control Tower's CT.S3.PR.10 asks for KMS, and the
    // aws/s3 key lets any principal of the account that may write the bucket encrypt, so the
    // canary's role needs no key grant and the stack no key to rotate.
    this.artifacts = new Bucket(this, 'Artifacts', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.KMS_MANAGED,
      bucketKeyEnabled: true,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: props.accessLogsBucket,
      serverAccessLogsPrefix: 'canary/',
      lifecycleRules: [
        {
          expiration: Duration.days(CANARY_ARTIFACT_DAYS),
          abortIncompleteMultipartUploadAfter: Duration.days(1),
        },
      ],
      // Kept with its objects if the stack goes, as the other buckets are; they expire anyway.
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const code = new Asset(this, 'Code', {
      path: join(props.repoRoot, 'web', 'e2e'),
      // The bundle is what runs: its bytes name the asset, not the whole e2e folder's.
      assetHashType: AssetHashType.OUTPUT,
      bundling: {
        // Never pulled: the local build below either writes the bundle or throws.
        image: DockerImage.fromRegistry('public.ecr.aws/docker/library/node:22'),
        local: {
          tryBundle(outputDir) {
            bundleVisitorCanary(props.repoRoot, outputDir);
            return true;
          },
        },
      },
    });

    this.canary = new Canary(this, 'Canary', {
      canaryName: canaryNameOf(Stack.of(this).stackName),
      runtime: CANARY_RUNTIME,
      test: Test.custom({
        code: Code.fromBucket(code.bucket, code.s3ObjectKey),
        handler: CANARY_HANDLER,
      }),
      schedule: Schedule.rate(every),
      environmentVariables: { SITE_ORIGIN: props.siteOrigin },
      // Chromium and the browser check's proof of work: more memory is more CPU on Lambda.
      memory: Size.mebibytes(2048),
      timeout: Duration.minutes(Math.min(2, props.everyMinutes)),
      artifactsBucketLocation: { bucket: this.artifacts },
      successRetentionPeriod: Duration.days(CANARY_ARTIFACT_DAYS),
      failureRetentionPeriod: Duration.days(CANARY_ARTIFACT_DAYS),
      startAfterCreation: true,
    });

    // CDK's canary role, as the Synthetics documentation writes it: S3's bucket listing and
    // CloudWatch's PutMetricData take no resource (the latter is held to the CloudWatchSynthetics
    // namespace by a condition), the run's log groups are named by Lambda (cwsyn-<name>-<id>),
    // and the artifacts are objects of this bucket only.
    const bucketId = Stack.of(this).getLogicalId(this.artifacts.node.defaultChild as CfnBucket);
    acknowledgeExpectedWildcards(
      this.canary.role,
      [
        /^Resource::\*$/,
        /^Resource::arn:(?:aws[a-z-]*|<AWS::Partition>):logs:[^:]+:[^:]+:log-group:\/aws\/lambda\/cwsyn-\*$/,
        new RegExp(`^Resource::<${bucketId}\\.Arn>/\\*$`),
      ],
      'The canary role of "Required roles and permissions for canaries" (CloudWatch User ' +
        'Guide): s3:ListAllMyBuckets and cloudwatch:PutMetricData take no resource (the latter ' +
        'only in the CloudWatchSynthetics namespace), the run logs are the Lambda log groups ' +
        "Synthetics names cwsyn-*, and PutObject reaches only this canary's artifacts bucket.",
    );

    // SuccessPercent is 0 or 100 per run; with one run per period, two periods under 100 are
    // two failed runs in a row. Missing periods are skipped, not counted (a run that drifts
    // across a period's edge); no data at all is INSUFFICIENT_DATA, which notifies too: the
    // canary stopped ("Configuring how CloudWatch alarms treat missing data").
    this.alarm = new Alarm(this, 'Failing', {
      metric: this.canary.metricSuccessPercent({ period: every, statistic: 'Average' }),
      threshold: 100,
      comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
      evaluationPeriods: CANARY_FAILED_RUNS_TO_ALARM,
      datapointsToAlarm: CANARY_FAILED_RUNS_TO_ALARM,
      treatMissingData: TreatMissingData.MISSING,
      alarmDescription:
        'The visitor-path canary failed twice running (or stopped): a visitor may not get ' +
        'through page, archive, download dialog, browser check, personal link and PDF. Its ' +
        'runs (CloudWatch > Synthetics canaries) name the failed step with a screenshot: ' +
        'runbook in README "Operations", alarm Canary/Failing.',
    });
  }
}

/**
 * The canary's name: the stack's, lower-cased, and what it checks, at most 21 characters (the
 * limit older Synthetics documentation gives, and CDK's own generated names keep to). A stack
 * name too long for it is cut and given a hash of the whole, so that two stacks in one account
 * and region (KryonWeb-staging, KryonWeb-stage-2) never name one canary (decision 084).
 */
export function canaryNameOf(stackName: string): string | undefined {
  if (Token.isUnresolved(stackName)) return undefined;
  const base = stackName.toLowerCase().replace(/[^0-9a-z_-]/g, '-');
  const room = 21 - '-visitor'.length;
  if (base.length <= room) return `${base}-visitor`;
  const hash = createHash('sha256').update(base).digest('hex').slice(0, 4);
  return `${base.slice(0, room - hash.length - 1)}-${hash}-visitor`;
}

/**
 * Bundles the canary entry and the journey into `outputDir/visitor-journey.mjs`: one ES module
 * for the runtime's Node.js 22, with Playwright and Synthetics' library left to the runtime,
 * which provides them ("Writing a Node.js canary script using the Playwright runtime":
 * a `.mjs` handler at the root of the package,
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/Synthetics_WritingCanary_Nodejs_Playwright.html).
 */
export function bundleVisitorCanary(repoRoot: string, outputDir: string): void {
  const result = buildSync({
    entryPoints: [join(repoRoot, 'web', 'e2e', 'visitor-journey.canary.ts')],
    outfile: join(outputDir, CANARY_HANDLER_FILE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external: ['@aws/synthetics-playwright', 'playwright-core', 'playwright', '@playwright/test'],
    tsconfig: join(repoRoot, 'web', 'tsconfig.json'),
    legalComments: 'none',
    logLevel: 'silent',
  });
  if (result.errors.length > 0) {
    throw new Error(`The canary bundle failed: ${result.errors.map((e) => e.text).join('; ')}`);
  }
}
