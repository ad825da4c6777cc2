import { createRequire } from 'node:module';
import { defineProject } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineProject({
  resolve: {
    // One copy of graphql: Vite would give our code the ESM build and Yoga the CommonJS one, and
    // then `instanceof GraphQLError` fails across the two (errors get masked).
    alias: { graphql: require.resolve('graphql') },
  },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
