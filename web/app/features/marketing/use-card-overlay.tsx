import { useCallback, useState } from 'react';
import { CardDetailDialog } from './card-detail-dialog.tsx';
import type { CardSummary } from './card-summary.ts';

interface OpenState {
  readonly card: CardSummary;
  readonly trigger: HTMLElement;
}

/**
 * The page's one card overlay: the selected card or none.
 * Every card section of a page shares it, so only one card is ever open.
 */
export function useCardOverlay() {
  const [open, setOpen] = useState<OpenState | null>(null);
  const openCard = useCallback((card: CardSummary, trigger: HTMLElement) => {
    setOpen((current) => current ?? { card, trigger });
  }, []);
  const close = useCallback(() => setOpen(null), []);

  const overlay = open ? (
    <CardDetailDialog
      key={`${open.card.kind}-${open.card.id}`}
      card={open.card}
      returnFocusTo={open.trigger}
      onClose={close}
    />
  ) : null;

  return { openCard, close, overlay, selected: open?.card ?? null };
}
