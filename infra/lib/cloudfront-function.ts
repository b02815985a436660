import { createContext, runInContext } from 'node:vm';

/*
 * Runs generated CloudFront Function code the way CloudFront does: a script that defines
 * `handler`, called with viewer-request and viewer-response events of the documented shape.
 * The tests use it, and synthesis checks the real build's router with it before deploying.
 *
 * A function may read its key value store through the runtime's `cloudfront` module
 * (`import cf from 'cloudfront'; cf.kvs().get(key)`, a promise rejected for a missing key:
 * "Helper methods for key value stores",
 * https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-custom-methods.html)
 * and so be async. Here the store is a plain record, and the function runs in a context whose
 * promise jobs all run before the evaluation that called it returns (`microtaskMode:
 * 'afterEvaluate'`), so an async handler answers synchronously, as a plain one does.
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

export function loadFunction(
  code: string,
  keyValueStore: Readonly<Record<string, string>> = {},
): CfHandler {
  const context = createContext({}, { microtaskMode: 'afterEvaluate' });
  context.__store = JSON.stringify(keyValueStore);
  runInContext(
    `var __data=JSON.parse(__store);
var __cloudfront={kvs:function(){return {
  get:function(key,options){if(!Object.prototype.hasOwnProperty.call(__data,key)){return Promise.reject(new Error('Key '+key+' not found'));}var value=__data[key];return Promise.resolve(options&&options.format==='json'?JSON.parse(value):value);},
  exists:function(key){return Promise.resolve(Object.prototype.hasOwnProperty.call(__data,key));}
};}};`,
    context,
  );
  const importLine = /^import cf from 'cloudfront';/m;
  runInContext(code.replace(importLine, 'var cf=__cloudfront;'), context);
  return (event: unknown) => {
    context.__event = event;
    runInContext(
      `var __done=false,__result,__error;
Promise.resolve(handler(__event)).then(function(r){__done=true;__result=r;},function(e){__done=true;__error=e;});`,
      context,
    );
    if (!context.__done) throw new Error('The function did not settle: it awaits something else');
    if (context.__error) throw context.__error;
    return context.__result as CfRequest | CfResponse;
  };
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
