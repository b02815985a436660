import { CHALLENGE_FORM_PARAM, LEAD_FORMS, type LeadForm } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { errorResponse, type HttpResponse, json } from '../http/responses.ts';
import type { ChallengeService } from '../leads/ports.ts';
import { apiHandler, challengeService, logger, siteSecret } from '../wiring.ts';

/**
 * GET /api/email/challenge?form=<form>: a signed proof-of-work challenge for one form, which
 * the site solves in a Web Worker while the visitor types. Never cached: each is single use.
 */
export function createChallengeHandler(challenges: ChallengeService) {
  return async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
    if (event.requestContext.http.method !== 'GET') {
      return errorResponse(405, ERROR_MESSAGES.methodNotAllowed, { headers: { allow: 'GET' } });
    }
    const form = event.queryStringParameters?.[CHALLENGE_FORM_PARAM];
    if (!form || !(LEAD_FORMS as readonly string[]).includes(form)) {
      return errorResponse(400, ERROR_MESSAGES.unknownForm);
    }
    try {
      return json(200, await challenges.issue(form as LeadForm));
    } catch (error) {
      logger.error('could not issue a challenge', { error: (error as Error)?.name });
      return errorResponse(500, ERROR_MESSAGES.server);
    }
  };
}

export const handler = apiHandler((secrets) =>
  createChallengeHandler(challengeService(siteSecret(secrets))),
);
