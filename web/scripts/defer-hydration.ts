import { createHash } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';

/**
 * Content first: the prerendered HTML paints with no script requested. Module preloads leave
 * the head and every script becomes an inert placeholder; one small async boot script
 * (hydration-boot.js) preloads the modules and brings the scripts to life after the first
 * paint. Runs after externalize-inline-scripts, so every script here has a `src`.
 * See docs/decisions/025-content-first-hydration.md.
 */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const SCRIPT = /<script((?:\s+[a-zA-Z-]+(?:="[^"]*")?)*)\s*><\/script>/g;
export const INERT_TYPE = 'text/x-deferred';

export function deferHydrationHtml(html: string, bootSrc: string): string {
  const modules = [...html.matchAll(MODULE_PRELOAD)].map((m) => m[1] as string);
  const boot = `<script async src="${bootSrc}" data-modules="${modules.join(' ')}"></script>`;
  const withBoot = html.replace(MODULE_PRELOAD, '').replace('</head>', `${boot}</head>`);
  return withBoot.replace(SCRIPT, (whole, attrs: string) => {
    const src = /\ssrc="([^"]+)"/.exec(attrs)?.[1];
    if (!src || src === bootSrc) return whole;
    const id = /\sid="([^"]+)"/.exec(attrs)?.[1];
    const module = /\stype="module"/.test(attrs);
    return `<script type="${INERT_TYPE}"${id ? ` id="${id}"` : ''} data-src="${src}"${module ? ' data-module=""' : ''}></script>`;
  });
}

/** Writes the boot script as a hashed asset and rewrites every HTML file of `files`. */
export async function deferHydration(clientDir: string, files: string[]): Promise<void> {
  const code = await readFile(new URL('./hydration-boot.js', import.meta.url), 'utf8');
  const name = `boot-${createHash('sha256').update(code).digest('hex').slice(0, 12)}.js`;
  await writeFile(`${clientDir}/assets/${name}`, code);
  for (const file of files) {
    await writeFile(file, deferHydrationHtml(await readFile(file, 'utf8'), `/assets/${name}`));
  }
}
