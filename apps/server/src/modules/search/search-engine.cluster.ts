import { MAX_FACETS, queryWords } from '@corner/domain';
import { documentOfStored, storedDocument, type SearchAnswer, type SearchEngine, type SearchFacet, type SearchHealth, type SearchQuery, type StoredDocument } from './search-engine';

/**
 * The engine of large sites: an Elasticsearch or OpenSearch cluster (SEARCH_URL), through the
 * official client of each (search-cluster.transport.ts). Its documents live in a concrete index
 * (`<name>-0`, then `<name>-<time>` for each rebuild) that searches reach through the alias `<name>`; the explicit mapping below is
 * the only shape a document has (`dynamic: strict`).
 *
 * Reindexing everything builds a fresh index beside the live one (`beginRebuild`: the alias
 * `<name>-next` names it) and every write meanwhile goes to both; once every document is rewritten
 * (`finishRebuild`) one atomic alias action points `<name>` at the new index and the old is
 * dropped. Searches answer from the live index throughout, so search never goes down.
 *
 * The same answers as the PostgreSQL engine, as the contract test (search-engine.contract.int.test.ts)
 * holds them: every word must match (the last also as a prefix), its stem in a weighted field or,
 * for a typo, the name; stop words are neutral; facets over every match. One primary shard, so
 * facet counts are exact.
 */

export type ClusterFlavor = 'elasticsearch' | 'opensearch';

/** One REST request to the cluster as the official clients send it. */
export interface ClusterRequest {
  method: 'GET' | 'HEAD' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  body?: Record<string, unknown>;
  /** Newline-delimited actions (`_bulk`). */
  bulkBody?: Record<string, unknown>[];
  querystring?: Record<string, string | number | boolean>;
}

/** What the engine needs of a cluster: one request, its status and body; statuses in `ignore` answer instead of throwing. */
export interface ClusterTransport {
  readonly flavor: ClusterFlavor;
  send(request: ClusterRequest, ignore?: number[]): Promise<{ statusCode: number; body: any }>;
  close(): Promise<void>;
}

/** Fields a visitor's words are looked for in, with their weights (the PostgreSQL engine's A to D). */
const TEXT_FIELDS = ['name^8', 'keywords^4', 'creator_name^4', 'category_path^2', 'tags^2', 'themes^2', 'description'];

/** The mapping: every field a document has, and how it is searched. */
export const CLUSTER_INDEX_BODY = {
  settings: {
    number_of_shards: 1,
    analysis: { normalizer: { sortable: { type: 'custom', filter: ['lowercase'] } } },
  },
  mappings: {
    dynamic: 'strict',
    properties: {
      submission_id: { type: 'integer' },
      name: {
        type: 'text',
        analyzer: 'english',
        fields: { sort: { type: 'keyword', normalizer: 'sortable' }, plain: { type: 'text', analyzer: 'standard' } },
      },
      description: { type: 'text', analyzer: 'english' },
      keywords: { type: 'text', analyzer: 'english' },
      kind: { type: 'keyword' },
      game: { type: 'integer' },
      category_id: { type: 'integer' },
      category_ids: { type: 'integer' },
      category_path: { type: 'text', analyzer: 'english' },
      tag_ids: { type: 'integer' },
      tags: { type: 'text', analyzer: 'english' },
      themes: { type: 'text', analyzer: 'english' },
      creator_id: { type: 'integer' },
      creator_name: { type: 'text', analyzer: 'english' },
      exclusive: { type: 'boolean' },
      publish_at: { type: 'date' },
      early_access_until: { type: 'date' },
      thumbnail_path: { type: 'keyword', index: false },
    },
  },
} as const;

/** Where a cluster engine keeps its documents: `index` is the alias searches use. */
export interface ClusterEngineOptions {
  index: string;
  /** Names the concrete index a rebuild makes (a test fixes it); default `<index>-<time>`. The first is `<index>-0`. */
  newIndexName?: () => string;
}

export function clusterSearchEngine(transport: ClusterTransport, options: ClusterEngineOptions): SearchEngine & ClusterAdmin {
  const alias = options.index;
  const nextAlias = `${alias}-next`;
  const newIndexName = options.newIndexName ?? (() => `${alias}-${new Date().toISOString().replace(/[^0-9]/g, '').slice(0, 17)}`);
  let ready: Promise<void> | null = null;

  /** The concrete indices an alias names (none when it does not exist). */
  const indicesOf = async (name: string): Promise<string[]> => {
    const res = await transport.send({ method: 'GET', path: `/_alias/${encodeURIComponent(name)}` }, [404]);
    return res.statusCode === 404 ? [] : Object.keys(res.body ?? {});
  };

  /** Makes a concrete index with the mapping, behind the alias `aliasOf` (statuses in `ignore` answer instead of throwing). */
  const makeIndex = (name: string, aliasOf: string, ignore?: number[]) =>
    transport.send({ method: 'PUT', path: `/${encodeURIComponent(name)}`, body: { ...CLUSTER_INDEX_BODY, aliases: { [aliasOf]: {} } } }, ignore);

  /**
   * The live index and its alias, made with the mapping on first use. The first index has a fixed
   * name, so two processes starting at once make one: the second's "already exists" is no error.
   */
  const ensureLive = () => {
    ready ??= (async () => {
      if ((await indicesOf(alias)).length > 0) return;
      const made = await makeIndex(`${alias}-0`, alias, [400]);
      if (made.statusCode === 400 && (await indicesOf(alias)).length === 0) throw new Error(`Could not make the search index ${alias}-0: ${JSON.stringify(made.body?.error?.reason ?? made.body)}`);
    })().catch((error: unknown) => {
      ready = null;
      throw error;
    });
    return ready;
  };

  /** The aliases a write goes to: the live index (made on first use), and the one being built if a rebuild is under way. */
  const writeTargets = async () => {
    await ensureLive();
    return [alias, ...((await indicesOf(nextAlias)).length > 0 ? [nextAlias] : [])];
  };

  const bulk = async (actions: Record<string, unknown>[]) => {
    if (actions.length === 0) return;
    const res = await transport.send({ method: 'POST', path: '/_bulk', bulkBody: actions });
    if (!res.body?.errors) return;
    // A delete of a document the index does not hold is not an error.
    const failed = (res.body.items as Record<string, { status: number; _id: string; error?: { type: string; reason: string } }>[])
      .map((item) => Object.values(item)[0]!)
      .filter((r) => r.error && !(r.status === 404));
    if (failed.length > 0) {
      const first = failed[0]!;
      throw new Error(`${failed.length} of the writes were refused; document ${first._id}: ${first.error!.type}: ${first.error!.reason}`);
    }
  };

  return {
    engine: transport.flavor,

    async health(): Promise<SearchHealth> {
      const [root, cluster] = await Promise.all([transport.send({ method: 'GET', path: '/' }), transport.send({ method: 'GET', path: '/_cluster/health' })]);
      const product = root.body?.version?.distribution === 'opensearch' ? 'OpenSearch' : 'Elasticsearch';
      const status = String(cluster.body?.status ?? 'unknown');
      const [live, next] = await Promise.all([indicesOf(alias), indicesOf(nextAlias)]);
      const where = live.length > 0 ? `index ${live.join(', ')} behind alias ${alias}` : `no index yet (alias ${alias} is made with the first document)`;
      const rebuilding = next.length > 0 ? `; a full reindex is building ${next.join(', ')}` : '';
      return {
        healthy: status === 'green' || status === 'yellow',
        detail: `${product} ${root.body?.version?.number ?? '?'} cluster “${cluster.body?.cluster_name ?? '?'}”, status ${status}; ${where}${rebuilding}.`,
      };
    },

    async upsert(documents) {
      if (documents.length === 0) return;
      const targets = await writeTargets();
      await bulk(targets.flatMap((target) => documents.flatMap((d) => [{ index: { _index: target, _id: String(d.submissionId) } }, storedDocument(d)])));
    },

    async remove(submissionIds) {
      if (submissionIds.length === 0) return;
      const targets = await writeTargets();
      await bulk(targets.flatMap((target) => submissionIds.map((id) => ({ delete: { _index: target, _id: String(id) } }))));
    },

    async flush() {
      const targets = await writeTargets();
      await transport.send({ method: 'POST', path: `/${targets.map(encodeURIComponent).join(',')}/_refresh` });
    },

    async count() {
      await ensureLive();
      const res = await transport.send({ method: 'GET', path: `/${encodeURIComponent(alias)}/_count` });
      return Number(res.body.count);
    },

    async search(query: SearchQuery): Promise<SearchAnswer> {
      await ensureLive();
      const res = await transport.send({ method: 'POST', path: `/${encodeURIComponent(alias)}/_search`, body: searchBody(query) });
      const facet = (name: string): SearchFacet[] => ((res.body.aggregations?.[name]?.buckets ?? []) as { key: number; doc_count: number }[]).map((b) => ({ id: Number(b.key), count: b.doc_count }));
      return {
        documents: (res.body.hits.hits as { _source: StoredDocument }[]).map((h) => documentOfStored(h._source)),
        total: Number(res.body.hits.total.value),
        categories: facet('categories'),
        tags: facet('tags'),
      };
    },

    async beginRebuild() {
      await ensureLive();
      if ((await indicesOf(nextAlias)).length > 0) return;
      await makeIndex(newIndexName(), nextAlias);
    },

    async finishRebuild() {
      const [next] = await indicesOf(nextAlias);
      if (!next) return;
      const old = (await indicesOf(alias)).filter((i) => i !== next);
      await transport.send({
        method: 'POST',
        path: '/_aliases',
        body: {
          actions: [...old.map((index) => ({ remove: { index, alias } })), { add: { index: next, alias } }, { remove: { index: next, alias: nextAlias } }],
        },
      });
      if (old.length > 0) await transport.send({ method: 'DELETE', path: `/${old.map(encodeURIComponent).join(',')}` }, [404]);
    },

    async drop() {
      const names = [...new Set([...(await indicesOf(alias)), ...(await indicesOf(nextAlias))])];
      if (names.length > 0) await transport.send({ method: 'DELETE', path: `/${names.map(encodeURIComponent).join(',')}` }, [404]);
      ready = null;
    },
  };
}

/** What only a cluster engine does beyond the contract: a test drops what it made. */
export interface ClusterAdmin {
  /** Deletes every index behind the engine's aliases. */
  drop(): Promise<void>;
}

/**
 * The query: each word must match, in a weighted field by its stem (the last word also as the start
 * of a longer one) or in the name within a typo or two; a word the English analyzer drops (a stop
 * word) matches everything. Filters do not score; facets count every match.
 */
export function searchBody(query: SearchQuery): Record<string, unknown> {
  const words = query.text ? queryWords(query.text) : [];
  const must: unknown[] = [];
  if (query.text && words.length === 0) must.push({ match_none: {} });
  words.forEach((word, i) => {
    const should: unknown[] = [
      { multi_match: { query: word, fields: TEXT_FIELDS, zero_terms_query: 'all' } },
      { match: { 'name.plain': { query: word, fuzziness: 'AUTO', prefix_length: 1 } } },
    ];
    if (i === words.length - 1) should.push({ multi_match: { query: word, type: 'bool_prefix', fields: TEXT_FIELDS } });
    must.push({ bool: { should, minimum_should_match: 1 } });
  });
  const filter: unknown[] = [];
  if (query.categoryId != null) filter.push({ term: { category_ids: query.categoryId } });
  for (const tag of query.tagIds ?? []) filter.push({ term: { tag_ids: tag } });
  if (query.kind) filter.push({ term: { kind: query.kind } });
  if (query.game != null) filter.push({ term: { game: query.game } });
  if (query.creatorId != null) filter.push({ term: { creator_id: query.creatorId } });
  if (query.exclusive != null) filter.push({ term: { exclusive: query.exclusive } });
  const newest = [{ publish_at: 'desc' }, { submission_id: 'desc' }];
  const sort = query.sort === 'name' ? [{ 'name.sort': 'asc' }, { submission_id: 'asc' }] : query.sort === 'relevance' && words.length > 0 ? [{ _score: 'desc' }, ...newest] : newest;
  const facet = (field: string) => ({ terms: { field, size: MAX_FACETS, order: [{ _count: 'desc' }, { _key: 'asc' }] } });
  return {
    query: { bool: { must, filter } },
    sort,
    from: (query.page - 1) * query.first,
    size: query.first,
    track_total_hits: true,
    aggs: { categories: facet('category_ids'), tags: facet('tag_ids') },
  };
}
