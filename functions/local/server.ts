import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { API_BASE } from '@kryon/shared/api';
import { API_STAGE_THROTTLE } from '@kryon/shared/constants';
import { SITE_SECURITY_HEADERS } from '@kryon/shared/security-headers';
import { SITE_FILE_CONTENT_TYPES } from '@kryon/shared/site-files';
import { SITE_NAVIGATION_HEADERS } from '@kryon/shared/speculation-rules';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import compression from 'compression';
import sirv from 'sirv';
import type { HttpResponse } from '../src/http/responses.ts';
import { toApiGatewayEvent } from './api-gateway-event.ts';
import { readBody } from './http-body.ts';
import { createTokenBucket, type TokenBucket } from './token-bucket.ts';

export type Handler = (event: APIGatewayProxyEventV2) => Promise<HttpResponse>;

export interface LocalServerOptions {
  /**
   * The prerendered site: web/build/client. Unset under `npm run dev`, where Vite serves the
   * site and this server answers `/api` alone.
   */
  siteDir: string | undefined;
  /** `METHOD /path` -> handler, as API Gateway routes them. */
  routes: Map<string, Handler>;
  /** The `$default` route: requests under /api that no route matches. */
  fallback: Handler;
  /**
   * The stage throttle every API request draws from, as API Gateway applies it.
   * @default API_STAGE_THROTTLE, the deployed stage's
   */
  throttle?: { rateLimit: number; burstLimit: number };
}

/** API Gateway refuses larger payloads long before this; it only protects this process. */
const MAX_READ_BYTES = 1024 * 1024;

/**
 * The site and the API on one port, as CloudFront serves them: `/api/*` goes to the Lambda
 * handlers as HTTP API events; everything else is the prerendered build, with clean URLs
 * mapped to each route's index.html and a real 404 page.
 */
export function createLocalServer(serverOptions: LocalServerOptions): Server {
  const options: ApiOptions = {
    ...serverOptions,
    bucket: createTokenBucket(serverOptions.throttle ?? API_STAGE_THROTTLE),
  };
  const { siteDir } = options;
  if (!siteDir) return createServer((req, res) => apiOnly(req, res, options));
  const notFoundPage = join(siteDir, '404', 'index.html');
  // sirv serves /.well-known/ whatever its `dotfiles` option says, and keeps other dotfiles
  // hidden: that option stays off.
  const serveStatic = sirv(siteDir, {
    dev: false,
    etag: true,
    extensions: ['html'],
    setHeaders(res, pathname) {
      setSiteHeaders(res);
      res.setHeader(
        'cache-control',
        pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
      // By extension sirv would send the feed as text/xml, security.txt without its
      // charset and the speculation rules as application/json; CloudFront's upload sets the
      // same types (infra/lib/static-site.ts).
      const contentType = SITE_FILE_CONTENT_TYPES[pathname];
      if (contentType) res.setHeader('content-type', contentType);
    },
  });

  // CloudFront compresses what it serves; so does this server, or local measurements lie.
  const compress = compression();

  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (isApiPath(path)) {
      void handleApi(req, res, path, options);
      return;
    }
    // compression's types ask for Express objects; it only uses the Node request and response.
    type Req = Parameters<typeof compress>[0];
    type Res = Parameters<typeof compress>[1];
    compress(req as Req, res as Res, () =>
      serveStatic(req, res, () => {
        res.statusCode = 404;
        setSiteHeaders(res);
        res.setHeader('content-type', 'text/html; charset=utf-8');
        res.setHeader('cache-control', 'no-cache');
        res.end(existsSync(notFoundPage) ? readFileSync(notFoundPage) : 'Not found');
      }),
    );
  });
}

function isApiPath(path: string): boolean {
  return path === API_BASE || path.startsWith(`${API_BASE}/`) || path.startsWith('/api/');
}

/** The server of `npm run dev`: `/api` only; the site is the dev server's. */
function apiOnly(req: IncomingMessage, res: ServerResponse, options: ApiOptions) {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname;
  if (isApiPath(path)) {
    void handleApi(req, res, path, options);
    return;
  }
  res.statusCode = 404;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.end('Only /api is served here: the site is on the dev server (npm run dev).\n');
}

/**
 * The headers CloudFront's site response-headers policy adds, so local tests run under the
 * CSP and pages name their speculation rules as they do in production.
 */
function setSiteHeaders(res: ServerResponse) {
  const headers = { ...SITE_SECURITY_HEADERS, ...SITE_NAVIGATION_HEADERS };
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
}

interface ApiOptions extends LocalServerOptions {
  bucket: TokenBucket;
}

async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  options: ApiOptions,
) {
  // API Gateway throttles before anything runs, with its own answer.
  if (!options.bucket.take(Date.now())) {
    req.resume();
    return send(res, {
      statusCode: 429,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'Too Many Requests' }),
    });
  }
  try {
    const body = await readBody(req, MAX_READ_BYTES);
    if (body === undefined) {
      return send(res, {
        statusCode: 413,
        headers: { 'content-type': 'application/json; charset=utf-8' },
        body: JSON.stringify({ success: false, message: 'Your submission is too large.' }),
      });
    }
    const routeKey = `${req.method} ${path}`;
    const route = options.routes.get(routeKey);
    const event = toApiGatewayEvent(req, body, route ? routeKey : '$default');
    send(res, await (route ?? options.fallback)(event));
  } catch (error) {
    // A handler never throws by design; if one does, answer as API Gateway would.
    console.error('local server: handler threw', error);
    send(res, {
      statusCode: 500,
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify({ message: 'Internal Server Error' }),
    });
  }
}

function send(res: ServerResponse, response: HttpResponse) {
  res.statusCode = response.statusCode;
  for (const [name, value] of Object.entries(response.headers)) res.setHeader(name, value);
  res.end(response.isBase64Encoded ? Buffer.from(response.body, 'base64') : response.body);
}
