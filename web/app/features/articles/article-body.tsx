import type { ReactNode } from 'react';
import type { ArticleBlock } from '../../content/library-types.ts';

/** Backtick spans become <code>; everything else stays text (no HTML is ever interpreted). */
export function inlineCode(text: string): ReactNode[] {
  return text.split(/(`[^`]+`)/g).map((part, index) =>
    part.startsWith('`') && part.endsWith('`') && part.length > 2 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one string never reorder.
      <code key={index}>{part.slice(1, -1)}</code>
    ) : (
      part
    ),
  );
}

function Block({ block }: { block: ArticleBlock }) {
  switch (block.kind) {
    case 'heading':
      return <h2>{block.text}</h2>;
    case 'subheading':
      return <h3>{block.text}</h3>;
    case 'paragraph':
      return <p>{inlineCode(block.text)}</p>;
    case 'list': {
      const items = block.items.map((item) => <li key={item}>{inlineCode(item)}</li>);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
    case 'code':
      return (
        <figure className="article-code">
          {block.caption ? <figcaption>{block.caption}</figcaption> : null}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: wide code must scroll by keyboard. */}
          <pre tabIndex={0}>
            <code data-language={block.language}>{block.code}</code>
          </pre>
        </figure>
      );
    case 'callout':
      return (
        <aside className={`article-callout article-callout--${block.tone}`}>
          <p className="article-callout__title">{block.title}</p>
          <p>{inlineCode(block.text)}</p>
        </aside>
      );
  }
}

export function ArticleBody({ body }: { body: readonly ArticleBlock[] }) {
  return (
    <div className="article-body">
      {body.map((block, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: an article's blocks never reorder.
        <Block key={index} block={block} />
      ))}
    </div>
  );
}
