import { timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import type { SecretVersions } from '../adapters/secrets.ts';
import { header } from './parse-event.ts';
import { errorResponse, type HttpResponse } from './responses.ts';

/**
 * The header with a secret CloudFront adds to every request it forwards (decisions 014, 072): a
 * request without it came past the web ACL with an X-Forwarded-For of its choosing, and is refused.
 */
export const ORIGIN_VERIFY_HEADER = 'x-origin-verify';

type Handler = (event: APIGatewayProxyEventV2) => Promise<HttpResponse>;

/**
 * Wraps an API handler: deployed, a request not from CloudFront gets 403, one from it gets the
 * visitor's address as `sourceIp` (decision 014); the previous secret counts during a rotation
 * (decision 035). Without a secret (the local stack, tests), requests pass unchanged.
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
