import { notFoundCopy } from '../content/not-found.ts';
import { Island } from '../islands/island.tsx';
import { NotFoundPage } from '../islands/not-found-page.tsx';
import { seo } from '../lib/seo.ts';
import { NOT_FOUND_PATH, PATHS } from '../paths.ts';

export const meta = () => [
  ...seo({ ...notFoundCopy.meta, path: NOT_FOUND_PATH }),
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundRoute() {
  return (
    <Island
      name="not-found"
      component={NotFoundPage}
      props={{}}
      hydrateUnder={`${PATHS.intelligence}/`}
    />
  );
}
