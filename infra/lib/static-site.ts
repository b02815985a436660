import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { HSTS_MAX_AGE_SECONDS, PERMISSIONS_POLICY } from '@kryon/shared/security-headers';
import { SITE_FILE_CONTENT_TYPES } from '@kryon/shared/site-files';
import { SITE_NAVIGATION_HEADERS } from '@kryon/shared/speculation-rules';
import { Annotations, Duration, Names, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { Certificate } from 'aws-cdk-lib/aws-certificatemanager';
import {
  AllowedMethods,
  CachePolicy,
  type CfnDistribution,
  Function as CloudFrontFunction,
  Distribution,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  ImportSource,
  KeyValueStore,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  OriginSslPolicy,
  ResponseHeadersPolicy,
  type ResponseSecurityHeadersBehavior,
  S3OriginAccessControl,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, CacheControl, Source } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import { API_CSP, buildCsp, type PageInlineSources, scanSite } from './csp.ts';
import { acknowledge, acknowledgeExpectedWildcards } from './nag.ts';
import {
  assertFunctionSize,
  assertRoutesBuild,
  keyValueStoreData,
  type RouteTable,
  scanSiteFiles,
  siteRouterCode,
  siteRouteTable,
} from './site-router.ts';

/** CloudFront's name length limits (API reference of each resource's config). */
const CLOUDFRONT_NAME_MAX = {
  function: 64,
  keyValueStore: 64,
  originAccessControl: 64,
  responseHeadersPolicy: 128,
} as const;

export interface StaticSiteProps {
  /** The prerendered build (web/build/client). Absent: the stack synthesizes, uploads nothing. */
  siteDir: string;
  /** Host name of the API origin behind `/api/*`. */
  apiOriginDomainName: string;
  /**
   * The client certificate (ACM, us-east-1) CloudFront presents to the API origin: the API
   * takes TLS connections with it alone (mutual TLS).
   */
  apiOriginClientCertificateArn: string;
  /** Headers CloudFront adds to every API request: the origin-verify secret. */
  apiOriginHeaders: Readonly<Record<string, string>>;
  /**
   * Custom domain with its us-east-1 ACM certificate; `apiName` a second name for the API.
   * @default the distribution's own `….cloudfront.net` name, and the API on the site's origin
   */
  domain?: { name: string; certificateArn: string; apiName?: string };
  /**
   * A CloudFront-scope WAF web ACL ARN.
   * @default no web ACL
   */
  webAclArn?: string;
  /** How long CloudFront and S3 access logs are kept. */
  accessLogRetention: Duration;
  /** Retention of the upload function's own logs. */
  logRetention: RetentionDays;
}

/** Longest AWS region name (`ap-southeast-5` is 14) with room for new ones; may be a token. */
const REGION_NAME_RESERVE = 20;

/**
 * A name for a CloudFront resource, unique per account, not per region: the stack and
 * construct path (hashed when long) plus the region, a token in an agnostic stack (decision 032).
 */
function regionalName(scope: Construct, purpose: string, maxLength: number): string {
  const base = Names.uniqueResourceName(scope, {
    maxLength: maxLength - purpose.length - REGION_NAME_RESERVE - 2,
    separator: '-',
    allowedSpecialCharacters: '-_',
  });
  return `${base}-${purpose}-${Stack.of(scope).region}`;
}

export const HASHED_ASSET_CACHE_CONTROL = [
  CacheControl.setPublic(),
  CacheControl.maxAge(Duration.days(365)),
  CacheControl.immutable(),
];

/**
 * The site: a private, versioned bucket that only this distribution may read (origin
 * access control), served over HTTPS with HTTP/2 and HTTP/3, clean URLs and real 404s on the
 * site behaviour, strict security headers, and `/api/*` passed uncached to the API.
 */
export class StaticSite extends Construct {
  readonly bucket: Bucket;
  readonly logsBucket: Bucket;
  readonly distribution: Distribution;
  readonly router: CloudFrontFunction;
  /** The router's key value store: the build's pages and files (decision 085). */
  readonly routes: KeyValueStore;
  /** What `routes` holds, as the router reads it. */
  readonly routeTable: RouteTable;
  readonly siteHeaders: ResponseHeadersPolicy;
  readonly apiHeaders: ResponseHeadersPolicy;
  /** The prerendered pages found at synth, with their inline-script hashes. */
  readonly pages: readonly PageInlineSources[];
  readonly url: string;

  constructor(scope: Construct, id: string, props: StaticSiteProps) {
    super(scope, id);

    this.logsBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      // CloudFront standard logging writes with ACLs; the bucket owner still owns the logs.
      objectOwnership: ObjectOwnership.BUCKET_OWNER_PREFERRED,
      lifecycleRules: [{ expiration: props.accessLogRetention }],
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.bucket = new Bucket(this, 'Content', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      enforceSSL: true,
      encryption: BucketEncryption.S3_MANAGED,
      objectOwnership: ObjectOwnership.BUCKET_OWNER_ENFORCED,
      versioned: true,
      removalPolicy: RemovalPolicy.RETAIN,
      serverAccessLogsBucket: this.logsBucket,
      serverAccessLogsPrefix: 's3/',
      lifecycleRules: [
        // Versions make a bad upload recoverable; a month of them is enough for that.
        { noncurrentVersionExpiration: Duration.days(30) },
        { abortIncompleteMultipartUploadAfter: Duration.days(7) },
      ],
    });

    const buildExists = existsSync(join(props.siteDir, 'index.html'));
    this.pages = buildExists ? scanSite(props.siteDir) : [];
    if (!buildExists) {
      Annotations.of(this).addWarningV2(
        'kryon:site-build-missing',
        `No site build at ${props.siteDir}: nothing is uploaded and every page answers 404. ` +
          'Deploy with `npm run deploy -- <environment>`, which builds it first.',
      );
    }

    // With the API on a name of its own the pages call another origin; both CSPs (the
    // policy's baseline and the router's per-page one) must allow it or every form fails.
    const connectOrigins = props.domain?.apiName ? [`https://${props.domain.apiName}`] : [];
    const files = buildExists ? scanSiteFiles(props.siteDir) : [];
    const code = siteRouterCode({ connectOrigins });
    this.routeTable = siteRouteTable(this.pages, files);
    assertFunctionSize(code);
    assertRoutesBuild(code, this.routeTable, this.pages, files);
    // A store's import source is read once, when it is created (CloudFormation: "Updates are
    // not supported"), so the store is named after its content: a build that changes a page
    // or file replaces it, and the function moves to the new one (decision 085).
    const data = keyValueStoreData(this.routeTable);
    const version = createHash('sha256').update(data).digest('hex').slice(0, 12);
    this.routes = new KeyValueStore(this, 'Routes', {
      keyValueStoreName: regionalName(this, `routes-${version}`, CLOUDFRONT_NAME_MAX.keyValueStore),
      comment: 'Kryon site router: the pages and files of one build',
      source: Object.keys(this.routeTable).length > 0 ? ImportSource.fromInline(data) : undefined,
    });
    this.router = new CloudFrontFunction(this, 'Router', {
      functionName: regionalName(this, 'router', CLOUDFRONT_NAME_MAX.function),
      code: FunctionCode.fromInline(code),
      runtime: FunctionRuntime.JS_2_0,
      keyValueStore: this.routes,
      comment: 'Clean URLs to index.html, 404 page and status for unknown paths, per-page CSP',
    });

    const securityHeaders = (
      csp: string,
      cspOverride: boolean,
    ): ResponseSecurityHeadersBehavior => ({
      // The site router replaces this baseline with each page's own policy; `override:
      // false` keeps that page policy whichever of the two CloudFront applies last.
      contentSecurityPolicy: { contentSecurityPolicy: csp, override: cspOverride },
      contentTypeOptions: { override: true },
      frameOptions: { frameOption: HeadersFrameOption.DENY, override: true },
      referrerPolicy: {
        referrerPolicy: HeadersReferrerPolicy.STRICT_ORIGIN_WHEN_CROSS_ORIGIN,
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
        includeSubdomains: true,
        preload: true,
        override: true,
      },
    });
    // The values of shared/src/security-headers.ts, which the local server sends too.
    const permissionsPolicy = {
      header: 'Permissions-Policy',
      value: PERMISSIONS_POLICY,
      override: true,
    };
    // The site's pages also name their speculation rules (shared/src/speculation-rules.ts):
    // a custom header, since the policy has no setting of its own for it. API answers are
    // not documents, so the API's policy leaves it out.
    const navigationHeaders = Object.entries(SITE_NAVIGATION_HEADERS).map(([header, value]) => ({
      header,
      value,
      override: true,
    }));
    this.siteHeaders = new ResponseHeadersPolicy(this, 'SiteHeaders', {
      responseHeadersPolicyName: regionalName(
        this,
        'site',
        CLOUDFRONT_NAME_MAX.responseHeadersPolicy,
      ),
      comment: 'Kryon site: HSTS, CSP (scripts by hash only), no framing, no sniffing',
      securityHeadersBehavior: securityHeaders(buildCsp({ connectOrigins }), false),
      customHeadersBehavior: { customHeaders: [permissionsPolicy, ...navigationHeaders] },
    });
    this.apiHeaders = new ResponseHeadersPolicy(this, 'ApiHeaders', {
      responseHeadersPolicyName: regionalName(
        this,
        'api',
        CLOUDFRONT_NAME_MAX.responseHeadersPolicy,
      ),
      comment: 'Kryon API: the security headers with a CSP that allows nothing',
      securityHeadersBehavior: securityHeaders(API_CSP, true),
      customHeadersBehavior: { customHeaders: [permissionsPolicy] },
    });

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'Kryon website and lead API',
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableIpv6: true,
      domainNames: props.domain
        ? [props.domain.name, ...(props.domain.apiName ? [props.domain.apiName] : [])]
        : undefined,
      certificate: props.domain
        ? Certificate.fromCertificateArn(this, 'Certificate', props.domain.certificateArn)
        : undefined,
      // Only a custom certificate can carry a minimum TLS version.
      minimumProtocolVersion: props.domain ? SecurityPolicyProtocol.TLS_V1_2_2021 : undefined,
      webAclId: props.webAclArn,
      enableLogging: true,
      logBucket: this.logsBucket,
      logFilePrefix: 'cloudfront/',
      // No errorResponses: they apply to every behaviour and would turn API errors into
      // HTML. The site router gives the site its 404s instead.
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.bucket, {
          originAccessControl: new S3OriginAccessControl(this, 'OriginAccess', {
            originAccessControlName: regionalName(
              this,
              'oac',
              CLOUDFRONT_NAME_MAX.originAccessControl,
            ),
            description: 'Lets the Kryon site distribution read its bucket',
          }),
        }),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        allowedMethods: AllowedMethods.ALLOW_GET_HEAD,
        cachePolicy: CachePolicy.CACHING_OPTIMIZED,
        compress: true,
        responseHeadersPolicy: this.siteHeaders,
        functionAssociations: [
          { function: this.router, eventType: FunctionEventType.VIEWER_REQUEST },
          { function: this.router, eventType: FunctionEventType.VIEWER_RESPONSE },
        ],
      },
      additionalBehaviors: {
        '/api/*': {
          origin: new HttpOrigin(props.apiOriginDomainName, {
            customHeaders: { ...props.apiOriginHeaders },
            protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
            originSslProtocols: [OriginSslPolicy.TLS_V1_2],
          }),
          // A redirect would drop a POST body: plain HTTP is refused instead.
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          cachePolicy: CachePolicy.CACHING_DISABLED,
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          compress: true,
          responseHeadersPolicy: this.apiHeaders,
        },
      },
    });
    this.url = `https://${props.domain?.name ?? this.distribution.distributionDomainName}`;
    // CloudFront presents the client certificate to the API origin (mutual TLS, "Mutual TLS
    // (origin) with CloudFront"); the L2 origin has no property for it yet. The origins are
    // rendered in the order the behaviours use them: the site's bucket, then the API.
    (this.distribution.node.defaultChild as CfnDistribution).addPropertyOverride(
      'DistributionConfig.Origins.1.CustomOriginConfig.OriginMtlsConfig.ClientCertificateArn',
      props.apiOriginClientCertificateArn,
    );

    acknowledge(
      this.distribution,
      'CFR1',
      'A public marketing site for a global audience: no country is to be excluded.',
    );
    if (!props.webAclArn) {
      acknowledge(
        this.distribution,
        'CFR2',
        'WAF is opt-in per deployment (waf in the environment file) because it bills ' +
          'monthly and per request; without it the API is still bounded by stage throttling ' +
          'and the per-e-mail rate limit.',
      );
    }
    if (!props.domain) {
      acknowledge(
        this.distribution,
        'CFR4',
        'Without a custom domain the distribution serves the *.cloudfront.net certificate, ' +
          'whose TLS policy CloudFront fixes. Setting domainName applies TLSv1.2_2021.',
      );
    }

    if (buildExists) this.deploy(props);
  }

  /**
   * Hashed assets first (immutable for a year, never pruned, so pages cached by browsers
   * still find their chunks), then the files whose content type the upload must not guess
   * (the feed, security.txt, the speculation rules), then everything else with `no-cache`,
   * pruned, and an invalidation so the edge serves the new pages at once.
   */
  private deploy(props: StaticSiteProps): void {
    const logGroup = new LogGroup(this, 'DeploymentLogs', { retention: props.logRetention });
    const assetsDir = join(props.siteDir, 'assets');
    const assets = existsSync(assetsDir)
      ? new BucketDeployment(this, 'DeployAssets', {
          sources: [Source.asset(assetsDir)],
          destinationBucket: this.bucket,
          destinationKeyPrefix: 'assets/',
          cacheControl: HASHED_ASSET_CACHE_CONTROL,
          prune: false,
          memoryLimit: 512,
          logGroup,
        })
      : undefined;
    // One asset of the build for the pages and the typed files alike, named after the pages.
    const siteSource = Source.asset(props.siteDir, { exclude: ['assets', 'assets/**'] });
    const typedKeys = Object.keys(SITE_FILE_CONTENT_TYPES)
      .map((path) => path.slice(1))
      .filter((key) => existsSync(join(props.siteDir, key)));
    const pages = new BucketDeployment(this, 'DeployPages', {
      sources: [siteSource],
      destinationBucket: this.bucket,
      exclude: ['assets/*', ...typedKeys],
      cacheControl: [CacheControl.noCache()],
      prune: true,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      memoryLimit: 512,
      logGroup,
    });
    // The upload guesses a type by extension for all the files of one deployment, so each
    // of these gets a deployment of its own, filtered to its one key: its prune can then
    // delete nothing else, and the pages' prune leaves it alone.
    const typed = typedKeys.map(
      (key) =>
        new BucketDeployment(this, `Deploy-${key.replace(/[^A-Za-z0-9]+/g, '-')}`, {
          sources: [siteSource],
          destinationBucket: this.bucket,
          exclude: ['*'],
          include: [key],
          contentType: SITE_FILE_CONTENT_TYPES[`/${key}`],
          cacheControl: [CacheControl.noCache()],
          prune: true,
          memoryLimit: 512,
          logGroup,
        }),
    );
    if (assets) pages.node.addDependency(assets);
    // The pages' invalidation then covers these files too.
    for (const deployment of typed) pages.node.addDependency(deployment);

    // The upload handler is CDK's own singleton Lambda (it runs during deployments only).
    const handler = pages.handlerRole.node.scope;
    if (handler) {
      acknowledge(
        handler,
        'L1',
        "BucketDeployment's handler runtime is chosen and updated by aws-cdk-lib.",
      );
      acknowledge(
        handler,
        'IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
        "BucketDeployment's handler writes its own logs through the AWS basic execution policy.",
      );
      acknowledgeExpectedWildcards(
        handler,
        [
          /^Action::s3:[A-Za-z]+\*$/,
          /^Resource::\*$/,
          /^Resource::arn:(?:aws[a-z-]*|<AWS::Partition>):s3:::cdk-[a-z0-9]+-assets-[^/]+\/\*$/,
          new RegExp(
            `^Resource::<${Stack.of(this).getLogicalId(this.bucket.node.defaultChild as CfnBucket)}\\.Arn>/\\*$`,
          ),
        ],
        "CDK BucketDeployment's grants: read objects of the CDK asset bucket, write and prune " +
          "objects of this site's bucket, and cloudfront:CreateInvalidation (no resource-level " +
          'form as CDK grants it). The object wildcards stay inside those two buckets.',
      );
    }
  }
}
