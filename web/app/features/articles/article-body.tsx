import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';

/** One section of an article: its heading's anchor id and text. */
export interface TocEntry {
  id: string;
  text: string;
}

/**
 * The article's text, as the build rendered it from Markdown (render-article.server.ts):
 * sanitised there, with no raw HTML from the file, so it is set as it is. The browser runs
 * no Markdown parser and no highlighter.
 */
export function ArticleBody({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const body = ref.current;
    if (!body) return;
    // The links to the site's own pages are plain anchors in built HTML: without this each
    // would reload the whole site instead of moving within it like every other link.
    const onClick = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a');
      const href = link?.getAttribute('href');
      if (!link || !href || !isSitePath(href) || link.target || link.hasAttribute('download')) {
        return;
      }
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(href);
    };
    body.addEventListener('click', onClick);
    return () => body.removeEventListener('click', onClick);
  }, [navigate]);
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: built and sanitised at build time from the site's own Markdown.
    <div ref={ref} className="article-body" dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** A path on this site ("/demo", "/features#modules"); "//host" is another site. */
function isSitePath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** The article's sections, linking to the headings' anchors. */
export function ArticleToc({
  entries,
  heading,
}: {
  entries: readonly TocEntry[];
  heading: string;
}) {
  if (entries.length === 0) return null;
  return (
    <nav className="article-toc" aria-labelledby="article-toc-heading">
      <h2 id="article-toc-heading">{heading}</h2>
      <ol>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`}>{entry.text}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
