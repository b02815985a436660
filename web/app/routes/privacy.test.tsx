import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { privacyPageCopy } from '../content/privacy-page.ts';
import { SITE } from '../site-config.ts';
import PrivacyPage, { meta } from './privacy.tsx';

function renderPage() {
  const router = createMemoryRouter([{ path: '/privacy', element: <PrivacyPage /> }], {
    initialEntries: ['/privacy'],
  });
  return render(<RouterProvider router={router} />);
}

describe('the privacy notice page', () => {
  it('has one h1, a contents list linking every section, and each section under its h2', () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const contents = screen.getByRole('navigation', { name: privacyPageCopy.contentsLabel });
    for (const section of privacyPageCopy.sections) {
      expect(within(contents).getByRole('link', { name: section.heading })).toHaveProperty(
        'hash',
        `#${section.id}`,
      );
      const region = screen.getByRole('region', { name: section.heading });
      expect(region.id).toBe(section.id);
    }
  });

  it('shows the last-updated date in US long format, machine-readable too', () => {
    const { container } = renderPage();
    const time = container.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-11-29');
    expect(time?.textContent).toBe('November 29, 2026');
  });

  it('links the contact address and the contact page', () => {
    renderPage();
    const mail = screen.getAllByRole('link', { name: SITE.departments.sales })[0];
    expect(mail?.getAttribute('href')).toBe(`mailto:${SITE.departments.sales}`);
    expect(screen.getAllByRole('link', { name: 'contact page' })[0]?.getAttribute('href')).toBe(
      '/contact',
    );
  });

  it('has its own title, description and canonical URL', () => {
    const tags = meta();
    expect(tags).toContainEqual({ title: privacyPageCopy.meta.title });
    expect(tags).toContainEqual({
      tagName: 'link',
      rel: 'canonical',
      href: new URL('/privacy', SITE.origin).toString(),
    });
  });
});
