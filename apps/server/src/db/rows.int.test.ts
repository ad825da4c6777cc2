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
  const count = (min: unknown) => sql`select count(*)::int as n, ${'counted'}::text as what from permissions where id > ${min}`;

  it('answers as rows does, with each call\'s values; on the PostgreSQL server the statement is prepared under a name of its text, once', async () => {
    logged.length = 0;
    for (const min of [0, 5, 0]) {
      expect(await preparedRows(database.db, 'rows-test:count', { min }, (values) => count(values.min))).toEqual(await rows(database.db, count(min)));
    }
    expect((await rows<{ n: number }>(database.db, count(5)))[0]!.n).toBeLessThan((await rows<{ n: number }>(database.db, count(0)))[0]!.n);
    // Every statement is logged, prepared or not (the statement-counting tests rely on it).
    expect(logged.filter((statement) => statement.includes('from permissions where id >'))).toHaveLength(8);
    // The pool hands back the connection it used last: the one that ran the statements above.
    const prepared = await database.query<{ name: string; statement: string }>(`select name, statement from pg_prepared_statements where name like 'corner\\_%'`);
    if (database.kind === 'postgres') {
      expect(prepared).toHaveLength(1);
      expect(prepared[0]!.statement).toContain('from permissions where id > $2');
    } else {
      expect(prepared).toEqual([]);
    }
  });

  it('runs as rows does inside a transaction', async () => {
    const answer = await database.db.transaction((tx) => preparedRows<{ n: number }, { two: number }>(tx, 'rows-test:tx', { two: 2 }, (values) => sql`select ${values.two}::int * 3 as n`));
    expect(answer).toEqual([{ n: 6 }]);
  });

  it('refuses, under test, a shape built into another text or with another constant (compiled once, it would keep the first)', async () => {
    const first = preparedRows(database.db, 'rows-test:shape', { min: 0 }, (values) => count(values.min));
    await expect(first).resolves.toHaveLength(1);
    const otherText = preparedRows(database.db, 'rows-test:shape', { min: 0 }, (values) => sql`select ${values.min}::int as n`);
    // A value written into the statement instead of passed in `values`.
    const otherConstant = preparedRows(database.db, 'rows-test:shape', { min: 0 }, () => count(3));
    if (database.kind === 'postgres') {
      await expect(otherText).rejects.toThrow('the shape "rows-test:shape" was built into two different statements');
      await expect(otherConstant).rejects.toThrow('the shape "rows-test:shape" was built into two different statements');
    } else {
      // PGlite runs each call as built: nothing is kept to go stale.
      await expect(otherText).resolves.toEqual([{ n: 0 }]);
      await expect(otherConstant).resolves.toHaveLength(1);
    }
  });
});
