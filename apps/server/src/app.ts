import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance, type FastifyRequest, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { GRAPHQL_PATH } from '@corner/domain';
import type { Config } from './config';
import type { Database } from './db/client';
import { bearerToken, buildContext, resolveAuth, type AppServices, type Context } from './context';
import { schema } from './schema/index';
import { authorizationError, AuthorizationCode } from './errors';
import { createStorage, type Storage } from './storage/index';
import { createUrlSigner, type UrlSigner } from './http/signed-url';
import { jobsNotRunning, type JobQueue } from './jobs/job';
import { parseGraphqlMultipart } from './http/multipart';
import { rulesForOperation, uploadRules } from './http/upload-rules';
import { registerMediaRoutes } from './http/media-routes';
import { registerDirectUploadRoute } from './http/direct-upload-route';
import { releaseUnusedUploads } from './modules/file/blob.service';
import { createLiveHub, type LiveHub } from './modules/live/live.hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's live events (subscriptions). */
    live: LiveHub;
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
}

/** The HTTP server: GraphQL API, health check, runtime config, images and files, and the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const urlSigner = options.urlSigner ?? createUrlSigner(config);
  const services: AppServices = {
    config,
    database,
    storage: options.storage ?? createStorage(config, urlSigner),
    urlSigner,
    jobs: options.jobs ?? jobsNotRunning,
  };
  const app = Fastify({
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: options.logger ?? { level: config.LOG_LEVEL } }),
    trustProxy: config.TRUST_PROXY,
    // One line per request only when debugging; errors are always logged.
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
  });

  const live = createLiveHub(database, app.log);
  services.live = live;
  app.decorate('live', live);
  app.addHook('onClose', () => live.close());

  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }, Context>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: process.env.NODE_ENV !== 'production',
    // Yoga would buffer uploaded files in memory; multipart requests go through http/multipart.ts.
    multipart: false,
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
    const auth = await resolveAuth(database.db, bearerToken(req.headers.authorization));
    if (!auth.member) {
      return sendJson(reply, { errors: [authorizationError(auth.problem ?? AuthorizationCode.NOT_SIGNED_IN)] });
    }
    const parsed = await parseGraphqlMultipart(req.raw, {
      storage: services.storage,
      maxFiles: config.MAX_UPLOAD_FILES,
      rulesFor,
      onStorageError: (error) => req.log.error({ err: error }, 'Could not store an upload'),
    });
    let answer: Answer;
    try {
      answer = parsed.ok ? await runJson(yoga, parsed.operation, req, reply) : { status: parsed.status, body: { errors: [parsed.error] } };
    } finally {
      await releaseUnusedUploads(database.db, services.storage, parsed.uploads, req.log);
    }
    return sendJson(reply, answer.body, answer.status);
  }

  app.route({
    url: GRAPHQL_PATH,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      // Answers depend on the token: nothing here may be cached (SPEC: `me` is never cached).
      reply.header('cache-control', 'no-store');
      const fast = jsonOperation(req);
      if (fast) return executeJson(yoga, fast, req, reply);
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
      uploads: { maxImageBytes: config.MAX_IMAGE_BYTES, maxFileBytes: config.MAX_FILE_BYTES, maxFiles: config.MAX_UPLOAD_FILES },
    });
  });

  registerMediaRoutes(app, services);
  registerDirectUploadRoute(app, { storage: services.storage, urlSigner: services.urlSigner, maxBytes: config.MAX_FILE_BYTES });

  if (options.serveWeb !== false) await serveWebApp(app, config.webDist);
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
function jsonOperation(req: FastifyRequest): JsonOperation | null {
  if (req.method !== 'POST' || !req.headers['content-type']?.startsWith('application/json')) return null;
  const body = req.body as Record<string, unknown> | null | undefined;
  if (!body || typeof body !== 'object' || Array.isArray(body) || typeof body.query !== 'string') return null;
  const { variables, operationName, extensions } = body;
  if (variables != null && (typeof variables !== 'object' || Array.isArray(variables))) return null;
  if (operationName != null && typeof operationName !== 'string') return null;
  if (extensions != null) return null;
  // Subscriptions stream (server-sent events) through Yoga's own handling.
  if (SUBSCRIPTION.test(body.query)) return null;
  return {
    query: body.query,
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

/**
 * Runs a JSON operation through Yoga's envelop (parse and validation caches, context, error masking
 * and every other plugin) without Yoga's Fetch-API request/response layer, which cost about as much
 * as the query itself (docs/performance.md). The answer is what Yoga sends for such a request.
 */
async function executeJson(
  yoga: YogaServerInstance<{ req: FastifyRequest; reply: FastifyReply }, Context>,
  op: JsonOperation,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const answer = await runJson(yoga, op, req, reply);
  return sendJson(reply, answer.body, answer.status);
}

async function runJson(
  yoga: YogaServerInstance<{ req: FastifyRequest; reply: FastifyReply }, Context>,
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
}

/** The built React app; any other GET path returns index.html so client routes (and not-found) work. */
async function serveWebApp(app: FastifyInstance, dist: string): Promise<void> {
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`No web build at ${dist}; run "npm run build" (npm start does it for you).`);
    return;
  }
  await app.register(fastifyStatic, { root: dist, wildcard: false, index: false });
  app.setNotFoundHandler((req, reply) => {
    if (req.method !== 'GET' || req.url.startsWith(GRAPHQL_PATH) || !req.headers.accept?.includes('text/html')) {
      return reply.status(404).send({ error: 'Not Found' });
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html').send(fs.createReadStream(index));
  });
  // Hashed assets never change; index.html is revalidated.
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/assets/')) reply.header('cache-control', 'public, max-age=31536000, immutable');
  });
}
