import { createRequire } from 'node:module';
import type { UserWorkspaceConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

/**
 * The test files that replace a module with `vi.mock`. They run in their own project
 * (vitest.isolated.config.ts), one fresh module registry per file; every other server test file
 * shares its worker's modules (see vitest.config.ts).
 */
export const MOCKING_FILES = ['src/modules/conversation/conversation.int.test.ts', 'src/modules/story/story.int.test.ts'];

/**
 * Test files that start the real server on its embedded database whatever TEST_DATABASE_URL says:
 * a run against a PostgreSQL server (TEST_DATABASE_URL set, as CI's second pass) leaves them out,
 * since the embedded run has already run them as they are.
 */
const EMBEDDED_ONLY_FILES = ['src/main.int.test.ts', 'src/http/upload-fault.int.test.ts'];

/** What a server project leaves out: dependencies, and the embedded-only files on a server run. */
export function serverExcludes(): string[] {
  return ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? EMBEDDED_ONLY_FILES : [])];
}

/** What both server projects share: one copy of graphql, the migrated template, the time limits. */
export const serverProject: UserWorkspaceConfig = {
  resolve: {
    // One copy of graphql: Vite would give our code the ESM build and Yoga the CommonJS one, and
    // then `instanceof GraphQLError` fails across the two (errors get masked).
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
};
