import PgBoss from 'pg-boss';
import { sql, type SQL } from 'drizzle-orm';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import type { Logger } from '../context';
import type { LegacySource } from '../modules/legacy/legacy-source';
import type { UrlSigner } from '../storage/signed-url';
import type { Storage } from '../storage/index';
import { debounced, dispatchPendingEmails } from '../modules/notification/email.service';
import { LIVE_CHANNEL, parseLiveEvent } from '../modules/live/live.service';
import type { JobDefinition, JobQueue, JobServices, JobState, JobStatus } from './job';
import { sendRetryingPartition } from './send-retry';
import { earlyAccessJob } from './early-access.job';
import { emailDigestJob } from './email-digest.job';
import { emailDispatchJob } from './email-dispatch.job';
import { inspectFilesJob } from './inspect-files.job';
import { legacyFileHashJob } from './legacy-file-hash.job';
import { legacySyncJob } from './legacy-sync.job';
import { maintenanceJob } from './maintenance.job';
import { migrationRunJob, migrationSuperviseJob } from './migration-run.job';
import { publishJob } from './publish.job';
import { searchIndexJob } from './search-index.job';
import { queueSnapshotJob } from './queue-snapshot.job';
import { sendEmailJob, SEND_EMAIL_JOB } from './send-email.job';
import { storageSweepJob } from './storage-sweep.job';
import { unzipJob } from './unzip.job';
import { zipBundleJob } from './zip-bundle.job';

export type { JobQueue, JobServices, JobStatus } from './job';

/** Every kind of background job; a new one is a `*.job.ts` file added here. */
export const JOBS: JobDefinition<any>[] = [
  maintenanceJob,
  storageSweepJob,
  unzipJob,
  zipBundleJob,
  publishJob,
  earlyAccessJob,
  queueSnapshotJob,
  sendEmailJob,
  emailDispatchJob,
  emailDigestJob,
  inspectFilesJob,
  migrationRunJob,
  migrationSuperviseJob,
  legacySyncJob,
  legacyFileHashJob,
  searchIndexJob,
];

/** How long a dispatch waits after an 'email' event, so a burst of them causes one. */
const EMAIL_DISPATCH_DEBOUNCE_MS = 50;

export interface Jobs extends JobQueue {
  boss: PgBoss;
  stop(): Promise<void>;
}

const FINISHED: JobState[] = ['completed', 'failed', 'cancelled'];

/**
 * pg-boss's database hook inside a transaction, so a job is sent (or looked for) with the caller's
 * other changes and locks: its numbered parameters ($1, $2…, a number may come twice) become
 * Drizzle parameters of the transaction's statement.
 */
export function txExecutor(tx: Tx): { executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }> } {
  return {
    async executeSql(text, values = []) {
      const result = await tx.execute(numberedSql(text, values));
      return { rows: (result as unknown as { rows: unknown[] }).rows };
    },
  };
}

function numberedSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = [];
  let from = 0;
  for (const match of text.matchAll(/\$(\d+)/g)) {
    const n = Number(match[1]);
    if (n < 1 || n > values.length) throw new Error(`The statement refers to parameter $${n} of ${values.length}.`);
    chunks.push(sql.raw(text.slice(from, match.index)), sql`${sql.param(values[n - 1])}`);
    from = match.index + match[0].length;
  }
  chunks.push(sql.raw(text.slice(from)));
  return sql.join(chunks);
}

/**
 * Background jobs through pg-boss on the portal's own database (DESIGN section 1). On PGlite the
 * jobs run in the one process; on a PostgreSQL server any number of processes may work them.
 * `work: false` only schedules and sends (an app process when separate workers run the jobs).
 * A job whose process died is noticed after JOB_EXPIRE_SECONDS (checked every
 * JOB_SUPERVISE_SECONDS) and retried or failed, as its queue says.
 */
export async function startJobs(
  services: { database: Database; config: Config; storage: Storage; urlSigner: UrlSigner; log: Logger; legacy: LegacySource },
  options: { work: boolean; definitions?: JobDefinition<any>[] } = { work: true },
): Promise<Jobs> {
  const { database, config, log } = services;
  const definitions = options.definitions ?? JOBS;
  const boss = new PgBoss({
    db: { executeSql: database.executeSql },
    schema: 'pgboss',
    maintenanceIntervalSeconds: config.JOB_SUPERVISE_SECONDS,
  } as PgBoss.ConstructorOptions);
  boss.on('error', (error) => log.error({ err: error }, 'Background job error'));
  await boss.start();

  const status = async (name: string, id: string): Promise<JobStatus | null> => {
    const job = await boss.getJobById(name, id, { includeArchive: true });
    return job ? { state: job.state as JobState, output: job.output ?? null } : null;
  };
  // pg-boss 10 cannot look a job up by its singleton key; its table can.
  const findUnfinished = async (name: string, singletonKey: string, tx?: Tx): Promise<string | null> => {
    const { rows } = await (tx ? txExecutor(tx) : database).executeSql(
      `select id::text as id from pgboss.job where name = $1 and singleton_key = $2 and state < 'completed' order by created_on limit 1`,
      [name, singletonKey],
    );
    return (rows[0] as { id: string } | undefined)?.id ?? null;
  };
  // The workers of each queue in this process, woken when there is work instead of waiting for
  // their next poll (JOB_POLL_SECONDS): an idle server then costs little (20-odd workers polling
  // every half second kept an idle embedded server at 13 % of a core).
  const workers = new Map<string, string[]>();
  const wake = (name: string) => {
    for (const id of workers.get(name) ?? []) boss.notifyWorker(id);
  };
  const queue: JobQueue = {
    findUnfinished,
    async send(name, data, sendOptions = {}) {
      const { tx, ...options } = sendOptions;
      if (tx) return boss.send(name, data, { ...options, db: txExecutor(tx) });
      const id = await sendRetryingPartition(() => boss.send(name, data, options), log, name);
      if (id && !options.startAfter) wake(name);
      return id;
    },
    wake,
    status,
    async wait(name, id, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      let delay = 50;
      for (;;) {
        const current = await status(name, id);
        if (!current || FINISHED.includes(current.state) || Date.now() >= deadline) return current;
        await new Promise((resolve) => setTimeout(resolve, Math.min(delay, Math.max(deadline - Date.now(), 0))));
        delay = Math.min(delay * 2, 500);
      }
    },
  };
  const jobServices: JobServices = { ...services, jobs: queue };

  // Every queue exists before any worker starts or any job is sent: a handler that runs at once (a
  // job left from before, or one sent at start) may send to a queue defined after its own.
  for (const definition of definitions) {
    await boss.createQueue(definition.name, {
      name: definition.name,
      expireInSeconds: config.JOB_EXPIRE_SECONDS,
      ...definition.queue,
    });
    if (definition.cron) await boss.schedule(definition.name, definition.cron);
  }
  if (options.work) {
    for (const definition of definitions) {
      // One worker per job of this kind worked at once.
      const ids: string[] = [];
      workers.set(definition.name, ids);
      for (let i = 0; i < (definition.concurrency ?? 1); i += 1) {
        const worker = { id: '' };
        worker.id = await boss.work(
          definition.name,
          { batchSize: 1, pollingIntervalSeconds: config.JOB_POLL_SECONDS, includeMetadata: true },
          async ([job]) => {
            try {
              return await definition.handle(jobServices, job!.data as object, job!);
            } finally {
              // A worker that just finished a job looks for the next at once: a burst drains
              // without a poll's wait between jobs.
              if (worker.id) boss.notifyWorker(worker.id);
            }
          },
        );
        ids.push(worker.id);
      }
    }
    for (const definition of definitions) if (definition.runAtStart) await queue.send(definition.name, {});
  }

  // E-mails written to the outbox are announced on the live channel when their transaction
  // commits; a process that sends them dispatches at once (the every-minute cron is the safety net).
  let stopListening: (() => Promise<void>) | null = null;
  let dispatcher: ReturnType<typeof debounced> | null = null;
  if (options.work && definitions.some((d) => d.name === SEND_EMAIL_JOB)) {
    const current = debounced(
      () => dispatchPendingEmails({ database, jobs: queue }),
      EMAIL_DISPATCH_DEBOUNCE_MS,
      (error) => log.error({ err: error }, 'Could not dispatch e-mails'),
    );
    dispatcher = current;
    stopListening = await database.listen(LIVE_CHANNEL, (payload) => {
      if (parseLiveEvent(payload)?.kind === 'email') current.poke();
    });
    // What was queued while no process listened.
    current.poke();
  }
  const stop = async () => {
    await stopListening?.();
    await dispatcher?.stop();
    await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
  };
  return { ...queue, boss, stop };
}
