import type { Element, ElementContent, Root } from 'hast';
import { toString as hastText } from 'hast-util-to-string';
import type { Code } from 'mdast';
import rehypeAutolinkHeadings from 'rehype-autolink-headings';
import rehypeExternalLinks from 'rehype-external-links';
import rehypeSanitize, { defaultSchema, type Options as SanitizeSchema } from 'rehype-sanitize';
import rehypeSlug from 'rehype-slug';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype, { type Options as RemarkRehypeOptions } from 'remark-rehype';
import { unified } from 'unified';
import { visit } from 'unist-util-visit';
import { remarkCallouts } from '../../content/article-markdown.ts';
import type { TocEntry } from './article-body.tsx';
import { rehypeHighlight } from './highlight.server.ts';

export interface RenderedArticle {
  /** The body as HTML: built here from the author's Markdown, sanitised, highlighted. */
  html: string;
  /** The body's sections (its h2 headings), for the table of contents. */
  toc: TocEntry[];
}

export interface RenderOptions {
  /** Where the Markdown came from, named by every error. */
  path: string;
  /** Whether a path inside the site is a real page (content/site-pages.ts). */
  isSitePage: (path: string) => boolean;
  /** Appended, visually hidden, to links that open in a new tab. */
  newTabHint: string;
}

/** A fence's only meta is its caption: ```bash title="What this does". */
const CAPTION = /^title="([^"]+)"$/;

/** Code blocks become the site's figure: an optional caption, then a scrollable block. */
const code: NonNullable<RemarkRehypeOptions['handlers']>['code'] = (_state, node: Code) => {
  const meta = node.meta?.trim() ?? '';
  const caption = CAPTION.exec(meta)?.[1];
  if (meta !== '' && caption === undefined) {
    throw new Error(`a code block's meta must be title="Caption", not: ${meta}`);
  }
  const block: Element = {
    type: 'element',
    tagName: 'pre',
    // Wide code must scroll by keyboard too.
    properties: { tabIndex: 0 },
    children: [
      {
        type: 'element',
        tagName: 'code',
        properties: { dataLanguage: node.lang ?? '' },
        children: [{ type: 'text', value: node.value }],
      },
    ],
  };
  const children: ElementContent[] = caption
    ? [
        {
          type: 'element',
          tagName: 'figcaption',
          properties: {},
          children: [{ type: 'text', value: caption }],
        },
        block,
      ]
    : [block];
  return {
    type: 'element',
    tagName: 'figure',
    properties: { className: ['article-code'] },
    children,
  };
};

/**
 * What may reach the page: GitHub's safe subset (no scripts, no event handlers, no
 * `javascript:` URLs) plus the few classes and attributes this pipeline adds itself.
 * Raw HTML in the Markdown never gets this far: remark-rehype drops it.
 */
const schema: SanitizeSchema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'figure', 'figcaption', 'aside'],
  attributes: {
    ...defaultSchema.attributes,
    figure: [['className', 'article-code']],
    aside: [['className', 'article-callout', 'article-callout--info', 'article-callout--warning']],
    p: [...(defaultSchema.attributes?.p ?? []), ['className', 'article-callout__title']],
    pre: ['tabIndex'],
    code: ['dataLanguage'],
  },
};

/**
 * Links are checked while the site is built: a page inside the site must exist, a section
 * link must name a heading of the article, and the web is reached over HTTPS only.
 */
function rehypeCheckLinks({ isSitePage }: Pick<RenderOptions, 'isSitePage'>) {
  return (tree: Root, file: { path?: string }) => {
    const ids = new Set<string>();
    visit(tree, 'element', (node: Element) => {
      if (typeof node.properties.id === 'string') ids.add(node.properties.id);
    });
    visit(tree, 'element', (node: Element) => {
      if (node.tagName !== 'a') return;
      const href = String(node.properties.href ?? '');
      const problem = href.startsWith('#')
        ? ids.has(href.slice(1))
          ? null
          : 'no heading has that id'
        : href.startsWith('/')
          ? isSitePage(href.replace(/[?#].*$/, '').replace(/(.)\/$/, '$1'))
            ? null
            : 'no page of the site has that path'
          : /^(https:\/\/|mailto:)/.test(href)
            ? null
            : 'write a site path (/demo), a section (#id) or an https:// address';
      if (problem) throw new Error(`${file.path ?? 'article'}: link "${href}": ${problem}`);
    });
  };
}

/**
 * A table sits in a region that scrolls sideways on a narrow screen, by keyboard too, named
 * by the heading of its section: a table is read as a grid, never as a run of text.
 */
function rehypeTables() {
  return (tree: Root) => {
    let heading: string | undefined;
    visit(tree, 'element', (node: Element, index, parent) => {
      if (/^h[2-6]$/.test(node.tagName) && typeof node.properties.id === 'string') {
        heading = node.properties.id;
      }
      if (node.tagName !== 'table' || !parent || index === undefined) return;
      parent.children[index] = {
        type: 'element',
        tagName: 'div',
        properties: {
          className: ['article-table'],
          role: 'region',
          tabIndex: 0,
          ...(heading ? { ariaLabelledBy: [heading] } : {}),
        },
        children: [node],
      };
      return 'skip';
    });
  };
}

function collectToc(tree: Root): TocEntry[] {
  const toc: TocEntry[] = [];
  visit(tree, 'element', (node: Element) => {
    if (node.tagName === 'h2' && typeof node.properties.id === 'string') {
      toc.push({ id: node.properties.id, text: hastText(node) });
    }
  });
  return toc;
}

/**
 * An article's Markdown to HTML, at build time only (the `.server` name keeps this module,
 * and Shiki with it, out of every browser bundle; the build fails if one imports it).
 */
export async function renderArticle(
  markdown: string,
  options: RenderOptions,
): Promise<RenderedArticle> {
  let toc: TocEntry[] = [];
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkCallouts)
    .use(remarkRehype, { handlers: { code } })
    .use(rehypeSanitize, schema)
    .use(rehypeSlug)
    .use(rehypeTables)
    .use(rehypeAutolinkHeadings, {
      behavior: 'wrap',
      test: ['h2', 'h3'],
      properties: { className: ['heading-anchor'] },
    })
    .use(rehypeCheckLinks, { isSitePage: options.isSitePage })
    .use(rehypeExternalLinks, {
      target: '_blank',
      rel: ['noopener', 'noreferrer'],
      content: { type: 'text', value: ` ${options.newTabHint}` },
      contentProperties: { className: ['visually-hidden'] },
    })
    .use(rehypeHighlight)
    .use(() => (tree: Root) => {
      toc = collectToc(tree);
    })
    .use(rehypeStringify);
  try {
    const file = await processor.process({ value: markdown, path: options.path });
    return { html: String(file), toc };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new Error(message.startsWith(options.path) ? message : `${options.path}: ${message}`);
  }
}
