import { getNullableType, GraphQLList, type GraphQLField } from 'graphql';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './page-size';

/**
 * What a list field multiplies the cost of its selection by when nothing says how long it is: the
 * images, files or tests of one creation. Paged fields say it themselves (their `first`).
 */
export const LIST_MULTIPLIER = 10;

/** The page size a paged field's arguments ask for, capped as pageWindow caps it; null when not paged. */
export function requestedPageSize(args: Record<string, unknown>): number | null {
  const params = args.queryParams;
  const holder = params && typeof params === 'object' ? (params as Record<string, unknown>) : 'first' in args ? args : null;
  if (!holder) return null;
  const first = holder.first;
  const size = typeof first === 'number' ? first : DEFAULT_PAGE_SIZE;
  return Math.min(Math.max(size, 1), MAX_PAGE_SIZE);
}

/**
 * The cost of one field (the Pothos complexity plugin's `fieldComplexity`): 1 for the field itself;
 * a paged field multiplies its selection by the page size it asks for, so `first: 100` weighs 100
 * rows; any other list by LIST_MULTIPLIER. The `data` list of a paginator costs nothing more (its
 * paged parent already counted the rows).
 */
export function fieldCost(args: Record<string, unknown>, _ctx: unknown, field: GraphQLField<unknown, unknown>): number | { field: number; multiplier: number } {
  const pageSize = requestedPageSize(args);
  if (pageSize !== null) return { field: 1, multiplier: pageSize };
  if (getNullableType(field.type) instanceof GraphQLList) return { field: 1, multiplier: LIST_MULTIPLIER };
  return 1;
}
