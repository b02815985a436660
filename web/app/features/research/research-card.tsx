import { Button } from '../../components/ui/button.tsx';
import { NewBadge, PublishedDate } from '../../components/ui/published-date.tsx';
import { researchLabels } from '../../content/library-labels.ts';
import type { ResearchItem } from '../../content/library-types.ts';
import { researchLibraryCopy } from '../../content/research-library-copy.ts';
import { NEW_WITHIN_DAYS } from '../../lib/dates.ts';
import { liveBeforeHydration } from '../../lib/live-before-hydration.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

const copy = researchLibraryCopy.card;

/** A card shows its first 2 key findings, then "+N more", and its first 3 tags, then "+N". */
const FINDINGS_SHOWN = 2;
const TAGS_SHOWN = 3;

/**
 * One research item. Its Download button asks for the download dialog, whose code loads only
 * then: meanwhile the button shows it is busy, and if the code cannot load the card says so.
 * As built, and until React runs, the button is disabled: without scripts it would do nothing.
 */
export function ResearchCard({
  item,
  onDownload,
  downloadPending = false,
  downloadFailed = false,
}: {
  item: ResearchItem;
  onDownload: (item: ResearchItem) => void;
  /** The dialog's code is loading for this card. */
  downloadPending?: boolean;
  /** The dialog's code failed to load for this card. */
  downloadFailed?: boolean;
}) {
  const hydrated = useHydrated();
  const [firstAuthor, ...otherAuthors] = item.authors;
  const moreFindings = item.keyFindings.length - FINDINGS_SHOWN;
  const moreTags = item.tags.length - TAGS_SHOWN;
  const titleId = `research-${item.id}-title`;
  return (
    <article className="card research-card" aria-labelledby={titleId}>
      <div className="article-card__badges">
        <span className="badge badge--type">{item.type}</span>
        <span className={`severity severity--${item.impact.toLowerCase()}`}>
          {researchLabels.impact(item.impact)}
        </span>
        <NewBadge
          date={item.publishedDate}
          withinDays={NEW_WITHIN_DAYS.archive}
          label={copy.newBadge}
        />
      </div>
      <h3 id={titleId} className="research-card__title">
        {item.title}
      </h3>
      {firstAuthor ? (
        <p className="research-card__authors">
          <span className="research-card__author">{firstAuthor.name}</span>, {firstAuthor.title}
          {otherAuthors.length > 0 ? (
            <span className="research-card__others"> {copy.otherAuthors(otherAuthors.length)}</span>
          ) : null}
        </p>
      ) : null}
      <ul className="article-meta">
        <li>
          <PublishedDate date={item.publishedDate} label={researchLabels.published} />
        </li>
        <li>{item.estimatedReadTime}</li>
      </ul>
      <p className="research-card__description">{item.description}</p>
      <div className="research-card__findings">
        <h4>{copy.keyFindingsLabel}</h4>
        <ul>
          {item.keyFindings.slice(0, FINDINGS_SHOWN).map((finding) => (
            <li key={finding}>{finding}</li>
          ))}
        </ul>
        {moreFindings > 0 ? (
          <p className="research-card__more">{copy.moreFindings(moreFindings)}</p>
        ) : null}
      </div>
      <ul className="tag-list">
        {item.tags.slice(0, TAGS_SHOWN).map((tag) => (
          <li key={tag}>{tag}</li>
        ))}
        {moreTags > 0 ? <li className="tag-list__more">{copy.moreTags(moreTags)}</li> : null}
      </ul>
      <div className="research-card__footer">
        <p className="research-card__stats">
          <span>
            {item.downloadCount.toLocaleString('en-US')} {copy.downloadsLabel}
          </span>
          <span>
            {item.citations.toLocaleString('en-US')} {copy.citationsLabel}
          </span>
        </p>
        <Button
          disabled={!hydrated}
          {...liveBeforeHydration(hydrated)}
          pending={downloadPending}
          onClick={() => {
            if (!downloadPending) onDownload(item);
          }}
        >
          {copy.downloadLabel}
          <span className="visually-hidden"> {item.title}</span>
        </Button>
      </div>
      {downloadFailed ? (
        <p className="research-card__error" role="alert">
          {copy.downloadUnavailable}
        </p>
      ) : null}
    </article>
  );
}
