import { defineConfig } from 'vitest/config';

// Unit tests of components and libraries; the React Router plugin is only for builds.
export default defineConfig({
  test: {
    environment: 'jsdom',
    include: ['app/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    restoreMocks: true,
  },
});
