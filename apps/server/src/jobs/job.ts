import type { LegacySource } from '../modules/legacy/legacy-source';
import type PgBoss from 'pg-boss';
import type { Config } from '../config';
import type { Logger } from '../context';
import type { Database, Tx } from '../db/client';
import type { UrlSigner } from '../storage/signed-url';
import type { Storage } from '../storage/index';

/** Everything a job handler may use: the process's services, without a request. */
export interface JobServices {
  database: Database;
  config: Config;
  storage: Storage;
  urlSigner: UrlSigner;
  jobs: JobQueue;
  log: Logger;
  /** The older submission system, the process's one source. */
  legacy: LegacySource;
}

/** Where a job stands, as pg-boss reports it. */
export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';

export interface JobStatus {
  state: JobState;
  /** What the handler returned (completed), or the error pg-boss kept (failed). */
  output: unknown;
}

/** How a job is sent: pg-boss's options, and the transaction to send it in (it exists once that commits). */
export type SendOptions = PgBoss.SendOptions & { tx?: Tx };

/** Sends jobs and follows them; what services see of pg-boss (also on app processes that do not work jobs). */
export interface JobQueue {
  /**
   * Sends a job (null when its singleton key refuses it). Sent in a transaction (`tx`), it is
   * worked once that commits; the caller then calls `wake` so it need not wait for a poll.
   */
  send(name: string, data: object, options?: SendOptions): Promise<string | null>;
  /** Wakes this process's workers of the queue, to look for a job sent in a transaction that committed. */
  wake(name: string): void;
  status(name: string, id: string): Promise<JobStatus | null>;
  /**
   * Polls until the job is completed, failed or cancelled, or `timeoutMs` passed; then its status
   * as it is (null when the job is unknown).
   */
  wait(name: string, id: string, timeoutMs: number): Promise<JobStatus | null>;
  /**
   * The id of the job of this singleton key that is waiting, retrying or running (oldest first), or
   * null; read in `tx` when given.
   */
  findUnfinished(name: string, singletonKey: string, tx?: Tx): Promise<string | null>;
}

/**
 * One kind of background job, in a file of its own (`*.job.ts`): its queue name, queue options
 * (retries, expiry), an optional cron schedule and the handler. The handler's return value is the
 * job's output; throwing fails the attempt (retried while the queue allows).
 */
export interface JobDefinition<Data extends object = object> {
  name: string;
  queue?: Omit<PgBoss.Queue, 'name'>;
  cron?: string;
  /** Jobs of this kind worked at once per process. */
  concurrency?: number;
  /** Sent once when a process starts working jobs (a supervisor that should not wait for its first cron tick). */
  runAtStart?: boolean;
  /** `job` carries pg-boss's metadata too: `retryCount` of `retryLimit` says whether this is the last attempt. */
  handle(services: JobServices, data: Data, job: PgBoss.JobWithMetadata<Data>): Promise<unknown>;
}

export function defineJob<Data extends object>(definition: JobDefinition<Data>): JobDefinition<Data> {
  return definition;
}

/** The queue of a process without jobs (API tests that need none): sending says so clearly. */
export const jobsNotRunning: JobQueue = {
  send: () => Promise.reject(new Error('Background jobs are not running in this process.')),
  wake: () => {},
  status: () => Promise.resolve(null),
  wait: () => Promise.resolve(null),
  findUnfinished: () => Promise.resolve(null),
};
