/**
 * The overlay's long copy, loaded on demand: the cards' detail text is most of the
 * marketing content's weight, and no visitor needs it before opening a card.
 */
import { capabilities } from '../../content/capabilities.ts';
import { featureCards } from '../../content/feature-cards.ts';
import type { CardDetail, ThemeDetail } from '../../content/marketing-types.ts';
import { modules } from '../../content/modules.ts';
import { problemThemes } from '../../content/problem-themes.ts';
import type { CardKind } from './card-summary.ts';

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
