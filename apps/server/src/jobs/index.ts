import PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { Logger } from '../context';
import { MAINTENANCE_CRON, MAINTENANCE_JOB, runMaintenance } from './maintenance.job';

export interface Jobs {
  boss: PgBoss;
  stop(): Promise<void>;
}

/**
 * Background jobs through pg-boss on the portal's own database (DESIGN section 1). On PGlite the
 * jobs run in the one process; on a PostgreSQL server any number of processes may work them.
 * `work: false` only schedules and sends (an app process when separate workers run the jobs).
 */
export async function startJobs(database: Database, config: Config, log: Logger, options: { work: boolean } = { work: true }): Promise<Jobs> {
  const boss = new PgBoss({ db: { executeSql: database.executeSql }, schema: 'pgboss' } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => log.error({ err: error }, 'Background job error'));
  await boss.start();
  await boss.createQueue(MAINTENANCE_JOB);
  await boss.schedule(MAINTENANCE_JOB, MAINTENANCE_CRON);
  if (options.work) {
    await boss.work(MAINTENANCE_JOB, async () => {
      const removed = await runMaintenance(database.db, config);
      log.info(removed, 'Maintenance done');
    });
  }
  return { boss, stop: () => boss.stop({ graceful: true, wait: true, timeout: 10_000 }) };
}
