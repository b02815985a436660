// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { LIVE_BEFORE_HYDRATION } from '../lib/live-before-hydration.ts';
import { liveBeforeHydration } from './touch-islands.ts';

/** An island as the server renders it: chips and a form, disabled until scripts run. */
function island(): { root: HTMLElement; pressed: string[] } {
  const root = document.createElement('div');
  root.innerHTML = `
    <button type="button" id="critical" ${LIVE_BEFORE_HYDRATION} disabled>Critical</button>
    <button type="button" id="high" ${LIVE_BEFORE_HYDRATION} disabled>High</button>
    <form id="form"><input name="q" ${LIVE_BEFORE_HYDRATION} disabled>
      <button type="submit" id="send" ${LIVE_BEFORE_HYDRATION} disabled>Send</button></form>`;
  document.body.replaceChildren(root);
  const pressed: string[] = [];
  // What React's handlers would do once hydrated: see the press.
  root.addEventListener('click', (event) => {
    pressed.push((event.target as HTMLElement).id);
  });
  root.querySelector('form')?.addEventListener('submit', (event) => {
    event.preventDefault();
    pressed.push('submit');
  });
  return { root, pressed };
}

const click = (root: HTMLElement, id: string) =>
  (root.querySelector(`#${id}`) as HTMLButtonElement).click();

describe('an island before React', () => {
  it('enables its live-early controls', () => {
    const { root } = island();
    liveBeforeHydration(root);
    expect(root.querySelectorAll('[disabled]')).toHaveLength(0);
  });

  it('holds every press until React, then answers them in order', () => {
    const { root, pressed } = island();
    const early = liveBeforeHydration(root);
    click(root, 'critical');
    click(root, 'high');
    expect(pressed).toEqual([]);
    expect(root.querySelectorAll('[data-held]')).toHaveLength(2);
    early.release();
    expect(pressed).toEqual(['critical', 'high']);
    expect(root.querySelectorAll('[data-held]')).toHaveLength(0);
  });

  it('sends a form once, however often it was submitted while held', () => {
    const { root, pressed } = island();
    const early = liveBeforeHydration(root);
    click(root, 'send');
    click(root, 'critical');
    (root.querySelector('form') as HTMLFormElement).requestSubmit();
    early.release();
    expect(pressed).toEqual(['critical', 'submit']);
  });

  it('drops what it held and disables again when React cannot load', () => {
    const { root, pressed } = island();
    const early = liveBeforeHydration(root);
    click(root, 'critical');
    early.abandon();
    expect(pressed).toEqual([]);
    expect(root.querySelectorAll('[disabled]')).toHaveLength(4);
  });
});
