import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import type { Database } from '../db/client';
import { createSession } from '../modules/member/member.service';
import { createTestDatabase } from './database';
import { createStorage, type Storage } from '../storage/index';
import { createUrlSigner } from '../storage/signed-url';
import { startJobs, type Jobs } from '../jobs/index';
import { openLegacySource } from '../modules/legacy/legacy-source.open';
import type { LegacySource } from '../modules/legacy/legacy-source';

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
  storage: Storage;
  /** The older submission system the app uses (the test database's `legacy` schema unless LEGACY_DATABASE_URL is given). */
  legacy: LegacySource;
  /** The running jobs, when asked for (`useTestServer(env, { jobs: true })`). */
  jobs: Jobs | null;
  /** Sends a GraphQL operation through the real HTTP stack (Fastify inject, no socket). */
  gql<T = Record<string, any>>(
    query: string,
    variables?: Record<string, unknown>,
    options?: { token?: string | null; ip?: string },
  ): Promise<GraphQLResponse<T>>;
  /**
   * Sends a GraphQL multipart request (operations, map, files) through the real HTTP stack. Each
   * entry of `files` fills the variable at its path (`variables.file`), which must be null in
   * `variables` or absent.
   */
  upload<T = Record<string, any>>(
    query: string,
    variables: Record<string, unknown>,
    files: Record<string, TestFile>,
    options?: { token?: string | null },
  ): Promise<GraphQLResponse<T> & { statusCode: number }>;
  /** A fresh session token for a member, without going through argon2 (fast). */
  tokenFor(memberId: number): Promise<string>;
}

export interface TestFile {
  name: string;
  content: Uint8Array | string;
  /** What the client claims; the server never trusts it. */
  type?: string;
}

/** A multipart/form-data body as a browser sends it (built by the Fetch API's own encoder). */
export async function multipartBody(parts: [name: string, value: string | TestFile][]): Promise<{ body: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([typeof value.content === 'string' ? value.content : new Uint8Array(value.content)], { type: value.type ?? 'application/octet-stream' }), value.name);
  }
  const response = new Response(form);
  return { body: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

/** The operations, map and file parts of a GraphQL multipart request. */
export function graphqlMultipartParts(
  query: string,
  variables: Record<string, unknown>,
  files: Record<string, TestFile>,
): [string, string | TestFile][] {
  const vars = JSON.parse(JSON.stringify(variables)) as Record<string, unknown>;
  const map: Record<string, string[]> = {};
  Object.keys(files).forEach((p, i) => {
    map[String(i)] = [p];
    const segments = p.split('.').slice(1);
    let target = vars as Record<string, unknown>;
    for (const s of segments.slice(0, -1)) target = target[s] as Record<string, unknown>;
    target[segments.at(-1)!] = null;
  });
  return [
    ['operations', JSON.stringify({ query, variables: vars })],
    ['map', JSON.stringify(map)],
    ...Object.values(files).map((f, i) => [String(i), f] as [string, TestFile]),
  ];
}

/**
 * The real server on this file's own database. Call at the top of a test file:
 * `const server = useTestServer();` then use it inside tests.
 */
/** A logger that drops everything, for services run outside a request in tests. */
export const silentLog = { error: () => {}, warn: () => {}, info: () => {} };

/** The configuration that turns every rate limit off. */
export const RATE_LIMITS_OFF = { RATE_LIMIT_SEARCHES_PER_MINUTE: '0', RATE_LIMIT_UPLOADS_PER_MINUTE: '0', RATE_LIMIT_HEAVY_PER_MINUTE: '0' };

export interface TestServerOptions {
  /** Start real pg-boss jobs on the test database (unzip, zip building, sweeps). */
  jobs?: boolean;
  /** A storage other than local disk under the test's DATA_DIR (the S3 adapter against s3rver). */
  storage?: () => Storage;
  /** Called with the SQL of each statement the app runs through Drizzle (tests count them). */
  onQuery?: (sql: string) => void;
}

export function useTestServer(env: Record<string, string> = {}, options: TestServerOptions = {}): TestServer {
  const holder = {} as TestServer;
  beforeAll(async () => {
    const database = await createTestDatabase({ onQuery: options.onQuery });
    // Each test file keeps its uploads (and URL signing secret) in a folder of its own.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-test-data-'));
    // Rate limits are off unless a test turns them on: a test file may search more in a minute than a person.
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...RATE_LIMITS_OFF, ...env });
    const storage = options.storage?.() ?? createStorage(config);
    const urlSigner = createUrlSigner(config);
    const legacy = await openLegacySource(config, database);
    const jobs = options.jobs ? await startJobs({ database, config, storage, urlSigner, log: silentLog, legacy }) : undefined;
    const app = await buildApp({ config, database, serveWeb: false, logger: false, storage, urlSigner, jobs, legacy });
    await app.ready();
    Object.assign(holder, {
      app,
      database,
      config,
      storage,
      legacy,
      jobs: jobs ?? null,
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
      upload: async (query: string, variables: Record<string, unknown>, files: Record<string, TestFile>, options?: { token?: string | null }) => {
        const { body, contentType } = await multipartBody(graphqlMultipartParts(query, variables, files));
        const response = await app.inject({
          method: 'POST',
          url: '/graphql',
          headers: { 'content-type': contentType, authorization: options?.token ? `Bearer ${options.token}` : '' },
          payload: body,
        });
        return { ...response.json(), statusCode: response.statusCode };
      },
      tokenFor: (memberId: number) => createSession(database.db, memberId, config.TOKEN_TTL_HOURS, { ip: '127.0.0.1', userAgent: 'test' }),
    } satisfies TestServer);
  });
  afterAll(async () => {
    await holder.app?.close();
    await holder.jobs?.stop();
    await holder.legacy?.close();
    await holder.database?.close();
    if (holder.config?.DATA_DIR.startsWith(os.tmpdir())) fs.rmSync(holder.config.DATA_DIR, { recursive: true, force: true });
  });
  return holder;
}
