import { useId, useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Pictogram } from '../../components/ui/pictogram.tsx';
import { toneClass } from '../../components/ui/tone.ts';
import { BANNER_FEATURE_COUNT, demoPageCopy } from '../../content/demo-page.ts';
import type { DemoOption } from '../../content/lead-page-types.ts';

const copy = demoPageCopy.banner;

/**
 * The floating reminder of the chosen demo: title, duration and the demo's
 * colour, expandable to its description, audience and first three features, dismissable,
 * with a shortcut to the form.
 */
export function DemoBanner({
  option,
  onComplete,
  onDismiss,
}: {
  option: DemoOption;
  onComplete: () => void;
  onDismiss: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const detailsId = useId();
  const shown = option.features.slice(0, BANNER_FEATURE_COUNT);
  const more = option.features.length - shown.length;
  // `lead-tone--<name>` carries no style: it names the chosen demo's colour for the demo
  // journeys, which identify the banner's tone by it.
  return (
    <aside
      className={`demo-banner ${toneClass(option.colour)} lead-tone--${option.colour}`}
      aria-label={copy.label}
    >
      <div className="demo-banner__inner">
        <div className="demo-banner__bar">
          <span className="demo-banner__icon">
            <Pictogram name={option.icon} size={20} />
          </span>
          <p className="demo-banner__summary">
            <strong className="demo-banner__title">{option.title}</strong>
            <span className="demo-banner__duration">
              <Pictogram name="clock" size={14} />
              {option.duration}
            </span>
          </p>
          <div className="demo-banner__actions">
            <button
              type="button"
              className="demo-banner__toggle"
              aria-expanded={expanded}
              aria-controls={detailsId}
              onClick={() => setExpanded((open) => !open)}
            >
              {expanded ? copy.hideDetails : copy.showDetails}
              <Icon
                name="chevron-down"
                size={16}
                weight="light"
                className={expanded ? 'demo-banner__chevron--open' : undefined}
              />
            </button>
            <Button size="sm" className="demo-banner__complete" onClick={onComplete}>
              {copy.complete} <span aria-hidden="true">→</span>
            </Button>
            <button
              type="button"
              className="demo-banner__dismiss"
              aria-label={copy.dismiss}
              onClick={onDismiss}
            >
              <Icon name="close" size={18} />
            </button>
          </div>
        </div>
        <div id={detailsId} className="demo-banner__details" hidden={!expanded}>
          <p className="demo-banner__description">{option.description}</p>
          <p className="demo-banner__audience">
            <strong>{copy.audienceLabel}:</strong> {option.audience}
          </p>
          <ul className="demo-banner__features">
            {shown.map((feature) => (
              <li key={feature}>
                <Icon name="check" size={14} />
                {feature}
              </li>
            ))}
          </ul>
          {more > 0 ? <p className="demo-banner__more">{copy.moreFeatures(more)}</p> : null}
        </div>
      </div>
    </aside>
  );
}
