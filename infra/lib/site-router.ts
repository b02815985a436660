import { existsSync, readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { loadFunction, roundTrip, viewerRequest } from './cloudfront-function.ts';
import { buildCsp, type PageInlineSources } from './csp.ts';

/** CloudFront refuses function code larger than this. */
export const CLOUDFRONT_FUNCTION_MAX_BYTES = 10_240;

/** The prerendered not-found page: `/404/index.html` in the build. */
export const NOT_FOUND_PAGE = '/404';

const SCRIPTS = '{S}';
const STYLES = '{T}';

export interface SiteRouterOptions {
  /**
   * Origins the pages may call besides their own: the API on a name of its own.
   * @default none
   */
  connectOrigins?: readonly string[];
  /**
   * The build's files besides pages and hashed assets (scanSiteFiles).
   * @default none
   */
  files?: readonly string[];
}

/**
 * The source of the site behaviour's CloudFront Function (cloudfront-js-2.0, viewer-request
 * and viewer-response), generated from the build: clean URLs to `index.html`, unknown paths
 * to the 404 page in viewer-request, since viewer-response never runs on S3's 403, and each
 * page's own CSP (decisions 012, 013, 032). Plain ES5 plus what the 2.0 runtime documents.
 */
export function siteRouterCode(
  pages: readonly PageInlineSources[],
  options: SiteRouterOptions = {},
): string {
  const hashes = [...new Set(pages.flatMap((page) => [...page.scriptHashes, ...page.styleHashes]))];
  const index = (hash: string) => hashes.indexOf(hash);
  // Hashes every page carries are listed once, not per page.
  const common =
    pages[0]?.scriptHashes.filter((hash) =>
      pages.every((page) => page.scriptHashes.includes(hash)),
    ) ?? [];
  const commonSet = new Set(common);
  // Pages grouped by parent path, so the long shared prefixes of article URLs are stored
  // once: the function's 10 KB budget is what limits the number of pages.
  // A page's entry: its own script and style hash indexes.
  const table: Record<string, Record<string, [number[], number[]]>> = {};
  for (const page of pages) {
    const slash = page.path.lastIndexOf('/');
    const parent = page.path.slice(0, slash);
    const group = table[parent] ?? {};
    table[parent] = group;
    group[page.path.slice(slash + 1)] = [
      page.scriptHashes.filter((hash) => !commonSet.has(hash)).map(index),
      page.styleHashes.map(index),
    ];
  }
  // The build's other files, such as /robots.txt.
  const other = Object.fromEntries([...(options.files ?? [])].sort().map((file) => [file, 1]));
  // This header replaces the response headers policy's CSP, so it must allow everything
  // that policy allows, the API's own origin included.
  const template = buildCsp({
    scriptHashes: [SCRIPTS],
    styleHashes: [STYLES],
    connectOrigins: options.connectOrigins ?? [],
  });

  return `var H=${JSON.stringify(hashes.map(stripHashQuotes))};
var C=${JSON.stringify(common.map(index))};
var P=${JSON.stringify(table)};
var F=${JSON.stringify(other)};
var NF=${JSON.stringify(NOT_FOUND_PAGE)};
var A=${JSON.stringify(ASSETS_PREFIX)};
var T=${JSON.stringify(template)};
function own(o,k){return Object.prototype.hasOwnProperty.call(o,k);}
function get(key){if(key===null){return null;}var i=key.lastIndexOf('/');var d=key.slice(0,i);var n=key.slice(i+1);return own(P,d)&&own(P[d],n)?P[d][n]:null;}
function clean(path){var p=path.replace(/\\/+$/,'');return p===''?'/':p;}
function sources(ids){var out='';for(var i=0;i<ids.length;i++){out+=" 'sha256-"+H[ids[i]]+"'";}return out;}
function csp(page){var s=sources(C.concat(page[0]));var t=sources(page[1]);return T.replace(' ${SCRIPTS}',function(){return s;}).replace(' ${STYLES}',function(){return t;});}
function page(key){return key!==NF&&get(key)!==null?key:null;}
function target(uri){
  if(!/\\.[^\\/]*$/.test(uri)){return page(clean(uri));}
  if(/\\/index\\.html$/.test(uri)){return page(clean(uri.slice(0,-10)));}
  if(uri.indexOf(A)===0||own(F,uri)){return '';}
  return null;
}
function handler(event){
  var request=event.request;
  var key=target(request.uri);
  if(event.context.eventType==='viewer-response'){
    var response=event.response;
    if(key===null){
      response.statusCode=404;
      response.statusDescription='Not Found';
    }
    var found=key===null?get(NF):key===''?null:get(key);
    if(found){response.headers['content-security-policy']={value:csp(found)};}
    return response;
  }
  if(key===null){request.uri=NF+'/index.html';}else if(key!==''){request.uri=(key==='/'?'':key)+'/index.html';}
  return request;
}
`;
}

/**
 * Throws unless the generated router, run as CloudFront runs it, serves every page of the
 * build with 200 (the 404 page with 404) from its own `index.html` and passes every other
 * file of the build through. Synthesis runs it on the real build, which exists only after
 * `npm run build`: a router that would hide a page is refused before it is deployed.
 */
export function assertRoutesBuild(
  code: string,
  pages: readonly PageInlineSources[],
  files: readonly string[],
): void {
  const handler = loadFunction(code);
  const wrong: string[] = [];
  for (const page of pages) {
    const { originUri, response } = roundTrip(handler, page.path);
    const expectedUri = `${page.path === '/' ? '' : page.path}/index.html`;
    const expectedStatus = page.path === NOT_FOUND_PAGE ? 404 : 200;
    if (originUri !== expectedUri || response.statusCode !== expectedStatus) {
      wrong.push(`${page.path} -> ${originUri} ${response.statusCode}`);
    }
  }
  for (const file of files) {
    const originUri = viewerRequest(handler, file);
    if (originUri !== file) wrong.push(`${file} -> ${originUri}`);
  }
  if (wrong.length > 0) {
    throw new Error(`The site router would misroute the build: ${wrong.join(', ')}`);
  }
}

/** Throws when the generated code would not fit CloudFront's function size limit. */
export function assertFunctionSize(code: string): void {
  const bytes = Buffer.byteLength(code, 'utf8');
  if (bytes > CLOUDFRONT_FUNCTION_MAX_BYTES) {
    throw new Error(
      `The site router CloudFront Function is ${bytes} bytes; CloudFront allows ` +
        `${CLOUDFRONT_FUNCTION_MAX_BYTES}. The site has too many pages or distinct inline ` +
        'scripts for per-page CSP hashes in function code: move per-page inline data into ' +
        'files, or move the page table into a CloudFront KeyValueStore.',
    );
  }
}

/** The directory of hashed, immutable build assets, which the router lets through unchecked. */
export const ASSETS_PREFIX = '/assets/';

/**
 * The files of a build the router serves besides pages and hashed assets, as URL paths:
 * root files (`/favicon.svg`, `/robots.txt`) and files below the root (the feed, share
 * images, `/.well-known/security.txt`). HTML files are left out: HTML is served only as a
 * page's clean URL.
 */
export function scanSiteFiles(siteDir: string): string[] {
  if (!existsSync(siteDir)) return [];
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return walk(path);
      return entry.isFile() ? [`/${relative(siteDir, path).split(sep).join('/')}`] : [];
    });
  return walk(siteDir)
    .filter((file) => !file.startsWith(ASSETS_PREFIX) && !file.endsWith('.html'))
    .sort();
}

function stripHashQuotes(hash: string): string {
  return hash.replace(/^'sha256-/, '').replace(/'$/, '');
}
