import { useGraphQlJit, type JITCache } from '@envelop/graphql-jit';
import { getOperationAST, parse, print, type DocumentNode } from 'graphql';
import type { PersistedOperations } from './persisted-operations';

/**
 * Whether an operation is one of the web app's own queries: a document it ships (by its text, sent
 * by hash or in full), and a query. Decided once per parsed document (Yoga's parse cache hands the
 * same one to every request with the same text).
 */
export function webQueryOf(operations: PersistedOperations): (document: DocumentNode, operationName?: string | null) => boolean {
  let shipped: Set<string> | undefined;
  const isShipped = new WeakMap<DocumentNode, boolean>();
  return (document, operationName) => {
    let known = isShipped.get(document);
    if (known === undefined) {
      shipped ??= new Set([...operations.values()].map((text) => print(parse(text))));
      known = shipped.has(print(document));
      isShipped.set(document, known);
    }
    return known && getOperationAST(document, operationName)?.operation === 'query';
  };
}

/**
 * The web app's own queries run as code compiled once per document (graphql-jit) instead of
 * graphql-js walking the document for every request: a list page of creations spent more time in
 * that walk than in reading its rows (docs/decisions.md, "The web app's queries compiled").
 * Everything else stays with graphql-js: mutations and subscriptions (few, and ordered), and any
 * other client's documents, since compiling costs milliseconds per new document and a client
 * sending endless distinct ones would turn that against the server.
 */
export function useCompiledWebQueries(operations: PersistedOperations, options: { cache?: JITCache } = {}): ReturnType<typeof useGraphQlJit> {
  const isWebQuery = webQueryOf(operations);
  return useGraphQlJit({}, { enableIf: ({ document, operationName }) => isWebQuery(document, operationName), ...options });
}
