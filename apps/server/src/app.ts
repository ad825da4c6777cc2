import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyRequest, type FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { createYoga } from 'graphql-yoga';
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
      const response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
      response.headers.forEach((value, key) => reply.header(key, value));
      // Answers depend on the token: nothing here may be cached (SPEC: `me` is never cached).
      reply.header('cache-control', 'no-store');
      reply.status(response.status);
      reply.send(response.body);
      return reply;
    },
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
