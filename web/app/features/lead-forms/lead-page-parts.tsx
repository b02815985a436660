import { Pictogram } from '../../components/ui/pictogram.tsx';
import type { IconCard, Step } from '../../content/lead-page-types.ts';

/** A section's eyebrow, heading and lead text. */
export function LeadIntro({
  id,
  eyebrow,
  heading,
  text,
}: {
  id: string;
  eyebrow: string;
  heading: string;
  text: string;
}) {
  return (
    <div className="lead-intro">
      <span className="eyebrow">{eyebrow}</span>
      <h2 id={id}>{heading}</h2>
      <p className="lead">{text}</p>
    </div>
  );
}

/** Icon cards in a responsive grid. */
export function IconCardGrid({
  items,
  columns,
}: {
  items: readonly IconCard[];
  columns: 'three' | 'four';
}) {
  return (
    <ul className={`lead-grid lead-grid--${columns}`}>
      {items.map((item) => (
        <li key={item.title} className="lead-tile">
          <span className="lead-tile__icon">
            <Pictogram name={item.icon} />
          </span>
          <h3 className="lead-tile__title">{item.title}</h3>
          <p className="lead-tile__text">{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** A numbered "what happens next" list; `compact` inside a confirmation. */
export function StepList({
  steps,
  compact = false,
}: {
  steps: readonly Step[];
  compact?: boolean;
}) {
  return (
    <ol className={compact ? 'lead-steps lead-steps--compact' : 'lead-steps'}>
      {steps.map((step) => (
        <li key={step.title}>
          <strong>{step.title}</strong>
          <span>{step.text}</span>
        </li>
      ))}
    </ol>
  );
}
