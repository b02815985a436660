import type { DemoType } from '@kryon/shared/options';
import { Icon } from '../../components/ui/icon.tsx';
import { Pictogram } from '../../components/ui/pictogram.tsx';
import { toneClass } from '../../components/ui/tone.ts';
import { DEMO_OPTIONS, demoPageCopy } from '../../content/demo-page.ts';
import { liveBeforeHydration } from '../../lib/live-before-hydration.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';

const copy = demoPageCopy.options;

/**
 * The three demo cards. Each button says what it does and, once chosen,
 * that it is selected ("Technical Demo Selected"), so the choice is never shown by colour
 * alone; the label carries the state, which is why the button is not also aria-pressed.
 * Choosing again is allowed and simply leads back to the form. The buttons are built
 * disabled, for a browser without scripts; the island loader enables them before React runs
 * and answers the first press once React has taken the page over.
 */
export function DemoPicker({
  selected,
  onSelect,
}: {
  selected: DemoType | null;
  onSelect: (id: DemoType) => void;
}) {
  const hydrated = useHydrated();
  return (
    <ul className="demo-options">
      {DEMO_OPTIONS.map((option) => {
        const isSelected = option.id === selected;
        const titleId = `demo-option-${option.id}-title`;
        return (
          <li
            key={option.id}
            className={[
              'demo-option',
              toneClass(option.colour),
              option.popular ? 'demo-option--popular' : '',
              isSelected ? 'demo-option--selected' : '',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <article className="demo-option__card" aria-labelledby={titleId}>
              {option.popular ? (
                <p className="demo-option__ribbon">
                  <Pictogram name="star" size={14} />
                  {copy.popularRibbon}
                </p>
              ) : null}
              <div className="demo-option__top">
                <span className="demo-option__icon">
                  <Pictogram name={option.icon} />
                </span>
                {isSelected ? (
                  <span className="demo-option__badge demo-option__badge--selected">
                    <Icon name="check" size={14} />
                    {copy.selectedBadge}
                  </span>
                ) : option.popular ? (
                  <span className="demo-option__badge">{copy.popularBadge}</span>
                ) : null}
              </div>
              <h3 id={titleId} className="demo-option__title">
                {option.title}
              </h3>
              <p className="demo-option__duration">
                <Pictogram name="clock" size={16} />
                {option.duration}
              </p>
              <p className="demo-option__description">{option.description}</p>
              <p className="demo-option__audience">
                <span className="demo-option__label">{copy.audienceLabel}</span>
                {option.audience}
              </p>
              <p className="demo-option__label">{copy.featuresLabel}</p>
              <ul className="demo-option__features">
                {option.features.map((feature) => (
                  <li key={feature}>
                    <Icon name="check" size={16} />
                    {feature}
                  </li>
                ))}
              </ul>
              <button
                type="button"
                className="demo-option__button"
                disabled={!hydrated}
                {...liveBeforeHydration(hydrated)}
                onClick={() => onSelect(option.id)}
              >
                {isSelected ? <Icon name="check" size={18} /> : null}
                {isSelected ? option.selectedLabel : option.selectLabel}
              </button>
            </article>
          </li>
        );
      })}
    </ul>
  );
}
