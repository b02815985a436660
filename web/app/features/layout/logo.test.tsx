import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Logo } from './logo.tsx';

describe('Logo', () => {
  it('gives each copy on a page its own gradient id, and paints each with its own', () => {
    // Header and footer both draw the logo; an id may occur once per page.
    const page = new DOMParser().parseFromString(
      renderToString(
        <>
          <Logo />
          <Logo />
        </>,
      ),
      'text/html',
    );
    const gradients = [...page.querySelectorAll('linearGradient')];
    const ids = gradients.map((gradient) => gradient.id);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(2);
    const fills = [...page.querySelectorAll('path[fill^="url("]')].map((path) =>
      path.getAttribute('fill'),
    );
    expect(fills).toEqual(ids.map((id) => `url(#${id})`));
  });
});
