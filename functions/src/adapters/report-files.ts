import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RESEARCH_DOWNLOAD_IDS } from '@kryon/shared/research-catalogue';
import type { ReportFiles } from '../leads/open-report.ts';

/**
 * The built reports in a directory (web/build/reports locally): `<dir>/<id>.pdf`, for the
 * catalogue's ids only, so no request can name another file.
 */
export function createDirectoryReportFiles(dir: string): ReportFiles {
  return {
    async read(item) {
      if (!(RESEARCH_DOWNLOAD_IDS as readonly string[]).includes(item)) {
        throw new Error(`no report ${item}`);
      }
      return readFile(join(dir, `${item}.pdf`));
    },
  };
}
