import { readdir, readFile, writeFile } from 'node:fs/promises';
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
import { type ChunkLinks, chunkLinks } from './trim-build.ts';

/**
 * The site's own browser code, built apart from the framework's: React Router's client build
 * holds the router and every route module, which a page that hydrates no route never loads.
 * This build bundles app/browser/site.ts, the one script every page loads, and the chunks it
 * imports on demand (the island loader, each island), into the same hashed assets folder.
 * Returns the site script's URL and what each chunk it wrote loads (trimBuild keeps those).
 */
export async function buildBrowserEntries(
  web: string,
  clientDir: string,
): Promise<{ site: string; links: ChunkLinks }> {
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
  const files = outputs.flatMap((output) => output.output);
  const site = files.find((file) => file.type === 'chunk' && file.isEntry && file.name === 'site');
  if (!site) throw new Error('the browser build wrote no site script');
  return { site: `/${site.fileName}`, links: chunkLinks(files) };
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

function relTokens(link: Element): string[] {
  return (attribute(link, 'rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * What a finished page promises, as a list of what is wrong with it (empty when it holds): the
 * site script once, and no other script that runs (the framework's would hydrate the whole
 * page; an inline one would break the CSP, `script-src 'self'`), nor a module preload. Data
 * blocks (JSON-LD) are not scripts.
 */
export function pageScriptProblems(html: string, siteSrc: string): string[] {
  const problems: string[] = [];
  let site = 0;
  for (const element of elements(parseHtml(html, false))) {
    if (element.tagName === 'link' && relTokens(element).includes('modulepreload')) {
      problems.push(`a module is preloaded: ${attribute(element, 'href')}`);
    }
    if (element.tagName !== 'script' || scriptKind(element) === 'data') continue;
    const src = attribute(element, 'src');
    if (scriptKind(element) === 'module' && src === siteSrc) site += 1;
    else problems.push(`another script runs: ${src ?? 'inline'}`);
  }
  if (site !== 1) problems.push(`the site script is there ${site} times, not once`);
  return problems;
}

/** The prerendered pages under `clientDir` (not the HTML of bundled assets). */
export async function htmlFiles(clientDir: string): Promise<string[]> {
  const entries = await readdir(clientDir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !relative(clientDir, file).startsWith('assets'));
}

/** Adds the site script to every page of `files`; fails on a page that would run another. */
export async function addSiteScript(clientDir: string, files: string[], src: string) {
  for (const file of files) {
    const page = relative(clientDir, file);
    const html = withSiteScript(await readFile(file, 'utf8'), src, page);
    const problems = pageScriptProblems(html, src);
    if (problems.length > 0) throw new Error(`${page}: ${problems.join('; ')}`);
    await writeFile(file, html);
  }
}
