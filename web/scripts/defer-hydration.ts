import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { relative } from 'node:path';
import {
  applyEdits,
  attribute,
  type Edit,
  type Element,
  elements,
  emptyElement,
  endOfContent,
  type NewAttribute,
  parseHtml,
  scriptKind,
  sourceSpan,
  textOf,
} from './html-tree.ts';

/**
 * Content first: the prerendered HTML paints with no script requested. Module preloads leave
 * the head and every script becomes an inert placeholder; one small async boot script
 * (hydration-boot.js) preloads the modules and brings the scripts to life after the first
 * paint. Runs after externalize-inline-scripts, so every script here has a `src`.
 * See docs/decisions/025-content-first-hydration.md.
 *
 * The page is read with an HTML parser, so the framework may write its tags in any form. What
 * this step cannot carry over faithfully fails the build, naming the page: a page with no
 * module preload or no module script to defer (the framework's markup changed, and the page
 * would otherwise keep loading its scripts before the first paint, or never hydrate), and an
 * attribute the boot script would not reproduce on the live element.
 */
export const INERT_TYPE = 'text/x-deferred';

/** What the boot script reproduces: a placeholder's id, source and module type; a preload's URL. */
const SCRIPT_ATTRIBUTES = new Set(['src', 'type', 'id', 'async', 'defer']);
const PRELOAD_ATTRIBUTES = new Set(['rel', 'href']);

export function deferHydrationHtml(html: string, bootSrc: string, page = 'page'): string {
  const document = parseHtml(html);
  const modules: string[] = [];
  const edits: Edit[] = [];
  let head: Element | undefined;
  let entryModules = 0;
  for (const element of elements(document)) {
    if (element.tagName === 'head') head ??= element;
    if (element.tagName === 'link' && relTokens(element).includes('modulepreload')) {
      expectOnly(element, PRELOAD_ATTRIBUTES, page);
      const href = attribute(element, 'href');
      if (!href) throw new Error(`${page}: a <link rel="modulepreload"> has no href`);
      modules.push(href);
      edits.push({ ...sourceSpan(element), text: '' });
    } else if (element.tagName === 'script') {
      const kind = scriptKind(element);
      if (kind === 'data') continue;
      const src = attribute(element, 'src');
      if (src === undefined || (kind !== 'classic' && kind !== 'module')) {
        if (textOf(element).trim() === '') continue;
        throw new Error(`${page}: an inline script would run before the first paint`);
      }
      expectOnly(element, SCRIPT_ATTRIBUTES, page);
      if (kind === 'module') entryModules += 1;
      edits.push({ ...sourceSpan(element), text: placeholder(element, src, kind) });
    }
  }
  if (modules.length === 0) {
    throw new Error(
      `${page}: no <link rel="modulepreload"> to defer: the framework's markup has changed, ` +
        'and the boot script would start the page without its modules preloaded',
    );
  }
  if (entryModules === 0) {
    throw new Error(
      `${page}: no module <script> to defer: the framework's markup has changed, ` +
        'and the page would never hydrate',
    );
  }
  const bootAt = head && endOfContent(head);
  if (bootAt === undefined) throw new Error(`${page}: no <head> for the boot script`);
  const boot = emptyElement('script', [
    ['async', true],
    ['src', bootSrc],
    ['data-modules', modules.join(' ')],
  ]);
  edits.push({ start: bootAt, end: bootAt, text: boot });
  return applyEdits(html, edits);
}

/** The placeholder keeps the script's place and id; the boot script reads the rest. */
function placeholder(script: Element, src: string, kind: 'classic' | 'module'): string {
  const id = attribute(script, 'id');
  const attrs: NewAttribute[] = [['type', INERT_TYPE]];
  if (id !== undefined) attrs.push(['id', id]);
  attrs.push(['data-src', src]);
  if (kind === 'module') attrs.push(['data-module', '']);
  return emptyElement('script', attrs);
}

function relTokens(link: Element): string[] {
  return (attribute(link, 'rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
}

function expectOnly(element: Element, known: ReadonlySet<string>, page: string): void {
  const unknown = element.attrs.map((a) => a.name).filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new Error(
      `${page}: <${element.tagName}> carries ${unknown.join(', ')}, which the boot script ` +
        'would drop: teach scripts/hydration-boot.js to carry it',
    );
  }
}

/**
 * What content first promises of a finished page, as a list of what is wrong with it (empty
 * when it holds): nothing requests a script before the first paint (no module preload, no
 * script preload, no script that runs but the boot script), the one boot script is async and
 * lists the modules, and the page's scripts wait as placeholders, its entry module among them.
 */
export function contentFirstProblems(html: string): string[] {
  const problems: string[] = [];
  const boots: Element[] = [];
  let entryPlaceholders = 0;
  for (const element of elements(parseHtml(html, false))) {
    if (element.tagName === 'link') {
      const rel = relTokens(element);
      const as = (attribute(element, 'as') ?? '').toLowerCase();
      if (rel.includes('modulepreload') || (rel.includes('preload') && as === 'script')) {
        problems.push(`a script is preloaded before the first paint: rel="${rel.join(' ')}"`);
      }
    }
    if (element.tagName !== 'script') continue;
    if (attribute(element, 'type') === INERT_TYPE) {
      if (!attribute(element, 'data-src')) problems.push('a placeholder has no data-src');
      if (attribute(element, 'data-module') !== undefined) entryPlaceholders += 1;
      continue;
    }
    if (scriptKind(element) === 'data') continue;
    if (attribute(element, 'src') === undefined && textOf(element).trim() === '') continue;
    if (attribute(element, 'data-modules') !== undefined) boots.push(element);
    else problems.push(`a script runs before the first paint: ${tagOf(element)}`);
  }
  const [boot, ...extra] = boots;
  if (!boot) problems.push('no boot script');
  else {
    if (extra.length > 0) problems.push(`${boots.length} boot scripts`);
    if (attribute(boot, 'async') === undefined) problems.push('the boot script is not async');
    if (!attribute(boot, 'src')) problems.push('the boot script has no src');
    if (!attribute(boot, 'data-modules')?.trim()) problems.push('the boot script lists no module');
  }
  if (entryPlaceholders === 0) problems.push('no module script waits for the boot script');
  return problems;
}

function tagOf(script: Element): string {
  return `<script${script.attrs.map((a) => ` ${a.name}="${a.value}"`).join('')}>`;
}

/**
 * True for a page the router hydrates: the root layout marks its <html data-router> when it
 * writes the router's scripts. Every other page loads the site script and nothing more.
 */
export function routerHydrates(html: string): boolean {
  for (const element of elements(parseHtml(html, false))) {
    if (element.tagName === 'html') return attribute(element, 'data-router') !== undefined;
  }
  return false;
}

/**
 * What a page that hydrates no route promises, as a list of what is wrong with it: no module
 * preload, and one script that runs, the site script given.
 */
export function staticPageProblems(html: string, siteSrc: string): string[] {
  const problems: string[] = [];
  let site = 0;
  for (const element of elements(parseHtml(html, false))) {
    if (element.tagName === 'link' && relTokens(element).includes('modulepreload')) {
      problems.push('a page that hydrates no route preloads a module');
    }
    if (element.tagName !== 'script' || scriptKind(element) === 'data') continue;
    if (scriptKind(element) === 'module' && attribute(element, 'src') === siteSrc) site += 1;
    else problems.push(`a page that hydrates no route runs another script: ${tagOf(element)}`);
  }
  if (site !== 1) problems.push(`the site script is there ${site} times, not once`);
  return problems;
}

/**
 * Writes the boot script as a hashed asset and rewrites every page of `files` the router
 * hydrates; checks that every other page runs the site script alone.
 */
export async function deferHydration(
  clientDir: string,
  files: string[],
  siteSrc: string,
): Promise<void> {
  const code = await readFile(new URL('./hydration-boot.js', import.meta.url), 'utf8');
  const name = `boot-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`;
  await writeFile(`${clientDir}/assets/${name}`, code);
  for (const file of files) {
    const page = relative(clientDir, file);
    const built = await readFile(file, 'utf8');
    if (!routerHydrates(built)) {
      const problems = staticPageProblems(built, siteSrc);
      if (problems.length > 0) throw new Error(`${page}: ${problems.join('; ')}`);
      continue;
    }
    const html = deferHydrationHtml(built, `/assets/${name}`, page);
    // The rewrite is checked against what it promises, so no later change to it (or to the
    // markup it reads) ships a page that loads scripts before painting.
    const problems = contentFirstProblems(html);
    if (problems.length > 0) throw new Error(`${page}: ${problems.join('; ')}`);
    await writeFile(file, html);
  }
}
