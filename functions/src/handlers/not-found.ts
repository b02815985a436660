import { API_PATHS } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { errorResponse, type HttpResponse } from '../http/responses.ts';

const GET_PATHS = new Set<string>([API_PATHS.health, API_PATHS.status]);
const POST_PATHS = new Set<string>(Object.values(API_PATHS).filter((path) => !GET_PATHS.has(path)));

/**
 * The API's `$default` route: 405 with Allow for a known path's wrong method, else 404, always
 * JSON. It alone checks no origin-verify header: it touches nothing, so the secret's reader
 * would cost its cold start for no protection (decision 035).
 */
export const handler = async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
  const path = event.rawPath.replace(/\/+$/, '');
  const allow = POST_PATHS.has(path) ? 'POST' : GET_PATHS.has(path) ? 'GET' : undefined;
  if (allow) return errorResponse(405, ERROR_MESSAGES.methodNotAllowed, { headers: { allow } });
  return errorResponse(404, ERROR_MESSAGES.notFound);
};
