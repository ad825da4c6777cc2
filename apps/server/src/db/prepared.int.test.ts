import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/database';
import type { Database, Db } from './client';
import { anyOf, outsideTransaction, preparedQuery, preparedRows, type Placeholders } from './prepared';
import { rows } from './rows';
import { permissions } from './schema/index';

let database: Database;
const logged: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase({ onQuery: (statement) => logged.push(statement) });
});
afterAll(async () => {
  await database?.close();
});

const permissionsOfIds = preparedQuery((db, values: Placeholders<{ ids: number[] }>) =>
  db.select({ id: permissions.id, name: permissions.name }).from(permissions).where(anyOf(permissions.id, values.ids)).orderBy(asc(permissions.id)),
);

/** Two shapes of one query: ascending or descending ids, at most `limit` rows. */
const firstPermissionsQuery = (db: Db, values: Placeholders<{ limit: number }>, shape: { descending: boolean }) =>
  db
    .select({ id: permissions.id })
    .from(permissions)
    .orderBy(shape.descending ? sql`${permissions.id} desc` : sql`${permissions.id} asc`)
    .limit(values.limit);

const firstPermissions = preparedQuery(firstPermissionsQuery, { shapeKey: (shape) => (shape.descending ? 'desc' : 'asc') });

async function namedStatements(): Promise<string[]> {
  const found = await database.query<{ statement: string }>(`select statement from pg_prepared_statements where name like 'corner\\_%'`);
  return found.map((row) => row.statement);
}

describe('preparedQuery', () => {
  it('answers as the same query built each time, for lists of every length, with one text', async () => {
    const all = await database.db.select({ id: permissions.id, name: permissions.name }).from(permissions).orderBy(asc(permissions.id));
    expect(all.length).toBeGreaterThan(3);
    logged.length = 0;
    for (const ids of [[all[0]!.id], all.slice(1, 4).map((p) => p.id), [], [-1, all[2]!.id]]) {
      expect(await permissionsOfIds(database.db, { ids })).toEqual(all.filter((p) => ids.includes(p.id)));
    }
    // Every call is logged (the statement-counting tests rely on it), always with the same text.
    const texts = logged.filter((statement) => statement.includes('from "permissions"'));
    expect(texts).toHaveLength(4);
    expect(new Set(texts).size).toBe(1);
    expect(texts[0]).toContain('= any($1)');
    if (database.kind === 'postgres') {
      // Named after its text on the server, planned once per connection.
      expect((await namedStatements()).filter((statement) => statement.includes('from "permissions"'))).toEqual([texts[0]]);
    }
  });

  it('keeps one text per shape, each prepared on the server under its own name', async () => {
    const ids = (await database.db.select({ id: permissions.id }).from(permissions).orderBy(asc(permissions.id))).map((p) => p.id);
    expect(await firstPermissions(database.db, { limit: 2 }, { descending: false })).toEqual(ids.slice(0, 2).map((id) => ({ id })));
    expect(await firstPermissions(database.db, { limit: 3 }, { descending: true })).toEqual([...ids].reverse().slice(0, 3).map((id) => ({ id })));
    expect(await firstPermissions(database.db, { limit: 1 }, { descending: false })).toEqual([{ id: ids[0] }]);
    if (database.kind === 'postgres') {
      const shapes = (await namedStatements()).filter((statement) => statement.includes('from "permissions" order by'));
      expect(shapes.map((statement) => (statement.includes(' desc limit') ? 'desc' : 'asc')).sort()).toEqual(['asc', 'desc']);
    }
  });

  it('refuses, under test, a shape key that names two texts', async () => {
    // The key leaves out the order, so both orders would share the first one's text.
    const careless = preparedQuery(firstPermissionsQuery, { shapeKey: () => 'permissions' });
    await expect(careless(database.db, { limit: 1 }, { descending: false })).resolves.toHaveLength(1);
    await expect(careless(database.db, { limit: 1 }, { descending: true })).rejects.toThrow('the shape "permissions" was built into two different texts');
  });

  it('tells the database itself from a transaction', async () => {
    expect(outsideTransaction(database.db)).toBe(database.db);
    await database.db.transaction(async (tx) => {
      expect(outsideTransaction(tx)).toBeNull();
    });
  });
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
    const prepared = (await namedStatements()).filter((statement) => statement.includes('from permissions where id >'));
    if (database.kind === 'postgres') {
      expect(prepared).toHaveLength(1);
      expect(prepared[0]).toContain('from permissions where id > $2');
    } else {
      expect(await namedStatements()).toEqual([]);
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
