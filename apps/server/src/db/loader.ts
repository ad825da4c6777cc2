import type { Db } from './client';

/**
 * Per-request batch loaders. GraphQL resolves a field of every row of a list in the same turn, so a
 * page of 100 creations asks for its 100 creators (or image lists, or counts) together; a loader
 * gathers those keys and reads them in one query. Nothing is kept past the batch: a mutation later
 * in the same request never reads a stale row.
 *
 * A module defines a loader once, beside its SQL (`defineLoader`), and calls it with the request's
 * context; the context holds each loader's pending batch (`loaders`, made empty per request).
 */
export type LoaderCache = Map<unknown, (key: never) => Promise<unknown>>;

/** What a loader needs from the context: its database and the request's loaders. */
export interface LoaderHost {
  db: Db;
  loaders: LoaderCache;
}

interface Pending<V> {
  promise: Promise<V>;
  resolve(value: V): void;
  reject(error: unknown): void;
}

function pending<V>(): Pending<V> {
  let resolve!: (value: V) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<V>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/**
 * A loader over `fetch`: every key asked for before the event loop turns goes into one call, and
 * each caller gets its key's value (or `missing` when the answer has none).
 */
export function batchLoader<K, V>(fetch: (keys: K[]) => Promise<Map<K, V>>, missing: V): (key: K) => Promise<V> {
  let batch: Map<K, Pending<V>> | null = null;
  return (key) => {
    if (!batch) {
      const current = new Map<K, Pending<V>>();
      batch = current;
      setImmediate(() => {
        batch = null;
        fetch([...current.keys()]).then(
          (found) => current.forEach((p, k) => p.resolve(found.has(k) ? found.get(k)! : missing)),
          (error: unknown) => current.forEach((p) => p.reject(error)),
        );
      });
    }
    let entry = batch.get(key);
    if (!entry) {
      entry = pending<V>();
      batch.set(key, entry);
    }
    return entry.promise;
  };
}

/**
 * Defines a loader: `fetch` reads the values of many keys in one query; the function returned loads
 * one key through the request's batch. `missing` is what a key without a row gets (null, 0, []).
 */
export function defineLoader<K, V>(fetch: (db: Db, keys: K[]) => Promise<Map<K, V>>, missing: V): (host: LoaderHost, key: K) => Promise<V> {
  const id = Symbol('loader');
  return (host, key) => {
    let load = host.loaders.get(id) as ((key: K) => Promise<V>) | undefined;
    if (!load) {
      load = batchLoader((keys: K[]) => fetch(host.db, keys), missing);
      host.loaders.set(id, load as (key: never) => Promise<unknown>);
    }
    return load(key);
  };
}

/** Groups rows into a map of lists by a key, keeping their order. */
export function groupBy<K, R>(rows: R[], keyOf: (row: R) => K): Map<K, R[]> {
  const groups = new Map<K, R[]>();
  for (const row of rows) {
    const key = keyOf(row);
    const list = groups.get(key);
    if (list) list.push(row);
    else groups.set(key, [row]);
  }
  return groups;
}
