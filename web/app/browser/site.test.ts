import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Every behaviour of the site script, and the island loader, played by a spy, so a test can
// make any one of them fail the way a browser lacking some API would.
const behaviours = vi.hoisted(() => ({
  'first touch': vi.fn(),
  menu: vi.fn(),
  'back to top': vi.fn(),
  dialogs: vi.fn(),
  dates: vi.fn(),
  'section links': vi.fn(),
}));
const hydrateIslands = vi.hoisted(() => vi.fn());

vi.mock('../lib/first-touch.ts', () => ({ recordFirstTouch: behaviours['first touch'] }));
vi.mock('./site-menu.ts', () => ({ enhanceSiteMenu: behaviours.menu }));
vi.mock('./back-to-top.ts', () => ({ enhanceBackToTop: behaviours['back to top'] }));
vi.mock('./dialogs.ts', () => ({ enhanceDialogs: behaviours.dialogs }));
vi.mock('./published-dates.ts', () => ({ fillPublishedDates: behaviours.dates }));
vi.mock('./section-links.ts', () => ({ enhanceSectionLinks: behaviours['section links'] }));
vi.mock('./islands.tsx', () => ({ hydrateIslands }));

type Behaviour = keyof typeof behaviours;
const names = Object.keys(behaviours) as Behaviour[];

/** Loads the site script as a page does: it runs on import. */
async function runSiteScript() {
  vi.resetModules();
  await import('./site.ts');
}

describe('the site script', () => {
  beforeEach(() => {
    for (const behaviour of Object.values(behaviours)) behaviour.mockReset();
    hydrateIslands.mockReset();
    // A page with one island, so the loader starts too.
    document.body.innerHTML = '<div class="island" data-island="research-library"></div>';
    delete document.documentElement.dataset.ready;
  });

  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('runs every behaviour, starts the island loader and marks the page ready', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await runSiteScript();
    for (const name of names) expect(behaviours[name], name).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(hydrateIslands).toHaveBeenCalledWith(document));
    expect(document.documentElement.dataset.ready).toBe('');
    expect(errors).not.toHaveBeenCalled();
  });

  it.each(names)(
    'runs the other behaviours and the islands when "%s" throws, and logs it by name',
    async (failing) => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      const failure = new TypeError('this browser lacks something');
      behaviours[failing].mockImplementation(() => {
        throw failure;
      });
      await runSiteScript();
      for (const name of names) expect(behaviours[name], name).toHaveBeenCalledOnce();
      expect(errors).toHaveBeenCalledOnce();
      expect(errors).toHaveBeenCalledWith(`site script: ${failing} failed`, failure);
      await vi.waitFor(() => expect(hydrateIslands).toHaveBeenCalledWith(document));
      expect(document.documentElement.dataset.ready).toBe('');
    },
  );

  it('runs every behaviour when all but one throw', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const name of names.slice(1)) {
      behaviours[name].mockImplementation(() => {
        throw new Error(name);
      });
    }
    await runSiteScript();
    for (const name of names) expect(behaviours[name], name).toHaveBeenCalledOnce();
    expect(errors.mock.calls.map(([message]) => message)).toEqual(
      names.slice(1).map((name) => `site script: ${name} failed`),
    );
    expect(document.documentElement.dataset.ready).toBe('');
  });

  it('logs an island loader that fails, and the behaviours still run', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('hydration failed');
    hydrateIslands.mockImplementation(() => {
      throw failure;
    });
    await runSiteScript();
    for (const name of names) expect(behaviours[name], name).toHaveBeenCalledOnce();
    expect(document.documentElement.dataset.ready).toBe('');
    await vi.waitFor(() =>
      expect(errors).toHaveBeenCalledWith('site script: the island loader failed', failure),
    );
  });

  it('loads no island code on a page without islands', async () => {
    document.body.innerHTML = '<main></main>';
    await runSiteScript();
    for (const name of names) expect(behaviours[name], name).toHaveBeenCalledOnce();
    expect(document.documentElement.dataset.ready).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hydrateIslands).not.toHaveBeenCalled();
  });
});
