import { articlePageCopy } from '../../content/article-page.ts';
import { PATHS } from '../../paths.ts';

const copy = articlePageCopy.breadcrumbs;

/**
 * The article trail: Home • Security Intelligence • category • article. A category the site
 * does not know is shown as written, without a link.
 */
export function ArticleBreadcrumbs({
  category,
  categoryText,
  article,
}: {
  category?: { name: string; path: string };
  categoryText?: string;
  article?: string;
}) {
  return (
    <nav aria-label={copy.label} className="breadcrumbs">
      <ol>
        <li>
          <a href={PATHS.home}>{copy.home}</a>
        </li>
        <li>
          <a href={PATHS.intelligence}>{copy.intelligence}</a>
        </li>
        {category ? (
          <li>
            <a href={category.path}>{category.name}</a>
          </li>
        ) : categoryText ? (
          <li>{categoryText}</li>
        ) : null}
        {article ? <li aria-current="page">{article}</li> : null}
      </ol>
    </nav>
  );
}
