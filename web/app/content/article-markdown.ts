import type { Blockquote, Paragraph, Root, RootContent } from 'mdast';
import { toString as mdastText } from 'mdast-util-to-string';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import { unified } from 'unified';
import { SKIP, visit } from 'unist-util-visit';

/** GitHub's alert markers that articles use for callouts, and the tone each one shows. */
const CALLOUT_TONES = { NOTE: 'info', WARNING: 'warning' } as const;
const MARKER = /^\[!(\w+)\]\s*/;

/**
 * A callout is a quote that opens with a GitHub alert marker and a bold title, so the file
 * reads well on GitHub too:
 *
 *   > [!WARNING]
 *   > **Title**
 *   >
 *   > Text.
 *
 * It becomes `<aside class="article-callout article-callout--warning">` with the title as
 * its first paragraph. Any other quote stays a quote.
 */
export function remarkCallouts() {
  return (tree: Root, file: { path?: string }) => {
    visit(tree, 'blockquote', (quote: Blockquote) => {
      const [first] = quote.children;
      if (first?.type !== 'paragraph') return;
      const [marker, title, ...rest] = first.children;
      const found = marker?.type === 'text' ? MARKER.exec(marker.value) : null;
      if (!found || marker?.type !== 'text') return;
      const tone = CALLOUT_TONES[found[1] as keyof typeof CALLOUT_TONES];
      const after = marker.value.slice(found[0].length);
      if (!tone || after.trim() !== '' || title?.type !== 'strong' || rest.length > 0) {
        throw new Error(
          `${file.path ?? 'article'}: a callout is "> [!NOTE]" or "> [!WARNING]", then a line "> **Title**", then the text`,
        );
      }
      const heading: Paragraph = {
        type: 'paragraph',
        children: title.children,
        data: { hProperties: { className: ['article-callout__title'] } },
      };
      quote.children = [heading, ...quote.children.slice(1)];
      quote.data = {
        hName: 'aside',
        hProperties: { className: ['article-callout', `article-callout--${tone}`] },
      };
      return SKIP;
    });
  };
}

const parser = unified().use(remarkParse).use(remarkGfm).use(remarkCallouts);

/** The Markdown syntax tree of an article body, callouts resolved. */
export function parseArticleMarkdown(markdown: string, path?: string): Root {
  const tree = parser.parse({ value: markdown, path });
  return parser.runSync(tree, { value: markdown, path }) as Root;
}

const BLOCKS = new Set<RootContent['type']>(['paragraph', 'heading', 'code', 'tableCell']);

/** The text of each block a reader reads (paragraphs, headings, code, table cells), in order. */
export function blockTexts(tree: Root, { code = true } = {}): string[] {
  const texts: string[] = [];
  visit(tree, (node) => {
    if (!BLOCKS.has(node.type as RootContent['type'])) return;
    if (node.type !== 'code' || code) texts.push(mdastText(node));
    return SKIP;
  });
  return texts;
}
