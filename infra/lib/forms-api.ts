import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { LeadForm } from '@kryon/shared/api';
import { Duration, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  type CfnStage,
  CorsHttpMethod,
  HttpApi,
  HttpMethod,
  HttpStage,
  LogGroupLogDestination,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import type { EmailSending } from './email-sending.ts';
import type { LogLevel, Recipients, Throttle } from './environment.ts';
import {
  leadFunction,
  type MailPresentation,
  mailPresentationEnvironment,
  recipientEnvironment,
} from './lead-function.ts';
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
  /** How the e-mails read: visitor e-mails' sender name, the zone of sales e-mails' times. */
  mailPresentation: MailPresentation;
  /** Recipients per form; `default` for forms without their own entry. */
  recipients: Recipients;
  /**
   * The site secret, and the one CloudFront sends in the origin-verify header: every
   * function refuses requests without it (functions/src/http/site-origin.ts). Functions
   * get their ARNs and read them at run time.
   */
  secrets: { site: ISecret; originVerify: ISecret };
  leadRetentionDays: number;
  visitorMail: { perAddress: number; perHour: number };
  /** The site's origin, for links in e-mails and pages (may be a token of the distribution). */
  siteOrigin: string;
  logRetention: RetentionDays;
  /**
   * Set when the site calls the API on a separate origin: CORS then allows this origin (the
   * site's) and no other.
   * @default none: the API is same-origin and opens no CORS at all
   */
  corsAllowOrigin?: string;
  /** The stage's default: the `$default` fallback and any route without a throttle of its own. */
  throttle: Throttle;
  /**
   * By handler name: replaces the route's sized throttle.
   * @default each route's throttle from ROUTE_THROTTLES
   */
  routeThrottles?: Readonly<Record<string, Throttle>>;
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
 * Each route's own token bucket, sized from the peak estimate in
 * docs/decisions/034-operations-dashboard-and-route-throttles.md with several times its
 * headroom. The execute-api address stays reachable, and requests sent there straight count
 * against the same buckets as CloudFront's: with one bucket per route a flood spends only
 * its own route's, never the other forms', the browser check's or the report links'.
 * Undefined: the stage's default applies.
 */
export const ROUTE_THROTTLES: Record<HandlerKind, Throttle | undefined> = {
  // Peak about 20 leads a minute on one form (a campaign); ten visitors may submit at once.
  form: { rateLimit: 5, burstLimit: 10 },
  // Monitors and people checking by hand; each call reaches DynamoDB's and SES's control
  // planes, whose request quotas are small.
  health: { rateLimit: 1, burstLimit: 5 },
  // One per form a visitor starts, one more per submission and per 4 minutes of a form open
  // (the 5-minute lifetime): every form's. Set well above the peak (8/s) because all
  // visitors share this bucket: an attacker needs 100 requests a second to empty it, not the
  // 20 that 40 addresses within the per-client limit sent. Each issued costs one PBKDF2
  // derivation (decisions 034, 051).
  challenge: { rateLimit: 100, burstLimit: 200 },
  // Openings of e-mailed links, by people and by mail scanners that follow links.
  report: { rateLimit: 10, burstLimit: 20 },
  plain: undefined,
};

export function handlerKind(handler: string, leadForms: readonly LeadForm[]): HandlerKind {
  if (leadForms.some((form) => form === handler)) return 'form';
  if (handler === 'health' || handler === 'status') return 'health';
  if (handler === 'challenge') return 'challenge';
  if (handler === 'report') return 'report';
  return 'plain';
}

/**
 * The HTTP API behind CloudFront's `/api/*`: one Lambda per handler of the route list (so a
 * new route in functions/src/routes.ts needs no change here), the fallback on `$default`,
 * a throttle per route (ROUTE_THROTTLES) and JSON access logs.
 */
export class FormsApi extends Construct {
  readonly api: HttpApi;
  readonly stage: HttpStage;
  /** Every function by handler name, the fallback included. */
  readonly functions: ReadonlyMap<string, NodejsFunction>;
  /** `execute-api` host name, for CloudFront's origin. */
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

    this.api = new HttpApi(this, 'HttpApi', {
      description: 'Kryon lead forms, health and status (served under /api/* of the site)',
      createDefaultStage: false,
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

    const routeSettings: Record<
      string,
      { ThrottlingRateLimit: number; ThrottlingBurstLimit: number }
    > = {};
    for (const route of props.routes) {
      const throttle =
        props.routeThrottles?.[route.handler] ??
        ROUTE_THROTTLES[handlerKind(route.handler, props.leadForms)];
      if (!throttle) continue;
      routeSettings[`${httpMethod(route.method)} ${route.path}`] = {
        ThrottlingRateLimit: throttle.rateLimit,
        ThrottlingBurstLimit: throttle.burstLimit,
      };
    }
    (this.stage.node.defaultChild as CfnStage).routeSettings = routeSettings;
    // The stage names routes by key, and API Gateway refuses settings for a route that does
    // not exist yet: CloudFormation must create the routes first.
    for (const route of routes) this.stage.node.addDependency(route);

    acknowledge(
      this.api,
      'APIG4',
      'Public lead forms for anonymous visitors: there is no caller identity to authorise. ' +
        'Abuse is bounded by per-route throttling, the optional WAF rate rule, the per-e-mail ' +
        'rate limit in DynamoDB, schema validation and the 64 KB body cap.',
    );

    this.functions = functions;
    this.originDomainName = `${this.api.apiId}.execute-api.${Stack.of(this).region}.${Stack.of(this).urlSuffix}`;
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
        ...mailPresentationEnvironment(props.mailPresentation),
        ...recipientEnvironment(props.recipients, [handler as LeadForm]),
        ...props.email.sendingEnvironment(),
        RETENTION_DAYS: String(props.leadRetentionDays),
        VISITOR_MAIL_PER_ADDRESS: String(props.visitorMail.perAddress),
        VISITOR_MAIL_PER_HOUR: String(props.visitorMail.perHour),
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
        // Health reports a visitor stream the brake paused.
        ...props.email.visitorEnvironment(),
      });
      role.addToPrincipalPolicy(
        new PolicyStatement({
          actions: ['dynamodb:DescribeTable'],
          resources: [props.table.tableArn],
        }),
      );
      role.addToPrincipalPolicy(props.email.readIdentityStatement());
      role.addToPrincipalPolicy(props.email.readVisitorSetStatement());
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
      // Verifies personal report links and records the opening on the download lead. Where
      // the reports are stored for it is not provisioned yet: until then it answers its
      // "unavailable" page.
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
      repoRoot: props.repoRoot,
    });
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
