/** One section of an article: its heading's anchor id and text. */
export interface TocEntry {
  id: string;
  text: string;
}

/**
 * The article's text, as the build rendered it from Markdown (render-article.server.ts):
 * sanitised there, with no raw HTML from the file, so it is set as it is. The browser runs
 * no Markdown parser and no highlighter, and its links, to this site or another, are plain
 * links the browser follows.
 */
export function ArticleBody({ html }: { html: string }) {
  return (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: built and sanitised at build time from the site's own Markdown.
    <div className="article-body" dangerouslySetInnerHTML={{ __html: html }} />
  );
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
