import type { HealthResponse } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { errorResponse, type HttpResponse, json } from '../http/responses.ts';
import { serviceStates } from '../leads/service-states.ts';
import { apiHandler, leadStore, logger, mailer } from '../wiring.ts';

const store = leadStore();
const mail = mailer();

/**
 * GET /api/email/health: success only when DynamoDB answers and SES answers and may send as
 * the sender identity (`unverified` until it is verified for sending).
 */
export const handler = apiHandler(
  () =>
    async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
      if (event.requestContext.http.method !== 'GET') {
        return errorResponse(405, ERROR_MESSAGES.methodNotAllowed, { headers: { allow: 'GET' } });
      }
      const services = await serviceStates(store, mail);
      const body: HealthResponse = {
        success: services.database === 'up' && services.email === 'up',
        services,
        timestamp: new Date().toISOString(),
      };
      if (!body.success) logger.warn('health check failed', { services: body.services });
      return json(body.success ? 200 : 503, body);
    },
);
