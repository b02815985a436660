import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CATEGORY_LINKS } from '../features/articles/category-lookup.ts';
import NotFoundRoute from '../routes/not-found.tsx';
import { showNotFoundScreen } from './not-found.ts';

const BUILT_TITLE = 'Page not found | Kryon';

/** The 404 page as the build writes its main: the plain screen and the templates. */
function load404(): HTMLElement {
  document.title = BUILT_TITLE;
  document.body.innerHTML = `<main id="main">${renderToString(<NotFoundRoute />)}</main>`;
  const main = document.querySelector('main');
  if (!main) throw new Error('no main');
  return main;
}

const heading = () => [...document.querySelectorAll('main h1')].map((h1) => h1.textContent);
const crumbs = () =>
  [...document.querySelectorAll('main nav[aria-label="Breadcrumb"] li')].map(
    (li) => li.textContent,
  );

describe('showNotFoundScreen', () => {
  beforeEach(() => load404());
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('is built with the plain page shown and every other screen in a template', () => {
    expect(heading()).toEqual(['Page not found']);
    const screens = [...document.querySelectorAll<HTMLTemplateElement>('template[data-screen]')];
    expect(screens.map((template) => template.dataset.screen)).toEqual([
      'intelligence',
      'not-found category slug',
      'invalid-category category-text slug',
      'invalid-url category',
      'invalid-url category-text',
      'invalid-url slug',
      'invalid-url',
    ]);
  });

  it('leaves the plain page alone outside the section', () => {
    showNotFoundScreen(document, '/no-such-page');
    expect(heading()).toEqual(['Page not found']);
    expect(document.title).toBe(BUILT_TITLE);
  });

  it("shows the section's not-found screen for an unknown category page", () => {
    showNotFoundScreen(document, '/security-intelligence/cloud-magic');
    expect(heading()).toEqual(['Page Not Found']);
    expect(document.title).toBe('Page Not Found - Security Intelligence | Kryon');
    expect(document.querySelector('[data-not-found-under]')?.getAttribute('data-shown')).toBe(
      'intelligence',
    );
  });

  it('shows "Article Not Found" with the slug and the category, its link filled', () => {
    const category = CATEGORY_LINKS[0];
    if (!category) throw new Error('no category');
    showNotFoundScreen(document, `${category.path}/no-such-article`);
    expect(heading()).toEqual(['Article Not Found']);
    expect(document.title).toBe('Article Not Found - Security Intelligence | Kryon');
    expect(crumbs()).toEqual([
      'Home',
      'Security Intelligence',
      category.displayName,
      'no-such-article',
    ]);
    expect(document.querySelector('main .lead')?.textContent).toBe(
      `The article "no-such-article" could not be found in the ${category.displayName} category. It may have been moved, renamed or removed.`,
    );
    const view = [...document.querySelectorAll('main a')].find(
      (a) => a.textContent === `View ${category.displayName} Articles`,
    );
    expect(view?.getAttribute('href')).toBe(category.path);
    expect(document.querySelector('main section')?.outerHTML).not.toContain('[[nf:');
  });

  it('shows "Invalid Category" and "Invalid URL" as the address calls for', () => {
    showNotFoundScreen(document, '/security-intelligence/cloud-magic/x');
    expect(heading()).toEqual(['Invalid Category']);
    expect(crumbs()).toEqual(['Home', 'Security Intelligence', 'cloud-magic', 'x']);
    expect(document.querySelectorAll('main a[href*="[[nf"]')).toHaveLength(0);
    load404();
    showNotFoundScreen(document, '/security-intelligence/identity-risks/%20');
    expect(heading()).toEqual(['Invalid URL']);
    expect(document.title).toBe('Invalid URL - Security Intelligence | Kryon');
    expect(crumbs()).toEqual(['Home', 'Security Intelligence', 'Identity Risks']);
    load404();
    showNotFoundScreen(document, '/security-intelligence/%20/%20');
    expect(heading()).toEqual(['Invalid URL']);
    expect(crumbs()).toEqual(['Home', 'Security Intelligence']);
  });

  it('shows a hostile segment as text, never as markup', () => {
    const hostile = '<img src=x onerror=alert(1)>';
    showNotFoundScreen(
      document,
      `/security-intelligence/${encodeURIComponent(hostile)}/${encodeURIComponent('$&$1 [[nf:categoryPath]]')}`,
    );
    expect(heading()).toEqual(['Invalid Category']);
    expect(document.querySelector('main img')).toBeNull();
    expect(crumbs()).toEqual([
      'Home',
      'Security Intelligence',
      hostile,
      '$&$1 [[nf:categoryPath]]',
    ]);
    expect(document.querySelector('main .lead')?.textContent).toContain(`"${hostile}"`);
    expect(document.querySelector('main section')?.innerHTML).toContain('&lt;img src=x');
  });

  it('makes Retry reload the page', () => {
    const reload = vi.fn();
    showNotFoundScreen(document, '/security-intelligence/identity-risks/gone', reload);
    document.querySelector<HTMLButtonElement>('main button[data-reload]')?.click();
    expect(reload).toHaveBeenCalledOnce();
  });

  it('keeps one main heading and one screen, with no template left shown', () => {
    showNotFoundScreen(document, '/security-intelligence/identity-risks/gone');
    expect(document.querySelectorAll('main h1')).toHaveLength(1);
    expect(document.querySelectorAll('[data-not-found-under] > :not(template)')).toHaveLength(1);
  });
});
