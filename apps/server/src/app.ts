import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type FastifyReply } from 'fastify';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { GRAPHQL_PATH } from '@corner/domain';
import type { Config } from './config';
import type { Database } from './db/client';
import { bearerToken, buildContext, resolveAuth, type AppServices, type Context } from './context';
import { schema } from './graphql-schema';
import { AuthorizationCode, refuse } from './errors';
import { createStorage, type Storage } from './storage/index';
import { createUrlSigner, type UrlSigner } from './storage/signed-url';
import { jobsNotRunning, type JobQueue } from './jobs/job';
import { parseGraphqlMultipart } from './http/multipart';
import { rulesForOperation, uploadRules } from './http/upload-rules';
import { registerMediaRoutes } from './http/media-routes';
import { registerLegacyRoutes } from './http/legacy-routes';
import { registerDirectUploadRoute } from './http/direct-upload-route';
import { registerSecurityHeaders } from './http/security-headers';
import { registerWebApp } from './http/web-app';
import { createMetrics, registerMetricsRoute } from './http/metrics';
import { registerBackupRoute } from './backup/backup-route';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './seed/demo';
import { releaseUnusedUploads } from './modules/file/blob.service';
import { createLiveHub, type LiveHub } from './modules/live/live.hub';
import { openSessions, type Sessions } from './modules/member/session.cache';
import { openLegacySource } from './modules/legacy/legacy-source.open';
import type { LegacySource } from './modules/legacy/legacy-source';
import { operationLimits, useOperationLimits } from './http/operation-limits';
import { maskError } from './http/mask-error';
import { rateClassHits, useRateLimits } from './modules/rate-limit/rate-limit.plugin';
import { countRequest, rateLimitError } from './modules/rate-limit/rate-limit.service';
import {
  loadPersistedOperations,
  operationText,
  persistedQueryNotFound,
  usePersistedWebOperations,
  type PersistedOperations,
} from './http/persisted-operations';
import { createAdmission, type Admission } from './http/admission';
import type { DocumentNode } from 'graphql';
import { useCompiledWebQueries } from './http/compiled-queries';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live events (subscriptions). */
    live: LiveHub;
    /** The sessions this process keeps (modules/member/session.cache.ts). */
    sessions: Sessions;
  }
}

export interface AppOptions {
  config: Config;
  database: Database;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  /** Where files and images are kept; the configured storage when absent. */
  storage?: Storage;
  /** Signs image, file and upload URLs; made from the configuration when absent. */
  urlSigner?: UrlSigner;
  /** Background jobs; without them, operations that need a job answer that jobs are not running. */
  jobs?: JobQueue;
  logger?: boolean | object;
  /** A pino logger to use instead of making one (shared with the jobs). */
  loggerInstance?: FastifyBaseLogger;
  /** The older submission system; when absent, one is opened from the configuration and closed with the app. */
  legacy?: LegacySource;
  /** The documents known by hash; the web app's (apps/web/persisted-operations.json) when absent. */
  persistedOperations?: PersistedOperations;
  /** The embedded database's backup route (POST /internal/backup) answers requests bearing this secret; absent: no such route. */
  backupSecret?: string;
}

/** The HTTP server: GraphQL API, health check, runtime config, images and files, and the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const legacy = options.legacy ?? (await openLegacySource(config, database));
  let sessions: Sessions | undefined;
  try {
    sessions = await openSessions(database, { seconds: config.sessionCacheSeconds });
    return await assembleApp(options, legacy, sessions);
  } catch (error) {
    // An app that cannot be built (a bad setting, a missing web build) leaves no connection open:
    // the sessions' LISTEN connection and a legacy source it opened would keep the process alive.
    await sessions?.close();
    if (!options.legacy) await legacy.close();
    throw error;
  }
}

async function assembleApp(options: AppOptions, legacy: LegacySource, sessions: Sessions): Promise<FastifyInstance> {
  const { config, database } = options;
  const urlSigner = options.urlSigner ?? createUrlSigner(config);
  const services: AppServices = {
    config,
    database,
    storage: options.storage ?? createStorage(config, urlSigner),
    urlSigner,
    jobs: options.jobs ?? jobsNotRunning,
    legacy,
    sessions,
  };
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? { level: config.LOG_LEVEL } }),
    trustProxy: config.TRUST_PROXY,
    // One line per request only when debugging; errors are always logged.
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
  });

  if (!options.legacy) app.addHook('onClose', () => legacy.close());
  app.decorate('sessions', sessions);
  app.addHook('onClose', () => sessions.close());

  await registerSecurityHeaders(app, { storage: services.storage });

  const live = createLiveHub(database, app.log);
  services.live = live;
  app.decorate('live', live);
  app.addHook('onClose', () => live.close());

  const persistedOperations = options.persistedOperations ?? loadPersistedOperations();
  const metrics = createMetrics(database, app.log);
  const admission = createAdmission(config.graphqlConcurrency);
  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }, Context>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: process.env.NODE_ENV !== 'production',
    // Yoga would buffer uploaded files in memory; multipart requests go through http/multipart.ts.
    multipart: false,
    // Order matters: a hash becomes its document, then the document's limits, then the rate limits.
    plugins: [
      usePersistedWebOperations(persistedOperations),
      useOperationLimits(operationLimits(config)),
      useRateLimits(),
      metrics.graphqlPlugin(),
      // How the web app's own queries run once they are let through (http/compiled-queries.ts).
      ...(config.GRAPHQL_COMPILE ? [useCompiledWebQueries(persistedOperations)] : []),
    ],
    maskedErrors: { maskError },
    logging: {
      debug: (...args) => app.log.debug(args),
      info: (...args) => app.log.info(args),
      warn: (...args) => app.log.warn(args),
      error: (...args) => app.log.error(args),
    },
    context: ({ req }) =>
      buildContext(services, {
        authorization: req.headers.authorization,
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? null,
        log: req.log,
      }),
  });

  // Multipart uploads stream through http/multipart.ts; Fastify must not read their body.
  app.addContentTypeParser('multipart/form-data', {}, (_req, _payload, done) => done(null));
  const rulesFor = rulesForOperation(schema, uploadRules(config));

  /**
   * A GraphQL multipart request: refused before any byte is stored when nobody is signed in; the
   * files stream into storage, then the operation runs on the JSON fast path. Content it stored that
   * no row ends up using is removed before the answer goes out.
   */
  async function executeMultipart(req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const auth = await resolveAuth(sessions, bearerToken(req.headers.authorization));
    if (!auth.member) {
      return sendJson(reply, { errors: [refuse(auth, AuthorizationCode.NOT_SIGNED_IN)] });
    }
    // Counted before a byte is stored: a refused upload costs the server nothing but this statement.
    const refusal = await countRequest(database.db, config, { memberId: auth.member.id, ip: req.ip }, 'uploads');
    if (refusal) return sendAnswer(reply, { status: 200, body: { errors: [rateLimitError(refusal)] } });
    const parsed = await parseGraphqlMultipart(req.raw, {
      storage: services.storage,
      maxFiles: config.MAX_UPLOAD_FILES,
      rulesFor,
      persistedOperations,
      onStorageError: (error) => req.log.error({ err: error }, 'Could not store an upload'),
    });
    metrics.uploadedBytes(parsed.uploads.filter((u) => u.created).reduce((sum, u) => sum + u.size, 0));
    let answer: Answer;
    try {
      answer = parsed.ok ? await runJson(yoga, admission, parsed.operation, req, reply) : { status: parsed.status, body: { errors: [parsed.error] } };
    } finally {
      await releaseUnusedUploads(database.db, services.storage, parsed.uploads, req.log);
    }
    return sendAnswer(reply, answer);
  }

  app.route({
    url: GRAPHQL_PATH,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      // Answers depend on the token: nothing here may be cached (SPEC: `me` is never cached).
      reply.header('cache-control', 'no-store');
      const fast = jsonOperation(req, persistedOperations);
      if (fast && 'missing' in fast) return sendJson(reply, persistedQueryNotFound());
      if (fast) return sendAnswer(reply, await runJson(yoga, admission, fast, req, reply));
      if (req.method === 'POST' && req.headers['content-type']?.startsWith('multipart/form-data')) return executeMultipart(req, reply);
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => reply.header(key, value));
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
  });

  // Never show internals (SQL, stack traces) to a client: 5xx answers say only what happened.
  app.setErrorHandler((error: { statusCode?: number; message: string }, req, reply) => {
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) req.log.error({ err: error }, 'Request failed');
    return reply.status(status).send({ error: status >= 500 ? 'Internal Server Error' : error.message });
  });

  app.get('/healthz', async (_req, reply) => {
    await database.query('select 1');
    return reply.send({ status: 'ok' });
  });

  app.get('/config.json', async (_req, reply) => {
    reply.header('cache-control', 'no-store');
    return reply.send({
      mainSiteUrl: config.MAIN_SITE_URL,
      httpTimeoutMs: config.HTTP_TIMEOUT_MS,
      uploads: { maxImageBytes: config.MAX_IMAGE_BYTES, maxFileBytes: config.MAX_FILE_BYTES, maxFiles: config.MAX_UPLOAD_FILES },
      // A demo instance says what to try with which sign-in (the first-run card); a real one says nothing.
      demo: config.SEED_DEMO ? { password: DEMO_PASSWORD, members: DEMO_MEMBERS.map((m) => ({ email: m.email, what: m.what, tryThis: m.tryThis })) } : null,
    });
  });

  registerMediaRoutes(app, services);
  registerLegacyRoutes(app, services);
  registerDirectUploadRoute(app, { storage: services.storage, urlSigner: services.urlSigner, maxBytes: config.MAX_FILE_BYTES, onStored: (bytes) => metrics.uploadedBytes(bytes) });
  registerMetricsRoute(app, metrics, config);
  if (options.backupSecret) registerBackupRoute(app, { database, secret: options.backupSecret });

  if (options.serveWeb !== false) await registerWebApp(app, config.webDist, { mainSiteUrl: config.MAIN_SITE_URL });
  return app;
}

interface JsonOperation {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

/** An operation that may be a subscription (a false positive only costs the slower path). */
const SUBSCRIPTION = /\bsubscription\b/;

/**
 * A plain JSON POST (what every client of this API sends) when its body is well-formed; anything
 * else (GET, multipart uploads, malformed bodies) goes through Yoga's full HTTP handling.
 */
function jsonOperation(req: FastifyRequest, persisted: PersistedOperations): JsonOperation | { missing: string } | null {
  if (req.method !== 'POST' || !req.headers['content-type']?.startsWith('application/json')) return null;
  const body = req.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const { variables, operationName, extensions } = body;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  // The only extension this path reads is a persisted query's hash (the web app sends nothing else).
  if (extensions != null && (typeof extensions !== 'object' || Object.keys(extensions).some((key) => key !== 'persistedQuery'))) return null;
  const text = operationText(body, persisted);
  if (!text || 'missing' in text) return text;
  // Subscriptions stream (server-sent events) through Yoga's own handling.
  if (SUBSCRIPTION.test(text.query)) return null;
  return {
    query: text.query,
    variables: (variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: (operationName ?? undefined) as string | undefined,
  };
}

/** A GraphQL answer: what Yoga would send for the request, as status and JSON body. */
interface Answer {
  status: number;
  body: unknown;
}

function sendJson(reply: FastifyReply, body: unknown, status = 200): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

interface HttpExtension {
  status?: number;
  headers?: Record<string, string>;
  /** Yoga's mark for statuses that the GraphQL-over-HTTP spec gives only to its own media type. */
  spec?: boolean;
}

/**
 * Sends an answer the way Yoga would: an error's `extensions.http` (a 429 with Retry-After from the
 * rate limits) sets the status and headers, and is never sent itself.
 */
function sendAnswer(reply: FastifyReply, answer: Answer): FastifyReply {
  const body = answer.body as { errors?: readonly unknown[] } | null;
  if (!body?.errors?.length) return sendJson(reply, answer.body, answer.status);
  let status = answer.status;
  const errors = body.errors.map((error) => {
    const json = (error && typeof error === 'object' && 'toJSON' in error ? (error as { toJSON(): unknown }).toJSON() : error) as {
      extensions?: Record<string, unknown> & { http?: HttpExtension };
    };
    const http = json.extensions?.http;
    if (!http) return json;
    // Spec statuses (400 for a validation error) belong to application/graphql-response+json; this
    // path answers application/json, where such errors come with 200, as before.
    if (http.status && !http.spec && status === 200) status = http.status;
    for (const [name, value] of Object.entries(http.headers ?? {})) reply.header(name, value);
    const { http: _internal, ...extensions } = json.extensions!;
    return { ...json, extensions };
  });
  return sendJson(reply, { ...body, errors }, status);
}

/** Whether an operation asks for a heavy field (rate-limit class "heavy"). */
function waitsElsewhere(document: DocumentNode, operationName: string | undefined): boolean {
  return rateClassHits(document, operationName).has('heavy');
}

/**
 * Runs a JSON operation through Yoga's envelop (parse and validation caches, context, error masking
 * and every other plugin) without Yoga's Fetch-API request/response layer, which cost about as much
 * as the query itself (docs/performance.md). The answer is what Yoga sends for such a request.
 * Parsing and validation (and their refusals) come first; the database work waits for `admission`.
 */
async function runJson(
  yoga: YogaServerInstance<{ req: FastifyRequest; reply: FastifyReply }, Context>,
  admission: Admission,
  op: JsonOperation,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<Answer> {
  const { parse, validate, contextFactory, execute, schema } = yoga.getEnveloped({ req, reply });
  let document;
  try {
    document = parse(op.query);
  } catch (error) {
    return { status: 200, body: { errors: [error] } };
  }
  const errors = validate(schema, document);
  if (errors.length > 0) return { status: 200, body: { errors } };
  // Heavy operations wait on something other than the database (a background job, another site): they
  // never hold a place that database work is waiting for.
  const run = waitsElsewhere(document, op.operationName) ? <T>(task: () => Promise<T>) => task() : admission;
  return run(async () => {
    let contextValue;
    try {
      contextValue = await contextFactory();
    } catch (error) {
      req.log.error({ err: error }, 'Could not build the GraphQL context');
      return { status: 500, body: { errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] } };
    }
    const result = await execute({
      schema,
      document,
      contextValue,
      rootValue: {},
      variableValues: op.variables,
      operationName: op.operationName,
    });
    return { status: 200, body: result };
  });
}
