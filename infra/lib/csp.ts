import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '@kryon/shared/security-headers';

/**
 * CloudFront refuses a response headers policy whose Content-Security-Policy value is longer
 * than this (quota "TooLongCSPInResponseHeadersPolicy").
 */
export const CSP_POLICY_MAX_LENGTH = 1783;

/** What one prerendered page runs inline, as CSP source expressions. */
export interface PageInlineSources {
  /** The clean URL the page answers: `/`, `/features`, `/security-intelligence/x/y`. */
  path: string;
  /** The page file, relative to the build dir, with `/` separators. */
  file: string;
  /** `'sha256-…'` of every executable inline `<script>`, in document order, deduplicated. */
  scriptHashes: string[];
  /** `'sha256-…'` of every inline `<style>` element, deduplicated. */
  styleHashes: string[];
}

export interface CspSources {
  /**
   * The page's inline scripts' hashes.
   * @default none: no inline script runs
   */
  scriptHashes?: readonly string[];
  /**
   * The page's inline styles' hashes.
   * @default none: no inline style applies
   */
  styleHashes?: readonly string[];
  /**
   * Origins the pages may call besides their own: a separate API origin.
   * @default none: the page's own origin only
   */
  connectOrigins?: readonly string[];
}

const SCRIPT_ELEMENT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const STYLE_ELEMENT = /<style\b([^>]*)>([\s\S]*?)<\/style\s*>/gi;
// Types a browser executes; any other type (application/json, ld+json) is a data block
// that CSP does not govern, so it needs no hash.
const EXECUTABLE_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/** The CSP hash source of an inline element's text, as the browser computes it. */
export function cspHash(text: string): string {
  // HTML parsing turns CRLF and lone CR into LF before the browser hashes the text.
  const normalised = text.replace(/\r\n?/g, '\n');
  return `'sha256-${createHash('sha256').update(normalised, 'utf8').digest('base64')}'`;
}

/** The text of each inline script a browser would execute, in document order. */
export function inlineScripts(html: string): string[] {
  const scripts: string[] = [];
  for (const match of html.matchAll(SCRIPT_ELEMENT)) {
    const attributes = match[1] ?? '';
    if (attributeValue(attributes, 'src') !== undefined) continue;
    const type = (attributeValue(attributes, 'type') ?? '').trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(type)) continue;
    scripts.push(match[2] ?? '');
  }
  return scripts;
}

/** The text of each inline `<style>` element. */
export function inlineStyles(html: string): string[] {
  return [...html.matchAll(STYLE_ELEMENT)].map((match) => match[2] ?? '');
}

/** The inline sources of one HTML document. */
export function inlineSources(html: string): Omit<PageInlineSources, 'path' | 'file'> {
  return {
    scriptHashes: unique(inlineScripts(html).map(cspHash)),
    styleHashes: unique(inlineStyles(html).map(cspHash)),
  };
}

/**
 * Every prerendered page of a build (each `index.html`, keyed by its clean URL) with the
 * inline sources it needs. An absent dir has no pages.
 */
export function scanSite(siteDir: string): PageInlineSources[] {
  if (!existsSync(siteDir)) return [];
  return htmlFiles(siteDir)
    .filter((file) => file === 'index.html' || file.endsWith('/index.html'))
    .map((file) => ({
      path: `/${file.slice(0, -'index.html'.length)}`.replace(/(.)\/$/, '$1'),
      file,
      ...inlineSources(readFileSync(join(siteDir, file), 'utf8')),
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The site's Content-Security-Policy: the one policy of shared/src/security-headers.ts (what
 * the local server and the browser tests use), plus the hashes of whatever inline scripts
 * and styles a page still carries. Scripts never get 'unsafe-inline'.
 */
export function buildCsp(sources: CspSources = {}): string {
  const extra: Record<string, readonly string[]> = {
    'script-src': sources.scriptHashes ?? [],
    'style-src': sources.styleHashes ?? [],
    'connect-src': sources.connectOrigins ?? [],
  };
  return CONTENT_SECURITY_POLICY.split(';')
    .map((directive) => directive.trim())
    .filter(Boolean)
    .map((directive) => {
      const name = directive.split(/\s+/)[0] ?? '';
      return [directive, ...(extra[name] ?? [])].join(' ');
    })
    .join('; ');
}

/** The policy for API answers: JSON never needs to load or run anything. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'";

function htmlFiles(root: string, dir = root): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...htmlFiles(root, path));
    else if (entry.isFile() && entry.name.endsWith('.html')) {
      files.push(relative(root, path).split(sep).join('/'));
    }
  }
  return files;
}

function attributeValue(attributes: string, name: string): string | undefined {
  const match = new RegExp(
    `(?:^|\\s)${name}(?=[\\s=/>]|$)(?:\\s*=\\s*("[^"]*"|'[^']*'|[^\\s>]+))?`,
    'i',
  ).exec(attributes);
  if (!match) return undefined;
  return (match[1] ?? '').replace(/^["']|["']$/g, '');
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
