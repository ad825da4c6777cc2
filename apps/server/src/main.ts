import cluster, { type Worker } from 'node:cluster';
import { buildApp } from './app';
import { openAndPrepare } from './boot';
import { loadConfig, type Config } from './config';
import { DEMO_MEMBERS, DEMO_PASSWORD } from './seed/demo';
import { startJobs } from './jobs/index';
import { createUrlSigner } from './storage/signed-url';
import { localUrl, newBackupSecret, writeBackupAccess } from './backup/access';
import { answerMetricsAsks } from './http/metrics';
import pino from 'pino';

/** What a server process tells its primary once it listens. */
interface Listening {
  corner: 'listening';
  port: number;
}

/** Which of the primary's processes this is (0 works the background jobs); absent in a single process. */
const PROCESS_INDEX = 'CORNER_PROCESS_INDEX';

/**
 * Boot only: config, database, HTTP. Prints where to open the portal and how to sign in. With
 * SERVER_PROCESSES above 1, this process migrates and seeds, then runs that many server processes
 * on PORT (node:cluster) and looks after them; each is what a single process is, but only the
 * first works background jobs.
 */
async function main(): Promise<void> {
  const started = Date.now();
  const config = loadConfig();
  if (cluster.isPrimary && config.serverProcesses > 1) return runPrimary(config, started);
  const index = cluster.isWorker ? Number(process.env[PROCESS_INDEX] ?? 0) : 0;
  const { database, storage, legacy, seeded, release } = await openAndPrepare(config, { seedDemo: config.SEED_DEMO, prepared: cluster.isWorker });
  const log = pino({ level: config.LOG_LEVEL });
  const urlSigner = createUrlSigner(config);
  const jobs = await startJobs({ database, config, storage, urlSigner, log, legacy }, { work: config.JOBS_WORK && index === 0 });
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
  if (cluster.isWorker) {
    process.send!({ corner: 'listening', port } satisfies Listening);
    return;
  }
  if (backupSecret) removeBackupAccess = writeBackupAccess(config.DATA_DIR, { pid: process.pid, url: localUrl(config.HOST, port), secret: backupSecret });
  printReady(config, port, started, seeded);
}

function printReady(config: Config, port: number, started: number, seeded: boolean): void {
  const url = `http://localhost:${port}/`;
  const where = config.DATABASE_URL ? 'PostgreSQL server' : `embedded database in ${config.dbDir}`;
  const processes = config.serverProcesses > 1 ? `, ${config.serverProcesses} server processes` : '';
  const lines = [
    '',
    `  Corner is ready at ${url}  (${((Date.now() - started) / 1000).toFixed(1)} s, ${where}${processes}${seeded ? ', demo data seeded' : ''})`,
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

/** How long after a server process died the primary starts another. */
const RESTART_AFTER_MS = 1000;

/**
 * The primary of several server processes: migrates and seeds once, starts them one after another,
 * prints where they answer once all listen, replaces one that dies (a second later), and on Ctrl-C
 * or SIGTERM stops them all and exits when they have. A process that fails before it ever listened
 * stops the start.
 */
async function runPrimary(config: Config, started: number): Promise<void> {
  const { database, legacy, seeded, release } = await openAndPrepare(config, { seedDemo: config.SEED_DEMO });
  await legacy.close();
  await database.close();
  release();

  answerMetricsAsks();
  let stopping = false;
  let exitCode = 0;
  let ready = false;
  const running = new Map<number, Worker>();
  const listening = new Set<number>();
  /** The next process of the first start. */
  let next = 0;
  const start = (index: number) => {
    const worker = cluster.fork({ [PROCESS_INDEX]: String(index) });
    running.set(index, worker);
    worker.on('message', (message: Listening) => {
      if (message?.corner !== 'listening') return;
      listening.add(index);
      if (ready) return;
      // One after another: two processes starting the job queue at once can deadlock on its tables.
      if (index === next - 1 && next < config.serverProcesses) start(next++);
      if (listening.size === config.serverProcesses) {
        ready = true;
        printReady(config, message.port, started, seeded);
      }
    });
    worker.on('exit', (code, signal) => {
      running.delete(index);
      const wasListening = listening.delete(index);
      if (stopping) {
        if (running.size === 0) process.exit(exitCode);
        return;
      }
      if (!wasListening) {
        console.error(`A server process could not start (exit ${code ?? signal}); stopping.`);
        stopAll(1);
        return;
      }
      console.error(`Server process ${index + 1} ended (${code ?? signal}); starting another.`);
      setTimeout(() => {
        if (!stopping) start(index);
      }, RESTART_AFTER_MS);
    });
  };
  const stopAll = (code: number) => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    if (running.size === 0) process.exit(exitCode);
    for (const worker of running.values()) worker.process.kill('SIGTERM');
  };
  process.on('SIGINT', () => stopAll(0));
  process.on('SIGTERM', () => stopAll(0));
  start(next++);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
