import { runInNewContext } from 'node:vm';

/*
 * Runs generated CloudFront Function code the way CloudFront does: a script that defines
 * `handler`, called with viewer-request and viewer-response events of the documented shape.
 * The tests use it, and synthesis checks the real build's router with it before deploying.
 */

export interface CfHeaders {
  [name: string]: { value: string };
}
export interface CfRequest {
  method: string;
  uri: string;
  querystring: Record<string, unknown>;
  headers: CfHeaders;
  cookies: Record<string, unknown>;
}
export interface CfResponse {
  statusCode: number;
  statusDescription: string;
  headers: CfHeaders;
  cookies: Record<string, unknown>;
}
export type CfHandler = (event: unknown) => CfRequest | CfResponse;

export function loadFunction(code: string): CfHandler {
  return runInNewContext(`${code}\nhandler`, {}) as CfHandler;
}

function request(uri: string): CfRequest {
  return { method: 'GET', uri, querystring: {}, headers: {}, cookies: {} };
}

/** The URI the function sends to the origin for a viewer's request of `uri`. */
export function viewerRequest(handler: CfHandler, uri: string): string {
  const out = handler({
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: '192.0.2.1' },
    request: request(uri),
  }) as CfRequest;
  return out.uri;
}

/** The response the viewer gets for `uri` when the origin answered `statusCode`. */
export function viewerResponse(handler: CfHandler, uri: string, statusCode = 200): CfResponse {
  return handler({
    version: '1.0',
    context: { eventType: 'viewer-response' },
    viewer: { ip: '192.0.2.1' },
    request: request(uri),
    response: { statusCode, statusDescription: 'OK', headers: {}, cookies: {} },
  }) as CfResponse;
}

/**
 * One viewer's round trip: the request as the function rewrites it, then the response to the
 * rewritten URI (S3 answers 200 for every file the rewrite points at).
 */
export function roundTrip(
  handler: CfHandler,
  uri: string,
): { originUri: string; response: CfResponse } {
  const originUri = viewerRequest(handler, uri);
  return { originUri, response: viewerResponse(handler, originUri) };
}

/** The values of one directive of a Content-Security-Policy header. */
export function cspDirective(response: CfResponse, name: string): string[] | undefined {
  const csp = response.headers['content-security-policy']?.value;
  const directive = csp?.split('; ').find((part) => part.split(' ')[0] === name);
  return directive?.split(' ').slice(1);
}
