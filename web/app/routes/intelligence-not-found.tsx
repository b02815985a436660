import { notFoundCopy } from '../content/not-found.ts';
import { IntelligenceNotFound } from '../features/not-found/intelligence-not-found.tsx';
import { seo } from '../lib/seo.ts';
import { PATHS } from '../paths.ts';

export const meta = () => [
  ...seo({ ...notFoundCopy.intelligence.meta, path: PATHS.intelligence }),
  { name: 'robots', content: 'noindex' },
];

export default function IntelligenceNotFoundPage() {
  return <IntelligenceNotFound />;
}
