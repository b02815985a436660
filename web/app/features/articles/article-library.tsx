import { useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { CountBeforeHydration } from '../../components/ui/count-before-hydration.tsx';
import { FilterChip } from '../../components/ui/filter-chip.tsx';
import { articleLibraryCopy } from '../../content/intelligence-page.ts';
import { articleFilterLabels } from '../../content/library-labels.ts';
import {
  ARTICLE_CATEGORIES,
  type ArticleCategory,
  SEVERITIES,
  type Severity,
} from '../../content/library-types.ts';
import {
  ARTICLE_COLLAPSED_COUNT,
  filterArticles,
  hasActiveArticleFilters,
  toggleSeverity,
} from '../../lib/article-filters.ts';
import { liveBeforeHydration } from '../../lib/live-before-hydration.ts';
import { useDebouncedSearch } from '../../lib/use-debounced-search.ts';
import { useEarlyValue } from '../../lib/use-early-value.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { ArticleCard, type ArticleCardData } from './article-card.tsx';

const copy = articleLibraryCopy.featured;

function isCategory(value: string): value is ArticleCategory {
  return (ARTICLE_CATEGORIES as readonly string[]).includes(value);
}

/**
 * The index's article list: a debounced text search, a
 * category, any-of severity chips, all combined with AND; a count line; clear-all; and a
 * list collapsed to six cards until the visitor asks for the rest. An island that hydrates at
 * the visitor's first touch: as built every card is listed (CSS shows six where scripts run)
 * and the controls are disabled, so the list reads whole without scripts; where they run, the
 * island loader enables the controls at once and answers a press once React runs.
 */
export function ArticleLibrary({ articles }: { articles: readonly ArticleCardData[] }) {
  const search = useDebouncedSearch();
  const [category, setCategory] = useState<ArticleCategory | ''>('');
  const [severities, setSeverities] = useState<Severity[]>([]);
  const [expanded, setExpanded] = useState(false);
  const hydrated = useHydrated();
  const ids = useId();
  const listId = `${ids}-results`;
  const searchBox = useRef<HTMLInputElement>(null);
  const categoryBox = useRef<HTMLSelectElement>(null);
  useEarlyValue(searchBox, search.setText);
  useEarlyValue(categoryBox, (value) => setCategory(isCategory(value) ? value : ''));

  const matches = useMemo(
    () => filterArticles(articles, { search: search.term, category, severities }),
    [articles, search.term, category, severities],
  );
  // The clear link appears as soon as the visitor types, not 300 ms later.
  const filtering = hasActiveArticleFilters({ search: search.text, category, severities });
  const visible = expanded || !hydrated ? matches : matches.slice(0, ARTICLE_COLLAPSED_COUNT);

  const clearAll = () => {
    search.clear();
    setCategory('');
    setSeverities([]);
  };

  return (
    <div className="library">
      <search className="library-filters" aria-label={articleFilterLabels.toolbar}>
        <fieldset
          className="library-filters__controls"
          disabled={!hydrated}
          {...liveBeforeHydration(hydrated)}
        >
          <div className="field library-filters__search">
            <label className="field__label" htmlFor={`${ids}-search`}>
              {copy.searchLabel}
            </label>
            <input
              ref={searchBox}
              id={`${ids}-search`}
              className="input"
              type="search"
              autoComplete="off"
              placeholder={copy.searchPlaceholder}
              value={search.text}
              onChange={(event) => search.setText(event.target.value)}
            />
          </div>
          <div className="field library-filters__category">
            <label className="field__label" htmlFor={`${ids}-category`}>
              {copy.categoryLabel}
            </label>
            <select
              ref={categoryBox}
              id={`${ids}-category`}
              className="input"
              value={category}
              onChange={(event) => {
                const value = event.target.value;
                setCategory(isCategory(value) ? value : '');
              }}
            >
              <option value="">{copy.allCategoriesLabel}</option>
              {ARTICLE_CATEGORIES.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
          <fieldset className="library-filters__chips">
            <legend className="field__label">{copy.severityLabel}</legend>
            <div className="chip-row">
              {SEVERITIES.map((severity) => (
                <FilterChip
                  key={severity}
                  tone={severity.toLowerCase()}
                  pressed={severities.includes(severity)}
                  onToggle={() => setSeverities((current) => toggleSeverity(current, severity))}
                >
                  {severity}
                </FilterChip>
              ))}
            </div>
          </fieldset>
        </fieldset>
      </search>

      <div className="library-status">
        <p className="library-status__count" role="status">
          {hydrated ? (
            copy.countLine(visible.length, matches.length)
          ) : (
            <CountBeforeHydration
              collapsed={copy.countLine(
                Math.min(matches.length, ARTICLE_COLLAPSED_COUNT),
                matches.length,
              )}
              whole={copy.countLine(matches.length, matches.length)}
            />
          )}
        </p>
        {filtering && matches.length > 0 ? (
          <button type="button" className="link-button" onClick={clearAll}>
            {copy.clearFiltersLabel}
          </button>
        ) : null}
      </div>

      {matches.length === 0 ? (
        <div className="empty-state">
          <p>{articleLibraryCopy.emptyState.text}</p>
          <button type="button" className="link-button" onClick={clearAll}>
            {articleLibraryCopy.emptyState.clearLabel}
          </button>
        </div>
      ) : (
        <ul id={listId} className="article-list" aria-label={articleFilterLabels.results}>
          {visible.map((article) => (
            <li key={article.id}>
              <ArticleCard article={article} />
            </li>
          ))}
        </ul>
      )}

      {matches.length > ARTICLE_COLLAPSED_COUNT ? (
        // Built in, so nothing below moves when the list hydrates; without scripts, where every
        // card is listed, CSS hides it.
        <div className="library-more">
          <Button
            variant="secondary"
            aria-expanded={expanded}
            aria-controls={listId}
            disabled={!hydrated}
            {...liveBeforeHydration(hydrated)}
            onClick={() => setExpanded((open) => !open)}
          >
            {expanded
              ? copy.showLessLabel
              : copy.showMoreLabel(matches.length - ARTICLE_COLLAPSED_COUNT)}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
