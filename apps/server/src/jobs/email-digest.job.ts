import { dispatchPendingEmails } from '../modules/notification/email.service';
import { writeDailyDigests } from '../modules/notification/notification.service';
import { defineJob } from './job';

export const EMAIL_DIGEST_JOB = 'email-digest';
/** Every day at 07:00 UTC (pg-boss schedules in UTC): the morning summary. */
export const EMAIL_DIGEST_CRON = '0 7 * * *';

/**
 * The daily summary e-mails (notification option 2): one per member with notifications of the
 * last day not yet e-mailed. Writing them marks the notifications e-mailed, so a retried or
 * repeated run sends nothing twice.
 */
export const emailDigestJob = defineJob<object>({
  name: EMAIL_DIGEST_JOB,
  cron: EMAIL_DIGEST_CRON,
  queue: { policy: 'stately', retryLimit: 2, retryDelay: 60, expireInSeconds: 30 * 60 },
  async handle({ database, jobs, log }) {
    const result = await writeDailyDigests(database.db);
    if (result.emails > 0) {
      await dispatchPendingEmails({ database, jobs });
      log.info(result, 'Daily summary e-mails written');
    }
    return result;
  },
});
