import { CHALLENGE_FORM_PARAM, isLeadForm } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { challengeConfig, readConfig } from '../config.ts';
import { errorResponse, type HttpResponse, json } from '../http/responses.ts';
import type { ChallengeService, LeadStore } from '../leads/ports.ts';
import { type Budget, challengeRateKey } from '../leads/rate-limit.ts';
import {
  apiHandler,
  challengeRateLimit,
  challengeService,
  leadStore,
  logger,
  siteSecret,
} from '../wiring.ts';

export interface ChallengeDeps {
  challenges: ChallengeService;
  store: Pick<LeadStore, 'takeRateLimit'>;
  /** Keys the client's counter, so no counter names an address. */
  hashSecret: string;
  /** Challenges per client network (an IPv4 address or an IPv6 /64) per window. */
  limit: Budget;
  now?: () => number;
}

/**
 * GET /api/email/challenge?form=<form>: a signed, single-use proof-of-work challenge, never
 * cached; a few a minute per client network, as issuing costs a key derivation (decision 051).
 */
export function createChallengeHandler(deps: ChallengeDeps) {
  const now = deps.now ?? (() => Date.now());
  return async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
    if (event.requestContext.http.method !== 'GET') {
      return errorResponse(405, ERROR_MESSAGES.methodNotAllowed, { headers: { allow: 'GET' } });
    }
    const form = event.queryStringParameters?.[CHALLENGE_FORM_PARAM];
    if (!isLeadForm(form)) {
      return errorResponse(400, ERROR_MESSAGES.unknownForm);
    }
    try {
      const sourceIp = event.requestContext.http.sourceIp;
      if (sourceIp) {
        const allowed = await deps.store.takeRateLimit({
          key: challengeRateKey(sourceIp, deps.hashSecret),
          ...deps.limit,
          nowMs: now(),
        });
        if (!allowed) {
          return errorResponse(429, ERROR_MESSAGES.challengeRateLimited, {
            headers: { 'retry-after': String(Math.ceil(deps.limit.windowMs / 1000)) },
          });
        }
      }
      return json(200, await deps.challenges.issue(form));
    } catch (error) {
      logger.error('could not issue a challenge', { error: (error as Error)?.name });
      return errorResponse(500, ERROR_MESSAGES.server);
    }
  };
}

// Read at cold start: a bad setting stops the function from starting (decision 066).
const config = readConfig(challengeConfig);
const store = leadStore(config);

export const handler = apiHandler(config, (secrets) => {
  const site = siteSecret(secrets);
  return createChallengeHandler({
    challenges: challengeService(site, config),
    store,
    hashSecret: site.current,
    limit: challengeRateLimit(config),
  });
});
