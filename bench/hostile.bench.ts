// Hostile requests (issue 13): each is refused before it runs, in milliseconds, and refusing them
// does not slow down the people using the portal.
//
// On the embedded database (where every query runs on the server's own event loop, the worst case)
// the real app is built with buildApp, demo data seeded, and a creator signed in. Three documents:
//   - 300 aliases of a 100-row creator list with images and categories (it ran 20 s before the limits),
//   - a query nested 200 levels deep (categories' parents),
//   - 10,000 aliases of __typename.
// Each is sent 50 times in a row over loopback and timed from request to answer; the figure is the
// median and the slowest, against the goal of 20 ms and beside `me` sent the same way (the baseline).
// Then `me` is loaded with 20 connections for BENCH_SECONDS, first alone and then with the three
// hostile documents sent in a loop on three more connections; the figure is the ratio of `me`'s
// median and p99 latency with and without them (goal ≤ 1.2).
import assert from 'node:assert/strict';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { buildApp } from '../apps/server/src/app';
import { createSession } from '../apps/server/src/modules/member/member.service';
import { preparePglite } from './databases';
import { load, markdownTable, textTable, type Bench, type LoadResult } from './harness';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const SENDS = 50;
const GOAL_MS = 20;
const GOAL_RATIO = 1.2;

const ME = 'query Me { me { MemberID UserName Email roles { name permissions { id name } } } }';
const LIST = 'myItemsSearch(queryParams: {first: 100}) { data { id name images { id } category { name } } }';
const aliases = (n: number, field: string) => `query { ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;
const HOSTILE = [
  { label: '300 aliases of a 100-row list', query: aliases(300, LIST), code: 'QUERY_TOO_LONG' },
  { label: 'depth 200', query: `query { categories { ${'parent { '.repeat(198)}id${' }'.repeat(198)} } }`, code: 'QUERY_TOO_DEEP' },
  { label: '10,000 aliases of __typename', query: aliases(10_000, '__typename'), code: 'QUERY_TOO_LONG' },
];

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

/** Sends one body SENDS times in a row; answers the median and slowest time and the last answer. */
async function timeSends(url: string, token: string, query: string): Promise<{ median: number; max: number; answer: unknown }> {
  const times: number[] = [];
  let answer: unknown;
  const body = JSON.stringify({ query });
  for (let i = 0; i < SENDS; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body });
    answer = await response.json();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), max: times.at(-1)!, answer };
}

/** A loop of the hostile documents on `connections` connections until stopped (answers are 200 with errors). */
function hostileLoop(url: string, token: string, connections: number, seconds: number) {
  return autocannon({
    url,
    method: 'POST',
    connections,
    duration: seconds,
    workers: 1,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    requests: HOSTILE.map((h) => ({ method: 'POST', body: JSON.stringify({ query: h.query }) })),
  });
}

export const bench: Bench = {
  name: 'Hostile requests',
  async run() {
    const { database, config, cleanup } = await preparePglite();
    try {
      const [creator] = await database.query<{ id: number }>(`select id from members where email = 'creator@corner.test'`);
      assert.ok(creator, 'the demo creator');
      const token = await createSession(database.db, creator.id, config.TOKEN_TTL_HOURS, { ip: '127.0.0.1', userAgent: 'corner-bench' });
      const app = await buildApp({ config, database, serveWeb: false, logger: false });
      try {
        const address = await app.listen({ host: '127.0.0.1', port: 0 });
        const url = `${address}/graphql`;

        const me = await timeSends(url, token, ME);
        assert.equal((me.answer as { data?: { me?: { MemberID?: number } } }).data?.me?.MemberID, creator.id, 'me answers');
        const refusals = [];
        for (const hostile of HOSTILE) {
          const timed = await timeSends(url, token, hostile.query);
          const code = (timed.answer as { errors?: { extensions?: { code?: string } }[] }).errors?.[0]?.extensions?.code;
          assert.equal(code, hostile.code, `${hostile.label} is refused with ${hostile.code}`);
          refusals.push({ ...hostile, ...timed });
        }

        const meLoad = { url, method: 'POST' as const, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: ME }), connections: 20, seconds: SECONDS };
        await load({ ...meLoad, seconds: 2 }); // warm-up
        const alone: LoadResult = await load(meLoad);
        const [underAttack, attack] = await Promise.all([load(meLoad), hostileLoop(url, token, HOSTILE.length, SECONDS)]);
        if (attack.errors || attack.timeouts || attack.non2xx) throw new Error(`The hostile loop was not answered cleanly: ${attack.errors} errors, ${attack.timeouts} timeouts, ${attack.non2xx} non-2xx (${JSON.stringify(attack.statusCodeStats)})`);
        const p50Ratio = underAttack.p50 / alone.p50;
        const p99Ratio = underAttack.p99 / alone.p99;

        const refusalRows = [
          ['`me` (baseline)', me.median.toFixed(2), me.max.toFixed(2), '1.00', '—'],
          ...refusals.map((r) => [r.label, r.median.toFixed(2), r.max.toFixed(2), (r.median / me.median).toFixed(2), `\`${r.code}\`${r.max <= GOAL_MS ? '' : ' **over goal**'}`]),
        ];
        const loadRows = [
          ['`me` alone', alone.reqPerSec.toFixed(0), String(alone.p50), String(alone.p99), '1.00'],
          [`\`me\` with ${HOSTILE.length} hostile connections (${(attack.requests.total / attack.duration).toFixed(0)} refusals/s)`, underAttack.reqPerSec.toFixed(0), String(underAttack.p50), String(underAttack.p99), `${p50Ratio.toFixed(2)} (p99 ${p99Ratio.toFixed(2)})`],
        ];
        const refusalHead = ['Request', 'Median ms', 'Slowest ms', '÷ `me`', 'Refused with'];
        const loadHead = ['20 connections of `me`', 'req/s', 'p50 ms', 'p99 ms', 'p50 ratio to alone'];
        const verdict = `Goals: every refusal ≤ ${GOAL_MS} ms (${refusals.every((r) => r.max <= GOAL_MS) ? 'met' : '**missed**'}); \`me\`'s median under attack ≤ ${GOAL_RATIO}× alone (${p50Ratio <= GOAL_RATIO ? 'met' : '**missed**'}).`;
        return {
          markdown: [
            '## Hostile requests (`bench/hostile.bench.ts`)',
            '',
            `Embedded database (PGlite, on the server's own event loop), demo data, a signed-in creator. Each request sent ${SENDS} times in a row over loopback; then 20 connections of \`me\` for ${SECONDS} s alone and with the three hostile documents looping on ${HOSTILE.length} more connections.`,
            '',
            markdownTable(refusalHead, refusalRows),
            '',
            markdownTable(loadHead, loadRows),
            '',
            verdict,
          ].join('\n'),
          text: [textTable(refusalHead, refusalRows), '', textTable(loadHead, loadRows), '', verdict].join('\n'),
        };
      } finally {
        await app.close();
      }
    } finally {
      await cleanup();
    }
  },
};
