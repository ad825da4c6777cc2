import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createSession } from '../modules/member/member.service';
import { createTestDatabase } from './database';

export interface GraphQLResponse<T = Record<string, unknown>> {
  data?: T | null;
  errors?: {
    message: string;
    path?: (string | number)[];
    extensions?: { category?: string; reason?: string; code?: string; validation?: Record<string, string[]> } & Record<string, unknown>;
  }[];
}

export interface TestServer {
  app: FastifyInstance;
  database: Database;
  config: Config;
  /** Sends a GraphQL operation through the real HTTP stack (Fastify inject, no socket). */
  gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string | null; ip?: string },
  ): Promise<GraphQLResponse<T>>;
  /** A fresh session token for a member, without going through argon2 (fast). */
  tokenFor(memberId: number): Promise<string>;
}

/**
 * The real server on this file's own database. Call at the top of a test file:
 * `const server = useTestServer();` then use it inside tests.
 */
export function useTestServer(env: Record<string, string> = {}): TestServer {
  const holder = {} as TestServer;
  beforeAll(async () => {
    const database = await createTestDatabase();
    const config = loadConfig({ DATA_DIR: '/tmp/corner-test-unused', LOG_LEVEL: 'silent', ...env });
    const app = await buildApp({ config, database, serveWeb: false, logger: false });
    await app.ready();
    Object.assign(holder, {
      app,
      database,
      config,
      gql: async (query: string, variables?: Record<string, unknown>, options?: { token?: string | null; ip?: string }) => {
        const response = await app.inject({
          method: 'POST',
          url: '/graphql',
          headers: {
            'content-type': 'application/json',
            authorization: options?.token ? `Bearer ${options.token}` : '',
          },
          remoteAddress: options?.ip ?? '127.0.0.1',
          payload: JSON.stringify({ query, variables }),
        });
        return response.json();
      },
      tokenFor: (memberId: number) => createSession(database.db, memberId, config.TOKEN_TTL_HOURS, { ip: '127.0.0.1', userAgent: 'test' }),
    } satisfies TestServer);
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.database?.close();
  });
  return holder;
}
