import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hydrateIslands } from '../browser/islands.tsx';
import { leadFormCommon } from '../content/lead-form-copy.ts';
import { Island } from './island.tsx';
import { ISLANDS, type IslandName } from './island-registry.ts';

const FORM_ISLANDS = ['contact-form', 'partner-form', 'beta-form', 'demo-request'] as const;

/** The island as a page builds it: its component, rendered on its own, props beside it. */
async function placeIsland(name: (typeof FORM_ISLANDS)[number]) {
  const Component = await ISLANDS[name]();
  document.body.innerHTML = renderToString(
    <main>
      {/* biome-ignore lint/suspicious/noExplicitAny: each form island takes no props. */}
      <Island name={name as IslandName} component={Component as any} props={{}} hydrate="load" />
    </main>,
  );
  return document.querySelector<HTMLElement>('[data-island]') as HTMLElement;
}

/** What the visitor could type in or press: every field and button of the island. */
function controls(island: HTMLElement) {
  return [
    ...island.querySelectorAll<HTMLInputElement | HTMLButtonElement>(
      'input, select, textarea, button',
    ),
  ];
}

describe.each(FORM_ISLANDS)('the %s island', (name) => {
  afterEach(() => {
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    sessionStorage.clear();
  });

  it('is built with no control live, and says that it needs JavaScript', async () => {
    const island = await placeIsland(name);
    expect(island.dataset.island).toBe(name);
    expect(controls(island).length).toBeGreaterThan(0);
    // Disabled itself or inside a disabled fieldset: nothing can be typed or pressed.
    for (const control of controls(island)) {
      expect(control.matches(':disabled'), control.outerHTML.slice(0, 80)).toBe(true);
    }
    expect(island.textContent).toContain(leadFormCommon.needsScript);
  });

  it('hydrates without a mismatch, and then its controls are live and the note gone', async () => {
    const errors = vi.spyOn(console, 'error');
    const island = await placeIsland(name);
    hydrateIslands(document);
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    await vi.waitFor(() =>
      expect(controls(island).filter((control) => control.matches(':disabled'))).toEqual([]),
    );
    expect(island.textContent).not.toContain(leadFormCommon.needsScript);
    expect(errors).not.toHaveBeenCalled();
  });
});
