import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { API_ROUTES, FALLBACK_HANDLER } from '@kryon/functions/routes';
import { LEAD_FORMS } from '@kryon/shared/api';
import { afterAll, describe, expect, it } from 'vitest';
import { pascal } from '../lib/forms-api.ts';
import { writeSiteFixture } from './site-fixture.ts';
import { synth } from './synth.ts';

// The one synthesis that really runs esbuild (local, no Docker) for every function.
const siteDir = writeSiteFixture();
const { stack, outdir } = synth({ siteDir, bundle: true });
afterAll(() => {
  rmSync(siteDir, { recursive: true, force: true });
  rmSync(outdir, { recursive: true, force: true });
});

interface AssetManifest {
  files: Record<string, { displayName?: string; source: { path: string } }>;
}
const manifest = JSON.parse(
  readFileSync(join(outdir, `${stack.artifactId}.assets.json`), 'utf8'),
) as AssetManifest;

function assetDir(displayName: string): string {
  const entry = Object.values(manifest.files).find((file) => file.displayName === displayName);
  if (!entry) throw new Error(`no asset ${displayName}`);
  return join(outdir, entry.source.path);
}

/** The functions no API route names: the scheduled re-send, and the two events invoke. */
const OTHER_FUNCTIONS: Record<string, string> = {
  resend: 'Resend/Function/Code',
  'delivery-events': 'DeliveryEvents/Function/Code',
  'visitor-brake': 'VisitorBrake/Function/Code',
};

/** The asset of a handler's function: the API's, or one of the others. */
function codeDir(handler: string): string {
  return assetDir(OTHER_FUNCTIONS[handler] ?? `Api/${pascal(handler)}Function/Code`);
}

function bundleOf(handler: string): string {
  return readFileSync(join(codeDir(handler), 'index.js'), 'utf8');
}

const handlers = [
  ...new Set([
    ...API_ROUTES.map((route) => route.handler),
    FALLBACK_HANDLER,
    ...Object.keys(OTHER_FUNCTIONS),
  ]),
];

describe('function bundles', () => {
  it.each(handlers)('%s is one minified CommonJS file with a source map', (handler) => {
    const dir = codeDir(handler);
    expect(readdirSync(dir).sort()).toEqual(['index.js', 'index.js.map']);
    const code = bundleOf(handler);
    expect(code).toContain('sourceMappingURL=index.js.map');
    // Minified: a handful of very long lines, not formatted source.
    expect(code.length / code.split('\n').length).toBeGreaterThan(500);
    expect(code).toMatch(/exports|module\.exports/);
  });

  it.each(handlers)('%s resolves @kryon/shared and needs no package at run time', (handler) => {
    const code = bundleOf(handler);
    expect(code).not.toMatch(/require\("@kryon\//);
    // The one SDK require left is the optional CRT signer (SigV4a only), which the SDK
    // loads inside try/catch; it is not installed and not needed for DynamoDB or SES.
    const sdkRequires = new Set(code.match(/require\("@aws-sdk\/[^"]+"\)/g) ?? []);
    sdkRequires.delete('require("@aws-sdk/signature-v4-crt")');
    expect([...sdkRequires]).toEqual([]);
    expect(code).not.toMatch(/require\("@aws-lambda-powertools\//);
    expect(code).not.toMatch(/require\("zod/);
  });

  it.each(['contact', 'resend'])(
    'carries the AWS SDK clients %s uses inside its bundle',
    (handler) => {
      const code = bundleOf(handler);
      expect(code).toContain('@aws-sdk/client-sesv2');
      expect(code).toContain('@aws-sdk/client-dynamodb');
    },
  );

  it.each(handlers)(
    '%s takes its credentials from the environment only (src/adapters/env-credentials.ts)',
    (handler) => {
      const code = bundleOf(handler);
      // The default chain's SSO, profile and web-identity providers are not in the bundle.
      expect(code).not.toContain('credential-provider-ini');
      expect(code).not.toContain('AWS_WEB_IDENTITY_TOKEN_FILE');
    },
  );

  it.each(LEAD_FORMS)(
    '%s validates with zod/mini, never the classic build (docs/decisions/026)',
    (handler) => {
      const map = JSON.parse(readFileSync(join(codeDir(handler), 'index.js.map'), 'utf8')) as {
        sources: string[];
      };
      const zod = map.sources.filter((source) => source.includes('node_modules/zod/'));
      expect(zod.some((source) => source.includes('/v4/mini/'))).toBe(true);
      expect(zod.filter((source) => source.includes('/v4/classic/'))).toEqual([]);
    },
  );

  it('keeps the functions that call nothing small', () => {
    expect(bundleOf(FALLBACK_HANDLER).length).toBeLessThan(50_000);
  });
});

describe('site upload assets', () => {
  it('splits the build into hashed assets and everything else', () => {
    const assets = assetDir('Site/DeployAssets/Asset1');
    const pages = assetDir('Site/DeployPages/Asset1');
    expect(existsSync(join(assets, 'entry.client-Ab12Cd34.js'))).toBe(true);
    expect(existsSync(join(pages, 'index.html'))).toBe(true);
    expect(existsSync(join(pages, 'features', 'index.html'))).toBe(true);
    expect(existsSync(join(pages, 'assets'))).toBe(false);
  });
});
