import { useContext } from 'react';
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useMatches,
} from 'react-router';
import type { Route } from './+types/root';
import { BackToTop } from './features/layout/back-to-top.tsx';
import { SiteFooter } from './features/layout/site-footer.tsx';
import { SiteHeader } from './features/layout/site-header.tsx';
import { NotFoundScreen } from './features/not-found/not-found-screen.tsx';
import type { PageHandle } from './lib/page-handle.ts';
import { useHydrated } from './lib/use-hydrated.ts';
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

function useRouterHydrates(): boolean {
  const matches = useMatches();
  // The SPA fallback, the page React Router writes for any URL, renders the root route alone
  // and always hydrates; its matches are the home page's only because it is built at `/`.
  const spaFallback = useContext(FrameworkContext)?.isSpaMode ?? false;
  return (
    spaFallback ||
    matches.every((match) => (match.handle as PageHandle | undefined)?.hydrate !== false)
  );
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
  // Browser tests wait for this mark: the page answers clicks only once it is hydrated.
  const hydrated = useHydrated();
  const routerHydrates = useRouterHydrates();
  return (
    <html
      lang="en"
      data-router={routerHydrates ? '' : undefined}
      data-hydrated={hydrated ? '' : undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#070b14" />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {routerHydrates ? <Scripts /> : null}
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

/**
 * Drawn while the router loads data the page was not prerendered with. Every prerendered page
 * carries its own data, so that happens only when the host answers an unknown URL with the
 * 404 page and the URL matches a route with a loader (an unknown article or category): the
 * router then fetches that route's data file before drawing the route. This first render
 * must be the 404 page's own markup. Anything else, and React, which skips elements it cannot
 * match inside <body> (as it does for nodes a browser extension adds), leaves the prerendered
 * header, main and footer in place, and the route drawn next appears beside them: two pages.
 */
export function HydrateFallback() {
  return (
    <Shell>
      <NotFoundScreen />
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
