import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { createBackup } from './backup/backup';
import { restoreBackup } from './backup/restore';

const USAGE = `Usage:
  npm run backup [-- --to FOLDER] [--without-legacy-files]   a backup folder FOLDER/corner-<time> (FOLDER: backups)
  npm run restore -- BACKUP                                  into the configured, empty DATA_DIR or database`;

/** `npm run backup` and `npm run restore`, on the configured database and storage (docs/operations.md, "Backups"). */
async function run(): Promise<string> {
  const [command, ...rest] = process.argv.slice(2);
  let parsed;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      options: {
        to: { type: 'string', default: 'backups' },
        'without-legacy-files': { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${USAGE}`);
  }
  const { positionals, values } = parsed;
  const config = loadConfig();
  if (command === 'backup' && positionals.length === 0) {
    const result = await createBackup(config, { to: values.to, legacyFiles: !values['without-legacy-files'] });
    const { database, files, legacyFiles } = result.manifest;
    const rows = Object.values(database.tables).reduce((sum, n) => sum + n, 0);
    return [
      `Backup written to ${path.relative(process.cwd(), result.dir) || result.dir}`,
      `  database: ${database.engine === 'pglite' ? `embedded, dumped by ${result.dumpedBy === 'server' ? 'the running server' : 'this process (no server was running)'}` : 'PostgreSQL server, pg_dump'}, ` +
        `${megabytes(database.bytes)}, ${Object.keys(database.tables).length} tables, ${rows} rows`,
      `  files: ${files.copied ? `${files.count} (${megabytes(files.bytes)})` : `not copied, they live in ${files.where}`}`,
      ...(legacyFiles ? [`  legacy files: ${legacyFiles.count} (${megabytes(legacyFiles.bytes)})`] : []),
      ...result.notes.map((note) => `  note: ${note}`),
    ].join('\n');
  }
  if (command === 'restore' && positionals.length === 1) {
    const result = await restoreBackup(config, positionals[0]!);
    const target = config.DATABASE_URL ? 'the database of DATABASE_URL' : config.DATA_DIR;
    return [
      `Restored ${positionals[0]} (made ${result.manifest.createdAt}) into ${target}, and checked it:`,
      `  database: ${Object.keys(result.manifest.database.tables).length} tables, ${result.rows} rows, each table as many as in the backup`,
      result.manifest.files.copied
        ? `  files: ${result.files.count} (${megabytes(result.files.bytes)}), every one matching its sha256; every file the database uses is in the store`
        : `  files: none in the backup, they live in ${result.manifest.files.where}`,
      ...(result.legacyFiles > 0 ? [`  legacy files: ${result.legacyFiles}`] : []),
      ...result.notes.map((note) => `  note: ${note}`),
      `Start the portal on it: npm start${config.DATABASE_URL ? '' : ` (with DATA_DIR=${config.DATA_DIR})`}`,
    ].join('\n');
  }
  throw new Error(USAGE);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

run().then(
  (message) => console.log(message),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
