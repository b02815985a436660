import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The phone menu's CSS, read as a browser would with and without the Popover API. A browser
 * without it knows neither `popover` (so its own stylesheet hides nothing) nor
 * `:popover-open`, so it skips every `@supports selector(:popover-open)` block: whatever
 * hides the menu or shows its button must be in one, and nothing outside may hide the links.
 */
const POPOVER_SUPPORT = 'selector(:popover-open)';
const PHONE = '(max-width: 1023px)';

interface Rule {
  selector: string;
  style: CSSStyleDeclaration;
  media: string[];
  supports: string[];
}

const rules: Rule[] = [];

beforeAll(() => {
  const style = document.createElement('style');
  style.textContent = readFileSync(
    join(dirname(fileURLToPath(import.meta.url)), 'layout.css'),
    'utf8',
  );
  document.head.append(style);
  const walk = (list: CSSRuleList, media: string[], supports: string[]) => {
    for (const rule of list) {
      if (rule instanceof CSSStyleRule) {
        rules.push({ selector: rule.selectorText, style: rule.style, media, supports });
      } else if (rule instanceof CSSMediaRule) {
        walk(rule.cssRules, [...media, rule.conditionText], supports);
      } else if (rule instanceof CSSSupportsRule) {
        walk(rule.cssRules, media, [...supports, rule.conditionText]);
      }
    }
  };
  walk(style.sheet?.cssRules as CSSRuleList, [], []);
  style.remove();
});

/** The rules a browser applies on a phone or a wide screen, with or without popovers. */
function applying({ phone, popovers }: { phone: boolean; popovers: boolean }): Rule[] {
  return rules.filter(
    (rule) =>
      rule.media.every((media) => media === PHONE && phone) &&
      rule.supports.every((supports) => supports === POPOVER_SUPPORT && popovers),
  );
}

/** The last value the rules give exactly `selector` for `property`, as the cascade would. */
function declared(applied: Rule[], selector: string, property: string): string | undefined {
  return applied
    .filter((rule) => rule.selector === selector && rule.style.getPropertyValue(property))
    .at(-1)
    ?.style.getPropertyValue(property);
}
const display = (applied: Rule[], selector: string) => declared(applied, selector, 'display');

/** A rule that hides the nav or anything in it. */
const hidesNav = (rule: Rule) =>
  rule.selector.startsWith('.site-nav') &&
  (rule.style.display === 'none' || rule.style.visibility === 'hidden');

describe('the phone menu without the Popover API', () => {
  it('reads only the conditions this test knows, so none is skipped unseen', () => {
    expect(rules.some((rule) => rule.supports.includes(POPOVER_SUPPORT))).toBe(true);
    for (const rule of rules.filter((rule) => /site-nav|site-header__toggle/.test(rule.selector))) {
      expect(rule.media.every((media) => media === PHONE)).toBe(true);
      expect(rule.supports.every((supports) => supports === POPOVER_SUPPORT)).toBe(true);
    }
  });

  it.each([true, false])(
    'shows the nav, its list and links, and no menu button (phone: %s)',
    (phone) => {
      const applied = applying({ phone, popovers: false });
      expect(display(applied, '.site-nav')).toBe('flex');
      expect(display(applied, '.site-nav__list')).toBe('flex');
      expect(display(applied, '.site-nav__link')).toBe('inline-flex');
      expect(display(applied, '.site-header__toggle')).toBe('none');
      expect(applied.filter(hidesNav).map((rule) => rule.selector)).toEqual([]);
    },
  );

  it('lays the list out as a column under the bar on a phone', () => {
    const applied = applying({ phone: true, popovers: false });
    expect(declared(applied, '.site-nav', 'position')).toBe('static');
    expect(declared(applied, '.site-nav', 'width')).toBe('100%');
    expect(declared(applied, '.site-nav', 'flex-direction')).toBe('column');
    expect(declared(applied, '.site-nav__list', 'flex-direction')).toBe('column');
  });
});

describe('the phone menu with the Popover API', () => {
  it('shows the menu button and hides the nav until it is open, on a phone only', () => {
    const phone = applying({ phone: true, popovers: true });
    expect(display(phone, '.site-header__toggle')).toBe('inline-flex');
    expect(display(phone, '.site-nav:not(:popover-open)')).toBe('none');
    const wide = applying({ phone: false, popovers: true });
    expect(display(wide, '.site-header__toggle')).toBe('none');
    // The author's display beats the browser's own `[popover]:not(:popover-open)` rule.
    expect(display(wide, '.site-nav')).toBe('flex');
    expect(wide.filter(hidesNav).map((rule) => rule.selector)).toEqual([]);
  });
});
