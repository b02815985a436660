import { API_PATHS } from '@kryon/shared/api';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { errorResponse, type HttpResponse } from '../http/responses.ts';

const GET_PATHS = new Set<string>([API_PATHS.health, API_PATHS.status]);
const POST_PATHS = new Set<string>(Object.values(API_PATHS).filter((path) => !GET_PATHS.has(path)));

/**
 * The API's `$default` route: every request no other route takes. Known paths asked with
 * the wrong method get 405 with Allow; everything else 404. Always JSON, never HTML.
 *
 * It alone does not check CloudFront's origin-verify header: it reads, stores and sends
 * nothing and says only what API Gateway would say itself, so reading the secret from
 * Secrets Manager would add the SDK to its cold start for no protection.
 */
export const handler = async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
  const path = event.rawPath.replace(/\/+$/, '');
  const allow = POST_PATHS.has(path) ? 'POST' : GET_PATHS.has(path) ? 'GET' : undefined;
  if (allow) return errorResponse(405, ERROR_MESSAGES.methodNotAllowed, { headers: { allow } });
  return errorResponse(404, ERROR_MESSAGES.notFound);
};
