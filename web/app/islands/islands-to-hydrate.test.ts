import { describe, expect, it } from 'vitest';
import { islandsToHydrate } from './islands-to-hydrate.ts';

describe('islandsToHydrate', () => {
  it('takes every island, but one placed under a path only where the address is under it', () => {
    document.body.innerHTML = `<div data-island="a"></div>
      <div data-island="b" data-hydrate-under="/security-intelligence/"></div>`;
    const names = (pathname: string) =>
      islandsToHydrate(document, pathname).map((island) => island.dataset.island);
    expect(names('/security-intelligence/x/y')).toEqual(['a', 'b']);
    expect(names('/no-such-page')).toEqual(['a']);
    expect(names('/security-intelligence')).toEqual(['a']);
  });
});
