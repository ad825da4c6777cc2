import { Client as ElasticClient } from '@elastic/elasticsearch';
import { Client as OpenSearchClient } from '@opensearch-project/opensearch';
import type { Config } from '../../config';
import type { DbOrTx } from '../../db/client';
import { clusterSearchEngine, type ClusterFlavor, type ClusterTransport } from './search-engine.cluster';
import type { SearchEngine } from './search-engine';
import { postgresSearchEngine } from './search-engine.postgres';

export type SearchConfig = Pick<Config, 'SEARCH_URL' | 'SEARCH_CLUSTER' | 'SEARCH_INDEX'>;

/** How long one request to the cluster may take before it fails. */
const CLUSTER_REQUEST_TIMEOUT_MS = 30_000;

/**
 * The engine this process writes to and searches: the cluster on SEARCH_URL when it is set (one
 * client per process, made on first use), else PostgreSQL in the portal's own database.
 */
export function searchEngineOf(db: DbOrTx, config: SearchConfig): SearchEngine {
  if (!config.SEARCH_URL) return postgresSearchEngine(db);
  const key = `${config.SEARCH_CLUSTER} ${config.SEARCH_URL} ${config.SEARCH_INDEX}`;
  let engine = clusterEngines.get(key);
  if (!engine) {
    engine = clusterSearchEngine(clusterTransport(config.SEARCH_URL, config.SEARCH_CLUSTER), { index: config.SEARCH_INDEX });
    clusterEngines.set(key, engine);
  }
  return engine;
}

const clusterEngines = new Map<string, SearchEngine>();

/**
 * A cluster through its official client: `@elastic/elasticsearch` (8.x, which speaks to
 * Elasticsearch 8 and 9) or `@opensearch-project/opensearch` (the Elasticsearch client refuses a
 * server that is not Elasticsearch). Both send one REST request through their transport.
 */
export function clusterTransport(url: string, flavor: ClusterFlavor): ClusterTransport {
  if (flavor === 'opensearch') {
    const client = new OpenSearchClient({ node: url, requestTimeout: CLUSTER_REQUEST_TIMEOUT_MS });
    return {
      flavor,
      async send(request, ignore) {
        const res = await client.transport.request(request, { ignore });
        return { statusCode: res.statusCode ?? 200, body: res.body };
      },
      close: () => client.close(),
    };
  }
  const client = new ElasticClient({ node: url, requestTimeout: CLUSTER_REQUEST_TIMEOUT_MS });
  return {
    flavor,
    async send(request, ignore) {
      const res = await client.transport.request(request, { ignore, meta: true });
      return { statusCode: res.statusCode ?? 200, body: res.body };
    },
    close: () => client.close(),
  };
}
