import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_FILE_BYTES, DEFAULT_MAX_IMAGE_BYTES, DEFAULT_MAX_UPLOAD_FILES } from '@corner/domain';

/**
 * Every environment variable the server reads, parsed and documented in one place.
 * The README's configuration table is written from this file.
 */
const schema = z.object({
  /** HTTP port for API, app, files and images. */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Interface to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Where the embedded database (`db/`) and local files (`files/`) live. */
  DATA_DIR: z.string().default('./data'),
  /** A PostgreSQL server instead of the embedded PGlite database. */
  DATABASE_URL: z.string().optional(),
  /**
   * Server processes answering on PORT, each with its own event loop and pool (docs/operations.md,
   * "Server processes"). Default: one per core, at most 4, on a PostgreSQL server; the embedded
   * database belongs to one process, so there it is 1 and nothing else is accepted.
   */
  SERVER_PROCESSES: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Connections in the PostgreSQL pool, per process. Default: 10 shared among the server processes
   * (5 each for 2), at least 2 each: more connections than the database server has cores to run
   * them only queue inside it (docs/operations.md, "Server processes").
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  /**
   * GraphQL operations that run their database work at once (per process); the others wait their
   * turn in order. Default: the pool size on a PostgreSQL server, 2 on the embedded database (which
   * runs one statement at a time anyway). 0 means no limit.
   */
  GRAPHQL_CONCURRENCY: z.coerce.number().int().min(0).max(1000).optional(),
  /**
   * Run the web app's own queries as compiled code (graphql-jit) rather than through graphql-js;
   * `false` runs every operation through graphql-js.
   */
  GRAPHQL_COMPILE: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /**
   * How long one SQL statement on the PostgreSQL server may run before the server cancels it, in
   * milliseconds (the request then answers that it took too long); 0 means no limit. Migrations are
   * not limited. The embedded database has no such limit.
   */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  /**
   * How long a process keeps a session it looked up, in seconds; 0 looks the session up on every
   * request. Every process forgets what it keeps the moment a session, member, role or permission
   * changes anywhere (docs/decisions.md, "Sessions kept for a few seconds"). Default 30; under the
   * test runner 0 unless set, so a test that writes roles straight into the database sees them at once.
   */
  SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).optional(),
  /**
   * A text search of creations (staff queues, a creator's list) counts its matches up to this many;
   * past it the total says "more than" (docs/decisions.md, "Counting a search's matches").
   */
  SEARCH_COUNT_BOUND: z.coerce.number().int().min(1).default(1_000),
  /** The public site that the header, item links and logout go back to. */
  MAIN_SITE_URL: z.string().url().default('https://example.com'),
  /**
   * How long the web app waits for an answer to an API request or an upload before it gives up
   * with "timeout of {n}ms exceeded" (SPEC 8), in milliseconds; 0 waits for ever (SPEC 9). Live
   * updates (a subscription held open) never time out. Published to the app in /config.json.
   */
  HTTP_TIMEOUT_MS: z.coerce.number().int().min(0).max(2 ** 31 - 1).default(0),
  /** Secret shared with the main site for `getApiKey` sign-in hand-over. Unset: hand-over is off. */
  LOGIN_KEY_SECRET: z.string().min(16).optional(),
  /** How long a sign-in token lives, in hours. */
  TOKEN_TTL_HOURS: z.coerce.number().positive().default(24 * 14),
  /** Failed sign-ins allowed per account within the throttle window. */
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().positive().default(5),
  /** Failed sign-ins allowed per client address within the throttle window. */
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().positive().default(30),
  /** The throttle window, in minutes. */
  LOGIN_THROTTLE_MINUTES: z.coerce.number().int().positive().default(15),
  /** Seed demo data into an empty database on start (`false` for production). */
  SEED_DEMO: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  /** Trust X-Forwarded-For from a load balancer in front of the app. */
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Folder of the built web app; served with an index.html fallback. */
  WEB_DIST: z.string().optional(),
  /** getPageSource: allow private and loopback addresses (off: no server-side request forgery). */
  PAGE_SOURCE_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** getPageSource: give up on a page after this long. */
  PAGE_SOURCE_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  /** getPageSource: read at most this much of a page. */
  PAGE_SOURCE_MAX_BYTES: z.coerce.number().int().positive().default(1_048_576),
  // Files and images (docs/decisions.md, "Files and images").
  /** Largest image upload, in bytes (10 MiB). */
  MAX_IMAGE_BYTES: z.coerce.number().int().positive().default(DEFAULT_MAX_IMAGE_BYTES),
  /** Largest submission file upload, in bytes (512 MiB; at most 2 GiB, sizes are GraphQL Ints). */
  MAX_FILE_BYTES: z.coerce.number().int().positive().max(2 ** 31 - 1).default(DEFAULT_MAX_FILE_BYTES),
  /** Most files in one upload request. */
  MAX_UPLOAD_FILES: z.coerce.number().int().positive().max(100).default(DEFAULT_MAX_UPLOAD_FILES),
  /**
   * Secret that signs image and file URLs (HMAC-SHA256), so `<img>` tags and downloads work without
   * the Authorization header. Unset: one is generated once into DATA_DIR/url-signing-secret. Several
   * processes behind a load balancer must share one (set it, or share DATA_DIR).
   */
  URL_SIGNING_SECRET: z.string().min(32).optional(),
  /** How long a signed image or file URL works, in seconds (rounded up to a quarter of it, for caching). */
  SIGNED_URL_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  /**
   * S3-compatible object storage instead of local disk, as
   * `s3://ACCESS_KEY:SECRET@bucket/optional/prefix?endpoint=https://host:port&region=us-east-1&forcePathStyle=true`.
   * Credentials may instead come from the usual AWS_* variables. Unset: files live under DATA_DIR/files.
   */
  STORAGE_URL: z.string().optional(),
  /** How long a direct-upload URL from getFileUploadUrl works, in seconds. */
  DIRECT_UPLOAD_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 24 * 3600).default(3600),
  /** Unzipping: most entries in one zip. */
  UNZIP_MAX_ENTRIES: z.coerce.number().int().positive().default(1000),
  /** Unzipping: most bytes all entries may unpack to together (2 GiB). */
  UNZIP_MAX_TOTAL_BYTES: z.coerce.number().int().positive().default(2 * 1024 ** 3),
  /** Unzipping: highest ratio of unpacked to packed size of an entry (zip bombs reach thousands). */
  UNZIP_MAX_RATIO: z.coerce.number().positive().default(200),
  /** How long unzipSubmissionFile waits for its job before answering "pending", in seconds. */
  UNZIP_WAIT_SECONDS: z.coerce.number().min(0).max(120).default(20),
  /** A staff basket holds at most this many files. */
  BASKET_MAX_FILES: z.coerce.number().int().positive().default(500),
  /**
   * A background job that has run this long is taken as lost (its process died) and is retried or
   * reported failed, in seconds.
   */
  JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  /** How often pg-boss looks for lost jobs and due schedules, in seconds. */
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).default(60),
  /**
   * How often an idle worker looks for due jobs, in seconds. A job sent by this process, and the
   * next job after one finishes, start at once; polling finds the rest (retries, scheduled runs,
   * jobs sent by another process).
   */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  /** A bulk migration run whose row has not moved this long is worked by a new job (its process died). */
  MIGRATION_STALE_SECONDS: z.coerce.number().int().min(1).default(90),
  /** Legacy items a bulk migration run reads and writes per transaction. */
  MIGRATION_BATCH_SIZE: z.coerce.number().int().min(1).max(5000).default(500),
  /** Work background jobs in this process (false when separate `npm run worker` processes do). */
  JOBS_WORK: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  // E-mail (docs/operations.md, "E-mail and notifications").
  /**
   * The portal's own address as members reach it, for the links in e-mails
   * (`https://portal.example.com`). Unset: `http://localhost:<PORT>`.
   */
  PUBLIC_URL: z.string().url().optional(),
  /**
   * The mail server e-mails go out through, as `smtp://user:password@host:587` (STARTTLS when the
   * server offers it) or `smtps://user:password@host:465`. Unset: e-mails are written to the server
   * log in full and marked `logged`, not sent.
   */
  SMTP_URL: z.string().url().optional(),
  /** The sender of e-mails, as `Name <address>`. */
  MAIL_FROM: z.string().min(3).default('Corner <no-reply@localhost>'),
  // What one GraphQL request may ask for (docs/operations.md, "Operation limits"). The defaults
  // leave the heaviest document the web app sends well inside (operation-limits.test.ts).
  /** Lexical tokens in one GraphQL document. */
  GRAPHQL_MAX_TOKENS: z.coerce.number().int().positive().default(1000),
  /** Aliased fields in one operation, `__typename` included. */
  GRAPHQL_MAX_ALIASES: z.coerce.number().int().min(0).default(15),
  /** Nesting depth of one operation, fragments followed. */
  GRAPHQL_MAX_DEPTH: z.coerce.number().int().positive().default(20),
  /** Directives in one operation. */
  GRAPHQL_MAX_DIRECTIVES: z.coerce.number().int().min(0).default(10),
  /** The cost of one operation: each field 1, paged fields times their page size, other lists times 10. */
  GRAPHQL_MAX_COST: z.coerce.number().int().positive().default(100_000),
  // Rate limits per member and per client address, shared by every process through the database
  // (docs/operations.md, "Rate limits"). 0 turns a class off. An address may do four times as much
  // as one member, since several members can share an address.
  /** Searches and list pages over many creations, per member and minute. */
  RATE_LIMIT_SEARCHES_PER_MINUTE: z.coerce.number().int().min(0).default(120),
  /** Uploads (multipart requests and direct-upload URLs), per member and minute. */
  RATE_LIMIT_UPLOADS_PER_MINUTE: z.coerce.number().int().min(0).default(30),
  /** Heavy work started on request (zips, baskets, unzipping, reading a web page), per member and minute. */
  RATE_LIMIT_HEAVY_PER_MINUTE: z.coerce.number().int().min(0).default(20),
  // The site's search index (docs/operations.md, "Search index").
  /**
   * An Elasticsearch or OpenSearch cluster for the search index, as `https://user:password@host:9200`.
   * Unset: PostgreSQL full-text search in the portal's own database.
   */
  SEARCH_URL: z.string().url().optional(),
  /** Which product SEARCH_URL is: each is reached through its own official client. */
  SEARCH_CLUSTER: z.enum(['elasticsearch', 'opensearch']).default('elasticsearch'),
  /** The alias searches go through on the cluster; its indices are named after it. */
  SEARCH_INDEX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9_-]{0,100}$/, 'lower-case letters, digits, - and _ only')
    .default('corner-creations'),
  // The older submission system (docs/operations.md, "The older submission system").
  /**
   * The old system's MySQL/MariaDB database, as `mysql://user:password@host:3306/database` (or
   * `mariadb://…`). Unset: its tables are the `legacy` schema of the portal's own database, with
   * demo items when SEED_DEMO is on.
   */
  LEGACY_DATABASE_URL: z
    .string()
    .regex(/^(mysql|mariadb):\/\//, 'must start with mysql:// or mariadb://')
    .optional(),
  /** Connections to the old system's database (per process). */
  LEGACY_DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * The old system's pictures and downloads: `images/{ID/1000}/{file}` and `files/{ID/1000}/{file}`
   * below it. Default: DATA_DIR/legacy-files.
   */
  LEGACY_FILES_DIR: z.string().optional(),
  /**
   * The bearer token Prometheus sends to GET /metrics. Unset: metrics are served without a token, to
   * loopback and private addresses only (docs/operations.md, "Metrics").
   */
  METRICS_TOKEN: z.string().min(16).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = Omit<z.infer<typeof schema>, 'PUBLIC_URL' | 'DATABASE_POOL_SIZE'> & {
  /** DATABASE_POOL_SIZE with its default filled in. */
  DATABASE_POOL_SIZE: number;
  /** PUBLIC_URL with its default filled in and no trailing slash. */
  PUBLIC_URL: string;
  dbDir: string;
  filesDir: string;
  /** LEGACY_FILES_DIR with its default filled in, absolute. */
  legacyFilesDir: string;
  webDist: string;
  /** GRAPHQL_CONCURRENCY with its default filled in. */
  graphqlConcurrency: number;
  /** SESSION_CACHE_SECONDS with its default filled in. */
  sessionCacheSeconds: number;
  /** SERVER_PROCESSES with its default filled in. */
  serverProcesses: number;
};

/** The most processes SERVER_PROCESSES's default starts: beyond that, the PostgreSQL server's connections are the limit. */
export const DEFAULT_MAX_SERVER_PROCESSES = 4;
/** The PostgreSQL connections the server processes share by default (DATABASE_POOL_SIZE). */
const DEFAULT_CONNECTIONS = 10;

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Parses the environment; a bad value stops the start with a message that names the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  if (!c.DATABASE_URL && c.SERVER_PROCESSES !== undefined && c.SERVER_PROCESSES > 1) {
    throw new Error('Invalid configuration:\n  SERVER_PROCESSES: more than one process needs a PostgreSQL server (DATABASE_URL); the embedded database belongs to one process');
  }
  const dataDir = path.resolve(c.DATA_DIR);
  const serverProcesses = c.SERVER_PROCESSES ?? (c.DATABASE_URL ? Math.min(os.availableParallelism(), DEFAULT_MAX_SERVER_PROCESSES) : 1);
  const poolSize = c.DATABASE_POOL_SIZE ?? Math.max(2, Math.ceil(DEFAULT_CONNECTIONS / serverProcesses));
  return {
    ...c,
    DATABASE_POOL_SIZE: poolSize,
    DATA_DIR: dataDir,
    PUBLIC_URL: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/+$/, ''),
    dbDir: path.join(dataDir, 'db'),
    filesDir: path.join(dataDir, 'files'),
    legacyFilesDir: path.resolve(c.LEGACY_FILES_DIR ?? path.join(dataDir, 'legacy-files')),
    webDist: path.resolve(c.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    graphqlConcurrency: c.GRAPHQL_CONCURRENCY ?? (c.DATABASE_URL ? poolSize : 2),
    serverProcesses,
    sessionCacheSeconds: c.SESSION_CACHE_SECONDS ?? ((env.NODE_ENV ?? process.env.NODE_ENV) === 'test' ? 0 : 30),
  };
}
