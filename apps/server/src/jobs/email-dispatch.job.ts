import { dispatchPendingEmails } from '../modules/notification/email.service';
import { defineJob } from './job';

export const EMAIL_DISPATCH_JOB = 'email-dispatch';
/** Every minute: the safety net behind the live 'email' events that normally start a dispatch. */
export const EMAIL_DISPATCH_CRON = '* * * * *';

/**
 * Gives pending outbox rows their send-email jobs when no live event did (a worker that was down,
 * an event missed while reconnecting), and rows whose job was lost get one again. "stately": at
 * most one waits and one runs; a failed run is not retried, the next minute's is.
 */
export const emailDispatchJob = defineJob<object>({
  name: EMAIL_DISPATCH_JOB,
  cron: EMAIL_DISPATCH_CRON,
  queue: { policy: 'stately', retryLimit: 0, expireInSeconds: 5 * 60 },
  async handle({ database, jobs, log }) {
    const result = await dispatchPendingEmails({ database, jobs }, { requeueLost: true });
    if (result.dispatched + result.requeued > 0) log.info(result, 'E-mails dispatched by the safety net');
    return result;
  },
});
