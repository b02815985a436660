import { useContext } from 'react';
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
} from 'react-router';
import type { Route } from './+types/root';
import { BackToTop } from './features/layout/back-to-top.tsx';
import { SiteFooter } from './features/layout/site-footer.tsx';
import { SiteHeader } from './features/layout/site-header.tsx';
import { NotFoundScreen } from './features/not-found/not-found-screen.tsx';
import { SITE } from './site-config.ts';
import './styles/base.css';
import './features/layout/layout.css';

/**
 * HTML requires a <title> in every document, including the one no route renders: the SPA
 * fallback React Router writes beside the prerendered pages. Each route's own meta replaces this.
 */
export const meta: Route.MetaFunction = () => [{ title: SITE.name }];

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' },
];

/**
 * No page runs the router in the browser (docs/decisions/064): each is complete as built, with
 * the site script and its islands. React Router still builds a SPA fallback, the page it would
 * serve for any URL, and refuses to build it without its scripts; nothing serves that page
 * (the hosts answer unknown paths with the 404 page), and the build deletes it.
 */
function useSpaFallback(): boolean {
  return useContext(FrameworkContext)?.isSpaMode ?? false;
}

/**
 * The built site gets the hashed site script from the build (scripts/browser-entries.ts); the
 * dev server serves its source, after React Router's own hot-reload preamble, which island
 * modules expect and which <Scripts/> would otherwise write.
 */
function DevSiteScript() {
  return (
    <>
      <script type="module" src="/@id/__x00__virtual:react-router/inject-hmr-runtime" />
      <script type="module" src="/app/browser/site.ts" />
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const spaFallback = useSpaFallback();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#070b14" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {spaFallback ? <Scripts /> : null}
        {import.meta.env.DEV ? <DevSiteScript /> : null}
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter />
      <BackToTop />
    </>
  );
}

export default function App() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <Shell>
        <NotFoundScreen />
      </Shell>
    );
  }
  return (
    <Shell>
      <NotFoundScreen variant="error" />
    </Shell>
  );
}
