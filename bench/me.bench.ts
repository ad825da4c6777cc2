// GraphQL `me` against a bare Fastify route that runs the same SQL on the same pool.
//
// For each database engine (embedded PGlite; a PostgreSQL server at BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432/test, in a fresh `corner_bench_<pid>` database dropped at the
// end) the real app is built with buildApp and a bare `GET /bare-me` route is added to the same
// Fastify instance. It reads the Bearer token, calls loadSession(db, hashToken(token)) exactly as the
// GraphQL context does when sessions are not kept in memory (SESSION_CACHE_SECONDS=0 here) and
// answers the same JSON. Both answers are checked to be equal, then both
// routes are loaded with autocannon on 127.0.0.1 (same connections and duration, a warm-up each,
// two alternating rounds). The figure that matters is the ratio GraphQL req/s / bare req/s.
// BENCH_SECONDS (default 10), BENCH_WARMUP_SECONDS (default 2) and BENCH_ROUNDS (default 2) change the
// timing, e.g. to shorten a trial run.
import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { bearerToken } from '../apps/server/src/context';
import type { Database } from '../apps/server/src/db/client';
import { createSession } from '../apps/server/src/modules/member/member.service';
import { hashToken, loadSession } from '../apps/server/src/modules/member/session.sql';
import { preparePglite, preparePostgres, type Prepared } from './databases';
import { load, markdownTable, mean, textTable, type Bench, type LoadResult } from './harness';

const CONNECTIONS = 10;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const GOAL = 0.6;
const ME_QUERY = 'query Me { me { MemberID UserName Email roles { name permissions { id name } } } }';


interface Measured {
  label: string;
  version: string;
  member: string;
  bare: LoadResult[];
  graphql: LoadResult[];
}

interface Skipped {
  label: string;
  skipped: string;
}

type EngineResult = Measured | Skipped;

/** The member with the most permissions (then roles): the largest `me` answer. */
async function worstCaseMember(database: Database): Promise<{ id: number; email: string; roles: number; permissions: number }> {
  const [member] = await database.query<{ id: number; email: string; roles: number; permissions: number }>(
    `select m.id, m.email, count(distinct mr.role_id)::int as roles, count(distinct rp.permission_id)::int as permissions
       from members m
       join member_roles mr on mr.member_id = m.id
       left join role_permissions rp on rp.role_id = mr.role_id
      where m.deleted_at is null
      group by m.id, m.email
      order by permissions desc, roles desc, m.id
      limit 1`,
  );
  if (!member) throw new Error('The seeded database has no member with a role');
  return member;
}

/** The bare route: token → loadSession → the same JSON shape GraphQL answers for `me`. */
function addBareRoute(app: FastifyInstance, database: Database): void {
  app.get('/bare-me', async (req, reply) => {
    const token = bearerToken(req.headers.authorization);
    const session = token ? await loadSession(database.db, hashToken(token)) : null;
    const valid = session && !session.revoked_at && session.expires_at > new Date();
    reply.header('cache-control', 'no-store');
    return {
      data: {
        me: valid
          ? {
              MemberID: session.id,
              UserName: session.username,
              Email: session.email,
              roles: session.roles.map((r) => ({
                name: r.name,
                permissions: r.permissions.map((p) => ({ id: p.id, name: p.name })),
              })),
            }
          : null,
      },
    };
  });
}

async function measure(prepared: Prepared): Promise<Measured> {
  const { database, config } = prepared;
  const [{ server_version: version } = { server_version: '?' }] = await database.query<{ server_version: string }>('show server_version');
  const member = await worstCaseMember(database);
  const token = await createSession(database.db, member.id, config.TOKEN_TTL_HOURS, { ip: '127.0.0.1', userAgent: 'corner-bench' });

  // Both routes look the session up in the database on every request, as this bench was defined: it
  // measures GraphQL's cost over the same SQL. Keeping sessions in memory (SESSION_CACHE_SECONDS)
  // would take that SQL out of both; its effect is measured by load.bench.ts.
  const app = await buildApp({ config: { ...config, sessionCacheSeconds: 0 }, database, serveWeb: false, logger: false });
  addBareRoute(app, database);
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as { port: number };
    const base = `http://127.0.0.1:${port}`;
    const authorization = `Bearer ${token}`;
    const bare = { url: `${base}/bare-me`, method: 'GET' as const, headers: { authorization } };
    const graphql = {
      url: `${base}/graphql`,
      method: 'POST' as const,
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ query: ME_QUERY }),
    };

    // Both routes must answer 200 with the same member before anything is timed.
    const bareResponse = await fetch(bare.url, { headers: bare.headers });
    const graphqlResponse = await fetch(graphql.url, { method: 'POST', headers: graphql.headers, body: graphql.body });
    assert.equal(bareResponse.status, 200, `${prepared.label}: /bare-me answered ${bareResponse.status}`);
    assert.equal(graphqlResponse.status, 200, `${prepared.label}: /graphql answered ${graphqlResponse.status}`);
    const bareBody = (await bareResponse.json()) as { data: { me: { MemberID: number; roles: unknown[] } | null } };
    const graphqlBody = (await graphqlResponse.json()) as { data?: unknown; errors?: unknown };
    assert.equal(graphqlBody.errors, undefined, `${prepared.label}: GraphQL errors ${JSON.stringify(graphqlBody.errors)}`);
    assert.deepEqual(graphqlBody, bareBody, `${prepared.label}: GraphQL and bare answers differ`);
    assert.equal(bareBody.data.me?.MemberID, member.id, `${prepared.label}: the token did not sign in member ${member.id}`);

    const connections = CONNECTIONS;
    await load({ ...bare, connections, seconds: WARMUP_SECONDS });
    await load({ ...graphql, connections, seconds: WARMUP_SECONDS });
    const result: Measured = {
      label: prepared.label,
      version,
      member: `${member.email}: ${member.roles} role(s), ${member.permissions} permissions`,
      bare: [],
      graphql: [],
    };
    for (let round = 1; round <= ROUNDS; round++) {
      result.bare.push(await load({ ...bare, connections, seconds: SECONDS }));
      result.graphql.push(await load({ ...graphql, connections, seconds: SECONDS }));
      const b = result.bare.at(-1)!;
      const g = result.graphql.at(-1)!;
      console.log(
        `  ${prepared.label} round ${round}: bare ${b.reqPerSec.toFixed(0)} req/s, graphql ${g.reqPerSec.toFixed(0)} req/s, ratio ${(g.reqPerSec / b.reqPerSec).toFixed(2)}`,
      );
    }
    return result;
  } finally {
    await app.close();
  }
}

async function engine(label: string, prepare: () => Promise<Prepared | string>): Promise<EngineResult> {
  console.log(`me.bench: preparing ${label}…`);
  const prepared = await prepare();
  if (typeof prepared === 'string') {
    console.log(`me.bench: SKIPPED ${label}: ${prepared}`);
    return { label, skipped: prepared };
  }
  try {
    return await measure(prepared);
  } finally {
    await prepared.cleanup();
  }
}

const summary = (results: LoadResult[]) => ({
  reqPerSec: mean(results.map((r) => r.reqPerSec)),
  p50: mean(results.map((r) => r.p50)),
  p99: mean(results.map((r) => r.p99)),
  loopUs: mean(results.map((r) => r.loopUsPerRequest)),
});

function report(results: EngineResult[]): { markdown: string; text: string } {
  const head = ['Engine', 'bare req/s', 'GraphQL req/s', 'ratio', 'rounds', 'bare p50 / p99 ms', 'GraphQL p50 / p99 ms', 'loop µs/req bare / GraphQL', `goal ≥ ${GOAL}`];
  const rows: string[][] = [];
  const notes: string[] = [];
  for (const r of results) {
    if ('skipped' in r) {
      rows.push([r.label, '—', '—', '—', '—', '—', '—', '—', 'skipped']);
      notes.push(`- ${r.label} was **skipped**: ${r.skipped}.`);
      continue;
    }
    const bare = summary(r.bare);
    const graphql = summary(r.graphql);
    const ratio = graphql.reqPerSec / bare.reqPerSec;
    const rounds = r.bare.map((b, i) => (r.graphql[i]!.reqPerSec / b.reqPerSec).toFixed(2)).join(', ');
    rows.push([
      `${r.label}, PostgreSQL ${r.version.split(' ')[0]}`,
      bare.reqPerSec.toFixed(0),
      graphql.reqPerSec.toFixed(0),
      `**${ratio.toFixed(2)}**`,
      rounds,
      `${bare.p50.toFixed(1)} / ${bare.p99.toFixed(1)}`,
      `${graphql.p50.toFixed(1)} / ${graphql.p99.toFixed(1)}`,
      `${bare.loopUs.toFixed(0)} / ${graphql.loopUs.toFixed(0)}`,
      ratio >= GOAL ? 'met' : '**missed**',
    ]);
    const note = `- Token of ${r.member} (the seeded member with the most permissions).`;
    if (!notes.includes(note)) notes.push(note);
  }
  const measured = results.filter((r): r is Measured => !('skipped' in r));
  const missed = measured.filter((r) => summary(r.graphql).reqPerSec / summary(r.bare).reqPerSec < GOAL);
  const verdict = !measured.length
    ? 'No engine could be measured.'
    : `Goal (GraphQL at least ${GOAL} × the bare route's req/s): ` +
      (missed.length
        ? `**missed** on ${missed.map((r) => r.label).join(', ')}.`
        : `**met** on ${measured.length === results.length ? 'both engines' : 'the engine measured'}.`);
  const markdown = [
    '## GraphQL `me` vs a bare route (`bench/me.bench.ts`)',
    '',
    `\`POST /graphql\` with \`${ME_QUERY}\` against \`GET /bare-me\`, a route on the same Fastify ` +
      'instance that reads the Bearer token and calls the same `loadSession` on the same pool, answering ' +
      'the same JSON (checked equal before timing). ' +
      `${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up per route, then ${ROUNDS} rounds of ` +
      `${SECONDS} s per route in the order bare, GraphQL, bare, GraphQL; figures are the mean of the rounds. ` +
      'Ratio = GraphQL req/s ÷ bare req/s (per-round ratios in "rounds"). Latencies are autocannon\'s (1 ms resolution). ' +
      '"loop µs/req" is the server event loop\'s busy time per request (event-loop utilisation ÷ requests): the server-side ' +
      'CPU cost of one answer, less sensitive to the load generator and the database than req/s.',
    '',
    'PGlite runs its queries on the server\'s own event loop, so its query time is part of both routes\' cost and dilutes ' +
      'the GraphQL overhead; the PostgreSQL server figure is the stricter one.',
    '',
    markdownTable(head, rows),
    '',
    ...notes,
    '',
    verdict,
  ].join('\n');
  const text = [textTable(head, rows.map((row) => row.map((c) => c.replaceAll('**', '')))), '', ...notes.map((n) => n.replaceAll('**', '')), '', verdict.replaceAll('**', '')].join('\n');
  return { markdown, text };
}

export const bench: Bench = {
  name: 'me',
  async run() {
    const results: EngineResult[] = [];
    results.push(await engine('PGlite (embedded)', preparePglite));
    results.push(await engine('PostgreSQL server', preparePostgres));
    return report(results);
  },
};
