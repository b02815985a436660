import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { capabilities } from '../../content/capabilities.ts';
import { cardDetailCopy } from '../../content/card-detail.ts';
import { modules } from '../../content/modules.ts';
import { problemThemes } from '../../content/problem-themes.ts';
import { summariseDetailCard, summariseModule, summariseTheme } from './card-summary.ts';
import { CardGrid } from './detail-card.tsx';
import { useCardOverlay } from './use-card-overlay.tsx';

beforeEach(() => {
  // jsdom has no modal dialog API (see dialog.test.tsx).
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterEach(cleanup);

const moduleCards = modules.map(summariseModule);
const themeCards = problemThemes.map(summariseTheme);
const capabilityCards = capabilities.map((card) => summariseDetailCard('capability', card));

function Page() {
  const { openCard, overlay } = useCardOverlay();
  return (
    <MemoryRouter>
      <CardGrid cards={moduleCards} layout="modules" onOpen={openCard} />
      <CardGrid cards={themeCards} layout="three" onOpen={openCard} />
      <CardGrid cards={capabilityCards} layout="four" onOpen={openCard} />
      {overlay}
    </MemoryRouter>
  );
}

describe('card grids and the detail overlay', () => {
  it('renders every card as a button, marks only Defend as beta', () => {
    render(<Page />);
    for (const module of modules) {
      expect(screen.getByRole('button', { name: module.name })).toBeTruthy();
    }
    expect(screen.getAllByText(cardDetailCopy.betaLabel)).toHaveLength(1);
    const defend = screen.getByRole('button', { name: 'Kryon Defend' }).closest('article');
    expect(defend && within(defend).getByText(cardDetailCopy.betaLabel)).toBeTruthy();
  });

  it('opens a module with every section of the card layout, and closes back to the card', async () => {
    const user = userEvent.setup();
    render(<Page />);
    const trigger = screen.getByRole('button', { name: 'Kryon Graph' });
    await user.click(trigger);

    const dialog = screen.getByRole('dialog', { name: 'Kryon Graph' });
    const graph = modules.find((module) => module.id === 'graph');
    expect(await within(dialog).findByText(graph?.expandedContent.overview ?? '')).toBeTruthy();
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
      expect(within(dialog).getByRole('heading', { level: 3, name: label })).toBeTruthy();
    }
    expect(within(dialog).getByText(cardDetailCopy.card.challenge)).toBeTruthy();
    expect(
      within(dialog).getByText(graph?.expandedContent.keyMetrics[0]?.value ?? ''),
    ).toBeTruthy();
    expect(
      within(dialog).getByRole('link', { name: cardDetailCopy.cta.label }).getAttribute('href'),
    ).toBe('/request-access');

    await user.click(within(dialog).getByRole('button', { name: cardDetailCopy.closeLabel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('shows problem themes with the scenario, impact and solution story', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Hidden Privilege Paths' }));
    const dialog = screen.getByRole('dialog', { name: 'Hidden Privilege Paths' });
    const theme = problemThemes.find((entry) => entry.id === 'privilege');
    expect(await within(dialog).findByText(theme?.expandedContent.solution ?? '')).toBeTruthy();
    expect(within(dialog).getByText(cardDetailCopy.theme.impact)).toBeTruthy();
    expect(
      within(dialog).getByText(theme?.expandedContent.realWorldExample.impact ?? ''),
    ).toBeTruthy();
    expect(within(dialog).queryByText(cardDetailCopy.card.challenge)).toBeNull();
  });

  it('keeps one card open at a time', async () => {
    const user = userEvent.setup();
    render(<Page />);
    await user.click(screen.getByRole('button', { name: 'Real-Time Threat Mapping' }));
    // The modal makes the page inert in a browser; a click that still reached another card
    // must not replace or stack the open one.
    await user.click(screen.getByRole('button', { name: 'Kryon Core', hidden: true }));
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
    expect(screen.getByRole('dialog', { name: 'Real-Time Threat Mapping' })).toBeTruthy();
  });

  it('opens from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Page />);
    screen.getByRole('button', { name: 'Kryon IAM' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Kryon IAM' })).toBeTruthy();
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: cardDetailCopy.closeLabel }),
    );
  });
});
