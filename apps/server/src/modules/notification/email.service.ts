import { and, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Logger } from '../../context';
import type { Database } from '../../db/client';
import { emails, type EmailStatus } from '../../db/schema/index';
import type { JobQueue } from '../../jobs/job';
import { withPortalAddress } from './email.templates';

export type EmailRow = typeof emails.$inferSelect;

/** The pg-boss queue that sends one outbox row (jobs/send-email.job.ts). */
export const SEND_EMAIL_JOB = 'send-email';
/** Outbox rows claimed in one statement when dispatching. */
const DISPATCH_BATCH = 100;
/**
 * A pending row whose job cannot be found (the process died between claiming it and sending the
 * job) is given a job again once it is this old.
 */
const LOST_AFTER_MS = 10 * 60_000;

/** What sends a message: nodemailer's SMTP transport, or a stand-in in tests. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string; html: string }): Promise<unknown>;
  close(): void;
}

/** The SMTP transport for SMTP_URL, or null when none is set (e-mails then go to the log). */
export function createMailTransport(config: Pick<Config, 'SMTP_URL'>): MailTransport | null {
  if (!config.SMTP_URL) return null;
  // Short timeouts: a hanging mail server fails the attempt, and the job retries it later.
  return nodemailer.createTransport({ url: config.SMTP_URL, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
}

export interface SendResult {
  id: number;
  status: EmailStatus | 'missing';
  /** True when the row had already been dealt with (sent, logged or given up) and nothing was done. */
  skipped: boolean;
}

/**
 * Sends one outbox row. A row that is no longer pending (sent, logged, failed) is left alone, so
 * running the job twice never sends twice. Each attempt is counted on the row with its error; a
 * failure throws so pg-boss retries it (with backoff), and the last attempt marks the row `failed`.
 * Without SMTP_URL the e-mail is written to the log in full and marked `logged`.
 */
export async function sendOutboxEmail(
  services: { database: Database; config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'PUBLIC_URL'>; log: Logger; transport?: MailTransport | null },
  id: number,
  attempt: { isLast: boolean },
): Promise<SendResult> {
  const { database, config, log } = services;
  const db = database.db;
  const [row] = await db
    .update(emails)
    .set({ attempts: sql`${emails.attempts} + 1` })
    .where(and(eq(emails.id, id), eq(emails.status, 'pending')))
    .returning();
  if (!row) {
    const [existing] = await db.select({ status: emails.status }).from(emails).where(eq(emails.id, id));
    return { id, status: existing?.status ?? 'missing', skipped: true };
  }
  const pending = and(eq(emails.id, id), eq(emails.status, 'pending'));

  const text = withPortalAddress(row.text, config.PUBLIC_URL);
  const html = withPortalAddress(row.html, config.PUBLIC_URL);
  const transport = services.transport !== undefined ? services.transport : createMailTransport(config);
  if (!transport) {
    log.info(
      { email: { id: row.id, kind: row.kind, to: row.to_address, from: config.MAIL_FROM, subject: row.subject, text } },
      `E-mail ${row.id} to ${row.to_address} written to the log (no SMTP_URL): ${row.subject}\n\n${text}`,
    );
    await db.update(emails).set({ status: 'logged', last_error: null }).where(pending);
    return { id, status: 'logged', skipped: false };
  }

  try {
    await transport.sendMail({ from: config.MAIL_FROM, to: row.to_address, subject: row.subject, text, html });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    await db
      .update(emails)
      .set({ last_error: message.slice(0, 2000), ...(attempt.isLast ? { status: 'failed' as const } : {}) })
      .where(pending);
    const context = { err: error, emailId: row.id, attempts: row.attempts };
    if (attempt.isLast) log.error(context, 'E-mail could not be sent; giving up');
    else log.warn(context, 'E-mail could not be sent; will retry');
    throw error;
  } finally {
    if (services.transport === undefined) transport.close();
  }
  await db.update(emails).set({ status: 'sent', sent_at: new Date(), last_error: null }).where(pending);
  return { id, status: 'sent', skipped: false };
}

export interface DispatchResult {
  /** Rows given a send-email job. */
  dispatched: number;
  /** Rows whose job had gone missing, given it again. */
  requeued: number;
}

/**
 * Gives every pending outbox row without a job a `send-email` job. Rows are claimed by setting
 * their job id in one UPDATE (SKIP LOCKED), so two processes dispatching at once never both take a
 * row; the job is then sent under that id. With `requeueLost`, pending rows claimed long ago whose
 * job is nowhere in pg-boss, or failed without recording it on the row (the process died), get a
 * new job.
 */
export async function dispatchPendingEmails(
  services: { database: Database; jobs: JobQueue },
  options: { requeueLost?: boolean; now?: Date } = {},
): Promise<DispatchResult> {
  const { database, jobs } = services;
  const result: DispatchResult = { dispatched: 0, requeued: 0 };
  if (options.requeueLost) {
    // A row whose job is gone, or failed without the handler recording it (the process died during
    // the last attempt), loses its job id and is dispatched again below.
    const before = new Date((options.now ?? new Date()).getTime() - LOST_AFTER_MS);
    const lost = await database.query<{ id: number }>(
      `update emails e set job_id = null
        where e.status = 'pending' and e.job_id is not null and e.created_at < $1
          and not exists (select 1 from pgboss.job j where j.name = $2 and j.id::text = e.job_id and j.state not in ('failed', 'cancelled'))
          and not exists (select 1 from pgboss.archive a where a.name = $2 and a.id::text = e.job_id and a.state not in ('failed', 'cancelled'))
        returning e.id`,
      [before.toISOString(), SEND_EMAIL_JOB],
    );
    result.requeued = lost.length;
  }
  for (;;) {
    const claimed = await database.query<{ id: number; job_id: string }>(
      `update emails set job_id = gen_random_uuid()::text
        where id in (select id from emails where status = 'pending' and job_id is null order by id limit ${DISPATCH_BATCH} for update skip locked)
        returning id, job_id`,
    );
    for (const row of claimed) {
      await jobs.send(SEND_EMAIL_JOB, { id: row.id }, { id: row.job_id });
      result.dispatched += 1;
    }
    if (claimed.length < DISPATCH_BATCH) break;
  }
  return result;
}

/**
 * Runs `dispatch` soon after it is asked for, once for a burst of asks: a transaction that queued
 * several e-mails, or several transactions at once, cause one dispatch. An ask while one runs
 * causes one more afterwards, so nothing queued meanwhile waits for the next cron run.
 */
export function debounced(run: () => Promise<unknown>, delayMs: number, onError: (error: unknown) => void) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const fire = () => {
    timer = null;
    if (running) {
      again = true;
      return;
    }
    running = run()
      .then(
        () => {},
        (error: unknown) => onError(error),
      )
      .finally(() => {
        running = null;
        if (again && !stopped) {
          again = false;
          poke();
        }
      });
  };
  const poke = () => {
    if (stopped || timer) return;
    timer = setTimeout(fire, delayMs);
  };
  return {
    poke,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
