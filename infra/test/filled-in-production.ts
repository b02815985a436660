import production from '../environments/production.ts';
import type { EnvironmentInput } from '../lib/environment.ts';

const CERTIFICATE_ARN =
  'arn:aws:acm:us-east-1:123456789012:certificate/11111111-2222-3333-4444-555555555555';

/** The repository's production file with what only ops know filled in. */
export function filledInProduction(): EnvironmentInput {
  const domain = production.domain ?? { name: 'kryon.security', certificateArn: '' };
  return {
    ...structuredClone(production),
    account: '123456789012',
    domain: { ...domain, certificateArn: CERTIFICATE_ARN },
    apiOrigin: {
      name: 'api-origin.kryon.security',
      certificateArn:
        'arn:aws:acm:us-east-1:123456789012:certificate/66666666-7777-8888-9999-000000000000',
      clientCertificateArn:
        'arn:aws:acm:us-east-1:123456789012:certificate/77777777-8888-9999-0000-111111111111',
      truststore: 'infra/environments/placeholder-origin-ca.pem',
    },
  };
}
