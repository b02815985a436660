import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import type { Rollup } from 'vite';
import { attribute, elements, parseHtml, textOf } from './html-tree.ts';

/*
 * React Router's client build still writes the router, its manifest and every route module to
 * `assets/`, and prerendering writes each page's loader data (`/x.data`, `/_.data`) for client
 * navigations; no page runs the router (docs/decisions/064), so none of it is ever fetched.
 * After the site script is added, the build keeps what the site can reach and deletes the
 * rest. What is reachable is read from the real outputs, never from a list of names: the pages'
 * HTML, the browser build's chunk graph (Rolldown's metadata), and the text of the files that
 * graph does not describe (stylesheets' `url()`, a worker's imports). Only `.data` files and
 * files under `assets/` are ever deleted: public/ files, share images, the feed and the other
 * files `buildEnd` writes stay whatever they are.
 */

/** A file of the build, relative to it, with `/` separators: `assets/site-Ab12.js`. */
type BuildFile = string;

/**
 * What each chunk of the browser build loads, from Rolldown's output metadata: its static and
 * dynamic imports, and the assets (a worker's script, an image) and stylesheets it references.
 */
export type ChunkLinks = ReadonlyMap<BuildFile, readonly BuildFile[]>;

export function chunkLinks(output: readonly (Rollup.OutputChunk | Rollup.OutputAsset)[]) {
  const links = new Map<BuildFile, BuildFile[]>();
  for (const file of output) {
    if (file.type !== 'chunk') continue;
    links.set(file.fileName, [
      ...file.imports,
      ...file.dynamicImports,
      ...(file.viteMetadata?.importedAssets ?? []),
      ...(file.viteMetadata?.importedCss ?? []),
    ]);
  }
  return links;
}

const ASSETS = 'assets/';

/** A file the build may delete when nothing reaches it. */
function isCandidate(file: BuildFile): boolean {
  return file.endsWith('.data') || file.startsWith(ASSETS);
}

// Any origin will do: only the path of a same-origin reference matters.
const ORIGIN = 'https://site.invalid';

/**
 * The build file a reference names, resolved against the URL of the file it appears in;
 * undefined for another origin, a `data:` URL or a fragment of the same document.
 */
function resolve(reference: string, fromUrl: string): BuildFile | undefined {
  const trimmed = reference.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return undefined;
  let url: URL;
  try {
    url = new URL(trimmed, `${ORIGIN}${fromUrl}`);
  } catch {
    return undefined;
  }
  if (url.origin !== ORIGIN) return undefined;
  return decodeURIComponent(url.pathname).replace(/^\/+/, '');
}

/** The URL a browser fetches a page from: `contact/index.html` at `/contact`. */
function pageUrl(page: BuildFile): string {
  const path = page.replace(/(^|\/)index\.html$/, '');
  return `/${path}`;
}

const RESOURCE_ATTRIBUTES = ['src', 'href', 'poster', 'data'] as const;

function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(',')
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

/** Every URL a stylesheet names: `url(...)` and `@import "..."`. */
export function cssUrls(css: string): string[] {
  const urls: string[] = [];
  for (const match of css.matchAll(/url\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"]*?))\s*\)/g)) {
    urls.push(match[1] ?? match[2] ?? match[3] ?? '');
  }
  for (const match of css.matchAll(/@import\s+(?:"([^"]*)"|'([^']*)')/g)) {
    urls.push(match[1] ?? match[2] ?? '');
  }
  return urls.filter(Boolean);
}

/**
 * The modules and files a script without bundle metadata names (a worker the browser build
 * emitted as an asset): static and dynamic imports and `new URL(..., import.meta.url)`.
 */
export function scriptUrls(js: string): string[] {
  const urls: string[] = [];
  const pattern = /(?:\bfrom\s*|\bimport\s*\(?\s*|\bnew URL\(\s*)(["'`])([^"'`]+)\1/g;
  for (const match of js.matchAll(pattern)) {
    const url = match[2] ?? '';
    if (/^(?:\/|\.\.?\/)/.test(url)) urls.push(url);
  }
  return urls;
}

/** Every URL a page names for the browser to fetch or link: attributes, inline styles. */
function pageUrls(html: string): string[] {
  const urls: string[] = [];
  for (const element of elements(parseHtml(html, false))) {
    for (const name of RESOURCE_ATTRIBUTES) {
      const value = attribute(element, name);
      if (value) urls.push(value);
    }
    for (const name of ['srcset', 'imagesrcset']) {
      const value = attribute(element, name);
      if (value) urls.push(...srcsetUrls(value));
    }
    const style = attribute(element, 'style');
    if (style) urls.push(...cssUrls(style));
    if (element.tagName === 'style') urls.push(...cssUrls(textOf(element)));
  }
  return urls;
}

export interface TrimPlan {
  /** Every file of the build that stays, sorted. */
  keep: BuildFile[];
  /** The `.data` files and the assets nothing reaches, sorted. */
  remove: BuildFile[];
}

/**
 * Which files of a build stay and which go. `files` is every file of the build; `pages` the
 * prerendered pages among them; `read` gives a file's text; `links` is the browser build's
 * chunk graph. Throws, naming each, when a page, a chunk or a stylesheet references a file
 * under `assets/` that the build does not have.
 */
export function planTrim(options: {
  files: readonly BuildFile[];
  pages: readonly BuildFile[];
  read: (file: BuildFile) => string;
  links: ChunkLinks;
}): TrimPlan {
  const { files, pages, read, links } = options;
  const existing = new Set(files);
  const reached = new Set<BuildFile>();
  const missing: string[] = [];
  const queue: BuildFile[] = [];

  const reach = (file: BuildFile, from: BuildFile) => {
    // Only what could be deleted is followed: pages' links to other pages and public files
    // are neither candidates nor able to reach an asset.
    if (!isCandidate(file) || reached.has(file)) return;
    if (!existing.has(file)) {
      missing.push(`${file} (referenced by ${from})`);
      return;
    }
    reached.add(file);
    queue.push(file);
  };

  for (const page of pages) {
    const url = pageUrl(page);
    for (const reference of pageUrls(read(page))) {
      const file = resolve(reference, url);
      if (file !== undefined) reach(file, page);
    }
  }
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const linked = links.get(file);
    if (linked) {
      for (const target of linked) reach(target, file);
      continue;
    }
    // A file the chunk graph does not describe: read what it names.
    const names = file.endsWith('.css')
      ? cssUrls(read(file))
      : /\.m?js$/.test(file)
        ? scriptUrls(read(file))
        : [];
    for (const reference of names) {
      const target = resolve(reference, `/${file}`);
      if (target !== undefined) reach(target, file);
    }
  }
  if (missing.length > 0) {
    throw new Error(`the build references files it does not have: ${missing.join(', ')}`);
  }
  const keep = files.filter((file) => !isCandidate(file) || reached.has(file));
  const remove = files.filter((file) => isCandidate(file) && !reached.has(file));
  return { keep: [...keep].sort(), remove: [...remove].sort() };
}

/** Every file under `dir`, relative to it, with `/` separators. */
async function buildFiles(dir: string): Promise<BuildFile[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
}

/**
 * Deletes from the build in `clientDir` every `.data` file and every asset that nothing the
 * site serves reaches (planTrim); returns what it deleted and how many bytes that was.
 */
export async function trimBuild(
  clientDir: string,
  pages: readonly string[],
  links: ChunkLinks,
): Promise<{ removed: BuildFile[]; bytes: number }> {
  const files = await buildFiles(clientDir);
  const texts = new Map<BuildFile, string>();
  await Promise.all(
    files
      .filter((file) => /\.(?:html|css|m?js)$/.test(file))
      .map(async (file) => texts.set(file, await readFile(join(clientDir, file), 'utf8'))),
  );
  const plan = planTrim({
    files,
    pages: pages.map((page) => relative(clientDir, page).split(sep).join('/')),
    read: (file) => texts.get(file) ?? '',
    links,
  });
  let bytes = 0;
  for (const file of plan.remove) {
    const path = join(clientDir, ...file.split('/'));
    bytes += (await stat(path)).size;
    await rm(path);
  }
  return { removed: plan.remove, bytes };
}
