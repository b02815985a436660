import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import {
  applyEdits,
  attribute,
  type Edit,
  type Element,
  elements,
  emptyElement,
  type NewAttribute,
  parseHtml,
  scriptKind,
  sourceSpan,
  textOf,
} from './html-tree.ts';

/**
 * Moves every inline <script> of the prerendered HTML into a content-hashed file, so the
 * Content-Security-Policy can be `script-src 'self'`: no 'unsafe-inline', and no per-page
 * hashes (CloudFront caps a policy header at 1,783 characters; the pages hold hundreds of
 * distinct inline scripts).
 * Data blocks (JSON-LD, any type a browser does not run) are not scripts and stay inline. An
 * import map or speculation rules cannot be moved to a file, and would need 'unsafe-inline' or
 * a hash, so a page carrying one fails the build rather than ship a script the CSP blocks.
 */
export function externalizeHtml(
  html: string,
  write: (fileName: string, code: string) => void,
  publicDir = '/assets/inline',
  page = 'page',
): string {
  const edits: Edit[] = [];
  for (const script of elements(parseHtml(html))) {
    if (script.tagName !== 'script' || attribute(script, 'src') !== undefined) continue;
    const kind = scriptKind(script);
    if (kind === 'data') continue;
    const code = textOf(script);
    if (code.trim() === '') continue;
    if (kind !== 'classic' && kind !== 'module') {
      throw new Error(
        `${page}: an inline <script type="${attribute(script, 'type')}"> cannot move to a file, ` +
          "and the CSP allows no inline script (script-src 'self')",
      );
    }
    const name = `${createHash('sha256').update(code).digest('hex').slice(0, 20)}.js`;
    write(name, code);
    const attrs = deferred(script, kind).concat([['src', `${publicDir}/${name}`]]);
    edits.push({ ...sourceSpan(script), text: emptyElement('script', attrs) });
  }
  return applyEdits(html, edits);
}

/**
 * Every moved script is deferred. Deferred classic scripts and module scripts run in one queue,
 * in document order, once the HTML is parsed, so the router context still precedes the entry
 * module, and no script blocks the first paint.
 * The entry module must not keep `async` once it has a `src`: React 19 treats
 * `<script async src>` as a hoistable resource and skips it while hydrating, then finds the
 * next element where it expects this one and re-renders the whole page.
 */
function deferred(script: Element, kind: 'classic' | 'module'): NewAttribute[] {
  const attrs = script.attrs.map((a): NewAttribute => [a.name, a.value]);
  if (kind === 'module') return attrs.filter(([name]) => name !== 'async');
  return attrs.some(([name]) => name === 'defer') ? attrs : [...attrs, ['defer', true]];
}

/** The prerendered pages under `clientDir` (not the HTML of bundled assets). */
export async function htmlFiles(clientDir: string): Promise<string[]> {
  const entries = await readdir(clientDir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.html'))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !relative(clientDir, file).startsWith('assets'));
}

/** Rewrites every HTML file under `clientDir`; returns how many scripts were written. */
export async function externalizeInlineScripts(clientDir: string): Promise<number> {
  const outDir = join(clientDir, 'assets', 'inline');
  await mkdir(outDir, { recursive: true });
  const scripts = new Map<string, string>();
  for (const file of await htmlFiles(clientDir)) {
    const html = await readFile(file, 'utf8');
    const rewritten = externalizeHtml(
      html,
      (name, code) => scripts.set(name, code),
      undefined,
      relative(clientDir, file),
    );
    await writeFile(file, rewritten);
  }
  await Promise.all([...scripts].map(([name, code]) => writeFile(join(outDir, name), code)));
  return scripts.size;
}
