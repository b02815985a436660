import type { ResearchItem } from '../../content/library-types.ts';
import { researchArchivePageCopy } from '../../content/research-archive-page.ts';
import { useToday } from '../../lib/use-today.ts';
import { archiveMetrics, RECENT_MONTHS, recentCount } from './research-metrics.ts';

const copy = researchArchivePageCopy.metrics;

function Metric({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="metric">
      <dt>{label}</dt>
      <dd>{typeof value === 'number' ? value.toLocaleString('en-US') : value}</dd>
    </div>
  );
}

/**
 * The research archive's metrics panel: totals of items, downloads and citations, counts per
 * type, the critical count and a fixed "6 Domains", computed from the items.
 */
export function MetricsPanel({ items }: { items: readonly ResearchItem[] }) {
  const metrics = archiveMetrics(items);
  // "Last 3 months" depends on the day the page is read. Where React runs it counts at once;
  // the built page leaves the metric hidden with the dates to count, for the site script.
  const today = useToday();
  return (
    <section className="section section--tight" aria-labelledby="metrics-heading">
      <div className="container">
        <div className="card metrics-panel">
          <h2 id="metrics-heading">{copy.heading}</h2>
          <dl className="metrics-grid">
            <Metric label={copy.totalItemsLabel} value={metrics.totalItems} />
            <Metric label={copy.totalDownloadsLabel} value={metrics.totalDownloads} />
            <Metric label={copy.totalCitationsLabel} value={metrics.totalCitations} />
            <Metric label={copy.criticalLabel} value={metrics.criticalCount} />
            {today ? (
              <Metric label={copy.recentLabel} value={recentCount(items, today)} />
            ) : (
              <div
                className="metric"
                data-count-dates={items.map((item) => item.publishedDate).join(' ')}
                data-count-within-months={RECENT_MONTHS}
                hidden
              >
                <dt>{copy.recentLabel}</dt>
                <dd data-count />
              </div>
            )}
          </dl>
          <p className="metrics-domains">
            <strong>{copy.domains}</strong> {copy.domainsCaption}
          </p>
          <div className="metrics-breakdown">
            <div>
              <h3>{copy.byTypeLabel}</h3>
              <ul className="type-counts">
                {metrics.byType.map(({ type, count }) => (
                  <li key={type}>
                    <span>{type}</span>
                    <span className="type-counts__count">{count}</span>
                  </li>
                ))}
              </ul>
            </div>
            <div>
              <h3>{copy.topTagsLabel}</h3>
              <ul className="tag-list">
                {metrics.topTags.map((tag) => (
                  <li key={tag}>{tag}</li>
                ))}
              </ul>
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
