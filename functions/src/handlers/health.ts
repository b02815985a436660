import type { EmailState, HealthResponse } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { healthConfig, readConfig } from '../config.ts';
import { errorResponse, type HttpResponse, json } from '../http/responses.ts';
import { cachedServiceStates } from '../leads/service-states.ts';
import { apiHandler, leadStore, logger, mailer } from '../wiring.ts';

// Read at cold start: a bad setting stops the function from starting (decision 066).
const config = readConfig(healthConfig);
// One probe per 45 s in this warm function, failures included (decision 056).
const probe = cachedServiceStates(leadStore(config), mailer(config));

/**
 * The e-mail states in which every lead is stored and mailed to sales: health is green.
 * Only visitors' confirmations may fail in the sandbox.
 */
const SALES_MAIL_FLOWS: readonly EmailState[] = ['up', 'sandbox'];

/**
 * GET /api/email/health: success only when DynamoDB and SES answer and SES may send as our
 * identity (`unverified` until then); the sandbox is `sandbox` with 200 (decision 056). A
 * paused visitor stream is never said: anyone can read health, and it would tell an attacker
 * pulling the brake worked (decision 075). `checkedAt` says when the probe ran.
 */
export const handler = apiHandler(
  config,
  () =>
    async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
      if (event.requestContext.http.method !== 'GET') {
        return errorResponse(405, ERROR_MESSAGES.methodNotAllowed, { headers: { allow: 'GET' } });
      }
      const { value: services, checkedAtMs } = await probe();
      const body: HealthResponse = {
        success: services.database === 'up' && SALES_MAIL_FLOWS.includes(services.email),
        services,
        timestamp: new Date().toISOString(),
        checkedAt: new Date(checkedAtMs).toISOString(),
      };
      if (!body.success) logger.warn('health check failed', { services: body.services });
      return json(body.success ? 200 : 503, body);
    },
);
