import { getOperationAST, Kind, type DocumentNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Context } from '../../context';
import { fieldsThrough } from '../../schema/selection';
import { RATE_LIMITED_FIELDS, type RateClass } from './rate-limit.rules';
import { countRequest, rateLimitError } from './rate-limit.service';

const hitsByDocument = new WeakMap<DocumentNode, Map<string, ReadonlyMap<RateClass, number>>>();

/**
 * How many root fields of each class the selected operation asks for, fragments followed; kept per
 * parsed document (Yoga's parse cache hands the same one to every request with the same text).
 */
export function rateClassHits(document: DocumentNode, operationName: string | null | undefined): ReadonlyMap<RateClass, number> {
  let byName = hitsByDocument.get(document);
  if (!byName) hitsByDocument.set(document, (byName = new Map()));
  let hits = byName.get(operationName ?? '');
  if (!hits) byName.set(operationName ?? '', (hits = countRateClassHits(document, operationName)));
  return hits;
}

function countRateClassHits(document: DocumentNode, operationName: string | null | undefined): Map<RateClass, number> {
  const hits = new Map<RateClass, number>();
  const operation = getOperationAST(document, operationName);
  if (!operation) return hits;
  const fragments = Object.fromEntries(document.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  for (const field of fieldsThrough([operation.selectionSet], fragments)) {
    const rateClass = RATE_LIMITED_FIELDS[field.name.value];
    if (rateClass) hits.set(rateClass, (hits.get(rateClass) ?? 0) + 1);
  }
  return hits;
}

/**
 * Rate limits on the expensive operations, after the operation limits and before anything runs. An
 * operation with no counted field (most of them) costs nothing here; one that has them is counted in
 * one statement per class.
 */
export function useRateLimits(): Plugin<Context> {
  return {
    async onExecute({ args, setResultAndStopExecution }) {
      const hits = rateClassHits(args.document, args.operationName);
      if (hits.size === 0) return;
      const ctx = args.contextValue as Context;
      for (const [rateClass, count] of hits) {
        const refusal = await countRequest(ctx.db, ctx.config, { memberId: ctx.auth.member?.id ?? null, ip: ctx.ip }, rateClass, count);
        if (refusal) {
          setResultAndStopExecution({ errors: [rateLimitError(refusal)] });
          return;
        }
      }
    },
  };
}
