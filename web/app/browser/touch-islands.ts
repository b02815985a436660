import { LIVE_BEFORE_HYDRATION } from '../lib/live-before-hydration.ts';
import { showIslandFailure } from './island-failure.ts';

/** What counts as the visitor's first touch of an island. */
const TOUCH_EVENTS = ['pointerdown', 'focusin', 'keydown', 'input'] as const;

/** Marks the control whose press waits for React, so CSS can show that it is on its way. */
const HELD = 'data-held';

/**
 * Makes a `touch` island usable before React: enables its live-early controls and holds the
 * visitor's presses (buttons, or Enter in a field) to answer them once React has taken over,
 * in the order they were made: two filter chips pressed on a slow phone are both pressed. A
 * submit is held once, the last one, so a form is never sent twice. `release` stops holding
 * and answers; `abandon` stops, drops them and disables again.
 */
export function liveBeforeHydration(island: HTMLElement): { release(): void; abandon(): void } {
  const early = [...island.querySelectorAll<HTMLElement>(`[${LIVE_BEFORE_HYDRATION}]`)];
  for (const control of early) control.removeAttribute('disabled');
  let held: (HTMLButtonElement | HTMLFormElement)[] = [];

  const isSubmit = (press: HTMLButtonElement | HTMLFormElement) =>
    press instanceof HTMLFormElement || press.type === 'submit';
  const hold = (event: Event, target: HTMLButtonElement | HTMLFormElement) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    if (isSubmit(target)) held = held.filter((press) => !isSubmit(press));
    held.push(target);
    // The button pressed, or the submit button of the form Enter was pressed in, shows it.
    const shown =
      target instanceof HTMLFormElement ? target.querySelector('[type=submit]') : target;
    shown?.setAttribute(HELD, '');
  };
  const onClick = (event: Event) => {
    const button = (event.target as Element | null)?.closest('button');
    if (button && island.contains(button)) hold(event, button);
  };
  // Enter in a field submits the form without a click.
  const onSubmit = (event: Event) => {
    if (event.target instanceof HTMLFormElement) hold(event, event.target);
  };
  island.addEventListener('click', onClick, true);
  island.addEventListener('submit', onSubmit, true);

  const stop = () => {
    island.removeEventListener('click', onClick, true);
    island.removeEventListener('submit', onSubmit, true);
    for (const element of island.querySelectorAll(`[${HELD}]`)) element.removeAttribute(HELD);
    const presses = held;
    held = [];
    return presses;
  };
  return {
    release() {
      for (const press of stop()) {
        if (!press.isConnected) continue;
        if (press instanceof HTMLFormElement) press.requestSubmit();
        else press.click();
      }
    },
    abandon() {
      stop();
      for (const control of early) control.setAttribute('disabled', '');
    },
  };
}

/** Runs `start` once, at the visitor's first focus, press or keystroke inside the island. */
function onFirstTouch(island: HTMLElement, start: () => void): void {
  const once = () => {
    for (const type of TOUCH_EVENTS) island.removeEventListener(type, once, true);
    start();
  };
  for (const type of TOUCH_EVENTS) island.addEventListener(type, once, true);
}

/** True when sessionStorage holds `key`; false where storage is refused. */
function isStored(key: string | undefined): boolean {
  try {
    return key !== undefined && window.sessionStorage.getItem(key) !== null;
  } catch {
    return false;
  }
}

/** True when the page's address has the query parameter `name`. */
function inQuery(name: string | undefined, location: Location): boolean {
  return name !== undefined && new URLSearchParams(location.search).has(name);
}

/**
 * Readies each island given to hydrate at the visitor's first touch (a form, a filtered
 * list): its controls work at once, and React, with the island's code, is fetched only when
 * the visitor starts, or at once when there is something of theirs to show (a saved draft, a
 * report asked for in the address).
 */
export function awaitTouch(islands: readonly HTMLElement[]): void {
  for (const island of islands) {
    const early = liveBeforeHydration(island);
    const start = () => {
      import('./islands.tsx')
        .then(({ hydrateIsland }) => hydrateIsland(island, () => early.release()))
        .catch((error: unknown) => {
          early.abandon();
          showIslandFailure(island, error);
        });
    };
    if (
      isStored(island.dataset.hydrateIfStored) ||
      inQuery(island.dataset.hydrateIfQuery, island.ownerDocument.location)
    ) {
      start();
    } else onFirstTouch(island, start);
    // Browser tests wait for this before they touch the island.
    island.setAttribute('data-touch-ready', '');
  }
}
