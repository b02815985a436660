import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface SiteWebAclProps {
  /** Requests per 5 minutes from one IP to /api/* before WAF answers 429. */
  apiRateLimit: number;
  /** The JSON message of that 429, the same words the API uses. */
  rateLimitedMessage: string;
}

const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
] as const;

/**
 * A CloudFront-scope web ACL (it must live in us-east-1): AWS's common and known-bad-inputs
 * rule groups, and a per-IP rate limit on the API that answers in the API's JSON shape.
 */
export class SiteWebAcl extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: SiteWebAclProps) {
    super(scope, id);
    const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
      cloudWatchMetricsEnabled: true,
      sampledRequestsEnabled: true,
      metricName,
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('kryon-site'),
      customResponseBodies: {
        'rate-limited': {
          contentType: 'APPLICATION_JSON',
          content: JSON.stringify({ success: false, message: props.rateLimitedMessage }),
        },
      },
      rules: [
        {
          name: 'api-rate-limit',
          priority: 0,
          action: {
            block: { customResponse: { responseCode: 429, customResponseBodyKey: 'rate-limited' } },
          },
          statement: {
            rateBasedStatement: {
              limit: props.apiRateLimit,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
              scopeDownStatement: {
                byteMatchStatement: {
                  fieldToMatch: { uriPath: {} },
                  positionalConstraint: 'STARTS_WITH',
                  searchString: '/api/',
                  textTransformations: [{ priority: 0, type: 'NONE' }],
                },
              },
            },
          },
          visibilityConfig: visibility('kryon-api-rate-limit'),
        },
        ...MANAGED_RULE_GROUPS.map((name, index) => ({
          name,
          priority: index + 1,
          overrideAction: { none: {} },
          statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
          visibilityConfig: visibility(`kryon-${name}`),
        })),
      ],
    });
  }
}
