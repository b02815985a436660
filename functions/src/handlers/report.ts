import { S3Client } from '@aws-sdk/client-s3';
import { ERROR_MESSAGES } from '@kryon/shared/messages';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { createBucketReportFiles, createDirectoryReportFiles } from '../adapters/report-files.ts';
import { type ReportConfig, readConfig, reportConfig } from '../config.ts';
import { reportPage } from '../http/report-page.ts';
import { errorResponse, type HttpResponse } from '../http/responses.ts';
import { type OpenReportDeps, openReport } from '../leads/open-report.ts';
import { describeError } from '../leads/redact.ts';
import {
  apiHandler,
  leadEventBus,
  leadMetrics,
  leadStore,
  log,
  logger,
  reportLinkKeys,
  siteSecret,
} from '../wiring.ts';

/**
 * GET /api/email/report?lead=&item=&expires=&sig=: a visitor's personal link to the report
 * they asked for. A good link records the opening and answers the PDF; any other gets a page
 * that says what is wrong and leads back to the archive, never JSON or a stack trace.
 */
export function createReportHandler(deps: OpenReportDeps, siteOrigin: string) {
  return async (event: APIGatewayProxyEventV2): Promise<HttpResponse> => {
    if (event.requestContext.http.method !== 'GET') {
      return errorResponse(405, ERROR_MESSAGES.methodNotAllowed, { headers: { allow: 'GET' } });
    }
    const query = event.queryStringParameters ?? {};
    try {
      const result = await openReport(query, deps);
      if (result.kind === 'refused') return reportPage(result.reason, siteOrigin, query.item);
      if (result.kind === 'unavailable') return reportPage('unavailable', siteOrigin);
      if (result.kind === 'redirect') {
        return {
          statusCode: 302,
          headers: { location: result.url, 'cache-control': 'no-store' },
          body: '',
        };
      }
      return {
        statusCode: 200,
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="kryon-${result.item}.pdf"`,
          // Personal: never kept by CloudFront or a shared cache.
          'cache-control': 'private, no-store',
          'x-content-type-options': 'nosniff',
        },
        body: Buffer.from(result.bytes).toString('base64'),
        isBase64Encoded: true,
      };
    } catch (error) {
      logger.error('could not open a report', { error: describeError(error) });
      return reportPage('unavailable', siteOrigin);
    } finally {
      // The first opening's event, if the bus refused it (LeadEventPublishFailed).
      deps.metrics?.flush();
    }
  };
}

/** Deployed, the reports' private bucket (REPORTS_BUCKET); locally, the build's directory. */
function reportFiles(config: ReportConfig) {
  if (config.REPORTS_BUCKET)
    return createBucketReportFiles(new S3Client({}), config.REPORTS_BUCKET);
  return config.REPORTS_DIR ? createDirectoryReportFiles(config.REPORTS_DIR) : undefined;
}

// Read at cold start: a bad setting stops the function from starting (decision 066).
const config = readConfig(reportConfig);
const store = leadStore(config);
const bus = leadEventBus(config);
const files = reportFiles(config);
const origin = config.SITE_ORIGIN;

export const handler = apiHandler(config, (secrets) =>
  createReportHandler(
    {
      store,
      files,
      reportLinkKeys: reportLinkKeys(siteSecret(secrets)),
      now: () => new Date(),
      log,
      metrics: leadMetrics(),
      ...(bus ? { bus } : {}),
    },
    origin,
  ),
);
