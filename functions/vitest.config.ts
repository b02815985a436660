import { configDefaults, defineConfig } from 'vitest/config';

const INTEGRATION = [
  'src/**/*.int.test.ts',
  'test/**/*.int.test.ts',
  'scripts/**/*.int.test.ts',
  'local/**/*.int.test.ts',
];

/*
 * Two projects, both run by `vitest run`: unit tests touch no network (the AWS SDK is
 * mocked); integration tests run the handlers against dynalite and aws-ses-v2-local, which
 * the global setup starts once per run on free ports.
 */
export default defineConfig({
  test: {
    // The Powertools logger writes JSON lines to stdout; tests assert on answers instead.
    env: {
      POWERTOOLS_LOG_LEVEL: 'SILENT',
      // Metrics too (EMF JSON on stdout); adapters/metrics.test.ts checks what they write.
      POWERTOOLS_METRICS_DISABLED: 'true',
    },
    restoreMocks: true,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // test/ holds the fakes' own contract run (test/fake-lead-store.test.ts).
          include: [
            'src/**/*.test.ts',
            'scripts/**/*.test.ts',
            'local/**/*.test.ts',
            'test/**/*.test.ts',
          ],
          exclude: [...configDefaults.exclude, ...INTEGRATION],
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: INTEGRATION,
          globalSetup: ['test/global-setup.ts'],
          testTimeout: 15_000,
          hookTimeout: 15_000,
        },
      },
    ],
  },
});
