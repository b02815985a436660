import type { StatusResponse } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { errorResponse, type HttpResponse, json } from '../http/responses.ts';
import { serviceStates } from '../leads/service-states.ts';
import { apiHandler, leadStore, mailer } from '../wiring.ts';

const store = leadStore();
const mail = mailer();

/**
 * GET /api/email/status: whether e-mail and storage are usable now, and nothing else. It is
 * public, so it names no sender, configuration set, region or version: an attacker learns
 * from it only what a failed submission would tell them.
 */
export const handler = apiHandler(
  () =>
    async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
      if (event.requestContext.http.method !== 'GET') {
        return errorResponse(405, ERROR_MESSAGES.methodNotAllowed, { headers: { allow: 'GET' } });
      }
      const { database, email } = await serviceStates(store, mail);
      const body: StatusResponse = {
        success: database === 'up' && email === 'up',
        // Whether the sender is verified is the deployment's business, not the public's.
        email: email === 'up' ? 'up' : 'down',
        storage: database,
        timestamp: new Date().toISOString(),
      };
      return json(body.success ? 200 : 503, body);
    },
);
