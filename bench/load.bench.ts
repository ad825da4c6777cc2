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
// Goal on the PostgreSQL server: p99 ≤ 200 ms.
import assert from 'node:assert/strict';
import { buildApp } from '../apps/server/src/app';
import { createSession } from '../apps/server/src/modules/member/member.service';
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
  baseline: LoadResult;
  mix: LoadResult;
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
    for (const request of requests) {
      const answer = (await (await fetch(`${address}/graphql`, request)).json()) as { data?: unknown; errors?: unknown };
      assert.ok(answer.data && !answer.errors, `${request.body.slice(0, 40)} answers: ${JSON.stringify(answer).slice(0, 300)}`);
    }
    const baselineOptions = { url: `${address}/healthz`, method: 'GET' as const, headers: {}, connections: CONNECTIONS };
    const mixOptions = { url: `${address}/graphql`, method: 'POST' as const, headers: {}, requests, connections: CONNECTIONS };
    await load({ ...baselineOptions, seconds: WARMUP_SECONDS });
    const baseline = await load({ ...baselineOptions, seconds: SECONDS });
    await load({ ...mixOptions, seconds: WARMUP_SECONDS });
    const mix = await load({ ...mixOptions, seconds: SECONDS });
    if (graphqlErrors) throw new Error(`${graphqlErrors} GraphQL answers had errors under load, the first: ${firstError}`);
    return { label: prepared.label, baseline, mix };
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
    const server = results.find((r) => r.label.startsWith('PostgreSQL'));
    const verdict = server
      ? `Goal: p99 of the read mix ≤ ${GOAL_P99_MS} ms on the PostgreSQL server: ${server.mix.p99} ms, ${server.mix.p99 <= GOAL_P99_MS ? 'met' : '**missed**'}. 0 errors on every engine (any error fails the bench).`
      : 'The PostgreSQL server was not measured, so the goal was not checked.';
    const tableHead = ['Engine', 'Load', ...head.slice(2)];
    return {
      markdown: [
        '## Load of signed-in reads (`bench/load.bench.ts`)',
        '',
        `${CONNECTIONS} connections for ${SECONDS} s each (after ${WARMUP_SECONDS} s of warm-up), demo data, rate limits off. ` +
          'The mix, sent in turn on every connection as the web app sends it (persisted operations): a creator\'s `Me`, `MyCounters`, `MyItems` (first page of 20) and a staff member\'s `StaffQueue` (first page of 20 with its count) and `StaffCounters`. ' +
          'The baseline is `GET /healthz` (HTTP and one `select 1`) under the same connections. ' +
          'CPU per request: the app\'s process (the server, and the load generator in a worker thread) and every PostgreSQL process of the machine, from /proc, over the measured seconds.',
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
