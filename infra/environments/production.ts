import { defineEnvironment, fillIn } from '../lib/environment.ts';

/**
 * kryon.security. `npm run deploy -- production` builds the site with these values and deploys
 * the stack with them; `npm run diff -- production` shows what that would change. Every key
 * is documented, with its default, in infra/lib/environment.ts.
 */
export default defineEnvironment({
  kind: 'production',
  // Deployed before stack names derived from the file's (KryonWeb-<name>): a new name would
  // create a second stack beside this one (decision 084).
  stackName: 'KryonWeb',
  account: fillIn('the 12-digit AWS account the site runs in'),
  region: 'us-east-1',
  domain: {
    name: 'kryon.security',
    certificateArn: fillIn(
      'the ARN of the ACM certificate in us-east-1 that covers kryon.security',
    ),
  },
  siteOrigin: 'https://kryon.security',
  // CloudFront's way to the API, with mutual TLS; the API has no execute-api address. Before
  // the first deploy: the certificates and the CA (README, Deploy); after it, a CNAME from
  // this name to the stack output ApiOriginTarget.
  apiOrigin: {
    name: 'api-origin.kryon.security',
    certificateArn: fillIn(
      'the ARN of an ACM certificate in us-east-1 that covers api-origin.kryon.security',
    ),
    clientCertificateArn: fillIn(
      'the ARN of the client certificate CloudFront presents to the API, imported into ACM in us-east-1',
    ),
    truststore: fillIn(
      'the repository path of the PEM file of the CA that issued the client certificate, e.g. infra/environments/production-origin-ca.pem',
    ),
  },

  sender: { identity: 'kryon.security', from: 'Kryon <no-reply@kryon.security>' },
  // The tunable settings (visitorMail, sales, challenge, visitorBrake…) keep their defaults;
  // each is defined, with its rule and default, in functions/src/settings.ts.
  recipients: {
    default: ['sales@kryon.security'],
    partner: ['partners@kryon.security'],
  },
  alarmEmails: ['ops@kryon.security'],
  waf: { rateLimit: 100 },
  // The visitor-path canary, with its defaults (decision 083).
  canary: {},
  logLevel: 'INFO',
});
