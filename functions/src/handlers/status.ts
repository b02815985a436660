import { LEAD_FORMS, type StatusResponse } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { optionalEnv } from '../env.ts';
import { errorResponse, type HttpResponse, json } from '../http/responses.ts';
import { siteOriginOnly } from '../http/site-origin.ts';

const version = optionalEnv('APP_VERSION', 'dev');
const region = optionalEnv('AWS_REGION', 'unknown');
const sender = optionalEnv('MAIL_FROM', 'not configured');
const configurationSet = process.env.SES_CONFIGURATION_SET?.trim() || null;

/** GET /api/email/status: what this deployment is and how it sends e-mail. */
export const handler = siteOriginOnly(
  async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
    if (event.requestContext.http.method !== 'GET') {
      return errorResponse(405, ERROR_MESSAGES.methodNotAllowed, { headers: { allow: 'GET' } });
    }
    const body: StatusResponse = {
      success: true,
      service: 'kryon-leads',
      version,
      region,
      forms: LEAD_FORMS,
      email: { sender, configurationSet },
      timestamp: new Date().toISOString(),
    };
    return json(200, body);
  },
);
