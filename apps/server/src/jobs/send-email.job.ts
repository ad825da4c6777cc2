import { sendOutboxEmail, SEND_EMAIL_JOB } from '../modules/notification/email.service';
import { defineJob } from './job';

export { SEND_EMAIL_JOB };

/** Retries after the first attempt: with backoff from 30 s they span about half an hour. */
export const SEND_EMAIL_RETRY_LIMIT = 5;

/**
 * Sends one e-mail of the outbox (`{ id }`), never in a request. A mail server that fails is tried
 * again with backoff (30 s, ~1 min, ~2 min, ...); the row counts the attempts and keeps the last
 * error, and is marked `failed` after the last one. A row already sent is not sent again.
 */
export const sendEmailJob = defineJob<{ id: number }>({
  name: SEND_EMAIL_JOB,
  queue: { retryLimit: SEND_EMAIL_RETRY_LIMIT, retryDelay: 30, retryBackoff: true, expireInSeconds: 5 * 60 },
  concurrency: 4,
  async handle({ database, config, log }, data, job) {
    return sendOutboxEmail({ database, config, log }, data.id, { isLast: job.retryCount >= job.retryLimit });
  },
});
