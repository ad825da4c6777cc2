import { defineProject, mergeConfig } from 'vitest/config';
import { MOCKING_FILES, serverExcludes, serverProject } from './vitest.shared';

/**
 * The server's tests. Like every project of the run (the root vitest.config.ts), a worker keeps its
 * modules from one file to the next; each file still opens its own database copy. A file that
 * replaces a module with `vi.mock` belongs in MOCKING_FILES (vitest.shared.ts), which run isolated.
 */
export default mergeConfig(
  serverProject,
  defineProject({
    test: {
      name: 'server',
      include: ['src/**/*.test.ts'],
      exclude: [...serverExcludes(), ...MOCKING_FILES],
    },
  }),
);
