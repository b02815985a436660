import { Button, ButtonLink } from '../../components/ui/button.tsx';
import { Icon } from '../../components/ui/icon.tsx';
import { articlePageCopy } from '../../content/article-page.ts';
import { PATHS } from '../../paths.ts';
import type { ArticleErrorScreen as Screen } from './article-error.ts';
import { ArticleBreadcrumbs } from './breadcrumbs.tsx';

const copy = articlePageCopy.errors;

/**
 * The article page's error screen: its title and text, breadcrumbs, links to all articles and
 * to the category's articles, and a Retry button, so the visitor always has a way back. It is
 * prerendered in the 404 page, which shows it for an address that is not an article.
 */
export function ArticleErrorScreen({ screen }: { screen: Screen }) {
  return (
    <section className="section article-error" aria-labelledby="article-error-title">
      <div className="container article-layout">
        <ArticleBreadcrumbs
          {...(screen.category ? { category: screen.category } : {})}
          {...(screen.categoryText ? { categoryText: screen.categoryText } : {})}
          {...(screen.slug ? { article: screen.slug } : {})}
        />
        <div className="card article-error__panel">
          <Icon name="alert" size={32} className="article-error__icon" />
          <span className="eyebrow">{copy.eyebrow}</span>
          <h1 id="article-error-title">{screen.title}</h1>
          <p className="lead">{screen.text}</p>
          <div className="article-error__actions">
            <ButtonLink to={PATHS.intelligence}>{copy.browseAll}</ButtonLink>
            {screen.category ? (
              <ButtonLink to={screen.category.path} variant="secondary">
                {copy.viewCategory(screen.category.name)}
              </ButtonLink>
            ) : null}
            {/* The 404 page's script makes it reload the page (app/browser/not-found.ts). */}
            <Button variant="ghost" data-reload="">
              {copy.retry}
            </Button>
          </div>
        </div>
      </div>
    </section>
  );
}
