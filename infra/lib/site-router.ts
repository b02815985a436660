import { buildCsp, type PageInlineSources } from './csp.ts';

/** CloudFront refuses function code larger than this. */
export const CLOUDFRONT_FUNCTION_MAX_BYTES = 10_240;

/** The prerendered not-found page: `/404/index.html` in the build. */
export const NOT_FOUND_PAGE = '/404';

const SCRIPTS = '{S}';
const STYLES = '{T}';

export interface SiteRouterOptions {
  /** Origins the pages may call besides their own: the API on a name of its own. */
  connectOrigins?: readonly string[];
}

/**
 * The source of the site behaviour's CloudFront Function (runtime cloudfront-js-2.0,
 * attached to viewer-request AND viewer-response), generated from the build's pages:
 *
 * - viewer-request: a clean URL of a known page becomes its `index.html`; any other path
 *   without a file extension, and any `.html` path that is not a page's (an old link such
 *   as `/pricing.html`), becomes `/404/index.html`; other paths with an extension pass.
 * - viewer-response: unknown pages, `/404` itself and S3's 403 for a missing key answer
 *   404, and every page gets a Content-Security-Policy with the hashes of its own inline
 *   scripts (a site-wide list of every page's hashes would exceed CloudFront's limit on
 *   a policy's CSP).
 *
 * Only this behaviour runs it, so `/api/*` errors are never rewritten. The code is plain
 * ES5 plus what the 2.0 runtime documents.
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
var NF=${JSON.stringify(NOT_FOUND_PAGE)};
var T=${JSON.stringify(template)};
function own(o,k){return Object.prototype.hasOwnProperty.call(o,k);}
function get(key){if(key===null){return null;}var i=key.lastIndexOf('/');var d=key.slice(0,i);var n=key.slice(i+1);return own(P,d)&&own(P[d],n)?P[d][n]:null;}
function clean(path){var p=path.replace(/\\/+$/,'');return p===''?'/':p;}
function sources(ids){var out='';for(var i=0;i<ids.length;i++){out+=" 'sha256-"+H[ids[i]]+"'";}return out;}
function csp(page){var s=sources(C.concat(page[0]));var t=sources(page[1]);return T.replace(' ${SCRIPTS}',function(){return s;}).replace(' ${STYLES}',function(){return t;});}
function handler(event){
  var request=event.request;
  var uri=request.uri;
  var isFile=/\\.[^\\/]*$/.test(uri);
  var key=isFile?(/\\/index\\.html$/.test(uri)?clean(uri.slice(0,-10)):null):clean(uri);
  var found=key!==NF&&get(key)!==null;
  var missing=(!isFile||/\\.html$/.test(uri))&&!found;
  if(event.context.eventType==='viewer-response'){
    var response=event.response;
    if(missing||response.statusCode===403){
      response.statusCode=404;
      response.statusDescription='Not Found';
    }
    var page=missing?get(NF):get(key);
    if(page){response.headers['content-security-policy']={value:csp(page)};}
    return response;
  }
  if(missing){request.uri=NF+'/index.html';}else if(!isFile){request.uri=(key==='/'?'':key)+'/index.html';}
  return request;
}
`;
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

function stripHashQuotes(hash: string): string {
  return hash.replace(/^'sha256-/, '').replace(/'$/, '');
}
