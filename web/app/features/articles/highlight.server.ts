import type { Element, ElementContent, Root } from 'hast';
import { toString as hastText } from 'hast-util-to-string';
import {
  createCssVariablesTheme,
  createHighlighterCore,
  type HighlighterCore,
  type ShikiTransformer,
} from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { visit } from 'unist-util-visit';
import { cfnGuard } from './cfn-guard-grammar.ts';

/**
 * The languages articles use, and only those: each grammar costs build time. A code block
 * with no language, or in any other language, fails the build rather than silently showing
 * unhighlighted. `cfn-guard` is the project's own small grammar (cfn-guard-grammar.ts).
 */
const GRAMMARS = {
  bash: () => import('shiki/langs/bash.mjs'),
  json: () => import('shiki/langs/json.mjs'),
  yaml: () => import('shiki/langs/yaml.mjs'),
  python: () => import('shiki/langs/python.mjs'),
  hcl: () => import('shiki/langs/hcl.mjs'),
  sql: () => import('shiki/langs/sql.mjs'),
  ini: () => import('shiki/langs/ini.mjs'),
  'cfn-guard': () => Promise.resolve(cfnGuard),
} as const;

/**
 * Shiki's plain language, with no grammar: for output that is not code (a table of text, a
 * command's printout), and only by name. A fence must say `text`; it never is the default.
 */
export const PLAIN_LANGUAGE = 'text';
export const CODE_LANGUAGES: readonly string[] = [...Object.keys(GRAMMARS), PLAIN_LANGUAGE];

/**
 * Token colours come out as CSS variables (`var(--hl-keyword)`); the transformer below
 * turns each into a class the site's stylesheet colours from its own tokens
 * (articles.css). The page carries no inline style, and the palette lives in CSS.
 */
const theme = createCssVariablesTheme({ name: 'kryon', variablePrefix: '--hl-' });
// The theme leaves INI's section headers (`[profile ci]`) uncoloured; they name things, as
// functions do.
theme.tokenColors?.push({
  scope: ['entity.name.section.group-title.ini'],
  settings: { foreground: 'var(--hl-token-function)' },
});

/** Made once per build and shared by every article: creating it is the costly part. */
let highlighter: Promise<HighlighterCore> | undefined;
function getHighlighter(): Promise<HighlighterCore> {
  highlighter ??= createHighlighterCore({
    themes: [theme],
    langs: Object.values(GRAMMARS).map((load) => load()),
    engine: createJavaScriptRegexEngine(),
  });
  return highlighter;
}

const TOKEN_VARIABLE = /var\(--hl-([\w-]+)\)/;

const classesNotStyles: ShikiTransformer = {
  pre(node) {
    delete node.properties.style;
    delete node.properties.tabindex;
  },
  span(node) {
    const style = String(node.properties.style ?? '');
    delete node.properties.style;
    const token = TOKEN_VARIABLE.exec(style)?.[1];
    const classes = [
      token && token !== 'foreground' ? `hl-${token.replace(/^token-/, '')}` : '',
      /font-style:\s*italic/.test(style) ? 'hl-italic' : '',
      /font-weight:\s*bold/.test(style) ? 'hl-bold' : '',
    ].filter(Boolean);
    if (classes.length > 0) this.addClassToHast(node, classes);
  },
};

function isCodeBlock(node: Element): node is Element & { children: [Element] } {
  const [code] = node.children;
  return (
    node.tagName === 'pre' &&
    node.children.length === 1 &&
    code?.type === 'element' &&
    code.tagName === 'code'
  );
}

/**
 * A rehype step: every `<pre><code data-language>` becomes Shiki's highlighted lines, in
 * place, keeping the `pre`'s own attributes (scrollable by keyboard) and the language.
 */
export function rehypeHighlight() {
  return async (tree: Root, file: { path?: string }) => {
    const shiki = await getHighlighter();
    visit(tree, 'element', (node: Element) => {
      if (!isCodeBlock(node)) return;
      const [code] = node.children;
      const lang = String(code.properties.dataLanguage ?? '');
      if (lang === '') {
        throw new Error(
          `${file.path ?? 'article'}: a code block has no language; name one of ${CODE_LANGUAGES.join(', ')} (text for plain output)`,
        );
      }
      if (!CODE_LANGUAGES.includes(lang)) {
        throw new Error(
          `${file.path ?? 'article'}: code block language "${lang}" is not one of ${CODE_LANGUAGES.join(', ')}`,
        );
      }
      const highlighted = shiki.codeToHast(hastText(code).replace(/\n$/, ''), {
        lang,
        theme: theme.name ?? 'kryon',
        transformers: [classesNotStyles],
      });
      const pre = highlighted.children[0] as Element;
      // Shiki wraps each line in a span no style uses; without them the page and its
      // hydration data (which carries the same HTML) are smaller.
      code.children = (pre.children[0] as Element).children.flatMap((child) =>
        child.type === 'element' && child.tagName === 'span' ? child.children : [child],
      ) as ElementContent[];
      node.properties.className = ['hl'];
    });
  };
}
