import { Icon } from '../../components/ui/icon.tsx';
import { opensDialog } from '../../components/ui/page-dialog.tsx';
import { Pictogram } from '../../components/ui/pictogram.tsx';
import { toneClassName } from '../../components/ui/tone.ts';
import { cardDetailCopy } from '../../content/card-detail.ts';
import type { DetailedCard } from './card-detail-content.ts';
import { CardDetailDialog, cardDialogId } from './card-detail-dialog.tsx';
import type { CardSummary } from './card-summary.ts';
import './cards.css';

/**
 * A module, problem theme, capability or feature card. Its heading is a real button (the
 * whole card is its click area), so keyboard and screen-reader users open it like anyone; the
 * button opens the card's dialog by itself, without a script.
 */
export function DetailCard({ card }: { card: CardSummary }) {
  return (
    <article className={`detail-card ${toneClassName(card)}`}>
      <div className="detail-card__top">
        <span className="icon-tile">
          <Pictogram name={card.icon} />
        </span>
        {card.badge ? <span className="tag">{card.badge}</span> : null}
        {card.isBeta ? <span className="tag tag--beta">{cardDetailCopy.betaLabel}</span> : null}
      </div>
      {card.eyebrow ? <p className="detail-card__eyebrow">{card.eyebrow}</p> : null}
      <h3 className="detail-card__title">
        <button className="detail-card__button" {...opensDialog(cardDialogId(card))}>
          {card.title}
        </button>
      </h3>
      {card.kind === 'module' ? null : <p className="detail-card__subtitle">{card.subtitle}</p>}
      <p className="detail-card__text">{card.description}</p>
      {card.bullets.length > 0 ? (
        <ul className="detail-card__bullets">
          {card.bullets.map((bullet) => (
            <li key={bullet}>
              <Icon name="check" size={16} className="detail-card__bullet-icon" />
              {bullet}
            </li>
          ))}
        </ul>
      ) : null}
      <span className="detail-card__hint" aria-hidden="true">
        {cardDetailCopy.openHint}
        <Icon name="arrow-right" size={16} />
      </span>
    </article>
  );
}

export type CardGridLayout = 'modules' | 'three' | 'four';

/**
 * The cards, then their dialogs: outside the cards, so a dialog neither inherits a card's
 * styles nor counts as hovering it.
 */
export function CardGrid({
  cards,
  layout,
}: {
  cards: readonly DetailedCard[];
  layout: CardGridLayout;
}) {
  return (
    <>
      <ul className={`card-grid card-grid--${layout}`}>
        {cards.map((card) => (
          <li key={`${card.kind}-${card.id}`}>
            <DetailCard card={card} />
          </li>
        ))}
      </ul>
      {cards.map((card) => (
        <CardDetailDialog key={`${card.kind}-${card.id}`} card={card} />
      ))}
    </>
  );
}
