import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';

/**
 * Moves every inline <script> of the prerendered HTML into a content-hashed file, so the
 * Content-Security-Policy can be `script-src 'self'`: no 'unsafe-inline', and no per-page
 * hashes (CloudFront caps a policy header at 1,783 characters; the pages hold hundreds of
 * distinct inline scripts).
 * JSON-LD blocks are data, not scripts, and stay inline.
 */
const INLINE_SCRIPT = /<script((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*>([\s\S]*?)<\/script>/g;
const DATA_TYPES = /\stype="application\/(ld\+)?json"/;

export function externalizeHtml(
  html: string,
  write: (fileName: string, code: string) => void,
  publicDir = '/assets/inline',
): string {
  return html.replace(INLINE_SCRIPT, (whole, attrs: string, code: string) => {
    if (/\ssrc=/.test(attrs) || DATA_TYPES.test(attrs) || code.trim() === '') return whole;
    const name = `${createHash('sha256').update(code).digest('hex').slice(0, 20)}.js`;
    write(name, code);
    return `<script${deferred(attrs)} src="${publicDir}/${name}"></script>`;
  });
}

/**
 * Every moved script is deferred. Deferred classic scripts and module scripts run in one queue,
 * in document order, once the HTML is parsed, so the router context still precedes the entry
 * module, and no script blocks the first paint.
 * The entry module must not keep `async` once it has a `src`: React 19 treats
 * `<script async src>` as a hoistable resource and skips it while hydrating, then finds the
 * next element where it expects this one and re-renders the whole page.
 */
function deferred(attrs: string): string {
  if (/\stype="module"/.test(attrs)) return attrs.replace(/\sasync(="[^"]*")?/, '');
  return /\sdefer\b/.test(attrs) ? attrs : `${attrs} defer`;
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
    const rewritten = externalizeHtml(html, (name, code) => scripts.set(name, code));
    await writeFile(file, rewritten);
  }
  await Promise.all([...scripts].map(([name, code]) => writeFile(join(outDir, name), code)));
  return scripts.size;
}
