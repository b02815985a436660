import { notFoundCopy } from '../content/not-found.ts';
import { Island } from '../islands/island.tsx';
import { NotFoundPage } from '../islands/not-found-page.tsx';
import type { PageHandle } from '../lib/page-handle.ts';
import { seo } from '../lib/seo.ts';
import { NOT_FOUND_PATH } from '../paths.ts';

export const meta = () => [
  ...seo({ ...notFoundCopy.meta, path: NOT_FOUND_PATH }),
  { name: 'robots', content: 'noindex' },
];

/** The host answers every unknown address with this page; an island tells which screen. */
export const handle: PageHandle = { hydrate: false };

export default function NotFoundRoute() {
  return <Island name="not-found" component={NotFoundPage} props={{}} />;
}
