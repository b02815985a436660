import { notFoundCopy } from '../content/not-found.ts';
import { ArticleErrorScreen } from '../features/articles/article-error-screen.tsx';
import {
  articleErrorExamples,
  NOT_FOUND_SECTION,
  notFoundViewFor,
  templateKey,
  templateScreen,
} from '../features/articles/not-found-view.ts';
import { IntelligenceNotFound } from '../features/not-found/intelligence-not-found.tsx';
import { NotFoundScreen } from '../features/not-found/not-found-screen.tsx';
import { seo } from '../lib/seo.ts';
import { NOT_FOUND_PATH } from '../paths.ts';

export const meta = () => [
  ...seo({ ...notFoundCopy.meta, path: NOT_FOUND_PATH }),
  { name: 'robots', content: 'noindex' },
];

/** Each article error screen an address can call for, as a template with slots. */
function articleErrorTemplates() {
  return articleErrorExamples().map((path) => {
    const view = notFoundViewFor(path);
    if (view.kind !== 'article') throw new Error(`${path} is not an article error`);
    const key = templateKey(view);
    return (
      <template key={key} data-screen={key}>
        <ArticleErrorScreen screen={templateScreen(view.screen)} />
      </template>
    );
  });
}

/**
 * The page the hosts answer every unknown address with: the site's not-found page, and in
 * templates every screen the address can call for under the security intelligence section,
 * which the site script shows there (app/browser/not-found.ts) without React.
 */
export default function NotFoundRoute() {
  return (
    <div className="not-found-screens" data-not-found-under={NOT_FOUND_SECTION}>
      <NotFoundScreen />
      <template data-screen="intelligence">
        <IntelligenceNotFound />
      </template>
      {articleErrorTemplates()}
    </div>
  );
}
