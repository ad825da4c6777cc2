import { defineConfig } from 'vitest/config';

/** Unit and integration tests of every workspace; e2e runs in Playwright (e2e/). */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/web'],
  },
});
