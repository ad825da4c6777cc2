import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Unit and integration tests of every workspace; e2e runs in Playwright (e2e/).
 * Vitest's default is one worker fewer than the cores: on a 2-core machine, one test file at a
 * time. The integration tests wait on their database as much as they compute, so two files at a
 * time on two cores took the suite from over 8 minutes to 3 (docs/decisions.md, "CI time").
 */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/server', 'apps/server/vitest.isolated.config.ts', 'apps/web'],
    maxWorkers: Math.max(2, os.availableParallelism()),
    // A worker keeps its modules from one test file to the next: the server is imported once per
    // worker, not once per file (about 118 s of a run's import time down to about 11). Files that
    // replace a module with vi.mock run in the server-isolated project, which resets them.
    poolOptions: { forks: { isolate: false } },
  },
});
