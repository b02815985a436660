import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SecretVersions } from '../adapters/secrets.ts';
import { header } from './parse-event.ts';
import { errorResponse, type HttpResponse } from './responses.ts';

/**
 * Deployed, the API sits behind the site's CloudFront distribution, which adds this header
 * with a secret to every request it forwards (infra/lib/static-site.ts). The API answers only
 * CloudFront's client certificate (mutual TLS) and has no execute-api address (decision 072),
 * so a request without the header should not arrive at all; if one does (a misconfigured
 * origin), it came past the web ACL with an X-Forwarded-For of its own choosing, and is
 * refused. See docs/decisions/014.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

type Handler = (event: APIGatewayProxyEventV2) => Promise<HttpResponse>;

/**
 * Wraps an API handler: with a secret configured (deployed), a request that did not come
 * through CloudFront gets 403 as JSON, and one that did reaches the handler with `sourceIp`
 * set to the visitor's address instead of the edge's. During a rotation the previous value
 * is accepted too: CloudFront sends the new one only once the distribution was updated.
 * Without a secret (the local stack, tests), requests pass unchanged.
 */
export function siteOriginOnly(handler: Handler, secret: SecretVersions | undefined): Handler {
  if (!secret) return handler;
  const accepted = [secret.current, secret.previous]
    .filter((value): value is string => Boolean(value))
    .map((value) => Buffer.from(value));
  return async (event) => {
    const given = Buffer.from(header(event, ORIGIN_VERIFY_HEADER) ?? '');
    // Every accepted value is compared, so the time taken does not tell which one matched.
    const matches = accepted.map(
      (expected) => given.length === expected.length && timingSafeEqual(given, expected),
    );
    if (!matches.includes(true)) {
      return errorResponse(403, ERROR_MESSAGES.wrongOrigin);
    }
    const http = { ...event.requestContext.http, sourceIp: viewerIp(event) };
    return handler({ ...event, requestContext: { ...event.requestContext, http } });
  };
}

/**
 * The visitor's address behind CloudFront. `sourceIp` is the edge's; CloudFront appends the
 * viewer's address to X-Forwarded-For, after anything the visitor sent, and API Gateway may
 * append the edge's. So the viewer is the last entry that is not `sourceIp`.
 */
export function viewerIp(event: APIGatewayProxyEventV2): string {
  const sourceIp = event.requestContext.http.sourceIp;
  const hops = (header(event, 'x-forwarded-for') ?? '')
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  if (hops.at(-1) === sourceIp) hops.pop();
  const viewer = hops.at(-1);
  return viewer && isIP(viewer) ? viewer : sourceIp;
}
