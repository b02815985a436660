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
const showNotFoundScreen = vi.hoisted(() => vi.fn());
const awaitTouch = vi.hoisted(() => vi.fn());

vi.mock('../lib/first-touch.ts', () => ({ recordFirstTouch: behaviours['first touch'] }));
vi.mock('./site-menu.ts', () => ({ enhanceSiteMenu: behaviours.menu }));
vi.mock('./back-to-top.ts', () => ({ enhanceBackToTop: behaviours['back to top'] }));
vi.mock('./dialogs.ts', () => ({ enhanceDialogs: behaviours.dialogs }));
vi.mock('./published-dates.ts', () => ({ fillPublishedDates: behaviours.dates }));
vi.mock('./section-links.ts', () => ({ enhanceSectionLinks: behaviours['section links'] }));
vi.mock('./islands.tsx', () => ({ hydrateIslands }));
vi.mock('./touch-islands.ts', () => ({ awaitTouch }));
vi.mock('./not-found.ts', () => ({ showNotFoundScreen }));

type Behaviour = keyof typeof behaviours;
const names = Object.keys(behaviours) as Behaviour[];

const island = () => document.querySelector('[data-island]');

/** Every behaviour has run once (the dialogs' on its own import, so a moment later). */
async function everyBehaviourRan() {
  await vi.waitFor(() => {
    for (const name of names) expect(behaviours[name], name).toHaveBeenCalledOnce();
  });
}

/** Loads the site script as a page does: it runs on import. */
async function runSiteScript() {
  vi.resetModules();
  await import('./site.ts');
}

describe('the site script', () => {
  beforeEach(() => {
    for (const behaviour of Object.values(behaviours)) behaviour.mockReset();
    hydrateIslands.mockReset();
    awaitTouch.mockReset();
    // A page with one island, so the loader starts too, and a card dialog, so the dialogs'
    // script (loaded only where there are some) runs too.
    document.body.innerHTML =
      '<div class="island" data-island="research-library"></div><dialog class="page-dialog"></dialog>';
    delete document.documentElement.dataset.ready;
  });

  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('runs every behaviour, starts the island loader and marks the page ready', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    await runSiteScript();
    await everyBehaviourRan();
    await vi.waitFor(() => expect(hydrateIslands).toHaveBeenCalledWith([island()]));
    expect(awaitTouch).not.toHaveBeenCalled();
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
      await everyBehaviourRan();
      expect(errors).toHaveBeenCalledOnce();
      expect(errors).toHaveBeenCalledWith(`site script: ${failing} failed`, failure);
      await vi.waitFor(() => expect(hydrateIslands).toHaveBeenCalledWith([island()]));
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
    await everyBehaviourRan();
    expect(errors.mock.calls.map(([message]) => message).sort()).toEqual(
      names
        .slice(1)
        .map((name) => `site script: ${name} failed`)
        .sort(),
    );
    expect(document.documentElement.dataset.ready).toBe('');
  });

  it('says so in the island when its loader fails, and the behaviours still run', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = new Error('hydration failed');
    hydrateIslands.mockImplementation(() => {
      throw failure;
    });
    await runSiteScript();
    await everyBehaviourRan();
    expect(document.documentElement.dataset.ready).toBe('');
    await vi.waitFor(() =>
      expect(errors).toHaveBeenCalledWith('the research-library island could not load', failure),
    );
    expect(island()?.querySelector('[role=alert]')).not.toBeNull();
  });

  it('readies an island that waits for a touch without loading React for it', async () => {
    document.body.innerHTML =
      '<div class="island" data-island="contact-form" data-hydrate="touch"></div>';
    await runSiteScript();
    await vi.waitFor(() => expect(awaitTouch).toHaveBeenCalledWith([island()]));
    expect(hydrateIslands).not.toHaveBeenCalled();
  });

  it('loads no island code on a page without islands', async () => {
    document.body.innerHTML = '<main></main>';
    await runSiteScript();
    for (const name of names.filter((name) => name !== 'dialogs')) {
      expect(behaviours[name], name).toHaveBeenCalledOnce();
    }
    expect(document.documentElement.dataset.ready).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(hydrateIslands).not.toHaveBeenCalled();
    expect(awaitTouch).not.toHaveBeenCalled();
    // Nor the dialogs' script, on a page without card dialogs.
    expect(behaviours.dialogs).not.toHaveBeenCalled();
  });

  describe('on the 404 page', () => {
    const notFoundPage = '<main><div data-not-found-under="/security-intelligence/"></div></main>';
    const screens = () => document.querySelector<HTMLElement>('[data-not-found-under]');

    beforeEach(() => {
      showNotFoundScreen.mockReset();
      document.body.innerHTML = notFoundPage;
    });
    afterEach(() => window.history.replaceState(null, '', '/'));

    it('picks the screen under the section, its own screen hidden until then', async () => {
      window.history.replaceState(null, '', '/security-intelligence/cloud-magic');
      showNotFoundScreen.mockImplementation(() => {
        expect(screens()?.hidden).toBe(true);
      });
      await runSiteScript();
      await vi.waitFor(() =>
        expect(showNotFoundScreen).toHaveBeenCalledWith(
          document,
          '/security-intelligence/cloud-magic',
        ),
      );
      await vi.waitFor(() => expect(screens()?.hidden).toBe(false));
    });

    it('shows its own screen again when picking fails, and logs it', async () => {
      const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
      window.history.replaceState(null, '', '/security-intelligence/cloud-magic');
      const failure = new Error('no templates');
      showNotFoundScreen.mockImplementation(() => {
        throw failure;
      });
      await runSiteScript();
      await vi.waitFor(() =>
        expect(errors).toHaveBeenCalledWith('site script: not found failed', failure),
      );
      await vi.waitFor(() => expect(screens()?.hidden).toBe(false));
    });

    it('loads nothing for it elsewhere', async () => {
      window.history.replaceState(null, '', '/no-such-page');
      await runSiteScript();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(showNotFoundScreen).not.toHaveBeenCalled();
      expect(screens()?.hidden).toBe(false);
    });
  });
});
