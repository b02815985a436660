import { beforeEach, describe, expect, it, vi } from 'vitest';
import { focusableIn, keepTabInside } from './focusable.ts';

describe('keepTabInside', () => {
  let dialog: HTMLElement;
  beforeEach(() => {
    document.body.innerHTML = `<div id="d"><button id="a">A</button><button disabled>x</button>
      <div inert><button>hidden</button></div><a id="b" href="/x">B</a></div>`;
    dialog = document.getElementById('d') as HTMLElement;
  });
  const tab = (shiftKey: boolean) => ({ key: 'Tab', shiftKey, preventDefault: vi.fn() });

  it('reaches only what Tab can: no disabled or inert control', () => {
    expect(focusableIn(dialog).map((element) => element.id)).toEqual(['a', 'b']);
  });

  it('wraps Tab from the last control to the first, and Shift+Tab back', () => {
    const forward = tab(false);
    keepTabInside(dialog, forward, document.getElementById('b'));
    expect(forward.preventDefault).toHaveBeenCalled();
    expect(document.activeElement?.id).toBe('a');
    const back = tab(true);
    keepTabInside(dialog, back, document.getElementById('a'));
    expect(document.activeElement?.id).toBe('b');
  });

  it('leaves Tab between controls, and other keys, to the browser', () => {
    const forward = tab(false);
    keepTabInside(dialog, forward, document.getElementById('a'));
    const enter = { key: 'Enter', shiftKey: false, preventDefault: vi.fn() };
    keepTabInside(dialog, enter, document.getElementById('b'));
    expect(forward.preventDefault).not.toHaveBeenCalled();
    expect(enter.preventDefault).not.toHaveBeenCalled();
  });
});
