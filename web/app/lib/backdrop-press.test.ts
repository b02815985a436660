import { describe, expect, it } from 'vitest';
import { backdropPress } from './backdrop-press.ts';

/** Events reduced to what the rule needs: the dialog whose backdrop each fell on, or none. */
type Press = { on: HTMLDialogElement | null };

describe('backdropPress', () => {
  const first = document.createElement('dialog');
  const second = document.createElement('dialog');
  const backdrop = (dialog: HTMLDialogElement): Press => ({ on: dialog });
  const panel: Press = { on: null };
  const rule = () => backdropPress((event: Press) => event.on);

  it('closes the dialog for a press that starts and ends on its backdrop', () => {
    const press = rule();
    press.pointerDown(backdrop(first));
    expect(press.click(backdrop(first))).toBe(first);
  });

  it('leaves it open for a press in the panel', () => {
    const press = rule();
    press.pointerDown(panel);
    expect(press.click(panel)).toBeNull();
  });

  it('leaves it open for a drag that starts in the panel (selecting text) and ends on the backdrop', () => {
    const press = rule();
    press.pointerDown(panel);
    expect(press.click(backdrop(first))).toBeNull();
  });

  it('leaves it open for a drag that starts on the backdrop and ends in the panel', () => {
    const press = rule();
    press.pointerDown(backdrop(first));
    expect(press.click(panel)).toBeNull();
  });

  it("leaves both open for a press that starts on one dialog's backdrop and ends on another's", () => {
    const press = rule();
    press.pointerDown(backdrop(first));
    expect(press.click(backdrop(second))).toBeNull();
  });

  it('closes nothing for a click with no pointerdown before it (a keyboard click)', () => {
    expect(rule().click(backdrop(first))).toBeNull();
  });

  it('forgets a press once its click is counted', () => {
    const press = rule();
    press.pointerDown(backdrop(first));
    expect(press.click(backdrop(first))).toBe(first);
    expect(press.click(backdrop(first))).toBeNull();
  });

  it('counts only the latest pointerdown', () => {
    const press = rule();
    press.pointerDown(panel);
    press.pointerDown(backdrop(first));
    expect(press.click(backdrop(first))).toBe(first);
    press.pointerDown(backdrop(first));
    press.pointerDown(panel);
    expect(press.click(backdrop(first))).toBeNull();
  });
});
