import { FAILED_TEST, TEST_RESULTS, TEST_STATUSES, UNFINISHED_TEST_STATUSES, type TestState } from '@corner/domain';
import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * SQL helpers every module shares: LIKE escaping, closed-list literals and the domain's test rules
 * as predicates. Modules build their queries with Drizzle and reach for these where a rule of the
 * domain becomes SQL, so the rule is written once.
 */

/** Escapes LIKE's wildcards in a phrase a person typed (used with `escape '\'`, Postgres's default). */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A value of a closed domain list (statuses) written into the SQL text rather than sent as a
 * parameter: the planner can then prove a partial index's predicate (`status = 'APPROVED'`).
 */
export function literal(value: string, allowed: readonly string[]): SQL {
  if (!allowed.includes(value)) throw new Error(`Not a known value: ${value}`);
  return sql.raw(`'${value}'`);
}

export function literals(values: readonly string[], allowed: readonly string[]): SQL {
  return sql.join(
    values.map((v) => literal(v, allowed)),
    sql`, `,
  );
}

/** The columns of a test row a test predicate reads: Drizzle columns, or an alias's (`t.status`). */
export interface TestColumns {
  status: Column | SQL;
  result: Column | SQL;
}

/** The columns of the `tests` table under a raw alias, for hand-written subqueries. */
export function testColumnsOf(alias: string): TestColumns {
  return { status: sql.raw(`${alias}.status`), result: sql.raw(`${alias}.test_result`) };
}

/** The domain's test state (isTestUnfinished, isTestFailed) as a predicate. */
export function testStateSql(state: TestState, t: TestColumns): SQL {
  return state === 'unfinished'
    ? sql`${t.status} in (${literals(UNFINISHED_TEST_STATUSES, TEST_STATUSES)})`
    : sql`(${t.status} = ${literal(FAILED_TEST.status, TEST_STATUSES)} and ${t.result} = ${literal(FAILED_TEST.result, TEST_RESULTS)})`;
}

/**
 * An upsert's `set` that takes each named column from the row that conflicted
 * (`onConflictDoUpdate({ target, set: fromExcluded([...]) })`): `column = excluded.column` each.
 */
export function fromExcluded<K extends string>(columns: readonly K[]): Record<K, SQL> {
  return Object.fromEntries(columns.map((c) => [c, sql.raw(`excluded."${c}"`)])) as Record<K, SQL>;
}
