import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Settings } from '@kryon/functions/settings';
import type { LeadForm } from '@kryon/shared/api';
import { CfnOutput, Duration } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  ApiMapping,
  CorsHttpMethod,
  DomainName,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Asset } from 'aws-cdk-lib/aws-s3-assets';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { EmailSending } from './email-sending.ts';
import type { LogLevel, Recipients, Throttle } from './environment.ts';
import { leadFunction, recipientEnvironment } from './lead-function.ts';
import { acknowledge } from './nag.ts';
import { giveSecrets } from './site-secrets.ts';

export interface ApiRouteSpec {
  readonly method: string;
  readonly path: string;
  /** A module in handlersDir exporting `handler`. */
  readonly handler: string;
}

/**
 * What a handler is decides what it may touch: a lead form writes its own items and sends
 * mail, health and status read the state of the table, of SES and of the sender identity,
 * the challenge signs with the site secret and reads and adds to the rate counters, and the
 * fallback touches nothing.
 */
export type HandlerKind = 'form' | 'health' | 'challenge' | 'report' | 'plain';

export interface FormsApiProps {
  routes: readonly ApiRouteSpec[];
  /** The handler of the `$default` route (404/405 as JSON). */
  fallbackHandler: string;
  /** The lead forms (handler name = form name), e.g. LEAD_FORMS of @kryon/shared/api. */
  leadForms: readonly LeadForm[];
  handlersDir: string;
  /** The monorepo root: the lockfile and the workspace packages esbuild resolves. */
  repoRoot: string;
  table: ITableV2;
  email: EmailSending;
  mailFrom: string;
  /** Recipients per form; `default` for forms without their own entry. */
  recipients: Recipients;
  /**
   * The site secret, and the one CloudFront sends in the origin-verify header: every
   * function refuses requests without it (functions/src/http/site-origin.ts). Functions
   * get their ARNs and read them at run time.
   */
  secrets: { site: ISecret; originVerify: ISecret };
  leadRetentionDays: number;
  /** The environment's settings: the form and challenge functions get those they read. */
  settings: Settings;
  /** The site's origin, for links in e-mails and pages (may be a token of the distribution). */
  siteOrigin: string;
  logRetention: RetentionDays;
  /**
   * Set when the site calls the API on a separate origin: CORS then allows this origin (the
   * site's) and no other.
   * @default none: the API is same-origin and opens no CORS at all
   */
  corsAllowOrigin?: string;
  /**
   * The stage's throttle, for every route: one bucket for every visitor, so sized for a
   * flood (API_FLOOD_RATE at least, the environment file checks).
   */
  throttle: Throttle;
  /**
   * The API's own name, with a certificate in the stack's region: CloudFront's origin, reached
   * only with the client certificate its truststore's CA issued (decision 072).
   */
  origin: { name: string; certificateArn: string; truststore: string };
  /** The functions' Powertools log level. */
  logLevel: LogLevel;
  appVersion: string;
}

interface Sizing {
  memorySize: number;
  timeout: Duration;
}

// Forms wait on DynamoDB and SES and must answer before the site's 10 s client timeout;
// memory buys arm64 CPU for a faster cold start of the bundled SDK.
const SIZING: Record<HandlerKind, Sizing> = {
  form: { memorySize: 512, timeout: Duration.seconds(8) },
  health: { memorySize: 256, timeout: Duration.seconds(5) },
  // One PBKDF2 derivation per challenge (the server knows the answer it signs).
  challenge: { memorySize: 256, timeout: Duration.seconds(3) },
  // Reads one PDF of about 50 KB and records the opening.
  report: { memorySize: 256, timeout: Duration.seconds(5) },
  plain: { memorySize: 128, timeout: Duration.seconds(3) },
};

/**
 * Functions whose concurrency is capped so a flood on them cannot starve the lead forms: the
 * browser check's key derivation; the forms get no cap, a bucket a stranger could fill
 * (decision 072). Needs an account quota leaving 100 unreserved beside it (the default does).
 */
export const RESERVED_CONCURRENCY: Partial<Record<HandlerKind, number>> = {
  // About 300 challenges a second at the top price, 40 times the peak (decision 034).
  challenge: 100,
};

export function handlerKind(handler: string, leadForms: readonly LeadForm[]): HandlerKind {
  if (leadForms.some((form) => form === handler)) return 'form';
  if (handler === 'health' || handler === 'status') return 'health';
  if (handler === 'challenge') return 'challenge';
  if (handler === 'report') return 'report';
  return 'plain';
}

/**
 * The HTTP API behind CloudFront's `/api/*`: one Lambda per handler of the route list and the
 * fallback on `$default` (decision 011), one stage throttle sized for a flood, JSON access
 * logs, and only its own name, which CloudFront reaches it by (decision 072).
 */
export class FormsApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** Every function by handler name, the fallback included. */
  readonly functions: ReadonlyMap<string, NodejsFunction>;
  /** The API's own name, CloudFront's origin (the API has no execute-api address). */
  readonly originDomainName: string;

  constructor(scope: Construct, id: string, props: FormsApiProps) {
    super(scope, id);
    const functions = new Map<string, NodejsFunction>();

    const functionFor = (handler: string): NodejsFunction => {
      const existing = functions.get(handler);
      if (existing) return existing;
      const kind = handlerKind(handler, props.leadForms);
      const created = this.createFunction(handler, kind, props);
      functions.set(handler, created);
      return created;
    };
    const integrations = new Map<string, HttpLambdaIntegration>();
    const integrationFor = (handler: string) => {
      let integration = integrations.get(handler);
      if (!integration) {
        integration = new HttpLambdaIntegration(
          `${pascal(handler)}Integration`,
          functionFor(handler),
        );
        integrations.set(handler, integration);
      }
      return integration;
    };

    // Mutual TLS ("Mutual TLS authentication for HTTP APIs": clients must present a trusted
    // certificate) and no default endpoint ("clients can access your API only by using a
    // custom domain name"): only CloudFront can spend the throttle (decision 072).
    const truststore = new Asset(this, 'OriginTruststore', { path: props.origin.truststore });
    const originDomain = new DomainName(this, 'OriginDomain', {
      domainName: props.origin.name,
      certificate: Certificate.fromCertificateArn(
        this,
        'OriginCertificate',
        props.origin.certificateArn,
      ),
      mtls: { bucket: truststore.bucket, key: truststore.s3ObjectKey },
    });
    this.api = new HttpApi(this, 'HttpApi', {
      description: 'Kryon lead forms, health and status (served under /api/* of the site)',
      createDefaultStage: false,
      disableExecuteApiEndpoint: true,
      // Same origin as the site behind CloudFront: no CORS, unless the site calls the API on
      // a name of its own; then exactly the site's origin, the two methods and two headers
      // the forms use.
      ...(props.corsAllowOrigin
        ? {
            corsPreflight: {
              allowOrigins: [props.corsAllowOrigin],
              allowMethods: [CorsHttpMethod.GET, CorsHttpMethod.POST],
              allowHeaders: ['content-type', 'idempotency-key'],
              maxAge: Duration.days(1),
            },
          }
        : {}),
      defaultIntegration: integrationFor(props.fallbackHandler),
    });
    const routes = props.routes.flatMap((route) =>
      this.api.addRoutes({
        path: route.path,
        methods: [httpMethod(route.method)],
        integration: integrationFor(route.handler),
      }),
    );

    const accessLogs = new LogGroup(this, 'AccessLogs', { retention: props.logRetention });
    this.stage = new HttpStage(this, 'Stage', {
      httpApi: this.api,
      stageName: '$default',
      autoDeploy: true,
      // The stage's default route settings throttle every route alike (decision 072): no route
      // has a smaller bucket of its own that a stranger could fill.
      throttle: props.throttle,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(
          JSON.stringify({
            requestId: '$context.requestId',
            requestTime: '$context.requestTime',
            httpMethod: '$context.httpMethod',
            path: '$context.path',
            routeKey: '$context.routeKey',
            status: '$context.status',
            protocol: '$context.protocol',
            responseLength: '$context.responseLength',
            responseLatency: '$context.responseLatency',
            integrationStatus: '$context.integrationStatus',
            integrationLatency: '$context.integrationLatency',
            integrationError: '$context.integrationErrorMessage',
            error: '$context.error.message',
            userAgent: '$context.identity.userAgent',
          }),
        ),
      },
    });

    new ApiMapping(this, 'OriginMapping', {
      api: this.api,
      domainName: originDomain,
      stage: this.stage,
    });
    // CloudFormation creates the routes before the stage that deploys them.
    for (const route of routes) this.stage.node.addDependency(route);

    acknowledge(
      this.api,
      'APIG4',
      'Public lead forms for anonymous visitors: there is no caller identity to authorise. ' +
        'It is reached only through CloudFront (mutual TLS on its own name, no execute-api ' +
        'address); abuse is bounded by ' +
        'the optional WAF rate rule, the per-client and per-e-mail budgets in DynamoDB, the ' +
        'browser check, schema validation and the 64 KB body cap.',
    );

    this.functions = functions;
    this.originDomainName = props.origin.name;
    new CfnOutput(this, 'ApiOriginTarget', {
      key: 'ApiOriginTarget',
      value: originDomain.regionalDomainName,
      description: `Create a CNAME from ${props.origin.name} to this name: CloudFront reaches the API by it`,
    });
  }

  private createFunction(handler: string, kind: HandlerKind, props: FormsApiProps) {
    const id = pascal(handler);
    const entry = join(props.handlersDir, `${handler}.ts`);
    if (!existsSync(entry)) {
      throw new Error(`Route handler "${handler}" has no module at ${entry}`);
    }
    const logGroup = new LogGroup(this, `${id}Logs`, { retention: props.logRetention });
    // One role per function, written out, instead of the managed basic-execution policy:
    // each may write its own log group and nothing else unless granted below.
    const role = new Role(this, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Kryon ${handler} function`,
    });
    logGroup.grantWrite(role);

    // Every function's logs name the deployed version.
    const environment: Record<string, string> = { APP_VERSION: props.appVersion };
    const table = props.table.tableName;

    if (kind === 'form') {
      Object.assign(environment, {
        TABLE_NAME: table,
        MAIL_FROM: props.mailFrom,
        ...recipientEnvironment(props.recipients, [handler as LeadForm]),
        ...props.email.sendingEnvironment(),
        RETENTION_DAYS: String(props.leadRetentionDays),
        SITE_ORIGIN: props.siteOrigin,
      });
      // Only the item shapes this form writes (functions/src/adapters/dynamodb.ts): its own
      // leads, the shared rate-limit counters and the used browser-check challenges, with
      // the calls the code makes.
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'],
          resources: [props.table.tableArn],
          conditions: {
            'ForAllValues:StringLike': {
              'dynamodb:LeadingKeys': [`LEAD#${handler}#*`, 'RATE#*', 'ONCE#*'],
            },
          },
        }),
      );
      // The item that finds a lead by its id (links to visitors name that id): written once.
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['dynamodb:PutItem'],
          resources: [props.table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEADID#*'] } },
        }),
      );
      // Our list of addresses that hard-bounced or complained: read before a confirmation.
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['dynamodb:GetItem'],
          resources: [props.table.tableArn],
          conditions: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['SUPPRESSED#*'] },
          },
        }),
      );
      role.addToPrincipalPolicy(props.email.sendStatement());
      // A refused send names no configuration set: whether the visitor set itself is paused
      // (the brake) is asked of SES, so a confirmation is withheld only when it says so.
      role.addToPrincipalPolicy(props.email.readVisitorSetStatement());
    } else if (kind === 'health') {
      Object.assign(environment, {
        TABLE_NAME: table,
        MAIL_FROM: props.mailFrom,
        SES_CONFIGURATION_SET: props.email.salesConfigurationSet.configurationSetName,
        // Named, not derived from MAIL_FROM: the identity may be the domain or the address.
        SES_IDENTITY: props.email.identity.emailIdentityName,
      });
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['dynamodb:DescribeTable'],
          resources: [props.table.tableArn],
        }),
      );
      role.addToPrincipalPolicy(props.email.readIdentityStatement());
      role.addToPrincipalPolicy(
        new PolicyStatement({ actions: ['ses:GetAccount'], resources: ['*'] }),
      );
      acknowledge(
        role,
        'IAM5[Resource::*]',
        'ses:GetAccount has no resource-level permissions (IAM accepts only "*"); it is ' +
          'read-only and is how the health check learns whether SES can send and whether ' +
          'the account is still in the SES sandbox.',
      );
    } else if (kind === 'challenge') {
      // The challenge's price follows the confirmations the form functions count, and each
      // client network may fetch a few a minute: it reads and adds to counters, nothing else.
      Object.assign(environment, { TABLE_NAME: table });
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['dynamodb:GetItem', 'dynamodb:UpdateItem'],
          resources: [props.table.tableArn],
          conditions: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['RATE#*'] },
          },
        }),
      );
    } else if (kind === 'report') {
      // Verifies personal report links and records the opening on the download lead; the
      // stack gives it the reports' bucket (REPORTS_BUCKET) and read access to it.
      Object.assign(environment, { TABLE_NAME: table, SITE_ORIGIN: props.siteOrigin });
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['dynamodb:UpdateItem'],
          resources: [props.table.tableArn],
          conditions: {
            'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEAD#download#*'] },
          },
        }),
      );
      // A link names the lead by its id: the id's item says which lead that is.
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['dynamodb:GetItem'],
          resources: [props.table.tableArn],
          conditions: { 'ForAllValues:StringLike': { 'dynamodb:LeadingKeys': ['LEADID#*'] } },
        }),
      );
    }

    const fn = leadFunction(this, `${id}Function`, {
      entry,
      description: `Kryon API: ${handler}`,
      ...SIZING[kind],
      role,
      logGroup,
      logLevel: props.logLevel,
      environment,
      ...(kind === 'form' || kind === 'challenge'
        ? { settings: { reader: kind, values: props.settings } }
        : {}),
      repoRoot: props.repoRoot,
    });
    const reserved = RESERVED_CONCURRENCY[kind];
    if (reserved !== undefined) {
      (fn.node.defaultChild as CfnFunction).reservedConcurrentExecutions = reserved;
    }
    // Every API function but the fallback (which touches nothing) checks the origin-verify
    // header; those that hash, sign or verify with the site secret read that too.
    const usesSiteSecret = kind === 'form' || kind === 'challenge' || kind === 'report';
    giveSecrets(fn, {
      originVerify: kind === 'plain' ? undefined : props.secrets.originVerify,
      site: usesSiteSecret ? props.secrets.site : undefined,
    });
    return fn;
  }
}

function httpMethod(method: string): HttpMethod {
  const upper = method.toUpperCase();
  const found = Object.values(HttpMethod).find((value) => value === upper);
  if (!found) throw new Error(`Unsupported HTTP method ${method}`);
  return found;
}

/** `beta-access` -> `BetaAccess`: construct IDs that stay stable per handler name. */
export function pascal(name: string): string {
  return name
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join('');
}
