import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface SiteWebAclProps {
  /** Requests per 5 minutes from one IP to /api/* before WAF answers 429. */
  apiRateLimit: number;
  /** The JSON message of that 429, the same words the API uses. */
  rateLimitedMessage: string;
  /** The JSON message of any other WAF refusal, in words a visitor can act on. */
  refusedMessage: string;
}

/**
 * The AWS managed rule groups and every rule of theirs (the latest static versions AWS
 * documents). A rule is named so its action can be overridden: rules that read the request
 * body only count, every other rule blocks with the API's JSON answer.
 */
export const MANAGED_RULE_GROUPS = {
  AWSManagedRulesCommonRuleSet: [
    'NoUserAgent_HEADER',
    'UserAgent_BadBots_HEADER',
    'SizeRestrictions_QUERYSTRING',
    'SizeRestrictions_Cookie_HEADER',
    'SizeRestrictions_BODY',
    'SizeRestrictions_URIPATH',
    'EC2MetaDataSSRF_BODY',
    'EC2MetaDataSSRF_COOKIE',
    'EC2MetaDataSSRF_URIPATH',
    'EC2MetaDataSSRF_QUERYARGUMENTS',
    'GenericLFI_QUERYARGUMENTS',
    'GenericLFI_URIPATH',
    'GenericLFI_BODY',
    'RestrictedExtensions_URIPATH',
    'RestrictedExtensions_QUERYARGUMENTS',
    'GenericRFI_QUERYARGUMENTS',
    'GenericRFI_BODY',
    'GenericRFI_URIPATH',
    'CrossSiteScripting_COOKIE',
    'CrossSiteScripting_QUERYARGUMENTS',
    'CrossSiteScripting_BODY',
    'CrossSiteScripting_URIPATH',
  ],
  AWSManagedRulesKnownBadInputsRuleSet: [
    'JavaDeserializationRCE_HEADER',
    'JavaDeserializationRCE_BODY',
    'JavaDeserializationRCE_URIPATH',
    'JavaDeserializationRCE_QUERYSTRING',
    'Host_localhost_HEADER',
    'PROPFIND_METHOD',
    'ExploitablePaths_URIPATH',
    'Log4JRCE_HEADER',
    'Log4JRCE_QUERYSTRING',
    'Log4JRCE_BODY',
    'Log4JRCE_URIPATH',
  ],
} as const;

/**
 * A rule that reads the request body, and so only counts: the only bodies CloudFront passes
 * are the forms' JSON, where these rules refuse real leads (decision 032).
 */
function readsBody(rule: string): boolean {
  return rule.endsWith('_BODY');
}

/**
 * A CloudFront-scope web ACL (it must live in us-east-1): AWS's common and known-bad-inputs
 * rule groups, and a per-IP rate limit on the API; every refusal answers in the API's JSON
 * shape so the forms can show it.
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
    const json = (message: string): CfnWebACL.CustomResponseBodyProperty => ({
      contentType: 'APPLICATION_JSON',
      content: JSON.stringify({ success: false, message }),
    });

    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      visibilityConfig: visibility('kryon-site'),
      customResponseBodies: {
        'rate-limited': json(props.rateLimitedMessage),
        refused: json(props.refusedMessage),
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
        // One instance of each group for the distribution: a scoped-down copy for /api/ would
        // pass the 1,500 capacity units of the base price (decision 032).
        ...Object.entries(MANAGED_RULE_GROUPS).map(([name, groupRules], index) => ({
          name,
          priority: index + 1,
          overrideAction: { none: {} },
          statement: {
            managedRuleGroupStatement: {
              vendorName: 'AWS',
              name,
              // A rule not listed here (AWS adds some over time) keeps its plain 403.
              ruleActionOverrides: groupRules.map((rule) => ({
                name: rule,
                actionToUse: readsBody(rule)
                  ? { count: {} }
                  : {
                      block: {
                        customResponse: { responseCode: 403, customResponseBodyKey: 'refused' },
                      },
                    },
              })),
            },
          },
          visibilityConfig: visibility(`kryon-${name}`),
        })),
      ],
    });
  }
}
