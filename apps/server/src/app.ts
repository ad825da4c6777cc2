import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createYoga, type YogaServerInstance } from 'graphql-yoga';
import { GRAPHQL_PATH } from '@corner/domain';
import type { Config } from './config';
import type { Database } from './db/client';
import { buildContext, type Context } from './context';
import { schema } from './schema/index';

export interface AppOptions {
  config: Config;
  database: Database;
  /** Serve the built web app (off in API tests). */
  serveWeb?: boolean;
  logger?: boolean | object;
}

/** The HTTP server: GraphQL API, health check, runtime config for the web app, and the web app. */
export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    logger: options.logger ?? { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    // One line per request only when debugging; errors are always logged.
    logController: new LogController({
      disableRequestLogging: config.LOG_LEVEL !== 'debug' && config.LOG_LEVEL !== 'trace',
    }),
  });

  const yoga = createYoga<{ req: FastifyRequest; reply: FastifyReply }, Context>({
    schema,
    graphqlEndpoint: GRAPHQL_PATH,
    graphiql: process.env.NODE_ENV !== 'production',
    logging: {
      debug: (...args) => app.log.debug(args),
      info: (...args) => app.log.info(args),
      warn: (...args) => app.log.warn(args),
      error: (...args) => app.log.error(args),
    },
    context: ({ req }) =>
      buildContext(
        { config, database },
        {
          authorization: req.headers.authorization,
          ip: req.ip,
          userAgent: req.headers['user-agent'] ?? null,
          log: req.log,
        },
      ),
  });

  // Multipart uploads are handed to Yoga untouched; Fastify must not parse them.
  app.addContentTypeParser('multipart/form-data', {}, (_req, _payload, done) => done(null));

  app.route({
    url: GRAPHQL_PATH,
    method: ['GET', 'POST', 'OPTIONS'],
    handler: async (req, reply) => {
      // Answers depend on the token: nothing here may be cached (SPEC: `me` is never cached).
      reply.header('cache-control', 'no-store');
      const fast = jsonOperation(req);
      if (fast) return executeJson(yoga, fast, req, reply);
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
    return reply.send({ mainSiteUrl: config.MAIN_SITE_URL });
  });

  if (options.serveWeb !== false) await serveWebApp(app, config.webDist);
  return app;
}

interface JsonOperation {
  query: string;
  variables: Record<string, unknown> | undefined;
  operationName: string | undefined;
}

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
  return {
    query: body.query,
    variables: (variables ?? undefined) as Record<string, unknown> | undefined,
    operationName: (operationName ?? undefined) as string | undefined,
  };
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
  const { parse, validate, contextFactory, execute, schema } = yoga.getEnveloped({ req, reply });
  const send = (result: unknown) => reply.type('application/json; charset=utf-8').send(JSON.stringify(result));
  let document;
  try {
    document = parse(op.query);
  } catch (error) {
    return send({ errors: [error] });
  }
  const errors = validate(schema, document);
  if (errors.length > 0) return send({ errors });
  let contextValue;
  try {
    contextValue = await contextFactory();
  } catch (error) {
    req.log.error({ err: error }, 'Could not build the GraphQL context');
    return reply.status(500).send(JSON.stringify({ errors: [{ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] }));
  }
  const result = await execute({
    schema,
    document,
    contextValue,
    rootValue: {},
    variableValues: op.variables,
    operationName: op.operationName,
  });
  return send(result);
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
