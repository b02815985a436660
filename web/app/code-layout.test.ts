// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The import rule between web/app's folders (docs/code-layout.md) is enforced by Biome's
 * noRestrictedImports in the repository's .biome.jsonc. These probes run that very config on
 * small files placed where the rule applies, in a scratch copy of the folder layout, so the
 * source tree is never written to.
 */

const repoRoot = join(import.meta.dirname, '../..');
const biome = createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome');

/** Probe files by path below the repository root, each with one import. */
const PROBES = {
  'web/app/features/research/probe-articles.ts': '../articles/article-card.tsx',
  'web/app/features/research/probe-features-path.ts': '../../features/articles/article-card.tsx',
  'web/app/features/marketing/probe-lead-forms.ts': '../lead-forms/lead-page-parts.tsx',
  'web/app/features/research/probe-lead-forms.ts': '../lead-forms/demo-form.tsx',
  'web/app/components/forms/probe-content.test.ts': '../../content/contact-page.ts',
  'web/app/components/forms/probe-feature.test.ts': '../../features/lead-forms/demo-form.tsx',
  'web/app/features/articles/probe-route.ts': '../../routes/home.tsx',
  'web/app/components/ui/probe-feature.ts': '../../features/layout/logo.tsx',
  'web/app/components/ui/probe-content.ts': '../../content/home-page.ts',
  'web/app/lib/probe-route.ts': '../routes/article.tsx',
  'web/app/content/probe-feature.ts': '../features/marketing/card-summary.ts',
  'web/app/features/articles/probe-island.ts': '../../islands/island.tsx',
  'web/app/lib/probe-browser.ts': '../browser/site.ts',
  // What stays allowed: own folder, components, lib and content from a feature.
  'web/app/features/research/probe-own.ts': './research-card.tsx',
  'web/app/features/research/probe-component.ts': '../../components/ui/button.tsx',
  'web/app/features/research/probe-lib.ts': '../../lib/dates.ts',
  'web/app/features/research/probe-content.ts': '../../content/research-items.ts',
  'web/app/components/ui/probe-lib.ts': '../../lib/use-hydrated.ts',
  'web/app/content/probe-component.ts': '../components/ui/tone.ts',
  // The backend: the lead domain names ports, never the SDK or an adapter; the stack imports
  // the functions by the names their package exports.
  'functions/src/leads/probe-sdk.ts': '@aws-sdk/client-dynamodb',
  'functions/src/leads/probe-adapter.ts': '../adapters/dynamodb.ts',
  'functions/src/leads/forms/probe-adapter.ts': '../../adapters/ses.ts',
  'functions/src/leads/probe-port.ts': './ports.ts',
  'functions/src/leads/probe-adapter.int.test.ts': '../adapters/dynamodb.ts',
  'infra/lib/probe-functions-path.ts': '../../functions/src/config.ts',
  'infra/test/probe-functions-path.ts': '../../functions/src/routes.ts',
  'infra/lib/probe-functions-name.ts': '@kryon/functions/config',
} as const;

type ProbePath = keyof typeof PROBES;

let scratch = '';
let flagged = new Map<string, string[]>();

beforeAll(() => {
  scratch = mkdtempSync(join(tmpdir(), 'code-layout-'));
  copyFileSync(join(repoRoot, '.biome.jsonc'), join(scratch, '.biome.jsonc'));
  for (const [path, source] of Object.entries(PROBES)) {
    mkdirSync(dirname(join(scratch, path)), { recursive: true });
    writeFileSync(join(scratch, path), `import { x } from '${source}';\n\nexport const y = x;\n`);
  }
  let output: string;
  try {
    output = execFileSync(
      process.execPath,
      [
        biome,
        'lint',
        '--vcs-enabled=false',
        '--reporter=json',
        '--max-diagnostics=none',
        'web',
        'functions',
        'infra',
      ],
      { cwd: scratch, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
  } catch (error) {
    // Biome exits non-zero when it reports errors, which is what the probes are for.
    output = String((error as { stdout?: string }).stdout ?? '');
  }
  const report = JSON.parse(output) as {
    diagnostics: { category: string; message: string; location: { path: string } }[];
  };
  flagged = new Map();
  for (const diagnostic of report.diagnostics) {
    if (diagnostic.category !== 'lint/style/noRestrictedImports') continue;
    const messages = flagged.get(diagnostic.location.path) ?? [];
    messages.push(diagnostic.message);
    flagged.set(diagnostic.location.path, messages);
  }
}, 30_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

function messagesOf(path: ProbePath): string[] {
  return flagged.get(path) ?? [];
}

describe('the import rule between folders of web/app', () => {
  it.each([
    'web/app/features/research/probe-articles.ts',
    'web/app/features/research/probe-features-path.ts',
    'web/app/features/marketing/probe-lead-forms.ts',
    'web/app/features/research/probe-lead-forms.ts',
  ] as const)('forbids one feature to import another: %s', (path) => {
    expect(messagesOf(path)).toEqual([
      expect.stringContaining('Features do not import each other'),
    ]);
  });

  it('forbids a feature to import a route', () => {
    expect(messagesOf('web/app/features/articles/probe-route.ts')).toEqual([
      expect.stringContaining('a feature never imports a route'),
    ]);
  });

  it('forbids features and lib to import the islands or the browser scripts', () => {
    expect(messagesOf('web/app/features/articles/probe-island.ts')).toEqual([
      expect.stringContaining('a feature never imports them'),
    ]);
    expect(messagesOf('web/app/lib/probe-browser.ts')).toHaveLength(1);
  });

  it('forbids components, lib and content to import features or routes', () => {
    expect(messagesOf('web/app/components/ui/probe-feature.ts')).toHaveLength(1);
    expect(messagesOf('web/app/lib/probe-route.ts')).toHaveLength(1);
    expect(messagesOf('web/app/content/probe-feature.ts')).toHaveLength(1);
  });

  it('keeps copy and data out of components', () => {
    expect(messagesOf('web/app/components/ui/probe-content.ts')).toEqual([
      expect.stringContaining('Components hold no copy and no data'),
    ]);
  });

  it("lets a component's test use the real page copy, but still no feature", () => {
    expect(messagesOf('web/app/components/forms/probe-content.test.ts')).toEqual([]);
    expect(messagesOf('web/app/components/forms/probe-feature.test.ts')).toEqual([
      expect.stringContaining('Components import no feature'),
    ]);
  });

  it.each([
    'web/app/features/research/probe-own.ts',
    'web/app/features/research/probe-component.ts',
    'web/app/features/research/probe-lib.ts',
    'web/app/features/research/probe-content.ts',
    'web/app/components/ui/probe-lib.ts',
    'web/app/content/probe-component.ts',
  ] as const)('allows the imports that point down the layers: %s', (path) => {
    expect(messagesOf(path)).toEqual([]);
  });
});

describe('the import rules of the backend', () => {
  it.each([
    'functions/src/leads/probe-sdk.ts',
    'functions/src/leads/probe-adapter.ts',
    'functions/src/leads/forms/probe-adapter.ts',
  ] as const)('keeps the AWS SDK and the adapters out of the lead domain: %s', (path) => {
    expect(messagesOf(path)).toEqual([expect.stringContaining('The lead domain imports no')]);
  });

  it('lets the domain import its ports, and its integration tests the real adapters', () => {
    expect(messagesOf('functions/src/leads/probe-port.ts')).toEqual([]);
    expect(messagesOf('functions/src/leads/probe-adapter.int.test.ts')).toEqual([]);
  });

  it("keeps the stack to the functions' exported names, never a path into their source", () => {
    for (const path of [
      'infra/lib/probe-functions-path.ts',
      'infra/test/probe-functions-path.ts',
    ] as const) {
      expect(messagesOf(path)).toEqual([
        expect.stringContaining('infra imports the functions by name'),
      ]);
    }
    expect(messagesOf('infra/lib/probe-functions-name.ts')).toEqual([]);
  });
});
