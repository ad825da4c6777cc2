import cluster from 'node:cluster';
import crypto from 'node:crypto';
import net from 'node:net';
import type { Plugin } from 'graphql-yoga';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { Kind, type DocumentNode, type OperationDefinitionNode } from 'graphql';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { staffCounters } from '../modules/queue/queue.service';

/**
 * The process's metrics in Prometheus text format at GET /metrics (docs/operations.md, "Metrics"):
 * GraphQL requests by root field with latency and errors by code, uploaded bytes, the background
 * jobs' queues, the database pool and the staff queues' sizes. Counters live in one registry per
 * app; what the database knows is read when scraped. Served to a bearer of METRICS_TOKEN, or
 * without one only to loopback and private addresses. Under several server processes
 * (SERVER_PROCESSES) a scrape reaches one of them, which asks the primary for every process's
 * metrics: counters and histograms are summed, what the database knows is taken once.
 */
export interface Metrics {
  registry: Registry;
  /** Counts and times every GraphQL operation (both the JSON fast path and Yoga's own). */
  graphqlPlugin(): Plugin;
  /** Bytes of uploaded files and images stored. */
  uploadedBytes(bytes: number): void;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createMetrics(database: Database, log: { error(obj: unknown, msg: string): void }): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'corner_' });
  if (cluster.isWorker) {
    // The primary asks each server process for this registry (prom-client's cluster messages).
    AggregatorRegistry.setRegistries([registry]);
    new AggregatorRegistry();
  }
  const requests = new Counter({
    name: 'corner_graphql_requests_total',
    help: 'GraphQL operations executed, by root field and outcome (ok, or error when any error was answered).',
    labelNames: ['field', 'outcome'],
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'corner_graphql_request_duration_seconds',
    help: 'How long executing a GraphQL operation took, by root field.',
    labelNames: ['field'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const errors = new Counter({
    name: 'corner_graphql_errors_total',
    help: 'Errors answered by GraphQL operations, by root field and error code.',
    labelNames: ['field', 'code'],
    registers: [registry],
  });
  const uploads = new Counter({ name: 'corner_upload_bytes_total', help: 'Bytes of uploaded files and images stored.', registers: [registry] });

  // One read of pg-boss's jobs serves the three job gauges, which a scrape collects at once.
  const jobs = sharedWhileRunning(() => jobRows(database));
  new Gauge({
    name: 'corner_job_queue_depth',
    // Read from the database: every process reads the same, so one process's value stands for all.
    aggregator: 'first',
    help: 'Background jobs waiting (created, retry) or running (active), by queue.',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobs()) if (row.state !== 'failed') this.set({ queue: row.name, state: row.state }, Number(row.n));
    },
  });
  new Gauge({
    name: 'corner_job_oldest_waiting_seconds',
    // Read from the database: every process reads the same, so one process's value stands for all.
    aggregator: 'first',
    help: 'Age of the oldest job waiting to start, by queue.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      // A queue's waiting jobs are in two rows (created, retry): the older of the two.
      const oldest = new Map<string, number>();
      for (const row of await jobs()) if (row.oldest !== null) oldest.set(row.name, Math.max(oldest.get(row.name) ?? 0, Number(row.oldest)));
      for (const [queue, seconds] of oldest) this.set({ queue }, seconds);
    },
  });
  new Gauge({
    name: 'corner_job_failed',
    // Read from the database: every process reads the same, so one process's value stands for all.
    aggregator: 'first',
    help: 'Failed background jobs pg-boss still keeps (its retention), by queue.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await jobs()) if (row.state === 'failed') this.set({ queue: row.name }, Number(row.n));
    },
  });
  new Gauge({
    name: 'corner_db_pool_connections',
    help: 'Connections of the PostgreSQL pool: total, idle, and requests waiting for one (the embedded database has none).',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      this.reset();
      const pool = database.poolStats?.();
      if (!pool) return;
      this.set({ state: 'total' }, pool.total);
      this.set({ state: 'idle' }, pool.idle);
      this.set({ state: 'waiting' }, pool.waiting);
    },
  });
  new Gauge({
    name: 'corner_queue_size',
    // Read from the database: every process reads the same, so one process's value stands for all.
    aggregator: 'first',
    help: 'Creations in each staff queue, and conversations waiting for staff (unreadMessages), as the staff badges count them.',
    labelNames: ['queue'],
    registers: [registry],
    async collect() {
      this.reset();
      const counts = await staffCounters(database.db, log);
      for (const [queue, n] of Object.entries(counts)) if (typeof n === 'number') this.set({ queue }, n);
    },
  });

  return {
    registry,
    uploadedBytes: (bytes) => uploads.inc(bytes),
    graphqlPlugin: () => ({
      onExecute({ args }) {
        const started = process.hrtime.bigint();
        const field = rootField(args.document, args.operationName ?? undefined);
        return {
          onExecuteDone({ result }) {
            latency.observe({ field }, Number(process.hrtime.bigint() - started) / 1e9);
            const answered = 'errors' in result && Array.isArray(result.errors) ? result.errors : [];
            requests.inc({ field, outcome: answered.length ? 'error' : 'ok' });
            for (const error of answered) {
              const code = (error as { extensions?: { code?: unknown } }).extensions?.code;
              errors.inc({ field, code: typeof code === 'string' ? code : 'INTERNAL_SERVER_ERROR' });
            }
          },
        };
      },
    }),
  };
}

/**
 * The label of an operation: its first root field ("searchCreations"), a name the schema bounds,
 * unlike operation names clients choose.
 */
function rootField(document: DocumentNode, operationName: string | undefined): string {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const operation = operations.find((o) => o.name?.value === operationName) ?? operations[0];
  const first = operation?.selectionSet.selections.find((s) => s.kind === Kind.FIELD);
  return first && first.kind === Kind.FIELD ? first.name.value : 'unknown';
}

/** While a call is running, further calls share its answer: the gauges a scrape collects together read once. */
function sharedWhileRunning<T>(load: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () =>
    (running ??= load().finally(() => {
      running = null;
    }));
}

/**
 * pg-boss's jobs by queue and state (waiting, running, failed and kept), each with the age of the
 * oldest one due and not started; none before pg-boss has made its tables.
 */
async function jobRows(database: Database): Promise<{ name: string; state: string; n: string; oldest: string | null }[]> {
  const [table] = await database.query<{ found: string | null }>(`select to_regclass('pgboss.job')::text as found`);
  if (table?.found == null) return [];
  return database.query(
    `select name, state::text as state, count(*) as n,
            extract(epoch from now() - min(case when state in ('created', 'retry') and start_after <= now() then created_on end)) as oldest
     from pgboss.job where state in ('created', 'retry', 'active', 'failed') group by name, state`,
  );
}

/** Loopback and private networks (RFC 1918, unique local IPv6): the internal network that may scrape without a token. */
function isInternal(ip: string): boolean {
  const address = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (net.isIPv4(address)) {
    const [a, b] = address.split('.').map(Number) as [number, number];
    return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168);
  }
  return address === '::1' || /^f[cd][0-9a-f]{2}:/i.test(address);
}

function hasToken(req: FastifyRequest, token: string): boolean {
  const sent = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
  const a = Buffer.from(sent);
  const b = Buffer.from(token);
  return a.length === b.length && crypto.timingSafeEqual(a, b);
}

/** GET /metrics: to a bearer of METRICS_TOKEN when it is set, else to loopback and private addresses only. */
export function registerMetricsRoute(app: FastifyInstance, metrics: Metrics, config: Pick<Config, 'METRICS_TOKEN'>): void {
  app.get('/metrics', async (req, reply) => {
    const allowed = config.METRICS_TOKEN ? hasToken(req, config.METRICS_TOKEN) : isInternal(req.ip);
    if (!allowed) return reply.status(config.METRICS_TOKEN ? 401 : 403).send({ error: config.METRICS_TOKEN ? 'A metrics token is needed.' : 'Metrics are served to the internal network only.' });
    reply.header('cache-control', 'no-store');
    return reply.type(metrics.registry.contentType).send(cluster.isWorker ? await askPrimary() : await metrics.registry.metrics());
  });
}

const METRICS_ASK = 'corner:metrics';
const METRICS_ANSWER = 'corner:metrics-answer';

interface MetricsAnswer {
  type: typeof METRICS_ANSWER;
  id: number;
  text?: string;
  error?: string;
}

const asked = new Map<number, (answer: MetricsAnswer) => void>();
let lastAsk = 0;

/** Every server process's metrics, from the primary (a server process of several). */
function askPrimary(): Promise<string> {
  if (asked.size === 0) process.on('message', onAnswer);
  const id = ++lastAsk;
  return new Promise((resolve, reject) => {
    // prom-client gives up on a silent process after 5 s; a primary that never answers is a failure too.
    const timer = setTimeout(() => onAnswer({ type: METRICS_ANSWER, id, error: 'the primary process did not answer' }), 10_000);
    asked.set(id, (answer) => {
      clearTimeout(timer);
      if (answer.text !== undefined) resolve(answer.text);
      else reject(new Error(`Metrics of the server processes: ${answer.error}`));
    });
    process.send!({ type: METRICS_ASK, id });
  });
}

function onAnswer(message: MetricsAnswer): void {
  if (message?.type !== METRICS_ANSWER) return;
  asked.get(message.id)?.(message);
  asked.delete(message.id);
  if (asked.size === 0) process.off('message', onAnswer);
}

/**
 * The primary of several server processes answers their asks for metrics with every process's,
 * aggregated (prom-client gives up on a process that does not answer within 5 s).
 */
export function answerMetricsAsks(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: { type?: string; id?: number }) => {
    if (message?.type !== METRICS_ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.send({ type: METRICS_ANSWER, id: message.id!, text } satisfies MetricsAnswer),
      (error: Error) => worker.send({ type: METRICS_ANSWER, id: message.id!, error: error.message } satisfies MetricsAnswer),
    );
  });
}
