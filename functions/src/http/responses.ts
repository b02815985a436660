import type { ApiError, FieldErrors } from '@kryon/shared/api';
import type { APIGatewayProxyStructuredResultV2 } from 'aws-lambda';

export type HttpResponse = APIGatewayProxyStructuredResultV2 & {
  statusCode: number;
  headers: Record<string, string>;
  body: string;
};

const BASE_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  // Answers are per-request: never cached by CloudFront or the browser.
  'cache-control': 'no-store',
  'x-content-type-options': 'nosniff',
};

export function json(
  statusCode: number,
  body: unknown,
  headers: Record<string, string> = {},
): HttpResponse {
  return { statusCode, headers: { ...BASE_HEADERS, ...headers }, body: JSON.stringify(body) };
}

export function errorResponse(
  statusCode: number,
  message: string,
  options: {
    details?: FieldErrors;
    headers?: Record<string, string>;
    reason?: ApiError['reason'];
  } = {},
): HttpResponse {
  const body: ApiError = { success: false, message };
  if (options.details) body.details = options.details;
  if (options.reason) body.reason = options.reason;
  return json(statusCode, body, options.headers);
}
