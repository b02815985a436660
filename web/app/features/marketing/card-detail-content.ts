/**
 * Each card's long copy, which the page prerenders into the card's own dialog. Route loaders
 * join it to the card at build time.
 */
import { capabilities } from '../../content/capabilities.ts';
import { featureCards } from '../../content/feature-cards.ts';
import type { CardDetail, ThemeDetail } from '../../content/marketing-types.ts';
import { modules } from '../../content/modules.ts';
import { problemThemes } from '../../content/problem-themes.ts';
import type { CardKind, CardSummary } from './card-summary.ts';

export type LoadedDetail =
  | { readonly layout: 'card'; readonly detail: CardDetail }
  | { readonly layout: 'theme'; readonly detail: ThemeDetail };

export function findCardDetail(kind: CardKind, id: string): LoadedDetail | undefined {
  switch (kind) {
    case 'module': {
      const item = modules.find((entry) => entry.id === id);
      return item && { layout: 'card', detail: item.expandedContent };
    }
    case 'capability': {
      const item = capabilities.find((entry) => entry.id === id);
      return item && { layout: 'card', detail: item.expandedContent };
    }
    case 'feature': {
      const item = featureCards.find((entry) => entry.id === id);
      return item && { layout: 'card', detail: item.expandedContent };
    }
    case 'theme': {
      const item = problemThemes.find((entry) => entry.id === id);
      return item && { layout: 'theme', detail: item.expandedContent };
    }
  }
}

/** A card with the detail its dialog shows. */
export interface DetailedCard extends CardSummary {
  readonly detail: LoadedDetail;
}

/** The card with its detail; a card without one fails the build rather than open empty. */
export function withDetail(card: CardSummary): DetailedCard {
  const detail = findCardDetail(card.kind, card.id);
  if (!detail) throw new Error(`no detail for the ${card.kind} card "${card.id}"`);
  return { ...card, detail };
}
