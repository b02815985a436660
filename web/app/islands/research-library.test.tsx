import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(document.body.textContent).toContain(
      `Showing ${items.length} of ${items.length} research items`,
    );
    expect(document.body.textContent).not.toMatch(/Show \d+ more/);
  });

  it('hydrates without a mismatch, then collapses to six cards and enables its controls', async () => {
    const errors = vi.spyOn(console, 'error');
    document.body.innerHTML = renderToString(
      <Island name="research-library" component={ResearchLibrary} props={props} />,
    );
    const island = document.querySelector<HTMLElement>('[data-island]') as HTMLElement;
    startIslands(document);
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    await vi.waitFor(() => expect(island.querySelectorAll('.research-grid > li')).toHaveLength(6));
    expect(island.querySelector<HTMLInputElement>('#research-search')?.disabled).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });
});

describe('ResearchLibrary, its download dialog', () => {
  const [first] = items;
  if (!first) throw new Error('no research items');
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
