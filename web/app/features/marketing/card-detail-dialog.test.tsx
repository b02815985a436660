import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { capabilities } from '../../content/capabilities.ts';
import { cardDetailCopy } from '../../content/card-detail.ts';
import { modules } from '../../content/modules.ts';
import { problemThemes } from '../../content/problem-themes.ts';
import { withDetail } from './card-detail-content.ts';
import { summariseDetailCard, summariseModule, summariseTheme } from './card-summary.ts';
import { CardGrid } from './detail-card.tsx';

afterEach(cleanup);

const moduleCards = modules.map(summariseModule).map(withDetail);
const themeCards = problemThemes.map(summariseTheme).map(withDetail);
const capabilityCards = capabilities
  .map((card) => summariseDetailCard('capability', card))
  .map(withDetail);

function renderPage() {
  return render(
    <MemoryRouter>
      <CardGrid cards={moduleCards} layout="modules" />
      <CardGrid cards={themeCards} layout="three" />
      <CardGrid cards={capabilityCards} layout="four" />
    </MemoryRouter>,
  );
}

/** The dialog a card's button opens, found as the browser finds it: by `commandfor`. */
function dialogOpenedBy(name: string) {
  const button = screen.getByRole('button', { name });
  expect(button.getAttribute('command')).toBe('show-modal');
  expect(button.getAttribute('aria-haspopup')).toBe('dialog');
  const dialog = document.getElementById(button.getAttribute('commandfor') ?? '');
  if (!(dialog instanceof HTMLDialogElement)) throw new Error(`${name} opens no dialog`);
  return dialog;
}

describe('card grids and their dialogs', () => {
  it('renders every card as a button, marks only Defend as beta', () => {
    renderPage();
    for (const module of modules) {
      expect(screen.getByRole('button', { name: module.name })).toBeTruthy();
    }
    const beta = screen.getAllByText(cardDetailCopy.betaLabel);
    // Once on the card and once in its dialog.
    expect(beta).toHaveLength(2);
    const defend = screen.getByRole('button', { name: 'Kryon Defend' }).closest('article');
    expect(defend && within(defend).getByText(cardDetailCopy.betaLabel)).toBeTruthy();
    expect(dialogOpenedBy('Kryon Defend').contains(beta[1] as HTMLElement)).toBe(true);
  });

  it('gives every card a closed dialog of its own, named by its heading, outside the cards', () => {
    renderPage();
    const buttons = screen.getAllByRole('button', { name: (name) => name !== 'Close' });
    const ids = buttons.map((button) => button.getAttribute('commandfor'));
    expect(buttons).toHaveLength(moduleCards.length + themeCards.length + capabilityCards.length);
    expect(new Set(ids).size).toBe(ids.length);
    for (const button of buttons) {
      const dialog = dialogOpenedBy(button.textContent ?? '');
      expect(dialog.open).toBe(false);
      expect(dialog.closest('article')).toBeNull();
      expect(dialog.getAttribute('closedby')).toBe('any');
      const title = document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
      expect(title?.tagName).toBe('H2');
      expect(title?.textContent).toBe(button.textContent);
      const close = within(dialog).getByRole('button', {
        name: cardDetailCopy.closeLabel,
        hidden: true,
      });
      expect(close.getAttribute('command')).toBe('close');
      expect(close.getAttribute('commandfor')).toBe(dialog.id);
      // The browser focuses the first control on opening: the close button.
      expect(dialog.querySelector('a[href], button')).toBe(close);
    }
  });

  it('prerenders a module with every section of the card layout', () => {
    renderPage();
    const dialog = dialogOpenedBy('Kryon Graph');
    const graph = modules.find((module) => module.id === 'graph');
    expect(within(dialog).getByText(graph?.expandedContent.overview ?? '')).toBeTruthy();
    const { card } = cardDetailCopy;
    for (const label of [
      card.overview,
      card.keyMetrics,
      card.keyCapabilities,
      card.businessBenefits,
      card.technicalSpecs,
      card.useCases,
      card.integrations,
      card.story,
    ]) {
      expect(
        within(dialog).getByRole('heading', { level: 3, name: label, hidden: true }),
      ).toBeTruthy();
    }
    expect(within(dialog).getByText(cardDetailCopy.card.challenge)).toBeTruthy();
    expect(
      within(dialog).getByText(graph?.expandedContent.keyMetrics[0]?.value ?? ''),
    ).toBeTruthy();
    expect(
      within(dialog)
        .getByRole('link', { name: cardDetailCopy.cta.label, hidden: true })
        .getAttribute('href'),
    ).toBe('/request-access');
  });

  it('prerenders problem themes with the scenario, impact and solution story', () => {
    renderPage();
    const dialog = dialogOpenedBy('Hidden Privilege Paths');
    const theme = problemThemes.find((entry) => entry.id === 'privilege');
    expect(within(dialog).getByText(theme?.expandedContent.solution ?? '')).toBeTruthy();
    expect(within(dialog).getByText(cardDetailCopy.theme.impact)).toBeTruthy();
    expect(
      within(dialog).getByText(theme?.expandedContent.realWorldExample.impact ?? ''),
    ).toBeTruthy();
    expect(within(dialog).queryByText(cardDetailCopy.card.challenge)).toBeNull();
  });
});
