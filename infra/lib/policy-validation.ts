import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, parse } from 'node:path';
import { CfnGuardValidator } from '@cdklabs/cdk-validator-cfnguard';
import {
  CfnResource,
  type IPolicyValidationContextBeta1,
  type IPolicyValidationPluginBeta1,
  type PolicyValidationPluginReportBeta1,
  type PolicyViolationBeta1,
  Stack,
} from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/*
 * AWS Control Tower's proactive controls, run by cfn-guard on every synthesized template: a
 * violation fails `cdk synth` like a cdk-nag finding (decision 065). The controls:
 * https://docs.aws.amazon.com/controltower/latest/userguide/proactive-controls.html
 */

/** One control the stack does not follow, and where. */
export interface GuardAcknowledgement {
  /** The Control Tower control's ID, as AWS's documentation names it. */
  control: string;
  reason: string;
  /**
   * The resources it covers, by construct path below the stack (`Site/AccessLogs/Resource`).
   * @default every resource: only for a control the whole design answers
   */
  only?: RegExp;
  /**
   * Only for a distribution on its own `….cloudfront.net` name: with a custom domain the
   * stack sets what the control asks for, and the control must pass.
   * @default false: whatever the domain
   */
  withoutCustomDomain?: boolean;
}

/**
 * Every Control Tower check the stack does not pass, keyed by the check's name (what the
 * synth report prints after `cdk-validator-cfnguard::`), with the reason. A check not listed
 * here fails synthesis wherever it fires; one listed with `only` still fails elsewhere.
 */
export const GUARD_ACKNOWLEDGEMENTS: Record<string, GuardAcknowledgement> = {
  api_gw_v2_authorization_type_configured_check: {
    control: 'CT.APIGATEWAY.PR.5',
    reason:
      'Public lead forms for anonymous visitors: there is no caller identity to authorise ' +
      '(cdk-nag APIG4, same reason). Only CloudFront reaches it (mutual TLS on its own name, no ' +
      'execute-api address); abuse is bounded by the optional WAF rate rule, the per-client ' +
      'and per-e-mail budgets, the browser check, schema validation and the body cap, and the ' +
      'functions answer only requests that carry the origin-verify header CloudFront adds.',
    only: /^Api\/HttpApi\//,
  },
  lambda_function_public_access_prohibited_check: {
    control: 'CT.LAMBDA.PR.2',
    reason:
      'These are the HTTP API integration permissions CDK writes: principal ' +
      'apigateway.amazonaws.com, SourceArn this API and route (an execute-api ARN built ' +
      'with Fn::Join). The rule accepts only a literal string SourceArn, which a template ' +
      'cannot hold for an API it creates (the validator README names this Fn::Join limit).',
    only: /^Api\/HttpApi\/[^/]+\/[A-Za-z]+Integration-Permission$/,
  },
  lambda_inside_vpc_check: {
    control: 'CT.LAMBDA.PR.3',
    reason:
      'The functions call only AWS APIs (DynamoDB, SES, Secrets Manager, CloudWatch) over ' +
      'TLS with IAM; they reach no private network. A VPC would add NAT gateways or ' +
      'interface endpoints (a fixed monthly cost per AZ) and cold-start latency for no ' +
      'resource to protect.',
  },
  cloudwatch_log_group_retention_period_check: {
    control: 'CT.CLOUDWATCH.PR.2',
    reason:
      'Request logs hold visitor data; the privacy notice states they are kept 90 days ' +
      '(DATA_RETENTION in shared/src/constants.ts, decision 038, context logRetentionDays). ' +
      "The control's one year would break that promise.",
  },
  cloudwatch_log_group_encrypted_check: {
    control: 'CT.CLOUDWATCH.PR.3',
    reason:
      'CloudWatch Logs encrypts every log group at rest with a service key. A customer key ' +
      'per group adds a KMS key policy for logs.<region>.amazonaws.com and a monthly key ' +
      'cost, and buys only key-level revocation, which nobody here needs.',
  },
  cloudfront_default_root_object_configured_check: {
    control: 'CT.CLOUDFRONT.PR.1',
    reason:
      'The viewer-request function (SiteRouter) maps every clean URL, "/" included, to its ' +
      'prerendered index.html; a DefaultRootObject would be a second rule for "/" that the ' +
      'function already answers.',
    only: /^Site\/Distribution\/Resource$/,
  },
  cloudfront_origin_failover_enabled_check: {
    control: 'CT.CLOUDFRONT.PR.4',
    reason:
      'One site bucket and one API in one region: there is no second origin to fail over ' +
      'to, and CloudFront fails over only GET, HEAD and OPTIONS requests, not the POSTs of ' +
      'the forms.',
    only: /^Site\/Distribution\/Resource$/,
  },
  cloudfront_custom_ssl_certificate_check: {
    control: 'CT.CLOUDFRONT.PR.6',
    reason:
      "Without a custom domain (the environment file's domain) the distribution serves the " +
      '*.cloudfront.net certificate; a deployment with a domain sets its ACM certificate ' +
      '(cdk-nag CFR4, same reason).',
    only: /^Site\/Distribution\/Resource$/,
    withoutCustomDomain: true,
  },
  cloudfront_sni_enabled_check: {
    control: 'CT.CLOUDFRONT.PR.7',
    reason:
      'SNI is a property of a custom certificate; without a custom domain there is none ' +
      '(see CT.CLOUDFRONT.PR.6).',
    only: /^Site\/Distribution\/Resource$/,
    withoutCustomDomain: true,
  },
  cloudfront_security_policy_check: {
    control: 'CT.CLOUDFRONT.PR.9',
    reason:
      'CloudFront accepts a minimum TLS version only with a custom certificate; with one the ' +
      'stack sets TLSv1.2_2021 (static-site.ts). Without a domain the default certificate ' +
      "keeps CloudFront's own policy.",
    only: /^Site\/Distribution\/Resource$/,
    withoutCustomDomain: true,
  },
  s3_bucket_default_encryption_kms_check: {
    control: 'CT.S3.PR.10',
    reason:
      'SSE-S3 (encrypted at rest with S3-managed keys). The buckets hold public pages, ' +
      'public report PDFs and access logs; a customer key would need key-policy statements ' +
      'for CloudFront origin access, S3 and CloudFront log delivery, and bills per request, ' +
      'for no secret to protect.',
    only: /^(Site\/Content|Site\/AccessLogs|Reports\/Bucket)\/Resource$/,
  },
  s3_bucket_versioning_enabled_check: {
    control: 'CT.S3.PR.11',
    reason:
      'The access logs are written once and expire; the report PDFs are rebuilt from the ' +
      "repository on every deploy, which is their history; the canary writes each run's " +
      'screenshots and logs once, and they expire. The site bucket is versioned.',
    only: /^(Site\/AccessLogs|Reports\/Bucket|Canary\/Artifacts)\/Resource$/,
  },
  s3_bucket_logging_enabled_check: {
    control: 'CT.S3.PR.2',
    reason:
      'This is the access-log bucket the other buckets and CloudFront log to; logging it to ' +
      'itself would log its own log writes.',
    only: /^Site\/AccessLogs\/Resource$/,
  },
  s3_event_notifications_enabled_check: {
    control: 'CT.S3.PR.4',
    reason:
      'Nothing reacts to objects: the buckets are written only by deployments (and by log ' +
      "delivery, and the canary's runs), which CloudFormation and CloudTrail already record.",
    only: /^(Site\/Content|Site\/AccessLogs|Reports\/Bucket|Canary\/Artifacts)\/Resource$/,
  },
  s3_lifecycle_policy_check: {
    control: 'CT.S3.PR.6',
    reason:
      'The reports bucket holds the current report PDFs only, replaced by each deploy; ' +
      'nothing accumulates for a lifecycle rule to expire.',
    only: /^Reports\/Bucket\/Resource$/,
  },
  s3_bucket_object_lock_enabled_check: {
    control: 'CT.S3.PR.9',
    reason:
      'Object Lock (WORM) would stop each deploy from replacing and pruning the site and ' +
      'reports, and S3 cannot deliver server access logs to a bucket with Object Lock; the ' +
      "canary's artifacts are diagnostics that expire, with nothing to hold.",
    only: /^(Site\/Content|Site\/AccessLogs|Reports\/Bucket|Canary\/Artifacts)\/Resource$/,
  },
  sqs_dlq_check: {
    control: 'CT.SQS.PR.1',
    reason:
      'These queues are themselves dead-letter queues (of the resend and delivery-event ' +
      'functions, and of each lead-event destination); their depth alarms and a person act on ' +
      'them (cdk-nag SQS3, same reason).',
    only: /\/DeadLetterQueue\/Resource$/,
  },
};

/** The acknowledgements that hold for a stack with or without a custom domain. */
function guardAcknowledgements(options: {
  customDomain: boolean;
}): Record<string, GuardAcknowledgement> {
  return Object.fromEntries(
    Object.entries(GUARD_ACKNOWLEDGEMENTS).filter(
      ([, ack]) => !(options.customDomain && ack.withoutCustomDomain),
    ),
  );
}

/**
 * The plugins for `Validations.of(app).addPlugins(...policyValidators(...))`: Control Tower's
 * proactive controls, minus the findings acknowledged for a stack of this shape.
 */
export function policyValidators(options: { customDomain: boolean }): AcknowledgingValidator[] {
  return [new AcknowledgingValidator(new ControlTowerValidator(), guardAcknowledgements(options))];
}

/** The Control Tower rule files the validator package ships (one folder per service). */
const CONTROL_TOWER_RULES_DIR = join(
  dirname(createRequire(import.meta.url).resolve('@cdklabs/cdk-validator-cfnguard/package.json')),
  'rules/control-tower/cfn-guard',
);

/**
 * Each Control Tower rule (its file name, `ct-s3-pr-1`) and the resource types it reports on,
 * read from the rule's header (`# Reports on:`). Empty when the header names none.
 */
export function controlTowerRules(dir = CONTROL_TOWER_RULES_DIR): Map<string, string[]> {
  const rules = new Map<string, string[]>();
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.guard')) continue;
    const text = readFileSync(join(entry.parentPath, entry.name), 'utf8');
    const block = /^# Reports on:[^\n]*\n((?:#[^\S\n]*AWS::[^\n]*\n)+)/m.exec(text)?.[1] ?? '';
    rules.set(
      parse(entry.name).name,
      [...block.matchAll(/AWS::[A-Za-z0-9]+::[A-Za-z0-9]+/g)].map((match) => match[0]),
    );
  }
  return rules;
}

/**
 * cfn-guard with the Control Tower rules, run with only the rules that report on a resource
 * type the templates contain (the others would all be SKIP): about a quarter of the time of
 * all 237. A rule whose header names no type always runs.
 */
class ControlTowerValidator implements IPolicyValidationPluginBeta1 {
  readonly name: string;
  readonly version?: string;
  readonly ruleIds?: string[];
  private readonly rules = controlTowerRules();

  constructor() {
    const all = new CfnGuardValidator();
    this.name = all.name;
    this.version = all.version;
    this.ruleIds = all.ruleIds;
  }

  validate(context: IPolicyValidationContextBeta1): PolicyValidationPluginReportBeta1 {
    const present = new Set(
      context.templatePaths.flatMap((path) =>
        Object.values(
          (
            JSON.parse(readFileSync(path, 'utf8')) as {
              Resources?: Record<string, { Type: string }>;
            }
          ).Resources ?? {},
        ).map((resource) => resource.Type),
      ),
    );
    const disabledRules = [...this.rules]
      .filter(([, types]) => types.length > 0 && !types.some((type) => present.has(type)))
      .map(([rule]) => rule);
    return new CfnGuardValidator({ disabledRules }).validate(context);
  }
}

/**
 * Runs a validator and drops the violations an acknowledgement covers. The plugin keeps the
 * validator's name, so the report and its "Acknowledge with" hints read as cfn-guard's own.
 */
export class AcknowledgingValidator implements IPolicyValidationPluginBeta1 {
  readonly name: string;
  readonly version?: string;
  readonly ruleIds?: string[];
  /** What the acknowledgements covered in the validations so far (for tests and audits). */
  readonly acknowledged: AcknowledgedFinding[] = [];

  constructor(
    private readonly validator: IPolicyValidationPluginBeta1,
    private readonly acknowledgements: Record<string, GuardAcknowledgement>,
  ) {
    this.name = validator.name;
    this.version = validator.version;
    this.ruleIds = validator.ruleIds;
  }

  validate(context: IPolicyValidationContextBeta1): PolicyValidationPluginReportBeta1 {
    const report = this.validator.validate(context);
    const { kept, acknowledged } = sortViolations(
      report.violations,
      resourcePaths(context.appConstruct),
      this.acknowledgements,
    );
    this.acknowledged.push(...acknowledged);
    return { ...report, success: report.success || kept.length === 0, violations: kept };
  }
}

/** One violating resource that an acknowledgement covers. */
export interface AcknowledgedFinding {
  rule: string;
  path: string;
  reason: string;
}

/**
 * Splits violations into those no acknowledgement covers (kept, with only their uncovered
 * resources) and the acknowledged findings. `paths` maps `template file:logical ID` to the
 * resource's construct path below its stack.
 */
function sortViolations(
  violations: readonly PolicyViolationBeta1[],
  paths: ReadonlyMap<string, string>,
  acknowledgements: Record<string, GuardAcknowledgement> = GUARD_ACKNOWLEDGEMENTS,
): { kept: PolicyViolationBeta1[]; acknowledged: AcknowledgedFinding[] } {
  const kept: PolicyViolationBeta1[] = [];
  const acknowledged: AcknowledgedFinding[] = [];
  for (const violation of violations) {
    const ack = Object.hasOwn(acknowledgements, violation.ruleName)
      ? acknowledgements[violation.ruleName]
      : undefined;
    const uncovered = violation.violatingResources.filter((resource) => {
      const path =
        paths.get(`${basename(resource.templatePath)}:${resource.resourceLogicalId}`) ??
        resource.resourceLogicalId;
      if (!ack || (ack.only && !ack.only.test(path))) return true;
      acknowledged.push({ rule: violation.ruleName, path, reason: ack.reason });
      return false;
    });
    if (uncovered.length > 0) kept.push({ ...violation, violatingResources: uncovered });
  }
  return { kept, acknowledged };
}

/** `template file:logical ID` → construct path below the stack, for every resource. */
function resourcePaths(root: IConstruct): Map<string, string> {
  const paths = new Map<string, string>();
  for (const construct of root.node.findAll()) {
    if (!CfnResource.isCfnResource(construct)) continue;
    const stack = Stack.of(construct);
    const logicalId = stack.resolve(construct.logicalId) as string;
    const path = construct.node.path.slice(stack.node.path.length + 1);
    paths.set(`${stack.templateFile}:${logicalId}`, path);
  }
  return paths;
}
