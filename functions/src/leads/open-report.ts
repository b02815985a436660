import type { LeadStore } from './ports.ts';
import { verifyReportLink } from './report-link.ts';

/** Where the built reports are: their bytes by research item id. */
export interface ReportFiles {
  read(item: string): Promise<Uint8Array>;
}

export interface OpenReportDeps {
  store: Pick<LeadStore, 'recordDownload'>;
  /** Undefined where no reports are configured: the link cannot be served. */
  files: ReportFiles | undefined;
  reportLinkKey: string;
  now: () => Date;
}

export type OpenReportResult =
  | { kind: 'report'; item: string; bytes: Uint8Array }
  | { kind: 'refused'; reason: 'invalid' | 'expired' }
  | { kind: 'unavailable' };

/**
 * A visitor opens their personal report link: the signature and expiry are checked, the
 * opening is recorded on their lead (sales learn intent), and the report is handed out. A
 * link whose lead no longer exists (erased on request) works no more.
 */
export async function openReport(
  query: Readonly<Record<string, string | undefined>>,
  deps: OpenReportDeps,
): Promise<OpenReportResult> {
  const now = deps.now();
  const verdict = verifyReportLink(query, deps.reportLinkKey, now.getTime());
  if (!verdict.ok) return { kind: 'refused', reason: verdict.reason };
  if (!deps.files) return { kind: 'unavailable' };
  const { lead, item } = verdict.claims;
  const recorded = await deps.store.recordDownload(
    { form: 'download', idempotencyKey: lead },
    now.toISOString(),
  );
  if (!recorded) return { kind: 'refused', reason: 'invalid' };
  return { kind: 'report', item, bytes: await deps.files.read(item) };
}
