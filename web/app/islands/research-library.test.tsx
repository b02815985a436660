import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fillPublishedDates } from '../browser/published-dates.ts';
import { startIslands } from '../browser/start-islands.ts';
import { researchDownloadPreviews, researchItems } from '../content/research-items.ts';
import { ResearchLibrary } from '../features/research/research-library.tsx';
import { Island } from './island.tsx';

// The dialog's code arrives when the test says, as a slow network would bring it.
const dialogCode = vi.hoisted(() => {
  let release: (fail?: boolean) => void = () => {};
  const reset = () => {
    dialogCode.arrived = new Promise<boolean>((resolve) => {
      release = (fail = false) => resolve(fail);
    });
  };
  const dialogCode = {
    arrived: Promise.resolve(false),
    reset,
    release: (fail?: boolean) => release(fail),
  };
  reset();
  return dialogCode;
});
vi.mock('./download-modal.tsx', async () => {
  if (await dialogCode.arrived) throw new TypeError('Failed to fetch dynamically imported module');
  return {
    DownloadModal: ({ item }: { item: { title: string } }) => (
      <div role="dialog" aria-label={`Download research ${item.title}`} />
    ),
  };
});

const items = [...researchItems].sort((a, b) => b.publishedDate.localeCompare(a.publishedDate));
const props = { items, previews: researchDownloadPreviews };
const [first] = items;
if (!first) throw new Error('no research items');

afterEach(() => {
  document.body.innerHTML = '';
  window.history.replaceState(null, '', '/');
});

describe('ResearchLibrary, as built', () => {
  it('lists every item, with the filters and download buttons disabled until React runs', () => {
    document.body.innerHTML = renderToString(
      <Island name="research-library" component={ResearchLibrary} props={props} />,
    );
    const island = document.querySelector<HTMLElement>('[data-island="research-library"]');
    expect(JSON.parse(island?.dataset.props ?? '')).toEqual(props);
    expect(document.querySelectorAll('.research-grid > li')).toHaveLength(items.length);
    expect(document.querySelector<HTMLInputElement>('#research-search')?.disabled).toBe(true);
    expect(document.querySelector<HTMLFieldSetElement>('fieldset')?.disabled).toBe(true);
    for (const button of document.querySelectorAll<HTMLButtonElement>('.research-card button')) {
      expect(button.disabled).toBe(true);
    }
    // The count of what shows: six where scripts run (CSS hides the rest until React does),
    // every item where they do not (CSS picks the line).
    expect(document.querySelector('.scripting-only')?.textContent).toBe(
      `Showing 6 of ${items.length} research items`,
    );
    expect(document.querySelector('.no-scripting-only')?.textContent).toBe(
      `Showing ${items.length} of ${items.length} research items`,
    );
    // Built in, so nothing moves when React takes over; CSS hides it without scripts.
    const more = document.querySelector<HTMLButtonElement>('.library-more button');
    expect(more?.textContent).toMatch(/Show \d+ more/);
    expect(more?.disabled).toBe(true);
  });

  it('hydrates at the first touch without a mismatch, keeping a search typed before', async () => {
    const errors = vi.spyOn(console, 'error');
    document.body.innerHTML = renderToString(
      <Island name="research-library" component={ResearchLibrary} props={props} hydrate="touch" />,
    );
    const island = document.querySelector<HTMLElement>('[data-island]') as HTMLElement;
    // The site script fills the cards' ages and NEW labels, inside islands too.
    fillPublishedDates(document, '2026-11-26');
    const ages = [...island.querySelectorAll('.published-date__age')].map((age) => age.textContent);
    expect(ages.every(Boolean)).toBe(true);
    startIslands(document);
    const search = island.querySelector<HTMLInputElement>('#research-search') as HTMLInputElement;
    await vi.waitFor(() => expect(search.disabled).toBe(false));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(island.hasAttribute('data-hydrated')).toBe(false);
    // The visitor types before React: the field takes it, and React adopts it as it hydrates.
    search.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    search.value = first.title;
    search.dispatchEvent(new Event('input', { bubbles: true }));
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    expect(search.value).toBe(first.title);
    await vi.waitFor(() => expect(island.querySelectorAll('.research-grid > li')).toHaveLength(1));
    expect(island.querySelector('[role=status]')?.textContent).toBe('Showing 1 of 1 research item');
    // React wrote the same ages over the site script's, and complained of nothing.
    expect(errors).not.toHaveBeenCalled();
  });

  it('hydrates at once, without a touch, when the address asks for a report', async () => {
    window.history.replaceState(null, '', `/research-archive?item=${first.id}`);
    document.body.innerHTML = renderToString(
      <Island
        name="research-library"
        component={ResearchLibrary}
        props={props}
        hydrate="touch"
        hydrateIfQuery="item"
      />,
    );
    const island = document.querySelector<HTMLElement>('[data-island]') as HTMLElement;
    startIslands(document);
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
  });
});

describe('ResearchLibrary, its download dialog', () => {
  // The button's name is "Download <title>", the title visually hidden.
  const downloadButton = () =>
    within(
      screen
        .getByRole('heading', { level: 3, name: first.title })
        .closest('article') as HTMLElement,
    ).getByRole('button', { name: /^Download/ });

  it('loads only when asked, showing the button busy meanwhile, and keeps its focus', async () => {
    dialogCode.reset();
    render(<ResearchLibrary {...props} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    downloadButton().focus();
    fireEvent.click(downloadButton());
    expect(downloadButton().getAttribute('aria-busy')).toBe('true');
    expect((downloadButton() as HTMLButtonElement).disabled).toBe(false);
    expect(document.activeElement).toBe(downloadButton());

    await act(async () => dialogCode.release());
    expect(
      await screen.findByRole('dialog', { name: `Download research ${first.title}` }),
    ).toBeTruthy();
    expect(downloadButton().hasAttribute('aria-busy')).toBe(false);
  });

  it('opens the dialog of the item named in the address, on arrival', async () => {
    dialogCode.reset();
    const last = items.at(-1);
    if (!last) throw new Error('no research items');
    window.history.replaceState(null, '', `/research-archive?item=${last.id}`);
    render(<ResearchLibrary {...props} />);
    await act(async () => dialogCode.release());
    expect(
      await screen.findByRole('dialog', { name: `Download research ${last.title}` }),
    ).toBeTruthy();
  });
});
