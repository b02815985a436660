import type { IncomingMessage } from 'node:http';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';

/**
 * An API Gateway HTTP API (payload format 2.0) event for a request to the local server, so
 * the local stack runs the very handlers Lambda runs. Shape per the AWS documentation for
 * "Working with AWS Lambda proxy integrations for HTTP APIs".
 */
export function toApiGatewayEvent(
  req: IncomingMessage,
  body: Buffer,
  routeKey: string,
): APIGatewayProxyEventV2 {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(',') : value;
  }
  const now = new Date();
  const textual = body.length === 0 || isText(headers['content-type']);
  return {
    version: '2.0',
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    headers,
    queryStringParameters: url.search ? Object.fromEntries(url.searchParams) : undefined,
    requestContext: {
      accountId: 'local',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: 'local',
      http: {
        method: req.method ?? 'GET',
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: crypto.randomUUID(),
      routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    body: body.length === 0 ? undefined : textual ? body.toString('utf8') : body.toString('base64'),
    isBase64Encoded: !textual,
  };
}

function isText(contentType: string | undefined): boolean {
  return (
    !!contentType && /^(text\/|application\/(json|x-www-form-urlencoded|xml))/i.test(contentType)
  );
}
