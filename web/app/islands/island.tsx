import type { ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { plainDataProblem } from '../lib/plain-data.ts';
import type { IslandComponent, IslandHydration, IslandName } from './island-registry.ts';
import { IslandRoot, islandIdPrefix } from './island-root.tsx';

/**
 * A part of a page that React hydrates in the browser, on a page that otherwise runs no
 * framework. At build time the component is rendered on its own, as the browser will
 * hydrate it (its own root, its own id prefix), and its props are written beside it as JSON
 * for the island loader (app/browser/islands.tsx, touch-islands.ts). Props must therefore be
 * plain data, or the browser would hydrate with something else (a Date as a string, a
 * function gone): the build fails on any that JSON would change (lib/plain-data.ts).
 */
export function Island<N extends IslandName>({
  name,
  component: Component,
  props,
  hydrate = 'load',
  hydrateIfStored,
  hydrateIfQuery,
}: {
  name: N;
  /** The registry's component for `name`, which the browser will load. */
  component: IslandComponent<N>;
  props: ComponentProps<IslandComponent<N>>;
  hydrate?: IslandHydration;
  /**
   * A `touch` island hydrates at once when sessionStorage holds this key: a form with a saved
   * draft shows it without waiting for the visitor (app/browser/touch-islands.ts).
   */
  hydrateIfStored?: string;
  /**
   * A `touch` island hydrates at once when the page's address has this query parameter: the
   * research archive opened to ask for one report again (`?item=`).
   */
  hydrateIfQuery?: string;
}) {
  const problem = plainDataProblem(props, 'props');
  if (problem) throw new Error(`island "${name}": ${problem}, not plain JSON data`);
  const html = renderToString(
    <IslandRoot>
      {/* biome-ignore lint/suspicious/noExplicitAny: the registry ties Component to its props. */}
      <Component {...(props as any)} />
    </IslandRoot>,
    { identifierPrefix: islandIdPrefix(name) },
  );
  return (
    <div
      className="island"
      data-island={name}
      data-hydrate={hydrate}
      data-hydrate-if-stored={hydrateIfStored}
      data-hydrate-if-query={hydrateIfQuery}
      data-props={JSON.stringify(props)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: React's own rendering of the island, which the browser hydrates.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
