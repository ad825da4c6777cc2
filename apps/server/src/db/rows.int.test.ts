import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import type { Database } from './client';
import { preparedRows, rows } from './rows';

let database: Database;
const logged: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (statement) => logged.push(statement) });
});
afterAll(async () => {
  await database?.close();
});

describe('preparedRows', () => {
  it('answers as rows does; on the PostgreSQL server the statement is prepared under a name of its text, once', async () => {
    const query = (min: number) => sql`select count(*)::int as n, ${'counted'}::text as what from permissions where id > ${min}`;
    logged.length = 0;
    for (const min of [0, 5, 0]) {
      expect(await preparedRows(database.db, query(min))).toEqual(await rows(database.db, query(min)));
    }
    // Every statement is logged, prepared or not (the statement-counting tests rely on it).
    expect(logged.filter((statement) => statement.includes('from permissions where id >'))).toHaveLength(6);
    // The pool hands back the connection it used last: the one that ran the statements above.
    const prepared = await database.query<{ name: string; statement: string }>(`select name, statement from pg_prepared_statements where name like 'corner\\_%'`);
    if (database.kind === 'postgres') {
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.statement).toContain('from permissions where id >');
    } else {
      expect(prepared).toEqual([]);
    }
  });

  it('runs as rows does inside a transaction', async () => {
    const answer = await database.db.transaction((tx) => preparedRows<{ n: number }>(tx, sql`select ${2}::int * 3 as n`));
    expect(answer).toEqual([{ n: 6 }]);
  });
});
