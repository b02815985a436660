import { leadReportOpened } from './lead-events.ts';
import type { LeadStore, Metrics } from './ports.ts';
import { owedEvent, type PublishDeps, publishOwed } from './publish-events.ts';
import { verifyReportLink } from './report-link.ts';

/**
 * Where the built reports are. A report is handed out as its bytes (a local directory) or as
 * a short-lived address of its own (a presigned S3 URL, deployed).
 */
export interface ReportFiles {
  open(item: string): Promise<{ bytes: Uint8Array } | { url: string }>;
}

export interface OpenReportDeps extends Omit<PublishDeps, 'store' | 'metrics'> {
  /** Counts a refused publish per form; flushed after each request. */
  metrics?: Pick<Metrics, 'count' | 'flush'>;
  store: Pick<LeadStore, 'recordDownload' | 'clearOwedEvents' | 'deferOwedEvents'>;
  /** Undefined where no reports are configured: the link cannot be served. */
  files: ReportFiles | undefined;
  /** The current key first; during a rotation also the previous one. */
  reportLinkKeys: readonly string[];
  now: () => Date;
}

export type OpenReportResult =
  | { kind: 'report'; item: string; bytes: Uint8Array }
  | { kind: 'redirect'; url: string }
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
  const verdict = verifyReportLink(query, deps.reportLinkKeys, now.getTime());
  if (!verdict.ok) return { kind: 'refused', reason: verdict.reason };
  if (!deps.files) return { kind: 'unavailable' };
  const { lead, item } = verdict.claims;
  const at = now.toISOString();
  // The first opening is an event for destinations; a link that names the lead by its key
  // (issued before ids were kept) gives no id to name it by, so it has none.
  const byId = verdict.names === 'submission-id';
  const ref = byId
    ? ({ form: 'download', submissionId: lead } as const)
    : ({ form: 'download', idempotencyKey: lead } as const);
  const event =
    byId && deps.bus
      ? owedEvent(leadReportOpened({ form: 'download', submissionId: lead }, item, at))
      : undefined;
  const recorded = await deps.store.recordDownload(ref, at, event);
  if (!recorded) return { kind: 'refused', reason: 'invalid' };
  if (event && recorded === 'first') await publishOwed(ref, [event], deps);
  const file = await deps.files.open(item);
  return 'url' in file ? { kind: 'redirect', url: file.url } : { kind: 'report', item, ...file };
}
