import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIslands } from '../browser/start-islands.ts';
import { leadFormCommon } from '../content/lead-form-copy.ts';
import { draftKey } from '../lib/lead-form/draft-storage.ts';
import { Island } from './island.tsx';
import { ISLANDS, type IslandName } from './island-registry.ts';

const FORM_ISLANDS = ['contact-form', 'partner-form', 'beta-form', 'demo-request'] as const;

/** The island as a page builds it: its component, rendered on its own, props beside it. */
async function placeIsland(name: (typeof FORM_ISLANDS)[number]) {
  const Component = await ISLANDS[name]();
  document.body.innerHTML = renderToString(
    <main>
      <Island
        name={name as IslandName}
        // biome-ignore lint/suspicious/noExplicitAny: each form island takes no props.
        component={Component as any}
        props={{}}
        hydrate="touch"
        hydrateIfStored={draftKey(name)}
      />
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

/** Starts the page's islands and waits for the touch loader to make the controls live. */
async function startAndWait(island: HTMLElement) {
  startIslands(document);
  await vi.waitFor(() =>
    expect(island.querySelectorAll('[data-live-early]:disabled')).toHaveLength(0),
  );
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
    await startAndWait(island);
    // Nothing but the visitor's first touch hydrates it.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(island.hasAttribute('data-hydrated')).toBe(false);
    island.firstElementChild?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    await vi.waitFor(() =>
      expect(controls(island).filter((control) => control.matches(':disabled'))).toEqual([]),
    );
    expect(island.textContent).not.toContain(leadFormCommon.needsScript);
    expect(errors).not.toHaveBeenCalled();
  });
});

/** Types into a control as a person would: the value changes, then the browser says so. */
function type(control: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement, text: string) {
  control.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
  // Through the element's own setter, as the browser does: React's value tracking then sees
  // the change as a visitor's.
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(
    control,
    text,
  );
  control.dispatchEvent(new Event('input', { bubbles: true }));
  control.dispatchEvent(new Event('change', { bubbles: true }));
}

function byLabel<T extends Element>(island: HTMLElement, label: string): T {
  const id = [...island.querySelectorAll('label')].find((l) =>
    l.textContent?.startsWith(label),
  )?.htmlFor;
  const control = id ? island.ownerDocument.getElementById(id) : null;
  if (!control) throw new Error(`no control labelled ${label}`);
  return control as unknown as T;
}

describe('a form island that waits for the first touch', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.body.innerHTML = '';
    sessionStorage.clear();
  });

  it('takes typing at once, keeps it as React takes over and answers the press made meanwhile', async () => {
    // Every request fails (no browser check route, no API): the form still sends, without a
    // proof, and what it sent is what the visitor typed before React ran.
    const requests: { url: string; init?: RequestInit }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init?: RequestInit) => {
        requests.push({ url: String(url), ...(init ? { init } : {}) });
        return new Response('{}', { status: 404 });
      }),
    );
    const island = await placeIsland('contact-form');
    await startAndWait(island);
    // Enabled by the loader, before any React: a keyboard user can tab in.
    expect(island.querySelector('fieldset')?.disabled).toBe(false);
    const submit = island.querySelector<HTMLButtonElement>('button[type=submit]');
    expect(submit?.disabled).toBe(false);

    type(byLabel(island, 'Full name'), 'Ada Lovelace');
    type(byLabel(island, 'Work email'), 'ada@example.org');
    type(byLabel(island, 'Subject'), 'pricing');
    type(byLabel(island, 'Message'), 'Please send me your pricing for 40 accounts.');
    submit?.click();
    // All of that happened before React took the form over; the press waits, and shows it.
    expect(island.hasAttribute('data-hydrated')).toBe(false);
    expect(submit?.hasAttribute('data-held')).toBe(true);

    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    await vi.waitFor(() =>
      expect(requests.some((request) => request.init?.method === 'POST')).toBe(true),
    );
    const sent = JSON.parse(
      String(requests.find((request) => request.init?.method === 'POST')?.init?.body),
    );
    expect(sent).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      subject: 'pricing',
      message: 'Please send me your pricing for 40 accounts.',
    });
    expect(submit?.hasAttribute('data-held')).toBe(false);
  });

  it("answers a press with the form's own checks: a field typed before React is not called empty", async () => {
    const island = await placeIsland('contact-form');
    await startAndWait(island);
    type(byLabel(island, 'Full name'), 'Ada Lovelace');
    island.querySelector<HTMLButtonElement>('button[type=submit]')?.click();
    await vi.waitFor(() => expect(island.textContent).toContain('Please choose a subject'));
    expect(island.textContent).not.toContain('Please enter your full name');
    expect(byLabel<HTMLInputElement>(island, 'Full name').value).toBe('Ada Lovelace');
  });

  it('keeps what was typed before React over a saved draft, and the draft fills the rest', async () => {
    sessionStorage.setItem(
      draftKey('partner'),
      JSON.stringify({ fullName: 'From The Draft', position: 'CTO' }),
    );
    const island = await placeIsland('partner-form');
    await startAndWait(island);
    type(byLabel(island, 'Full name'), 'Typed Just Now');
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    await vi.waitFor(() => expect(byLabel<HTMLInputElement>(island, 'Position').value).toBe('CTO'));
    expect(byLabel<HTMLInputElement>(island, 'Full name').value).toBe('Typed Just Now');
  });

  it('keeps boxes ticked before React as the list the form expects', async () => {
    const island = await placeIsland('beta-form');
    await startAndWait(island);
    const boxes = [
      ...island.querySelectorAll<HTMLInputElement>('input[type=checkbox][name=companyVerticals]'),
    ];
    expect(boxes.length).toBeGreaterThan(2);
    boxes[0]?.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    boxes[0]?.click();
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    expect(boxes.map((box) => box.checked)).toEqual(boxes.map((_, i) => i === 0));
    // A change once React runs saves the draft: every value in the shape the schema expects
    // (the form library alone reads a group edited before it was ready as its first box's text).
    type(byLabel(island, 'Full name'), 'Ada Lovelace');
    await vi.waitFor(() => expect(sessionStorage.getItem(draftKey('beta-access'))).not.toBeNull());
    expect(JSON.parse(sessionStorage.getItem(draftKey('beta-access')) ?? '{}')).toMatchObject({
      companyVerticals: [boxes[0]?.value],
      fullName: 'Ada Lovelace',
    });
  });

  it('hydrates at once, without a touch, when a saved draft waits to be shown', async () => {
    sessionStorage.setItem(draftKey('partner-form'), '{}');
    const island = await placeIsland('partner-form');
    startIslands(document);
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
  });

  it('checks a field typed in and left before React, as leaving it would have', async () => {
    const island = await placeIsland('contact-form');
    await startAndWait(island);
    const name = byLabel<HTMLInputElement>(island, 'Full name');
    type(name, 'A');
    name.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    // Still in the message field: that one is checked when the visitor leaves it.
    const message = byLabel<HTMLTextAreaElement>(island, 'Message');
    type(message, 'Hi');
    message.focus();
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    await vi.waitFor(() =>
      expect(island.textContent).toContain('Please enter your full name (minimum 2 characters)'),
    );
    expect(island.textContent).not.toContain('Message must be at least 10 characters long');
  });

  it('checks an e-mail address typed and left before React, as leaving it would have', async () => {
    const island = await placeIsland('contact-form');
    await startAndWait(island);
    const email = byLabel<HTMLInputElement>(island, 'Work email');
    type(email, 'name@gmial.com');
    email.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    await vi.waitFor(() => expect(island.hasAttribute('data-hydrated')).toBe(true));
    await vi.waitFor(() => expect(island.textContent).toContain('Did you mean name@gmail.com?'));
  });

  it('answers a demo card pressed before React: the choice opens the form', async () => {
    const island = await placeIsland('demo-request');
    await startAndWait(island);
    expect(island.querySelector('form')).toBeNull();
    const choose = [...island.querySelectorAll('button')].find(
      (button) => button.textContent === 'Select Technical Demo',
    );
    expect(choose?.disabled).toBe(false);
    choose?.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    choose?.click();
    await vi.waitFor(() => expect(island.querySelector('form')).not.toBeNull());
    expect(island.textContent).toContain('Technical Demo Selected');
  });

  it('when its code cannot load, disables again what it had enabled and says so', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const island = await placeIsland('contact-form');
    island.dataset.island = 'no-such-island';
    await startAndWait(island);
    const submit = island.querySelector<HTMLButtonElement>('button[type=submit]');
    type(byLabel(island, 'Full name'), 'Ada Lovelace');
    submit?.click();
    await vi.waitFor(() => expect(island.querySelector('[role=alert]')).not.toBeNull());
    expect(submit?.disabled).toBe(true);
    expect(submit?.hasAttribute('data-held')).toBe(false);
  });
});
