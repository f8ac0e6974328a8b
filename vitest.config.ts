import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*/src/**/*.test.ts', '*/src/**/*.test.tsx', '*/test/**/*.test.ts', '*/e2e/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/dist-server/**'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Two cores: keep database- and browser-heavy files from starving each other.
    maxWorkers: 2,
  },
});
