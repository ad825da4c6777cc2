/**
 * `npm run legacy:mariadb -- --url mysql://root@127.0.0.1:3306/legacy_demo [--demo] [--generate N] [--reset]`
 *
 * Makes the older submission system's tables in a MySQL/MariaDB database (the database itself too,
 * when missing) with the schema the portal reads (apps/server/src/modules/legacy/legacy-mariadb.sql.ts),
 * and the demo category tree when it has none. Then:
 * - `--demo` adds the demo items (the same as the embedded database's: apps/server/src/seed/legacy.ts),
 *   owned by the demo members as a fresh demo portal numbers them (1 to 6), with their pictures and
 *   downloads written to the legacy files folder (`--files-dir`, else LEGACY_FILES_DIR, else
 *   DATA_DIR/legacy-files);
 * - `--generate N` adds N generated items (ids after the highest there is, from 100,001), with 1,000
 *   generated creators, in batched multi-row inserts; no pictures or files;
 * - `--reset` drops the tables first, with everything in them.
 * Point the portal at it with LEGACY_DATABASE_URL set to the same URL.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';
import { loadConfig } from '../apps/server/src/config';
import { createLegacyMariadbSchema, insertLegacyRowsMariadb } from '../apps/server/src/modules/legacy/legacy-mariadb.sql';
import { DEMO_MEMBERS } from '../apps/server/src/seed/demo';
import { generatedLegacyMembers, generatedLegacyRows, GENERATED_MEMBER_FIRST_ID, legacyDemoCategoryRows, prepareLegacyDemo } from '../apps/server/src/seed/legacy';

const USAGE = 'Usage: npm run legacy:mariadb -- --url mysql://user[:password]@host:3306/database [--demo] [--generate N] [--reset] [--files-dir DIR]';
const GENERATED_MEMBERS = 1000;
const FIRST_GENERATED_ID = 100_001;
const BATCH = 10_000;

function fail(message: string): never {
  console.error(`${message}\n${USAGE}`);
  process.exit(1);
}

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    demo: { type: 'boolean', default: false },
    generate: { type: 'string' },
    reset: { type: 'boolean', default: false },
    'files-dir': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.url) fail('Give the database with --url.');
let url: URL;
try {
  url = new URL(values.url.replace(/^mariadb:/, 'mysql:'));
} catch {
  fail(`Not a URL: ${values.url}`);
}
const database = decodeURIComponent(url.pathname.replace(/^\//, ''));
if (url.protocol !== 'mysql:' || !/^[A-Za-z0-9_]{1,64}$/.test(database)) fail('The URL must be mysql://…/database (or mariadb://…), the database name letters, digits and _.');
const generate = values.generate === undefined ? 0 : Number(values.generate);
if (!Number.isSafeInteger(generate) || generate < 0 || generate > 10_000_000) fail(`--generate takes a number of items up to 10,000,000, not “${values.generate}”.`);
const filesDir = path.resolve(values['files-dir'] ?? loadConfig().legacyFilesDir);

const started = performance.now();
const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
const server = new URL(url);
server.pathname = '/';
const admin = await mysql.createConnection({ uri: server.toString() }).catch((error: Error) => fail(`No MySQL/MariaDB answers at ${url.host}: ${error.message}`));
await admin.query(`CREATE DATABASE IF NOT EXISTS \`${database}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
await admin.end();

const db = await mysql.createConnection({ uri: url.toString(), timezone: 'Z' });
try {
  await createLegacyMariadbSchema(db, { reset: values.reset });
  const count = async (sql: string) => Number(((await db.query(sql))[0] as { n: number }[])[0]!.n);
  if ((await count('SELECT COUNT(*) AS n FROM categories')) === 0) {
    await insertLegacyRowsMariadb(db, { categories: legacyDemoCategoryRows() });
    console.log('Added the demo category tree.');
  }
  console.log(`The older system's tables are ready in ${url.host}/${database} (${seconds()} s).`);

  if (values.demo) {
    const portalIds = new Map(DEMO_MEMBERS.map((m, i) => [m.email as string, i + 1]));
    const rows = await prepareLegacyDemo(filesDir, (email) => portalIds.get(email)!);
    const taken = await count(`SELECT COUNT(*) AS n FROM items WHERE id IN (${rows.items.map((i) => i.id).join(',')})`);
    if (taken > 0) fail(`The demo items are there already (${taken} of them); add --reset to start again.`);
    await db.query('INSERT IGNORE INTO members (id, username, email) VALUES ?', [rows.members.map((m) => [m.id, m.username, m.email])]);
    await insertLegacyRowsMariadb(db, { ...rows, members: [], categories: [] });
    console.log(`Added ${rows.items.length} demo items; their pictures and downloads are in ${filesDir} (${seconds()} s).`);
  }

  if (generate > 0) {
    const generatedAt = performance.now();
    const highest = await count('SELECT COALESCE(MAX(id), 0) AS n FROM items');
    const first = Math.max(FIRST_GENERATED_ID, highest + 1);
    await db.query('INSERT IGNORE INTO members (id, username, email) VALUES ?', [generatedLegacyMembers(GENERATED_MEMBERS).map((m) => [m.id, m.username, m.email])]);
    // One transaction per batch: InnoDB flushes its log once per batch, not once per statement.
    for (let done = 0; done < generate; done += BATCH) {
      const rows = generatedLegacyRows(first + done, Math.min(BATCH, generate - done), GENERATED_MEMBERS);
      await db.beginTransaction();
      await insertLegacyRowsMariadb(db, rows);
      await db.commit();
      process.stdout.write(`\r  ${Math.min(done + BATCH, generate).toLocaleString('en')} of ${generate.toLocaleString('en')} items`);
    }
    const took = (performance.now() - generatedAt) / 1000;
    console.log(
      `\nAdded ${generate.toLocaleString('en')} generated items (ids ${first.toLocaleString('en')} to ${(first + generate - 1).toLocaleString('en')}, creators ${GENERATED_MEMBER_FIRST_ID} on) in ${took.toFixed(1)} s (${Math.round(generate / took).toLocaleString('en')} items/s).`,
    );
  }
  console.log(`Done in ${seconds()} s. Start the portal with LEGACY_DATABASE_URL=${values.url}${values.demo ? ` LEGACY_FILES_DIR=${filesDir}` : ''}`);
} finally {
  await db.end();
}
