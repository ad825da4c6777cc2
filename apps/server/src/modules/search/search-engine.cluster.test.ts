import { describe, expect, it } from 'vitest';
import { buildSearchDocument } from '../../test/search-documents';
import { CLUSTER_INDEX_BODY, clusterSearchEngine, type ClusterRequest, type ClusterTransport } from './search-engine.cluster';

/**
 * How the cluster engine drives a cluster's indices and aliases, against a transport that keeps
 * the aliases as a cluster would and records every request. What it finds is the contract test's
 * (search-engine.contract.int.test.ts), which needs a real cluster; this holds the steps that keep
 * search up while everything is rebuilt, which no answer shows.
 */
function fakeCluster() {
  const aliases = new Map<string, Set<string>>();
  const requests: ClusterRequest[] = [];
  let bulkAnswer: (actions: Record<string, unknown>[]) => unknown = () => ({ errors: false, items: [] });
  /** As the official clients do: a status of 400 or more throws unless the request ignores it. */
  const transport: ClusterTransport = {
    flavor: 'elasticsearch',
    async send(request, ignore) {
      const answer = await answerOf(request);
      if (answer.statusCode >= 400 && !ignore?.includes(answer.statusCode)) throw new Error(`${answer.statusCode} ${JSON.stringify(answer.body)}`);
      return answer;
    },
    close: async () => {},
  };
  async function answerOf(request: ClusterRequest): Promise<{ statusCode: number; body: any }> {
    requests.push(request);
    const alias = request.path.match(/^\/_alias\/(.+)$/)?.[1];
    if (alias) {
      const indices = [...aliases.entries()].filter(([, names]) => names.has(alias)).map(([index]) => index);
      return indices.length ? { statusCode: 200, body: Object.fromEntries(indices.map((i) => [i, { aliases: { [alias]: {} } }])) } : { statusCode: 404, body: {} };
    }
    if (request.method === 'PUT') {
      if (aliases.has(request.path.slice(1))) return { statusCode: 400, body: { error: { type: 'resource_already_exists_exception', reason: 'exists' } } };
      aliases.set(request.path.slice(1), new Set(Object.keys((request.body?.aliases ?? {}) as object)));
      return { statusCode: 200, body: { acknowledged: true } };
    }
    if (request.path === '/_aliases') {
      for (const a of (request.body as { actions: Record<string, { index: string; alias: string }>[] }).actions) {
        const [[verb, { index, alias: name }]] = Object.entries(a) as [[string, { index: string; alias: string }]];
        if (verb === 'add') aliases.get(index)!.add(name);
        else aliases.get(index)!.delete(name);
      }
      return { statusCode: 200, body: { acknowledged: true } };
    }
    if (request.method === 'DELETE') {
      for (const index of request.path.slice(1).split(',')) aliases.delete(index);
      return { statusCode: 200, body: { acknowledged: true } };
    }
    if (request.path === '/_bulk') return { statusCode: 200, body: bulkAnswer(request.bulkBody!) };
    return { statusCode: 200, body: {} };
  }
  let n = 0;
  const engine = clusterSearchEngine(transport, { index: 'shop', newIndexName: () => `shop-${++n}` });
  return {
    engine,
    transport,
    aliases,
    requests,
    answerBulk: (f: typeof bulkAnswer) => (bulkAnswer = f),
    /** The indices each bulk request wrote to, per request. */
    bulkTargets: () => requests.filter((r) => r.path === '/_bulk').map((r) => r.bulkBody!.filter((a) => 'index' in a || 'delete' in a).map((a) => (Object.values(a)[0] as { _index: string })._index)),
  };
}

const doc = (id: number) => buildSearchDocument(id);

describe('the cluster engine', () => {
  it('makes its index with the mapping and the alias on first use, once', async () => {
    const c = fakeCluster();
    await c.engine.upsert([doc(1)]);
    await c.engine.upsert([doc(2)]);
    const made = c.requests.filter((r) => r.method === 'PUT');
    expect(made).toHaveLength(1);
    expect(made[0]!.body).toEqual({ ...CLUSTER_INDEX_BODY, aliases: { shop: {} } });
    expect(c.bulkTargets()).toEqual([['shop'], ['shop']]);
  });

  it('takes an index a second process made at the same moment as its own', async () => {
    const first = fakeCluster();
    await first.engine.upsert([doc(1)]);
    // A second engine on the same cluster whose first look came before the first made the index.
    let looked = false;
    const late: ClusterTransport = {
      ...first.transport,
      send: async (request, ignore) => {
        if (!looked && request.path === '/_alias/shop') {
          looked = true;
          return { statusCode: 404, body: {} };
        }
        return first.transport.send(request, ignore);
      },
    };
    const second = clusterSearchEngine(late, { index: 'shop' });
    await expect(second.upsert([doc(2)])).resolves.toBeUndefined();
    expect([...first.aliases.keys()]).toEqual(['shop-0']);
  });

  it('writes to the live index and the one being built during a rebuild, then swaps the alias in one action and drops the old index', async () => {
    const c = fakeCluster();
    await c.engine.upsert([doc(1)]);
    await c.engine.beginRebuild!();
    await c.engine.beginRebuild!();
    expect([...c.aliases.keys()]).toEqual(['shop-0', 'shop-1']);
    await c.engine.upsert([doc(1), doc(2)]);
    await c.engine.remove([3]);
    expect(c.bulkTargets().slice(1)).toEqual([
      ['shop', 'shop', 'shop-next', 'shop-next'],
      ['shop', 'shop-next'],
    ]);
    await c.engine.finishRebuild!();
    const swap = c.requests.filter((r) => r.path === '/_aliases');
    expect(swap).toHaveLength(1);
    expect(swap[0]!.body).toEqual({
      actions: [{ remove: { index: 'shop-0', alias: 'shop' } }, { add: { index: 'shop-1', alias: 'shop' } }, { remove: { index: 'shop-1', alias: 'shop-next' } }],
    });
    expect([...c.aliases.entries()]).toEqual([['shop-1', new Set(['shop'])]]);
    await c.engine.upsert([doc(4)]);
    expect(c.bulkTargets().at(-1)).toEqual(['shop']);
    // Nothing being built: finishing again changes nothing.
    await c.engine.finishRebuild!();
    expect(c.requests.filter((r) => r.path === '/_aliases')).toHaveLength(1);
  });

  it('takes a delete of a document the index lacks as done, and fails a refused write with the document and the reason', async () => {
    const c = fakeCluster();
    c.answerBulk(() => ({ errors: true, items: [{ delete: { _id: '3', status: 404, result: 'not_found' } }] }));
    await expect(c.engine.remove([3])).resolves.toBeUndefined();
    c.answerBulk(() => ({
      errors: true,
      items: [
        { index: { _id: '1', status: 201 } },
        { index: { _id: '2', status: 400, error: { type: 'document_parsing_exception', reason: 'failed to parse field [publish_at]' } } },
      ],
    }));
    await expect(c.engine.upsert([doc(1), doc(2)])).rejects.toThrow('1 of the writes were refused; document 2: document_parsing_exception: failed to parse field [publish_at]');
  });
});
