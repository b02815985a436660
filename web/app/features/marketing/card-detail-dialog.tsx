import { type ReactNode, useId } from 'react';
import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { Pictogram } from '../../components/ui/pictogram.tsx';
import { toneClassName } from '../../components/ui/tone.ts';
import { cardDetailCopy } from '../../content/card-detail.ts';
import type { CardDetail, LabelledValue, ThemeDetail } from '../../content/marketing-types.ts';
import type { CardSummary } from './card-summary.ts';
import { useCardDetail } from './use-card-detail.ts';
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

function DetailBody({ card }: { card: CardSummary }) {
  const { state, retry } = useCardDetail(card.kind, card.id);
  if (state.status === 'loading') {
    return (
      <p className="card-detail__status" role="status">
        {cardDetailCopy.loading}
      </p>
    );
  }
  if (state.status === 'error') {
    return (
      <div className="card-detail__status" role="alert">
        <p>{cardDetailCopy.loadError}</p>
        <Button variant="outline" onClick={retry}>
          {cardDetailCopy.retryLabel}
        </Button>
      </div>
    );
  }
  return state.content.layout === 'theme' ? (
    <ThemeLayout detail={state.content.detail} />
  ) : (
    <CardLayout detail={state.content.detail} />
  );
}

/** The card detail overlay: one card's full story in a modal dialog. */
export function CardDetailDialog({
  card,
  onClose,
  returnFocusTo,
}: {
  card: CardSummary;
  onClose: () => void;
  returnFocusTo?: HTMLElement | null;
}) {
  const titleId = useId();
  const subtitleId = useId();
  return (
    <Dialog
      labelledBy={titleId}
      describedBy={subtitleId}
      closeLabel={cardDetailCopy.closeLabel}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
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
        <DetailBody card={card} />
      </div>
      <footer className="card-detail__footer">
        <ButtonLink to={cardDetailCopy.cta.to} size="lg">
          {cardDetailCopy.cta.label}
          <Icon name="arrow-right" size={18} />
        </ButtonLink>
      </footer>
    </Dialog>
  );
}
