// Load (issue 13): many people reading the portal at once.
//
// For each engine (embedded PGlite; a fresh database on the PostgreSQL server, see databases.ts) the
// real app is built with buildApp on demo data, rate limits off (the bench measures capacity, not the
// limits), and a creator and a staff member are signed in. 200 connections then send, for
// BENCH_LOAD_SECONDS (default 60), the mix of signed-in reads the web app sends most, exactly as it
// sends them (persisted operations: the hash of each document, not its text):
//   creator: Me, MyCounters, MyItems (myItemsSearch, first page of 20);
//   staff:   StaffQueue (newItemsSearch, first page of 20, with its count), StaffCounters.
// Every answer is checked on the server side: any GraphQL error, non-2xx answer, timeout or reset
// fails the bench. The baseline, measured the same way in the same run, is `GET /healthz` (HTTP and
// one `select 1`): the ratio shows what the GraphQL reads cost over the cheapest database answer.
// On the PostgreSQL server the mix is measured twice: against buildApp in this process, as on PGlite,
// and against the real server (`main.ts`) as `npm start` runs it there, in its default number of
// server processes (SERVER_PROCESSES: one per core, at most 4), with the load generator in this
// process. Goal on the PostgreSQL server, as `npm start` runs it: p99 ≤ 200 ms.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { createSession } from '../apps/server/src/modules/member/member.service';
import { spawnMain } from '../apps/server/src/test/spawn-main';
import { describeError, preparePglite, preparePostgres, type Prepared } from './databases';
import { load, markdownTable, persistedHashes, textTable, type Bench, type LoadResult } from './harness';

const CONNECTIONS = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const WARMUP_SECONDS = 5;
const GOAL_P99_MS = 200;

export const MIX: { operation: string; who: 'creator' | 'staff'; variables: Record<string, unknown> }[] = [
  { operation: 'Me', who: 'creator', variables: {} },
  { operation: 'MyCounters', who: 'creator', variables: {} },
  { operation: 'MyItems', who: 'creator', variables: { queryParams: { queue: 'all', first: 20, page: 1 } } },
  { operation: 'StaffQueue', who: 'staff', variables: { queryParams: { queue: 'waiting', first: 20, page: 1 }, countParams: { queue: 'waiting' } } },
  { operation: 'StaffCounters', who: 'staff', variables: {} },
];

/** The mix as HTTP requests (persisted operations), signed in as the demo creator and staff member. */
export async function mixRequests(database: Prepared['database'], tokenTtlHours: number) {
  const tokens: Record<'creator' | 'staff', string> = { creator: '', staff: '' };
  for (const who of ['creator', 'staff'] as const) {
    const [member] = await database.query<{ id: number }>(`select id from members where email = $1`, [`${who}@corner.test`]);
    assert.ok(member, `the demo ${who}`);
    tokens[who] = await createSession(database.db, member.id, tokenTtlHours, { ip: '127.0.0.1', userAgent: 'corner-bench' });
  }
  const hashes = persistedHashes();
  return MIX.map(({ operation, who, variables }) => {
    const hash = hashes.get(operation);
    assert.ok(hash, `the web app sends ${operation}`);
    return {
      method: 'POST' as const,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
      body: JSON.stringify({ operationName: operation, variables, extensions: { persistedQuery: { version: 1, sha256Hash: hash } } }),
    };
  });
}

interface EngineResult {
  label: string;
  /** Measured against the real server as `npm start` runs it (the goal's row), not the app built in this process. */
  isNpmStart: boolean;
  baseline: LoadResult;
  mix: LoadResult;
}

interface Server {
  url: string;
  pid: number;
  /** Its processes and each one's pool, as its configuration fills them in. */
  processes: number;
  poolSize: number;
  stop(): Promise<void>;
}

/** The real server (`main.ts`) on the prepared PostgreSQL database, as `npm start` runs it, logging and rate limits off. */
async function startServer(prepared: Prepared): Promise<Server> {
  // Its own folder for files and for a web build it does not have (the bench reads the API only).
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'corner-bench-server-'));
  const env = {
    ...process.env,
    DATABASE_URL: prepared.config.DATABASE_URL!,
    DATA_DIR: webDist,
    WEB_DIST: webDist,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    RATE_LIMIT_SEARCHES_PER_MINUTE: '0',
    RATE_LIMIT_UPLOADS_PER_MINUTE: '0',
    RATE_LIMIT_HEAVY_PER_MINUTE: '0',
  };
  const config = loadConfig(env);
  const server = await spawnMain(env);
  return {
    url: server.url,
    pid: server.proc.pid!,
    processes: config.serverProcesses,
    poolSize: config.DATABASE_POOL_SIZE,
    async stop() {
      server.proc.kill('SIGTERM');
      await server.exited;
      fs.rmSync(webDist, { recursive: true, force: true });
    },
  };
}

/**
 * Each request of the mix answered once without errors, then the baseline (`/healthz`) and the mix,
 * each after its warm-up. `serverPid`: the server runs in that process and its children.
 */
async function loadBaselineAndMix(url: string, requests: Awaited<ReturnType<typeof mixRequests>>, serverPid?: number): Promise<{ baseline: LoadResult; mix: LoadResult }> {
  for (const request of requests) {
    const answer = (await (await fetch(`${url}/graphql`, request)).json()) as { data?: unknown; errors?: unknown };
    assert.ok(answer.data && !answer.errors, `${request.body.slice(0, 40)} answers: ${JSON.stringify(answer).slice(0, 300)}`);
  }
  const where = serverPid === undefined ? {} : { serverPid };
  const baselineOptions = { url: `${url}/healthz`, method: 'GET' as const, headers: {}, connections: CONNECTIONS, ...where };
  const mixOptions = { url: `${url}/graphql`, method: 'POST' as const, headers: {}, requests, connections: CONNECTIONS, ...where };
  await load({ ...baselineOptions, seconds: WARMUP_SECONDS });
  const baseline = await load({ ...baselineOptions, seconds: SECONDS });
  await load({ ...mixOptions, seconds: WARMUP_SECONDS });
  const mix = await load({ ...mixOptions, seconds: SECONDS });
  return { baseline, mix };
}

/** GraphQL errors the server answered, by its /metrics (every process's, summed). */
async function errorsAnswered(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('corner_graphql_errors_total{'))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

/** The mix against the real server in its processes (`npm start` on a PostgreSQL server). */
async function measureProcesses(prepared: Prepared): Promise<EngineResult> {
  const requests = await mixRequests(prepared.database, prepared.config.TOKEN_TTL_HOURS);
  const server = await startServer(prepared);
  try {
    const { baseline, mix } = await loadBaselineAndMix(server.url, requests, server.pid);
    const errors = await errorsAnswered(server.url);
    if (errors) throw new Error(`${errors} GraphQL errors were answered under load (the server's /metrics)`);
    const label = prepared.label.replace(/^PostgreSQL server \(([^,]+), pool of \d+\)$/, `PostgreSQL server ($1), \`npm start\`: ${server.processes} server processes, pool of ${server.poolSize} each`);
    return { label, isNpmStart: true, baseline, mix };
  } finally {
    await server.stop();
  }
}

async function measure(prepared: Prepared): Promise<EngineResult> {
  const { database } = prepared;
  const config = { ...prepared.config, RATE_LIMIT_SEARCHES_PER_MINUTE: 0, RATE_LIMIT_UPLOADS_PER_MINUTE: 0, RATE_LIMIT_HEAVY_PER_MINUTE: 0 };
  const requests = await mixRequests(database, config.TOKEN_TTL_HOURS);
  const app = await buildApp({ config, database, serveWeb: false, logger: false });
  // Every GraphQL answer is read on its way out: one with errors fails the bench.
  let graphqlErrors = 0;
  let firstError = '';
  app.addHook('onSend', async (req, _reply, payload) => {
    if (req.url.startsWith('/graphql') && typeof payload === 'string' && payload.includes('"errors":')) {
      graphqlErrors += 1;
      firstError ||= payload.slice(0, 300);
    }
    return payload;
  });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const { baseline, mix } = await loadBaselineAndMix(address, requests);
    if (graphqlErrors) throw new Error(`${graphqlErrors} GraphQL answers had errors under load, the first: ${firstError}`);
    return { label: prepared.label, isNpmStart: false, baseline, mix };
  } finally {
    await app.close();
  }
}

export const bench: Bench = {
  name: 'Load of signed-in reads',
  async run() {
    const results: EngineResult[] = [];
    const skipped: string[] = [];
    // BENCH_LOAD_ENGINES=postgres measures the PostgreSQL server only (quicker comparisons while tuning).
    for (const prepare of process.env.BENCH_LOAD_ENGINES === 'postgres' ? [preparePostgres] : [preparePglite, preparePostgres]) {
      const prepared = await prepare();
      if (typeof prepared === 'string') {
        skipped.push(`PostgreSQL server: not measured — ${prepared}.`);
        continue;
      }
      try {
        results.push(await measure(prepared));
        if (prepared.database.kind === 'postgres') results.push(await measureProcesses(prepared));
      } catch (error) {
        throw new Error(`${prepared.label}: ${describeError(error)}`, { cause: error });
      } finally {
        await prepared.cleanup();
      }
    }
    const head = ['Engine', 'Requests', 'req/s', 'p50 ms', 'p99 ms', 'req/s ÷ /healthz', 'CPU µs per request: app process', 'PostgreSQL server'];
    const cpu = (result: LoadResult, label: string) => [result.cpuUsPerRequest.process.toFixed(0), label.startsWith('PostgreSQL') ? result.cpuUsPerRequest.postgres.toFixed(0) : '–'];
    const rows = results.flatMap((r) => [
      [r.label, '`GET /healthz` (baseline)', r.baseline.reqPerSec.toFixed(0), String(r.baseline.p50), String(r.baseline.p99), '1.00', ...cpu(r.baseline, r.label)],
      [r.label, 'the read mix', r.mix.reqPerSec.toFixed(0), String(r.mix.p50), String(r.mix.p99), (r.mix.reqPerSec / r.baseline.reqPerSec).toFixed(2), ...cpu(r.mix, r.label)],
    ]);
    const single = results.find((r) => r.label.startsWith('PostgreSQL') && !r.isNpmStart);
    const server = results.find((r) => r.isNpmStart);
    const verdict = server && single
      ? `Goal: p99 of the read mix ≤ ${GOAL_P99_MS} ms on the PostgreSQL server as \`npm start\` runs it: ${server.mix.p99} ms, ${server.mix.p99 <= GOAL_P99_MS ? 'met' : '**missed**'} (in one process: ${single.mix.p99} ms). 0 errors on every engine (any error fails the bench).`
      : 'The PostgreSQL server was not measured, so the goal was not checked.';
    const tableHead = ['Engine', 'Load', ...head.slice(2)];
    return {
      markdown: [
        '## Load of signed-in reads (`bench/load.bench.ts`)',
        '',
        `${CONNECTIONS} connections for ${SECONDS} s each (after ${WARMUP_SECONDS} s of warm-up), demo data, rate limits off. ` +
          'The mix, sent in turn on every connection as the web app sends it (persisted operations): a creator\'s `Me`, `MyCounters`, `MyItems` (first page of 20) and a staff member\'s `StaffQueue` (first page of 20 with its count) and `StaffCounters`. ' +
          'The baseline is `GET /healthz` (HTTP and one `select 1`) under the same connections. ' +
          'On the PostgreSQL server the mix runs twice: against the app built in the bench\'s process (as on PGlite), and against the real server as `npm start` runs it there, in its default number of server processes (one per core, at most 4). ' +
          'CPU per request: the app (the bench\'s process, which holds the load generator in a worker thread and, in the first two rows, the server; with `npm start`, the server\'s processes too) and every PostgreSQL process of the machine, from /proc, over the measured seconds.',
        '',
        markdownTable(tableHead, rows),
        '',
        verdict,
        ...skipped.map((s) => `\n${s}`),
      ].join('\n'),
      text: [textTable(tableHead, rows), '', verdict, ...skipped].join('\n'),
    };
  },
};
