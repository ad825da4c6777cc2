import { openAndPrepare } from './boot';
import { loadConfig } from './config';
import { startJobs } from './jobs/index';
import { createUrlSigner } from './storage/signed-url';

/**
 * `npm run worker`: a process that only works background jobs, beside app processes started with
 * JOBS_WORK=false. It needs a PostgreSQL server (DATABASE_URL): the embedded database has one process.
 */
const config = loadConfig();
if (!config.DATABASE_URL) {
  console.error('A separate worker needs a PostgreSQL server: set DATABASE_URL. With the embedded database, npm start works the jobs itself.');
  process.exit(1);
}
const { database, storage, legacy, release } = await openAndPrepare(config, { seedDemo: false });
const log = {
  error: (obj: unknown, msg?: string) => console.error(msg ?? '', obj),
  warn: (obj: unknown, msg?: string) => console.warn(msg ?? '', obj),
  info: (obj: unknown, msg?: string) => console.log(msg ?? '', obj),
};
const jobs = await startJobs({ database, config, log, storage, urlSigner: createUrlSigner(config), legacy }, { work: true });
console.log('Corner worker is working background jobs. Press Ctrl-C to stop.');
const stop = async () => {
  await jobs.stop();
  await legacy.close();
  await database.close();
  release();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
