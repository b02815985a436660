import { ARCHIVE_ITEM_PARAM } from '@kryon/shared/constants';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { CountBeforeHydration } from '../../components/ui/count-before-hydration.tsx';
import { FilterChip } from '../../components/ui/filter-chip.tsx';
import type { DownloadPreview } from '../../content/intelligence-types.ts';
import { researchLabels } from '../../content/library-labels.ts';
import type { ResearchItem } from '../../content/library-types.ts';
import { researchLibraryCopy } from '../../content/research-library-copy.ts';
import { liveBeforeHydration } from '../../lib/live-before-hydration.ts';
import {
  filterResearch,
  hasActiveResearchFilters,
  isListExpanded,
  RESEARCH_COLLAPSED_COUNT,
  TOPIC_CHIP_COUNT,
  toggleTopic,
  topTags,
} from '../../lib/research-filters.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { useEarlyValue } from '../../lib/use-early-value.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useOnDemand } from '../../lib/use-on-demand.ts';
import { ResearchCard } from './research-card.tsx';

const copy = researchLibraryCopy;
const LIST_ID = 'research-results';

/**
 * The download dialog with its form, schema, browser check and API client: most of the
 * archive's code, loaded only when a visitor asks for a download.
 */
const loadDownloadModal = () => import('./download-modal.tsx').then((m) => m.DownloadModal);

/**
 * The archive's filter panel, research cards and download modal:
 * a debounced search and the top-10 topic chips, combined with AND; the list starts at six
 * cards and expands by itself once a filter leaves 20 or fewer. An island that hydrates at the
 * visitor's first touch: as built every card is listed (CSS shows six where scripts run) and
 * the controls are disabled, so the list reads whole without scripts; where they run, the
 * island loader enables the controls at once and answers a press once React runs.
 */
export function ResearchLibrary({
  items,
  previews,
}: {
  items: readonly ResearchItem[];
  previews: Readonly<Record<string, DownloadPreview>>;
}) {
  const search = useDebouncedSearch();
  const [topics, setTopics] = useState<string[]>([]);
  const [expandedByVisitor, setExpandedByVisitor] = useState(false);
  const [downloading, setDownloading] = useState<ResearchItem | null>(null);
  const [modal, loadModal] = useOnDemand(loadDownloadModal);
  const DownloadModal = modal.status === 'ready' ? modal.value : null;
  const hydrated = useHydrated();
  const searchBox = useRef<HTMLInputElement>(null);
  useEarlyValue(searchBox, search.setText);

  const requestDownload = (item: ResearchItem) => {
    setDownloading(item);
    loadModal();
  };

  // `?item=<id>`: a visitor sent back to ask for a report again (an expired or broken
  // personal link) finds the list open and that item's download dialog ready. Read after
  // hydration: the prerendered page is the same for every query.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on arrival.
  useEffect(() => {
    const id = new URLSearchParams(window.location.search).get(ARCHIVE_ITEM_PARAM);
    const item = items.find((candidate) => candidate.id === id);
    if (!item) return;
    setExpandedByVisitor(true);
    requestDownload(item);
  }, []);

  const chips = useMemo(() => topTags(items, TOPIC_CHIP_COUNT), [items]);
  const matches = useMemo(
    () => filterResearch(items, { search: search.term, topics }),
    [items, search.term, topics],
  );
  const filtering = hasActiveResearchFilters({ search: search.term, topics });
  const expanded = hydrated && isListExpanded(expandedByVisitor, filtering, matches.length);
  // Until React runs every card is in the page: CSS shows the first six where scripts run
  // (articles.css), all of them where not.
  const visible = expanded || !hydrated ? matches : matches.slice(0, RESEARCH_COLLAPSED_COUNT);
  const hiddenCount = expanded ? 0 : Math.max(0, matches.length - RESEARCH_COLLAPSED_COUNT);
  const showToggle =
    matches.length > RESEARCH_COLLAPSED_COUNT && (expandedByVisitor || hiddenCount > 0);
  const showClear = hasActiveResearchFilters({ search: search.text, topics });

  const clearAll = () => {
    search.clear();
    setTopics([]);
  };

  return (
    <section className="section research-library" aria-labelledby="research-filters-heading">
      <div className="container">
        <search className="card research-filters" aria-labelledby="research-filters-heading">
          <h2 id="research-filters-heading">{copy.filters.heading}</h2>
          <div className="field">
            <label className="field__label" htmlFor="research-search">
              {copy.filters.searchLabel}
            </label>
            <input
              ref={searchBox}
              id="research-search"
              className="input"
              type="search"
              autoComplete="off"
              placeholder={copy.filters.searchPlaceholder}
              value={search.text}
              onChange={(event) => search.setText(event.target.value)}
              disabled={!hydrated}
              {...liveBeforeHydration(hydrated)}
            />
          </div>
          <fieldset
            className="library-filters__chips"
            disabled={!hydrated}
            {...liveBeforeHydration(hydrated)}
          >
            <legend className="field__label">{copy.filters.topicsLabel}</legend>
            <div className="chip-row">
              {chips.map((topic) => (
                <FilterChip
                  key={topic}
                  pressed={topics.includes(topic)}
                  onToggle={() => setTopics((current) => toggleTopic(current, topic))}
                >
                  {topic}
                </FilterChip>
              ))}
            </div>
          </fieldset>
          <div className="library-status">
            <p className="library-status__count" role="status">
              {hydrated ? (
                copy.filters.resultCount(visible.length, matches.length)
              ) : (
                <CountBeforeHydration
                  collapsed={copy.filters.resultCount(
                    Math.min(matches.length, RESEARCH_COLLAPSED_COUNT),
                    matches.length,
                  )}
                  whole={copy.filters.resultCount(matches.length, matches.length)}
                />
              )}
            </p>
            {showClear && matches.length > 0 ? (
              <button type="button" className="link-button" onClick={clearAll}>
                {copy.filters.clearLabel}
              </button>
            ) : null}
          </div>
        </search>

        {matches.length === 0 ? (
          <div className="empty-state empty-state--panel">
            <h3>{copy.emptyState.title}</h3>
            <p>{copy.emptyState.text}</p>
            <Button variant="secondary" onClick={clearAll}>
              {copy.emptyState.clearLabel}
            </Button>
          </div>
        ) : (
          <ul id={LIST_ID} className="research-grid" aria-label={researchLabels.results}>
            {visible.map((item) => (
              <li key={item.id}>
                <ResearchCard
                  item={item}
                  onDownload={requestDownload}
                  downloadPending={downloading?.id === item.id && modal.status === 'loading'}
                  downloadFailed={downloading?.id === item.id && modal.status === 'failed'}
                />
              </li>
            ))}
          </ul>
        )}

        {showToggle ? (
          <div className="library-more">
            <Button
              variant="secondary"
              aria-expanded={expanded}
              aria-controls={LIST_ID}
              disabled={!hydrated}
              {...liveBeforeHydration(hydrated)}
              onClick={() => setExpandedByVisitor(!expanded)}
            >
              {expanded ? copy.card.showLessLabel : copy.card.showMoreLabel(hiddenCount)}
            </Button>
          </div>
        ) : null}
      </div>

      {downloading && DownloadModal ? (
        <DownloadModal
          key={downloading.id}
          item={downloading}
          preview={previews[downloading.id]}
          onClose={() => setDownloading(null)}
        />
      ) : null}
    </section>
  );
}
