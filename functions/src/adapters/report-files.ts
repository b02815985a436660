import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { RESEARCH_DOWNLOAD_IDS } from '@kryon/shared/research-catalogue';
import type { ReportFiles } from '../leads/open-report.ts';

/** Only the catalogue's ids name a report, so no request can name another file or key. */
function assertReport(item: string): void {
  if (!(RESEARCH_DOWNLOAD_IDS as readonly string[]).includes(item)) {
    throw new Error(`no report ${item}`);
  }
}

/** The built reports in a directory (web/build/reports locally): `<dir>/<id>.pdf`. */
export function createDirectoryReportFiles(dir: string): ReportFiles {
  return {
    async open(item) {
      assertReport(item);
      return { bytes: await readFile(join(dir, `${item}.pdf`)) };
    },
  };
}

/** How long a presigned report address works: enough to follow the redirect, no more. */
export const PRESIGNED_URL_SECONDS = 60;

/**
 * The reports in their private bucket (deployed): a presigned GET of `<id>.pdf`, valid for
 * a minute, so the personal link stays the only way in and the bytes never pass through
 * the function. The answer names the file and keeps it out of shared caches.
 */
export function createBucketReportFiles(client: S3Client, bucket: string): ReportFiles {
  return {
    async open(item) {
      assertReport(item);
      const url = await getSignedUrl(
        client,
        new GetObjectCommand({
          Bucket: bucket,
          Key: `${item}.pdf`,
          ResponseContentType: 'application/pdf',
          ResponseContentDisposition: `inline; filename="kryon-${item}.pdf"`,
          ResponseCacheControl: 'private, no-store',
        }),
        { expiresIn: PRESIGNED_URL_SECONDS },
      );
      return { url };
    },
  };
}
