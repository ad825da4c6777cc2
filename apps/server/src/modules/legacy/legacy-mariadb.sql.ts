import type { LegacyRows } from './legacy-rows';

/**
 * The old system's tables on MySQL/MariaDB: the schema its production database has (the portal
 * never changes it there), written once and used by the contract test and by
 * `npm run legacy:mariadb` (scripts/legacy-mariadb.ts), which makes a demo or a generated one. The
 * `legacy` schema of the embedded engine (db/schema/legacy.ts) has the same tables and columns.
 *
 * Dates are DATETIME(3) in UTC (the engine connects with timezone 'Z'); flags are TINYINT(1); text
 * is utf8mb4 with a case-insensitive collation, so LIKE matches as ILIKE does on PostgreSQL.
 */
export const LEGACY_MARIADB_TABLES = ['files', 'images', 'item_categories', 'items', 'categories', 'members'] as const;

export const LEGACY_MARIADB_SCHEMA: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS members (
    id INT NOT NULL PRIMARY KEY,
    username VARCHAR(255) NOT NULL,
    email VARCHAR(255) NULL,
    created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY members_username (username)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE IF NOT EXISTS categories (
    id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
    parent_id INT NULL,
    name VARCHAR(255) NOT NULL,
    position INT NOT NULL DEFAULT 0,
    KEY categories_parent (parent_id, position),
    CONSTRAINT categories_parent_fk FOREIGN KEY (parent_id) REFERENCES categories (id)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE IF NOT EXISTS items (
    id INT NOT NULL PRIMARY KEY,
    member_id INT NOT NULL,
    title VARCHAR(255) NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    keywords VARCHAR(1000) NOT NULL DEFAULT '',
    game TINYINT NOT NULL DEFAULT 4,
    status VARCHAR(20) NOT NULL,
    publish_date DATETIME(3) NULL,
    is_hidden TINYINT(1) NOT NULL DEFAULT 0,
    reports INT NOT NULL DEFAULT 0,
    uploads INT NOT NULL DEFAULT 0,
    created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    updated_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY items_member (member_id, id),
    KEY items_publish_date (publish_date),
    KEY items_status (status)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE IF NOT EXISTS item_categories (
    item_id INT NOT NULL,
    category_id INT NOT NULL,
    PRIMARY KEY (item_id, category_id),
    KEY item_categories_category (category_id),
    CONSTRAINT item_categories_item_fk FOREIGN KEY (item_id) REFERENCES items (id) ON DELETE CASCADE,
    CONSTRAINT item_categories_category_fk FOREIGN KEY (category_id) REFERENCES categories (id)
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE IF NOT EXISTS images (
    id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
    item_id INT NOT NULL,
    position INT NOT NULL DEFAULT 0,
    filename VARCHAR(255) NOT NULL,
    created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY images_item (item_id, position),
    CONSTRAINT images_item_fk FOREIGN KEY (item_id) REFERENCES items (id) ON DELETE CASCADE
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
  `CREATE TABLE IF NOT EXISTS files (
    id INT NOT NULL AUTO_INCREMENT PRIMARY KEY,
    item_id INT NOT NULL,
    filename VARCHAR(255) NOT NULL,
    filesize BIGINT NOT NULL DEFAULT 0,
    mimetype VARCHAR(100) NOT NULL DEFAULT 'application/octet-stream',
    version INT NOT NULL DEFAULT 1,
    created_at DATETIME(3) NOT NULL DEFAULT CURRENT_TIMESTAMP(3),
    KEY files_item (item_id),
    CONSTRAINT files_item_fk FOREIGN KEY (item_id) REFERENCES items (id) ON DELETE CASCADE
  ) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_unicode_ci`,
];

/** What the schema functions need of a connection: mysql2's `query`. */
export interface MariadbQueryable {
  query(sql: string, values?: unknown): Promise<unknown>;
}

/** Makes the old system's tables (those missing); `reset` drops them first, with everything in them. */
export async function createLegacyMariadbSchema(db: MariadbQueryable, options: { reset?: boolean } = {}): Promise<void> {
  if (options.reset) {
    for (const table of LEGACY_MARIADB_TABLES) await db.query(`DROP TABLE IF EXISTS ${table}`);
  }
  for (const statement of LEGACY_MARIADB_SCHEMA) await db.query(statement);
}

/** Rows per INSERT: large enough to be fast, well under max_allowed_packet (16 MiB by default). */
const ROWS_PER_INSERT = 1000;

/** Columns of each table in the order the multi-row inserts send them. */
const COLUMNS = {
  members: ['id', 'username', 'email'],
  categories: ['id', 'parent_id', 'name', 'position'],
  items: ['id', 'member_id', 'title', 'description', 'keywords', 'game', 'status', 'publish_date', 'is_hidden', 'reports', 'uploads', 'created_at'],
  item_categories: ['item_id', 'category_id'],
  images: ['item_id', 'position', 'filename'],
  files: ['item_id', 'filename', 'filesize', 'mimetype', 'version'],
} as const satisfies { [T in keyof LegacyRows]: readonly string[] };

/**
 * Writes rows into the old system's tables in batched multi-row inserts (1,000 rows a statement),
 * parents first. An item's `created_at`, when left out, is now.
 */
export async function insertLegacyRowsMariadb(db: MariadbQueryable, rows: Partial<LegacyRows>): Promise<void> {
  const now = new Date();
  for (const table of ['members', 'categories', 'items', 'item_categories', 'images', 'files'] as const) {
    const list = (rows[table] ?? []) as readonly Record<string, unknown>[];
    const columns = COLUMNS[table];
    for (let start = 0; start < list.length; start += ROWS_PER_INSERT) {
      const chunk = list.slice(start, start + ROWS_PER_INSERT);
      const values = chunk.map((row) => columns.map((c) => (c === 'created_at' ? (row[c] ?? now) : (row[c] ?? null))));
      await db.query(`INSERT INTO ${table} (${columns.join(', ')}) VALUES ?`, [values]);
    }
  }
}
