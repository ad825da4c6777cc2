import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client, fetchExchange, gql, makeResult, mapExchange } from 'urql';
import { filter, fromValue, mergeMap, pipe, subscribe } from 'wonka';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFetchWithStatus, fetchWithStatus, handleOperationError, transitionExchange } from './client';

/**
 * Answers by path: /{status}/{kind}, where kind picks the body the server sends;
 * /slow/{ms}/{bodyMs}: a GraphQL answer whose headers come after ms and its body bodyMs later;
 * /events/{ms}/{eventMs}: a server-sent event stream that opens after ms, with one event eventMs later.
 */
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
    const [, status, kind, extra] = (req.url ?? '').split('/');
    if (status === 'slow') {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/graphql-response+json' });
        res.write('{"data":');
        setTimeout(() => res.end('{"me":null}}'), Number(extra ?? 0));
      }, Number(kind));
      return;
    }
    if (status === 'events') {
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.write(': open\n\n');
        setTimeout(() => {
          res.write('event: next\ndata: {"data":{"tick":1}}\n\n');
          res.end('event: complete\ndata:\n\n');
        }, Number(extra ?? 0));
      }, Number(kind));
      return;
    }
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

describe('the HTTP timeout (HTTP_TIMEOUT_MS)', () => {
  const post = (timeoutMs: number, path: string, init: RequestInit = {}) =>
    createFetchWithStatus(() => timeoutMs)(`${base}${path}`, { method: 'POST', body: '{}', headers: { accept: 'application/graphql-response+json, application/json' }, ...init });

  it('aborts a request after n ms with "timeout of {n}ms exceeded"', async () => {
    const started = performance.now();
    await expect(post(100, '/slow/400/0')).rejects.toThrow(new Error('timeout of 100ms exceeded'));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(95);
    expect(elapsed).toBeLessThan(350);
  });

  it('counts the whole answer: headers in time but a body too late also time out', async () => {
    await expect(post(100, '/slow/0/400')).rejects.toThrow('timeout of 100ms exceeded');
  });

  it('lets a fast answer through with its body', async () => {
    const response = await post(1000, '/slow/10/10');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { me: null } });
  });

  it('never times out with 0, the default', async () => {
    const response = await post(0, '/slow/300/0');
    expect(await response.json()).toEqual({ data: { me: null } });
    expect((await fetchWithStatus(`${base}/slow/150/0`)).status).toBe(200);
  });

  it('keeps the status rule: a failed answer without a GraphQL body still says "Request failed with status code {n}"', async () => {
    await expect(post(1000, '/502/html')).rejects.toThrow('Request failed with status code 502');
  });

  it('leaves a cancel by the caller a cancel, not a timeout', async () => {
    const controller = new AbortController();
    const request = post(1000, '/slow/400/0', { signal: controller.signal });
    controller.abort();
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('reaches the app as a network error through urql, and never cuts a subscription short', async () => {
    const onNetworkError = vi.fn();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = (path: string) =>
      new Client({
        url: `${base}${path}`,
        fetch: createFetchWithStatus(() => 100),
        fetchSubscriptions: true,
        exchanges: [mapExchange({ onError: (error, operation) => handleOperationError(error, operation, { onNetworkError, onAuthorizationError: vi.fn() }) }), fetchExchange],
      });

    const query = await client('/slow/400/0').query(gql('query Me { me { MemberID } }'), {}).toPromise();
    expect(query.error?.networkError?.message).toBe('timeout of 100ms exceeded');
    expect(onNetworkError).toHaveBeenCalledWith('timeout of 100ms exceeded');

    const firstEvent = (path: string) =>
      new Promise<unknown>((resolve) => {
        const { unsubscribe } = client(path)
          .subscription(gql('subscription Tick { tick }'), {})
          .subscribe((result) => {
            unsubscribe();
            resolve(result.error ? result.error.message : result.data);
          });
      });
    // A stream that is slow to open, and one whose first event comes late: both past the timeout.
    expect(await firstEvent('/events/300/0')).toEqual({ tick: 1 });
    expect(await firstEvent('/events/0/300')).toEqual({ tick: 1 });
    vi.restoreAllMocks();
  });
});

describe('transitionExchange', () => {
  it('hands a query’s first result on inside the transition, and its later results and mutations’ at once', () => {
    let inside = false;
    const start = (deliver: () => void) => {
      inside = true;
      try {
        deliver();
      } finally {
        inside = false;
      }
    };
    let answers = 0;
    const client = new Client({
      url: '/graphql',
      exchanges: [
        transitionExchange(start),
        () => (operations$) =>
          pipe(
            operations$,
            filter((operation) => operation.kind !== 'teardown'),
            mergeMap((operation) => fromValue(makeResult(operation, { data: { tick: (answers += 1) } }))),
          ),
      ],
    });
    const seen: { what: string; data: unknown; inside: boolean }[] = [];
    const tick = gql`query Tick($n: Int!) { tick(n: $n) }`;
    const ask = (what: string, n: number) => pipe(client.query(tick, { n }, { requestPolicy: 'network-only' }), subscribe((result) => seen.push({ what, data: result.data, inside })));
    ask('first of n=1', 1);
    ask('first of n=2', 2);
    ask('n=1 again', 1);
    pipe(client.mutation(gql`mutation Tock { tock }`, {}), subscribe((result) => seen.push({ what: 'mutation', data: result.data, inside })));
    expect(seen).toEqual([
      { what: 'first of n=1', data: { tick: 1 }, inside: true },
      { what: 'first of n=2', data: { tick: 2 }, inside: true },
      // The query asked again: its answer reaches both of its subscribers at once.
      { what: 'first of n=1', data: { tick: 3 }, inside: false },
      { what: 'n=1 again', data: { tick: 3 }, inside: false },
      { what: 'mutation', data: { tick: 4 }, inside: false },
    ]);
  });
});
