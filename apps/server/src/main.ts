import { buildApp } from './app';
import { openAndPrepare } from './boot';
import { loadConfig } from './config';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './seed/demo';
import { startJobs } from './jobs/index';
import { createUrlSigner } from './storage/signed-url';
import { localUrl, newBackupSecret, writeBackupAccess } from './backup/access';
import pino from 'pino';

/** Boot only: config, database, HTTP. Prints where to open the portal and how to sign in. */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  const { database, storage, legacy, seeded, release } = await openAndPrepare(config, { seedDemo: config.SEED_DEMO });
  const log = pino({ level: config.LOG_LEVEL });
  const urlSigner = createUrlSigner(config);
  const jobs = await startJobs({ database, config, storage, urlSigner, log, legacy }, { work: config.JOBS_WORK });
  // Only this process can read the embedded database, so `npm run backup` asks it (backup/access.ts).
  const backupSecret = database.kind === 'pglite' ? newBackupSecret() : undefined;
  const app = await buildApp({ config, database, storage, urlSigner, jobs, legacy, loggerInstance: log, backupSecret });
  let removeBackupAccess = () => {};

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await jobs.stop();
    await legacy.close();
    removeBackupAccess();
    await database.close();
    release();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as { port: number }).port;
  if (backupSecret) removeBackupAccess = writeBackupAccess(config.DATA_DIR, { pid: process.pid, url: localUrl(config.HOST, port), secret: backupSecret });
  const url = `http://localhost:${port}/`;
  const where = config.DATABASE_URL ? 'PostgreSQL server' : `embedded database in ${config.dbDir}`;
  const lines = [
    '',
    `  Corner is ready at ${url}  (${((Date.now() - started) / 1000).toFixed(1)} s, ${where}${seeded ? ', demo data seeded' : ''})`,
    '',
    ...(config.SEED_DEMO
      ? [
          `  Sign in with any of these (password: ${DEMO_PASSWORD}):`,
          ...DEMO_MEMBERS.map((m) => `    ${m.email.padEnd(22)} ${m.what}`),
          '',
        ]
      : []),
    '  Press Ctrl-C to stop.',
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
