import type { EnvironmentInput } from '../lib/environment.ts';
import { filledInProduction } from './filled-in-production.ts';

/**
 * A staging deployment as ops would file it, in production's own account and region: the case
 * where one stack name would let a staging deploy update production's stack and delete what
 * staging does not declare. It sets no stackName, so its stack is KryonWeb-staging.
 */
export function filledInStaging(): EnvironmentInput {
  const { stackName: _production, ...production } = filledInProduction();
  const certificateArn = production.domain?.certificateArn ?? '';
  const apiOrigin = production.apiOrigin;
  if (!apiOrigin) throw new Error('the filled-in production file has no apiOrigin');
  return {
    ...production,
    domain: { name: 'staging.kryon.security', certificateArn },
    siteOrigin: 'https://staging.kryon.security',
    apiOrigin: { ...apiOrigin, name: 'api-origin.staging.kryon.security' },
    sender: {
      identity: 'staging.kryon.security',
      from: 'Kryon Staging <no-reply@staging.kryon.security>',
    },
    recipients: { default: ['sales-staging@kryon.security'] },
  };
}
