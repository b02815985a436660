import type { StatusResponse } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { healthConfig, readConfig } from '../config.ts';
import { errorResponse, type HttpResponse, json } from '../http/responses.ts';
import { cachedServiceStates } from '../leads/service-states.ts';
import { apiHandler, leadStore, mailer } from '../wiring.ts';

// Read at cold start: a bad setting stops the function from starting (decision 066).
const config = readConfig(healthConfig);
// One probe per 45 s in this warm function, failures included (decision 056).
const probe = cachedServiceStates(leadStore(config), mailer(config));

/**
 * GET /api/email/status: whether e-mail and storage are usable now, and nothing else. It is
 * public, so it names no sender, configuration set, region or version: an attacker learns
 * from it only what a failed submission would tell them.
 */
export const handler = apiHandler(
  config,
  () =>
    async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
      if (event.requestContext.http.method !== 'GET') {
        return errorResponse(405, ERROR_MESSAGES.methodNotAllowed, { headers: { allow: 'GET' } });
      }
      const { database, email: state } = (await probe()).value;
      // Whether the sender is verified, the account in the sandbox or the visitor stream
      // paused is the deployment's business, not the public's (decision 029, section 6): the
      // sandbox and a paused visitor stream still mail sales, so `up`.
      const email = state === 'up' || state === 'sandbox' ? 'up' : 'down';
      const body: StatusResponse = {
        success: database === 'up' && email === 'up',
        email,
        storage: database,
        timestamp: new Date().toISOString(),
      };
      return json(body.success ? 200 : 503, body);
    },
);
