import { notFoundCopy } from '../content/not-found.ts';
import { NotFoundScreen } from '../features/not-found/not-found-screen.tsx';
import { seo } from '../lib/seo.ts';
import { NOT_FOUND_PATH } from '../paths.ts';

export const meta = () => [
  ...seo({ ...notFoundCopy.meta, path: NOT_FOUND_PATH }),
  { name: 'robots', content: 'noindex' },
];

export default function NotFoundPage() {
  return <NotFoundScreen />;
}
