import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startJobs, type Jobs } from '../jobs/index';
import { openLegacySource } from '../modules/legacy/legacy-source.open';
import { createStorage } from '../storage/index';
import { createUrlSigner } from '../storage/signed-url';
import { buildMember, buildSubmission } from '../test/factories';
import { silentLog, useTestServer } from '../test/server';
import { pngBytes } from '../test/uploads';
import { createMetrics, registerMetricsRoute } from './metrics';

/**
 * GET /metrics scraped as Prometheus would (issue 18): GraphQL requests by root field with their
 * latency and errors by code, uploaded bytes, the background jobs' queues, the staff queues; served
 * to the internal network without a token, and to a bearer of METRICS_TOKEN when one is set.
 */
const server = useTestServer();
let jobs: Jobs;

beforeAll(async () => {
  const { database, config } = server;
  // pg-boss on this database, working nothing: one job waits in a queue of its own.
  jobs = await startJobs(
    { database, config, log: silentLog, storage: createStorage(config), urlSigner: createUrlSigner(config), legacy: await openLegacySource(config, database) },
    { work: false, definitions: [] },
  );
  await jobs.boss.createQueue('metrics-probe');
  await jobs.boss.send('metrics-probe', {});
}, 60_000);
afterAll(async () => jobs?.stop());

/** The value of one sample line, e.g. `corner_queue_size{queue="waiting"}`. */
function sample(text: string, series: string): number | null {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : null;
}

const scrape = async (remoteAddress = '127.0.0.1') => server.app.inject({ method: 'GET', url: '/metrics', remoteAddress });

describe('GET /metrics', () => {
  it('counts and times GraphQL operations by root field, errors by code, uploaded bytes, job queues and staff queues', async () => {
    const member = await buildMember(server.database.db);
    const token = await server.tokenFor(member.id);
    const before = sample((await scrape()).body, 'corner_graphql_requests_total{field="categories",outcome="ok"}') ?? 0;
    expect((await server.gql('{ categories { id } }', {}, { token })).errors).toBeUndefined();
    expect((await server.gql('{ categories { id } }', {}, { token })).errors).toBeUndefined();
    expect((await server.gql('{ searchCreations(sort: "price") { paginatorInfo { total } } }')).errors![0]!.extensions!.code).toBe('SEARCH_SORT_UNKNOWN');
    const submission = await buildSubmission(server.database.db, member.id);
    const picture = await pngBytes(6, 4);
    const uploaded = await server.upload(
      'mutation ($s: Int!, $file: Upload!) { createSubmissionImage(submission_id: $s, file: $file) { id } }',
      { s: submission },
      { 'variables.file': { name: 'front.png', content: picture, type: 'image/png' } },
      { token },
    );
    expect(uploaded.errors).toBeUndefined();

    const res = await scrape();
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(sample(text, 'corner_graphql_requests_total{field="categories",outcome="ok"}')).toBe(before + 2);
    expect(sample(text, 'corner_graphql_requests_total{field="searchCreations",outcome="error"}')).toBe(1);
    expect(sample(text, 'corner_graphql_errors_total{field="searchCreations",code="SEARCH_SORT_UNKNOWN"}')).toBe(1);
    expect(sample(text, 'corner_graphql_request_duration_seconds_count{field="categories"}')).toBe(before + 2);
    expect(sample(text, 'corner_graphql_request_duration_seconds_bucket{le="10",field="categories"}')).toBe(before + 2);
    expect(sample(text, 'corner_upload_bytes_total')).toBeGreaterThanOrEqual(picture.length);
    expect(sample(text, 'corner_job_queue_depth{queue="metrics-probe",state="created"}')).toBe(1);
    expect(sample(text, 'corner_job_oldest_waiting_seconds{queue="metrics-probe"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'corner_queue_size{queue="waiting"}')).toEqual(expect.any(Number));
    expect(sample(text, 'corner_queue_size{queue="unreadMessages"}')).toEqual(expect.any(Number));
    expect(text).toContain('corner_process_resident_memory_bytes');
    if (server.database.kind === 'postgres') expect(sample(text, 'corner_db_pool_connections{state="total"}')).toBeGreaterThan(0);
  });

  it('without a token, answers only loopback and private addresses', async () => {
    expect((await scrape('10.1.2.3')).statusCode).toBe(200);
    expect((await scrape('192.168.0.7')).statusCode).toBe(200);
    const outside = await scrape('203.0.113.9');
    expect(outside.statusCode).toBe(403);
    expect(outside.json()).toEqual({ error: 'Metrics are served to the internal network only.' });
  });

  it('with METRICS_TOKEN set, answers its bearer only, wherever the request comes from', async () => {
    const app = Fastify();
    const secret = 'metrics-token-for-the-test';
    registerMetricsRoute(app, createMetrics(server.database, silentLog), { METRICS_TOKEN: secret });
    expect((await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer wrong-token-of-any-length' } })).statusCode).toBe(401);
    const ok = await app.inject({ method: 'GET', url: '/metrics', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${secret}` } });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toContain('corner_queue_size');
    await app.close();
  });
});
