// Where a `me` request's event-loop time goes (issue 13): the real app on a fresh database on the
// PostgreSQL server (bench/databases.ts), 10 connections of `me` for PROFILE_SECONDS (default 8)
// after a 3 s warm-up, sampled by the inspector's CPU profiler on the server's own thread (the load
// generator runs in a worker). Prints self time per request by package and by function, and the
// callers of the functions named in CALLERS (comma-separated).
// With PROFILE=mix it profiles bench/load.bench.ts's read mix instead, on 200 connections (rate
// limits off, as that bench runs it), or only the operations named in PROFILE_OPS.
// Usage: NODE_ENV=production [PROFILE=mix] npx tsx bench/profile-me.ts   (not part of `npm run bench`: no figure to keep)
import inspector from 'node:inspector/promises';
import { buildApp } from '../apps/server/src/app';
import { createSession } from '../apps/server/src/modules/member/member.service';
import { preparePostgres } from './databases';
import { load, type LoadOptions } from './harness';
import { mixRequests } from './load.bench';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

const ME = 'query Me { me { MemberID UserName Email roles { name permissions { id name } } } }';
const SECONDS = Number(process.env.PROFILE_SECONDS ?? 8);
const IDLE = new Set(['(idle)', '(program)', '(garbage collector)']);

function packageOf(url: string): string {
  if (!url) return '(native)';
  const inModules = url.split('node_modules/').at(-1)!;
  if (inModules !== url) return inModules.split('/').slice(0, inModules.startsWith('@') ? 2 : 1).join('/');
  return url.replace(/^.*?\/(apps|packages)\//, '$1/');
}

const prepared = await preparePostgres();
if (typeof prepared === 'string') throw new Error(prepared);
try {
  const [member] = await prepared.database.query<{ id: number }>(`select id from members where email = 'staff@corner.test'`);
  const token = await createSession(prepared.database.db, member!.id, 24, { ip: '127.0.0.1', userAgent: 'corner-profile' });
  const mix = process.env.PROFILE === 'mix';
  const config = mix ? { ...prepared.config, RATE_LIMIT_SEARCHES_PER_MINUTE: 0, RATE_LIMIT_UPLOADS_PER_MINUTE: 0, RATE_LIMIT_HEAVY_PER_MINUTE: 0 } : prepared.config;
  // PROFILE_OPS=MyItems,StaffQueue keeps only those operations of the mix.
  const only = (process.env.PROFILE_OPS ?? '').split(',').filter(Boolean);
  const requests = mix ? (await mixRequests(prepared.database, config.TOKEN_TTL_HOURS)).filter((r) => !only.length || only.includes(JSON.parse(r.body).operationName)) : undefined;
  const app = await buildApp({ config, database: prepared.database, serveWeb: false, logger: false });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const options: Omit<LoadOptions, 'seconds'> = requests
      ? { url: `${address}/graphql`, method: 'POST' as const, headers: {}, requests, connections: 200 }
      : { url: `${address}/graphql`, method: 'POST' as const, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify({ query: ME }), connections: 10 };
    await load({ ...options, seconds: 3 });
    const session = new inspector.Session();
    session.connect();
    await session.post('Profiler.enable');
    await session.post('Profiler.setSamplingInterval', { interval: 100 });
    await session.post('Profiler.start');
    const result = await load({ ...options, seconds: SECONDS });
    const { profile } = await session.post('Profiler.stop');
    const nodes = new Map((profile.nodes as ProfileNode[]).map((n) => [n.id, n]));
    const parent = new Map<number, number>();
    for (const n of nodes.values()) for (const child of n.children ?? []) parent.set(child, n.id);
    const self = new Map<number, number>();
    profile.samples!.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas![i] ?? 0)));
    const byPackage = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const [id, us] of self) {
      const { functionName, url, lineNumber } = nodes.get(id)!.callFrame;
      const where = IDLE.has(functionName) ? functionName : packageOf(url);
      byPackage.set(where, (byPackage.get(where) ?? 0) + us);
      if (!IDLE.has(functionName)) byFunction.set(`${functionName || '(anonymous)'} ${where}:${lineNumber}`, (byFunction.get(`${functionName || '(anonymous)'} ${where}:${lineNumber}`) ?? 0) + us);
    }
    const perRequest = (us: number) => (us / result.requests).toFixed(1).padStart(8);
    console.log(`${result.requests} requests, ${result.reqPerSec.toFixed(0)} req/s, event loop ${result.loopUsPerRequest.toFixed(0)} µs per request\n\nµs per request by package:`);
    for (const [name, us] of [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(perRequest(us), name);
    console.log('\nµs per request by function:');
    for (const [name, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(perRequest(us), name);
    const skip = (process.env.CALLERS_SKIP ?? '').split(',').filter(Boolean);
    for (const target of (process.env.CALLERS ?? '').split(',').filter(Boolean)) {
      const stacks = new Map<string, number>();
      for (const [id, us] of self) {
        if (nodes.get(id)!.callFrame.functionName !== target) continue;
        const chain: string[] = [];
        for (let at = parent.get(id); at !== undefined && chain.length < Number(process.env.CALLERS_DEPTH ?? 6); at = parent.get(at)) {
          const where = packageOf(nodes.get(at)!.callFrame.url);
          // With CALLERS_SKIP=drizzle-orm,(native) the chain shows only the frames outside those packages.
          if (skip.includes(where)) continue;
          chain.push(`${nodes.get(at)!.callFrame.functionName || '(anonymous)'}@${where}:${nodes.get(at)!.callFrame.lineNumber}`);
        }
        stacks.set(chain.join(' < '), (stacks.get(chain.join(' < ')) ?? 0) + us);
      }
      console.log(`\ncallers of ${target}:`);
      for (const [chain, us] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(perRequest(us), chain);
    }
  } finally {
    await app.close();
  }
} finally {
  await prepared.cleanup();
}
process.exit(0);
