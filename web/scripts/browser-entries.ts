import { readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { build, type Plugin, type Rollup } from 'vite';
import {
  applyEdits,
  attribute,
  type Element,
  elements,
  emptyElement,
  endOfContent,
  parseHtml,
  scriptKind,
} from './html-tree.ts';

/**
 * The site's own browser code, built apart from the framework's: React Router's client build
 * holds the router and every route module, which a page that hydrates no route never loads.
 * This build bundles app/browser/site.ts, the one script every page loads, and the chunks it
 * imports on demand (the island loader, each island), into the same hashed assets folder.
 */
export async function buildBrowserEntries(
  web: string,
  clientDir: string,
): Promise<{ site: string }> {
  const result = await build({
    configFile: false,
    root: web,
    mode: 'production',
    logLevel: 'warn',
    // The framework's build copied public/ already.
    publicDir: false,
    plugins: [stylesAreTheSites()],
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      // The site script is a module: every browser that runs it imports chunks natively.
      modulePreload: { polyfill: false },
      rollupOptions: {
        // React's packages open with "use client", which means nothing outside a server
        // components build; the warning that the bundle drops it is noise.
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
        input: { site: join(web, 'app', 'browser', 'site.ts') },
        output: {
          entryFileNames: 'assets/[name]-[hash].js',
          chunkFileNames: 'assets/[name]-[hash].js',
        },
      },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rollup.RollupOutput[];
  const site = outputs
    .flatMap((output) => output.output)
    .find((file) => file.type === 'chunk' && file.isEntry && file.name === 'site');
  if (!site) throw new Error('the browser build wrote no site script');
  return { site: `/${site.fileName}` };
}

/**
 * Components import their CSS for the framework's build, which gathers it into the site's one
 * stylesheet. Here those imports are empty: the page has that stylesheet already.
 */
function stylesAreTheSites(): Plugin {
  const empty = '\0kryon:no-style';
  return {
    name: 'kryon:styles-are-the-sites',
    enforce: 'pre',
    resolveId(source) {
      return source.split('?')[0]?.endsWith('.css') ? empty : undefined;
    },
    load(id) {
      return id === empty ? 'export {};' : undefined;
    },
  };
}

/**
 * The page with the site script added at the end of its head, as a module: it is fetched
 * while the page is parsed and runs after, never delaying the first paint. A page that
 * carries it already fails the build, as a rewrite run twice would.
 */
export function withSiteScript(html: string, src: string, page = 'page'): string {
  const document = parseHtml(html);
  let head: Element | undefined;
  for (const element of elements(document)) {
    if (element.tagName === 'head') head ??= element;
    if (
      element.tagName === 'script' &&
      scriptKind(element) === 'module' &&
      attribute(element, 'src') === src
    ) {
      throw new Error(`${page}: the site script is there already`);
    }
  }
  const at = head && endOfContent(head);
  if (at === undefined) throw new Error(`${page}: no <head> for the site script`);
  const tag = emptyElement('script', [
    ['type', 'module'],
    ['src', src],
  ]);
  return applyEdits(html, [{ start: at, end: at, text: tag }]);
}

/** Adds the site script to every page of `files`. */
export async function addSiteScript(clientDir: string, files: string[], src: string) {
  for (const file of files) {
    const html = await readFile(file, 'utf8');
    await writeFile(file, withSiteScript(html, src, relative(clientDir, file)));
  }
}
