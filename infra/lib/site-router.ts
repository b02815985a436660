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

/**
 * CloudFront KeyValueStore limits on the import file and its pairs ("File format for
 * key-value pairs" in the CloudFront Developer Guide).
 */
export const KEY_VALUE_STORE_LIMITS = {
  fileBytes: 5 * 1024 * 1024,
  keyCharacters: 512,
  valueCharacters: 1024,
} as const;

/** A page's entry in the route table: `p`, its script sources, `|`, its style sources. */
const PAGE = 'p';
/** A file's entry in the route table. */
const FILE = 'f';

/**
 * What the router knows of one build, kept in the CloudFront KeyValueStore attached to it
 * (decision 085): each page by its clean URL (`/`, `/features`) with the inline-script and
 * inline-style hashes of its own policy, and each other file of the build by its path
 * (`/robots.txt`, `/og/x/y.png`), with a one-letter value. Hashed assets are not listed:
 * the router passes `/assets/` unchecked.
 */
export type RouteTable = Readonly<Record<string, string>>;

export interface SiteRouterOptions {
  /**
   * Origins the pages may call besides their own: the API on a name of its own.
   * @default none
   */
  connectOrigins?: readonly string[];
}

/** The route table of a build: its pages and its other files (scanSiteFiles). */
export function siteRouteTable(
  pages: readonly PageInlineSources[],
  files: readonly string[] = [],
): RouteTable {
  const table: Record<string, string> = {};
  for (const file of files) table[file] = FILE;
  for (const page of pages) {
    const sources = (hashes: readonly string[]) => hashes.map((hash) => ` ${hash}`).join('');
    table[page.path] = `${PAGE}${sources(page.scriptHashes)}|${sources(page.styleHashes)}`;
  }
  return Object.fromEntries(Object.entries(table).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/**
 * The route table as the JSON file a KeyValueStore imports (`{"data":[{key,value}]}`); throws
 * when a key, a value or the file exceeds what CloudFront accepts.
 */
export function keyValueStoreData(table: RouteTable): string {
  const data = JSON.stringify({
    data: Object.entries(table).map(([key, value]) => ({ key, value })),
  });
  const tooLong = Object.entries(table).filter(
    ([key, value]) =>
      key.length > KEY_VALUE_STORE_LIMITS.keyCharacters ||
      value.length > KEY_VALUE_STORE_LIMITS.valueCharacters,
  );
  if (tooLong.length > 0) {
    throw new Error(
      `The site router's key value store refuses keys over ${KEY_VALUE_STORE_LIMITS.keyCharacters} ` +
        `and values over ${KEY_VALUE_STORE_LIMITS.valueCharacters} characters: ` +
        `${tooLong.map(([key]) => key).join(', ')} (a path too long, or a page with too many ` +
        'inline scripts or styles: move them into files).',
    );
  }
  const bytes = Buffer.byteLength(data, 'utf8');
  if (bytes > KEY_VALUE_STORE_LIMITS.fileBytes) {
    throw new Error(
      `The site router's key value store data is ${bytes} bytes; CloudFront imports at most ` +
        `${KEY_VALUE_STORE_LIMITS.fileBytes}.`,
    );
  }
  return data;
}

/**
 * The source of the site behaviour's CloudFront Function (cloudfront-js-2.0, viewer-request
 * and viewer-response), the same for every build: rules on the path's shape, and one lookup
 * in the attached key value store (siteRouteTable) for whether a page or file exists
 * (decision 085). Clean URLs go to `index.html`; unknown paths go to the 404 page in
 * viewer-request, since viewer-response never runs on S3's 403; each page gets its own CSP
 * (decisions 012, 013, 032). Its size does not depend on the number of pages.
 */
export function siteRouterCode(options: SiteRouterOptions = {}): string {
  // This header replaces the response headers policy's CSP, so it must allow everything
  // that policy allows, the API's own origin included.
  const template = buildCsp({
    scriptHashes: [SCRIPTS],
    styleHashes: [STYLES],
    connectOrigins: options.connectOrigins ?? [],
  });

  // The store's helper module must be imported in the first lines ("Helper methods for key
  // value stores"); get() rejects for a missing key.
  return `import cf from 'cloudfront';
var kvs=cf.kvs();
var NF=${JSON.stringify(NOT_FOUND_PAGE)};
var A=${JSON.stringify(ASSETS_PREFIX)};
var T=${JSON.stringify(template)};
async function lookup(key){try{return await kvs.get(key);}catch(e){return null;}}
function clean(path){var p=path.replace(/\\/+$/,'');return p===''?'/':p;}
function csp(entry){var parts=entry.slice(1).split('|');return T.replace(' ${SCRIPTS}',function(){return parts[0];}).replace(' ${STYLES}',function(){return parts[1];});}
async function target(uri){
  var key=!/\\.[^\\/]*$/.test(uri)?clean(uri):/\\/index\\.html$/.test(uri)?clean(uri.slice(0,-10)):null;
  if(key===null){
    if(uri.indexOf(A)===0){return {key:''};}
    return (await lookup(uri))===${JSON.stringify(FILE)}?{key:''}:null;
  }
  if(key===NF){return null;}
  var entry=await lookup(key);
  return entry!==null&&entry.charAt(0)===${JSON.stringify(PAGE)}?{key:key,entry:entry}:null;
}
async function handler(event){
  var request=event.request;
  var found=await target(request.uri);
  if(event.context.eventType==='viewer-response'){
    var response=event.response;
    if(found===null){
      response.statusCode=404;
      response.statusDescription='Not Found';
    }
    var entry=found===null?await lookup(NF):found.key===''?null:found.entry;
    if(entry){response.headers['content-security-policy']={value:csp(entry)};}
    return response;
  }
  if(found===null){request.uri=NF+'/index.html';}else if(found.key!==''){request.uri=(found.key==='/'?'':found.key)+'/index.html';}
  return request;
}
`;
}

/**
 * Throws unless the generated router, run as CloudFront runs it, serves every page of the
 * build with 200 (the 404 page with 404) from its own `index.html` and passes every other
 * file of the build through. Synthesis runs it on the real build, which exists only after
 * `npm run build`: a router or route table that would hide a page is refused before it is
 * deployed.
 */
export function assertRoutesBuild(
  code: string,
  table: RouteTable,
  pages: readonly PageInlineSources[],
  files: readonly string[],
): void {
  const handler = loadFunction(code, table);
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
        `${CLOUDFRONT_FUNCTION_MAX_BYTES}. Its code lists no pages (they are in its key ` +
        'value store), so the code itself grew: shorten it.',
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
