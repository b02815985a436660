import type { ReactNode } from 'react';
import { ButtonLink } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { PageDialog } from '../../components/ui/page-dialog.tsx';
import { Pictogram } from '../../components/ui/pictogram.tsx';
import { toneClassName } from '../../components/ui/tone.ts';
import { cardDetailCopy } from '../../content/card-detail.ts';
import type { CardDetail, LabelledValue, ThemeDetail } from '../../content/marketing-types.ts';
import type { DetailedCard } from './card-detail-content.ts';
import type { CardSummary } from './card-summary.ts';
import './cards.css';
import './card-detail.css';

function DetailSection({
  title,
  className,
  children,
}: {
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section className={['card-detail__section', className].filter(Boolean).join(' ')}>
      <h3 className="card-detail__heading">{title}</h3>
      {children}
    </section>
  );
}

function Metrics({ items }: { items: readonly LabelledValue[] }) {
  return (
    <dl className="card-detail__metrics">
      {items.map((item) => (
        <div key={item.label} className="card-detail__metric">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A list of strengths (a check each) or of risks (a warning sign each). */
function Checklist({
  items,
  variant = 'strength',
}: {
  items: readonly string[];
  variant?: 'strength' | 'risk';
}) {
  return (
    <ul className={`card-detail__list card-detail__list--${variant}`}>
      {items.map((item) => (
        <li key={item}>
          <Icon
            name={variant === 'risk' ? 'alert' : 'check'}
            size={18}
            className="card-detail__list-icon"
          />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}

function Specs({ items }: { items: readonly LabelledValue[] }) {
  return (
    <dl className="card-detail__specs">
      {items.map((item) => (
        <div key={item.label}>
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Story({ steps }: { steps: readonly LabelledValue[] }) {
  return (
    <dl className="card-detail__story">
      {steps.map((step, index) => (
        <div key={step.label} className="card-detail__story-step">
          <dt>
            <span className="card-detail__story-number" aria-hidden="true">
              {index + 1}
            </span>
            {step.label}
          </dt>
          <dd>{step.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function CardLayout({ detail }: { detail: CardDetail }) {
  const labels = cardDetailCopy.card;
  const story = detail.realWorldExample;
  return (
    <>
      <DetailSection title={labels.overview}>
        <p className="card-detail__overview">{detail.overview}</p>
      </DetailSection>
      <DetailSection title={labels.keyMetrics}>
        <Metrics items={detail.keyMetrics} />
      </DetailSection>
      <div className="card-detail__columns">
        <DetailSection title={labels.keyCapabilities}>
          <Checklist items={detail.keyCapabilities} />
        </DetailSection>
        <DetailSection title={labels.businessBenefits}>
          <Checklist items={detail.businessBenefits} />
        </DetailSection>
      </div>
      <DetailSection title={labels.technicalSpecs}>
        <Specs items={detail.technicalSpecs} />
      </DetailSection>
      <div className="card-detail__columns">
        <DetailSection title={labels.useCases}>
          <Checklist items={detail.useCases} />
        </DetailSection>
        <DetailSection title={labels.integrations}>
          <ul className="card-detail__chips">
            {detail.integrations.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
        </DetailSection>
      </div>
      <DetailSection title={labels.story} className="card-detail__section--story">
        <Story
          steps={[
            { label: labels.scenario, value: story.scenario },
            { label: labels.challenge, value: story.challenge },
            { label: labels.outcome, value: story.outcome },
          ]}
        />
      </DetailSection>
    </>
  );
}

function ThemeLayout({ detail }: { detail: ThemeDetail }) {
  const labels = cardDetailCopy.theme;
  const story = detail.realWorldExample;
  return (
    <>
      <DetailSection title={labels.overview}>
        <p className="card-detail__overview">{detail.overview}</p>
      </DetailSection>
      <DetailSection title={labels.keyStats}>
        <Metrics items={detail.keyStats} />
      </DetailSection>
      <div className="card-detail__columns">
        <DetailSection title={labels.problems}>
          <Checklist items={detail.problems} variant="risk" />
        </DetailSection>
        <DetailSection title={labels.consequences}>
          <Checklist items={detail.consequences} variant="risk" />
        </DetailSection>
      </div>
      <DetailSection title={labels.solution} className="card-detail__section--solution">
        <p>{detail.solution}</p>
      </DetailSection>
      <div className="card-detail__columns">
        <DetailSection title={labels.features}>
          <Checklist items={detail.features} />
        </DetailSection>
        <DetailSection title={labels.benefits}>
          <Checklist items={detail.benefits} />
        </DetailSection>
      </div>
      <DetailSection title={labels.story} className="card-detail__section--story">
        <Story
          steps={[
            { label: labels.scenario, value: story.scenario },
            { label: labels.impact, value: story.impact },
            { label: labels.resolution, value: story.solution },
          ]}
        />
      </DetailSection>
    </>
  );
}

/** The id of the card's dialog, which its button opens. */
export function cardDialogId(card: CardSummary): string {
  return `${card.kind}-${card.id}-details`;
}

/**
 * One card's full story in a modal dialog of its own, prerendered closed into the page; the
 * card's button opens it (detail-card.tsx).
 */
export function CardDetailDialog({ card }: { card: DetailedCard }) {
  const id = cardDialogId(card);
  const titleId = `${id}-title`;
  const subtitleId = `${id}-subtitle`;
  return (
    <PageDialog
      id={id}
      labelledBy={titleId}
      describedBy={subtitleId}
      closeLabel={cardDetailCopy.closeLabel}
      className={`card-detail ${toneClassName(card)}`}
    >
      <header className="card-detail__header">
        <span className="card-detail__icon">
          <Pictogram name={card.icon} size={28} />
        </span>
        <div className="card-detail__titles">
          {card.eyebrow || card.badge || card.isBeta ? (
            <p className="card-detail__kicker">
              {card.eyebrow ? <span>{card.eyebrow}</span> : null}
              {card.badge ? <span className="tag">{card.badge}</span> : null}
              {card.isBeta ? (
                <span className="tag tag--beta">{cardDetailCopy.betaLabel}</span>
              ) : null}
            </p>
          ) : null}
          <h2 id={titleId} className="card-detail__title">
            {card.title}
          </h2>
          <p id={subtitleId} className="card-detail__subtitle">
            {card.subtitle}
          </p>
        </div>
      </header>
      <div className="card-detail__body">
        {card.detail.layout === 'theme' ? (
          <ThemeLayout detail={card.detail.detail} />
        ) : (
          <CardLayout detail={card.detail.detail} />
        )}
      </div>
      <footer className="card-detail__footer">
        <ButtonLink to={cardDetailCopy.cta.to} size="lg">
          {cardDetailCopy.cta.label}
          <Icon name="arrow-right" size={18} />
        </ButtonLink>
      </footer>
    </PageDialog>
  );
}
