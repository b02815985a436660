import { fileURLToPath } from 'node:url';

/**
 * What every Lambda bundle replaces at build time: infra/lib/lead-function.ts (deployed) and
 * scripts/bench.ts (measured) build with these esbuild aliases, so both build the same code.
 */
export const BUNDLE_ALIASES: Readonly<Record<string, string>> = {
  '@aws-sdk/credential-provider-node': fileURLToPath(
    new URL('./adapters/env-credentials.ts', import.meta.url),
  ),
};
