import { useId } from 'react';
import { marketingLabels } from '../../content/card-detail.ts';
import type { FeaturesPageCopy, SupportLevel } from '../../content/marketing-types.ts';

const RATING_PATHS: Readonly<Record<SupportLevel, string>> = {
  supported: 'M7.5 12.5l3 3 6-6.5',
  partial: 'M12 3a9 9 0 010 18z',
  'not-supported': 'M8 12h8',
};

function RatingIcon({ rating }: { rating: SupportLevel }) {
  return (
    <svg
      className="rating__icon"
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
    >
      <circle cx="12" cy="12" r="9" />
      <path d={RATING_PATHS[rating]} />
    </svg>
  );
}

/**
 * The features page's comparison: a real table with a caption and header
 * scopes, and every rating written out, so it never relies on colour or the icon alone.
 */
export function ComparisonTable({ comparison }: { comparison: FeaturesPageCopy['comparison'] }) {
  const captionId = useId();
  return (
    <div className="comparison">
      {/* A phone shows the table by scrolling it sideways; the region makes that reachable
          by keyboard and names it for screen readers. It is a div with the region role, not a
          <section>: HTML expects a section to open with a heading, and the caption names it. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable. */}
      {/* biome-ignore lint/a11y/useSemanticElements: a section would need a heading (above). */}
      <div className="comparison__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className="comparison__table">
          <caption id={captionId}>{comparison.caption}</caption>
          <thead>
            <tr>
              <th scope="col">{comparison.capabilityHeader}</th>
              {comparison.columns.map((column) => (
                <th
                  key={column.id}
                  scope="col"
                  className={column.id === 'kryon' ? 'comparison__ours' : undefined}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {comparison.rows.map((row) => (
              <tr key={row.capability}>
                <th scope="row">{row.capability}</th>
                {comparison.columns.map((column) => {
                  const cell = row.cells[column.id];
                  return (
                    <td
                      key={column.id}
                      className={column.id === 'kryon' ? 'comparison__ours' : undefined}
                    >
                      <span className={`rating rating--${cell.rating}`}>
                        <RatingIcon rating={cell.rating} />
                        {comparison.ratingLabels[cell.rating]}
                      </span>
                      {cell.note ? <span className="rating__note">{cell.note}</span> : null}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <dl className="comparison__legend" aria-label={marketingLabels.comparisonLegend}>
        {comparison.columns.map((column) => (
          <div key={column.id}>
            <dt>{column.label}</dt>
            <dd>{column.description}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
