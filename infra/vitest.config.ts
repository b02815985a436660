import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'bin/**/*.test.ts',
      'lib/**/*.test.ts',
      'test/**/*.test.ts',
      'verify/**/*.test.ts',
      'scripts/**/*.test.ts',
    ],
    // Synthesizing a stack (and, once, bundling the functions with esbuild) takes seconds.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
