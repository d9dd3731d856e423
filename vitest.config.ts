import { defineConfig } from 'vitest/config';

const ALL = ['tests/**/*.test.ts', 'tests/**/*.test.tsx', 'src/**/*.test.ts', 'src/**/*.test.tsx'];
const E2E = ['tests/e2e/**/*.test.ts'];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 30_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ALL, exclude: E2E } },
      // The end-to-end files share one demo site and one Chromium (tests/support/e2e.ts): run in one
      // worker without isolation, they import that module once.
      { extends: true, test: { name: 'e2e', include: E2E, isolate: false } },
    ],
  },
});
