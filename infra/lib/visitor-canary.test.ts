import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, type CfnResource, Stack } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import { afterAll, describe, expect, it } from 'vitest';
import local from '../environments/local.ts';
import production from '../environments/production.ts';
import { filledInProduction } from '../test/filled-in-production.ts';
import { writeSiteFixture } from '../test/site-fixture.ts';
import { logicalId, resourcesOf, synth } from '../test/synth.ts';
import { parseEnvironment } from './environment.ts';
import { REPO_ROOT } from './kryon-stack.ts';
import { policyValidators } from './policy-validation.ts';
import {
  bundleVisitorCanary,
  CANARY_HANDLER,
  CANARY_HANDLER_FILE,
  canaryNameOf,
  VisitorCanary,
} from './visitor-canary.ts';

// `npm run synth -- production`'s stack (what only ops know filled in), with cdk-nag and
// Control Tower's rules as bin/app.ts runs them: synth() throws on any unacknowledged finding.
const siteDir = writeSiteFixture();
const [guard] = policyValidators({ customDomain: true });
if (!guard) throw new Error('no cfn-guard validator');
const prod = synth({ siteDir, environment: filledInProduction(), validators: [guard] });
const scratch = [siteDir, prod.outdir];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

const canaryOf = (template: Template) =>
  Object.values(resourcesOf(template, 'AWS::Synthetics::Canary'));
const ref = (resource: CfnResource) => ({ Ref: logicalId(resource) });

describe('the visitor canary in production', () => {
  const canary = prod.stack.canary;
  if (!canary) throw new Error('production has no canary');

  it('runs the bundled journey on the Playwright runtime every 15 minutes against the site', () => {
    const [resource, ...others] = canaryOf(prod.template);
    expect(others).toEqual([]);
    expect(resource?.Properties).toMatchObject({
      Name: 'kryonweb-visitor',
      RuntimeVersion: 'syn-nodejs-playwright-6.0',
      Code: { Handler: CANARY_HANDLER, S3Key: expect.stringMatching(/\.zip$/) },
      Schedule: { Expression: 'rate(15 minutes)' },
      RunConfig: {
        EnvironmentVariables: { SITE_ORIGIN: 'https://kryon.security' },
        TimeoutInSeconds: 120,
      },
      StartCanaryAfterCreation: true,
      SuccessRetentionPeriod: 30,
      FailureRetentionPeriod: 30,
    });
  });

  it('alarms to the operations topic after two failed runs in a row, with a runbook line', () => {
    const topic = ref(prod.stack.alarms.topic.node.defaultChild as CfnResource);
    prod.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'CloudWatchSynthetics',
      MetricName: 'SuccessPercent',
      Dimensions: [
        { Name: 'CanaryName', Value: ref(canary.canary.node.defaultChild as CfnResource) },
      ],
      Statistic: 'Average',
      Period: 900,
      EvaluationPeriods: 2,
      DatapointsToAlarm: 2,
      Threshold: 100,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'missing',
      AlarmActions: [topic],
      OKActions: [topic],
      InsufficientDataActions: [topic],
      AlarmDescription: Match.stringLikeRegexp(
        '^The visitor-path canary failed twice running.*runbook',
      ),
    });
    expect(prod.stack.alarms.alarms).toContain(canary.alarm);
  });

  it('keeps its artifacts in a bucket of its own: encrypted, private, logged, expiring', () => {
    const bucketId = logicalId(canary.artifacts.node.defaultChild as CfnResource);
    const bucket = prod.template.toJSON().Resources[bucketId];
    expect(bucket.Properties).toMatchObject({
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          { ServerSideEncryptionByDefault: { SSEAlgorithm: 'aws:kms' }, BucketKeyEnabled: true },
        ],
      },
      PublicAccessBlockConfiguration: {
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      },
      OwnershipControls: { Rules: [{ ObjectOwnership: 'BucketOwnerEnforced' }] },
      LoggingConfiguration: {
        DestinationBucketName: ref(prod.stack.site.logsBucket.node.defaultChild as CfnResource),
        LogFilePrefix: 'canary/',
      },
    });
    expect(bucket.Properties.LifecycleConfiguration.Rules).toEqual([
      {
        Status: 'Enabled',
        ExpirationInDays: 30,
        AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 },
      },
    ]);
    prod.template.hasResourceProperties('AWS::S3::BucketPolicy', {
      Bucket: { Ref: bucketId },
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Action: 's3:*',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
    const [resource] = canaryOf(prod.template);
    expect(JSON.stringify(resource?.Properties?.ArtifactS3Location)).toContain(bucketId);
  });

  it('gives its role what the Synthetics documentation lists, and nothing else', () => {
    const role = logicalId(canary.canary.role.node.defaultChild as CfnResource);
    const roles = resourcesOf(prod.template, 'AWS::IAM::Role');
    const policies = (roles[role]?.Properties?.Policies ?? []) as {
      PolicyDocument: { Statement: { Action: string | string[] }[] };
    }[];
    const statements = policies.flatMap((policy) => policy.PolicyDocument.Statement);
    expect(statements.map((statement) => statement.Action).sort()).toEqual(
      [
        'cloudwatch:PutMetricData',
        ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'],
        's3:GetBucketLocation',
        's3:ListAllMyBuckets',
        's3:PutObject',
      ].sort(),
    );
    expect(JSON.stringify(statements)).toContain('"cloudwatch:namespace":"CloudWatchSynthetics"');
    expect(roles[role]?.Properties?.ManagedPolicyArns).toBeUndefined();
  });
});

describe('the environment key', () => {
  it('is on in production with its defaults and off in local', () => {
    expect(production.canary).toEqual({});
    expect(parseEnvironment('p', filledInProduction()).config.canary).toEqual({ everyMinutes: 15 });
    expect(parseEnvironment('local', local).config.canary).toBeUndefined();
  });

  it('takes 5 to 60 minutes, and nothing else', () => {
    const parse = (canary: unknown) => () => parseEnvironment('e', { kind: 'preview', canary });
    expect(parse({ everyMinutes: 5 })().config.canary).toEqual({ everyMinutes: 5 });
    expect(parse({ everyMinutes: 4 })).toThrow(
      /canary\.everyMinutes: must be a whole number from 5 to 60/,
    );
    expect(parse({ everyMinutes: 61 })).toThrow(/canary\.everyMinutes/);
    expect(parse({ everyMinutes: 7.5 })).toThrow(/canary\.everyMinutes/);
    expect(parse({ every: 10 })).toThrow(/canary/);
  });

  it('leaves a local stack without a canary', () => {
    const built = synth({ siteDir, environment: local, file: 'infra/environments/local.ts' });
    scratch.push(built.outdir);
    expect(built.stack.canary).toBeUndefined();
    expect(canaryOf(built.template)).toEqual([]);
  });
});

describe('the canary code', () => {
  it('is one ES module with the journey, its steps and messages, and the runtime left out', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kryon-canary-'));
    scratch.push(dir);
    bundleVisitorCanary(REPO_ROOT, dir);
    expect(readdirSync(dir)).toEqual([CANARY_HANDLER_FILE]);
    const code = readFileSync(join(dir, CANARY_HANDLER_FILE), 'utf8');
    expect(code).toMatch(/export\s*\{[^}]*\bhandler\b/);
    expect(code).toMatch(/from\s*["']@aws\/synthetics-playwright["']/);
    for (const text of [
      'success+canary-',
      '@simulator.amazonses.com',
      'open-research-archive',
      'request-report',
      'fetch-report-pdf',
      'Visitor path failed at',
      'without a solved browser check',
      '%PDF-',
      'Download Ready',
    ]) {
      expect(code).toContain(text);
    }
    // Playwright comes from the runtime: nothing of it, or of the test runner, is bundled.
    expect(code).not.toMatch(/@playwright\/test|playwright-core\/lib/);
  });

  it('is the asset the canary runs, bundled at synth', () => {
    const outdir = mkdtempSync(join(tmpdir(), 'kryon-canary-cdk-'));
    scratch.push(outdir);
    const app = new App({ outdir });
    const stack = new Stack(app, 'CanaryOnly');
    new VisitorCanary(stack, 'Canary', {
      siteOrigin: 'https://kryon.example',
      everyMinutes: 5,
      accessLogsBucket: new Bucket(stack, 'Logs'),
      repoRoot: REPO_ROOT,
    });
    const assembly = app.synth();
    const manifest = JSON.parse(
      readFileSync(join(outdir, `${stack.artifactId}.assets.json`), 'utf8'),
    ) as { files: Record<string, { displayName?: string; source: { path: string } }> };
    const asset = Object.values(manifest.files).find((file) => file.displayName === 'Canary/Code');
    expect(asset).toBeDefined();
    const dir = join(assembly.directory, asset?.source.path ?? '');
    expect(readdirSync(dir)).toEqual([CANARY_HANDLER_FILE]);
    expect(readFileSync(join(dir, CANARY_HANDLER_FILE), 'utf8')).toContain(
      'Visitor path failed at',
    );
    const [canary] = canaryOf(Template.fromStack(stack));
    expect(canary?.Properties?.Schedule).toMatchObject({ Expression: 'rate(5 minutes)' });
    expect(canary?.Properties?.Code).toMatchObject({
      S3Key: `${asset ? Object.keys(manifest.files).find((key) => manifest.files[key] === asset) : ''}.zip`,
    });
  });

  it('is named after the stack, within 21 characters, one name per stack', () => {
    expect(canaryNameOf('KryonWeb')).toBe('kryonweb-visitor');
    const staging = canaryNameOf('KryonWeb-staging');
    expect(staging).toMatch(/^kryonweb-[0-9a-f]{4}-visitor$/);
    expect(staging?.length).toBe(21);
    // Cut to the same 8 characters, told apart by the hash of the whole name (decision 084).
    expect(canaryNameOf('KryonWeb-stage-2')).not.toBe(staging);
  });
});
