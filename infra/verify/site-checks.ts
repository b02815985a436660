import { API_PATHS, type HealthResponse } from '@kryon/shared/api';
import { HSTS_MAX_AGE_SECONDS } from '@kryon/shared/security-headers';
import { type CheckResult, fail, guarded, ok, skipped, warn } from './check.ts';

export interface SiteTarget {
  /** The site's origin as visitors reach it: the distribution or the domain, or local. */
  siteUrl: string;
  /**
   * The API's own execute-api address, which must refuse a direct call (only CloudFront,
   * with its client certificate, reaches the API). Undefined where there is none (local).
   */
  executeApiUrl?: string;
  /** A label no earlier run used: the missing page asked for is unique to this run. */
  runId: string;
}

/** How long one request may take before the check calls the site unreachable. */
const REQUEST_TIMEOUT_MS = 15_000;

/** The page every missing path is answered with; its title says so. */
const NOT_FOUND_TITLE = '<title>Page not found';

/**
 * The site as a visitor's browser gets it: a page with its security headers, the site's own
 * 404 for what does not exist (never the home page of a single-page fallback), and the API's
 * health behind the same origin; and the execute-api address refusing a direct call.
 */
export async function siteChecks(target: SiteTarget): Promise<CheckResult[]> {
  const site = target.siteUrl.replace(/\/$/, '');
  const https = site.startsWith('https://');
  const results = await Promise.all([
    guarded(
      'page and its headers',
      'The site does not answer: is the distribution deployed and the domain pointed at it (README "Deploy")?',
      async () => {
        const response = await get(`${site}/features`);
        const body = await response.text();
        const out: CheckResult[] = [];
        const name = 'page and its headers';
        if (response.status !== 200 || !body.includes('<title>Features')) {
          return fail(
            name,
            `GET /features answered ${response.status}${body.includes('<title>') ? '' : ' without a page'}`,
            'The site is not served: check the stack output SiteUrl and the last deploy (the site is uploaded by it).',
          );
        }
        const csp = response.headers.get('content-security-policy') ?? '';
        const scripts = /(?:^|;)\s*script-src ([^;]*)/.exec(csp)?.[1] ?? '';
        out.push(
          csp.includes("default-src 'none'") || csp.includes("default-src 'self'")
            ? scripts.includes("'unsafe-inline'")
              ? fail(
                  name,
                  'CSP lets inline scripts run',
                  'The response headers policy has a weakened CSP: compare infra/lib/csp.ts with the deployed policy.',
                )
              : ok(name, 'GET /features: 200 with Content-Security-Policy')
            : fail(
                name,
                csp
                  ? `CSP without a default-src: ${csp.slice(0, 80)}`
                  : 'no Content-Security-Policy header',
                "The site's response headers policy is missing from the distribution's default behaviour (infra/lib/static-site.ts).",
              ),
        );
        if (!https) {
          out.push(skipped('HSTS', `${site} is http: HSTS is sent over https only`));
        } else {
          const hsts = response.headers.get('strict-transport-security') ?? '';
          const maxAge = Number(/max-age=(\d+)/.exec(hsts)?.[1] ?? 0);
          out.push(
            maxAge >= HSTS_MAX_AGE_SECONDS
              ? ok('HSTS', hsts)
              : fail(
                  'HSTS',
                  hsts
                    ? `max-age ${maxAge}, below ${HSTS_MAX_AGE_SECONDS}`
                    : 'no Strict-Transport-Security header',
                  'The response headers policy lost its HSTS: compare infra/lib/static-site.ts with the deployed policy.',
                ),
          );
        }
        return out;
      },
    ),
    guarded(
      'missing page is the 404',
      'The site does not answer: see "page and its headers".',
      async () => {
        const name = 'missing page is the 404';
        const results: CheckResult[] = [];
        for (const path of [
          `/verify-${target.runId}-missing`,
          `/verify-${target.runId}-missing.png`,
        ]) {
          const response = await get(`${site}${path}`);
          const body = await response.text();
          results.push(
            response.status === 404 && body.includes(NOT_FOUND_TITLE)
              ? ok(name, `GET ${path}: 404, the site's page`)
              : fail(
                  name,
                  `GET ${path} answered ${response.status}${body.includes(NOT_FOUND_TITLE) ? '' : ', not the site’s 404 page'}`,
                  'The site router (CloudFront Function) or the error responses changed: a missing page must be 404 with /404/index.html, never the home page (infra/lib/site-router.ts).',
                ),
          );
        }
        return results;
      },
    ),
    guarded(
      'health',
      'The API is not reached through the site: check the apiOrigin CNAME (output ApiOriginTarget) and the /api/* behaviour.',
      async () => {
        const response = await get(`${site}${API_PATHS.health}`);
        const text = await response.text();
        const health = parseJson(text) as Partial<HealthResponse> | undefined;
        const services = health?.services;
        if (!services) {
          return fail(
            'health',
            `GET ${API_PATHS.health} answered ${response.status}: ${text.slice(0, 120)}`,
            'The API is not reached through the site: a 403 is a stale origin secret (README "Rotating the secrets"), a 502 the apiOrigin CNAME or its certificate.',
          );
        }
        const detail = `database ${services.database}, email ${services.email}`;
        if (services.email === 'sandbox' && services.database === 'up') {
          return warn(
            'health',
            detail,
            'SES is in the sandbox: visitors get no e-mail until production access is granted (README "SES", step 4).',
          );
        }
        return response.status === 200 && health.success === true
          ? ok('health', detail)
          : fail(
              'health',
              `${response.status}: ${detail}`,
              services.email === 'unverified'
                ? 'The sender identity is not verified: publish the DKIM records (outputs DkimRecord1..3) and wait (README "SES", step 3).'
                : 'A service is down: see the function logs and the dashboard (output DashboardUrl).',
            );
      },
    ),
    target.executeApiUrl
      ? guarded('execute-api refuses', 'unreachable', async () => {
          const url = `${target.executeApiUrl?.replace(/\/$/, '')}${API_PATHS.health}`;
          let status: number;
          try {
            status = (await get(url)).status;
          } catch (error) {
            return ok(
              'execute-api refuses',
              `no answer (${error instanceof Error ? error.name : 'error'}): the address does not exist`,
            );
          }
          return status === 200
            ? fail(
                'execute-api refuses',
                `GET ${url} answered 200`,
                'The API answers without CloudFront: its execute-api endpoint must be disabled (disableExecuteApiEndpoint, infra/lib/forms-api.ts); redeploy.',
              )
            : ok('execute-api refuses', `GET ${url} answered ${status}`);
        })
      : [skipped('execute-api refuses', 'no account: the local API has no execute-api address')],
  ]);
  return results.flat();
}

async function get(url: string): Promise<Response> {
  return fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
