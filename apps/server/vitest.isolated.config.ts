import { defineProject, mergeConfig } from 'vitest/config';
import { MOCKING_FILES, serverExcludes, serverProject } from './vitest.shared';

/** The server test files that replace modules with `vi.mock`: each in a fresh module registry. */
export default mergeConfig(
  serverProject,
  defineProject({
    test: {
      name: 'server-isolated',
      include: MOCKING_FILES,
      exclude: serverExcludes(),
      poolOptions: { forks: { isolate: true } },
    },
  }),
);
