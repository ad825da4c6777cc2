import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchWithStatus } from './client';

/** Answers by path: /{status}/{kind}, where kind picks the body the server sends. */
const BODIES: Record<string, { type: string; body: string }> = {
  graphql: { type: 'application/graphql-response+json', body: JSON.stringify({ errors: [{ message: 'Bad variables' }] }) },
  data: { type: 'application/json', body: JSON.stringify({ data: null, errors: [{ message: 'x' }] }) },
  plain: { type: 'application/json', body: JSON.stringify({ error: 'Internal Server Error' }) },
  broken: { type: 'application/json', body: '{"errors": [' },
  html: { type: 'text/html', body: '<h1>Bad Gateway</h1>' },
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    const [, status, kind] = (req.url ?? '').split('/');
    const answer = BODIES[kind ?? ''] ?? BODIES.html!;
    res.writeHead(Number(status), { 'content-type': answer.type });
    res.end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchWithStatus', () => {
  it('passes a successful answer through', async () => {
    const response = await fetchWithStatus(`${base}/200/data`);
    expect(response.status).toBe(200);
  });

  it('leaves a failed answer with a GraphQL body to urql, which reads its errors', async () => {
    const graphql = await fetchWithStatus(`${base}/400/graphql`);
    expect(graphql.status).toBe(400);
    expect(await graphql.json()).toEqual({ errors: [{ message: 'Bad variables' }] });
    expect((await fetchWithStatus(`${base}/500/data`)).status).toBe(500);
  });

  it('turns a failed answer without a GraphQL body into "Request failed with status code {n}"', async () => {
    await expect(fetchWithStatus(`${base}/500/plain`)).rejects.toThrow('Request failed with status code 500');
    await expect(fetchWithStatus(`${base}/502/html`)).rejects.toThrow('Request failed with status code 502');
    await expect(fetchWithStatus(`${base}/503/broken`)).rejects.toThrow('Request failed with status code 503');
  });
});
