import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalPaths } from '@corner/domain';
import { loadConfig, type Config } from '../../config';
import type { Database } from '../../db/client';
import { emails, memberPreferences, members, notifications } from '../../db/schema/index';
import { createUrlSigner } from '../../storage/signed-url';
import { EMAIL_DIGEST_JOB, emailDigestJob } from '../../jobs/email-digest.job';
import { startJobs, type Jobs } from '../../jobs/index';
import { openLegacySource } from '../legacy/legacy-source.open';
import { SEND_EMAIL_JOB, sendEmailJob } from '../../jobs/send-email.job';
import { createStorage } from '../../storage/index';
import { createTestDatabase } from '../../test/database';
import { buildMember } from '../../test/factories';
import { silentLog } from '../../test/server';
import { dispatchPendingEmails, sendOutboxEmail } from './email.service';
import { notify } from './notification.service';

/**
 * E-mail end to end: notify() writes the outbox in the caller's transaction, the live 'email'
 * event dispatches send-email jobs (real pg-boss), and they talk to a real SMTP server.
 */

const PUBLIC_URL = 'https://portal.test';
const MAIL_FROM = 'Corner <corner@portal.test>';

interface Received {
  from: string;
  to: string[];
  raw: string;
}
const received: Received[] = [];
/** Recipients the SMTP server refuses with 451 (try later) this many more times; -1: always. */
const refusals = new Map<string, number>();

let smtp: SMTPServer;
let database: Database;
let jobs: Jobs;
let config: Config;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const left = refusals.get(address.address) ?? 0;
      if (left !== 0) {
        refusals.set(address.address, left - 1);
        const error = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  // The sender makes the outbox's links absolute with its own PUBLIC_URL.
  config = loadConfig({ LOG_LEVEL: 'silent', SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL, MAIL_FROM });
  database = await createTestDatabase();
  // Quick retries (1 s with backoff) and two of them, so the give-up case is reached soon.
  const definitions = [{ ...sendEmailJob, queue: { ...sendEmailJob.queue, retryDelay: 1, retryLimit: 2 } }, { ...emailDigestJob, cron: undefined }];
  jobs = await startJobs({ database, config, log: silentLog, storage: createStorage(config), urlSigner: createUrlSigner(config), legacy: await openLegacySource(config, database) }, { work: true, definitions });
});

afterAll(async () => {
  await jobs?.stop();
  await database?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
});

async function member(preferences: Partial<typeof memberPreferences.$inferInsert> | null = null) {
  const m = await buildMember(database.db);
  if (preferences) await database.db.insert(memberPreferences).values({ member_id: m.id, ...preferences });
  return m;
}

async function outbox(memberId: number) {
  return database.db.select().from(emails).where(eq(emails.member_id, memberId)).orderBy(emails.id);
}

async function settled(memberId: number, count = 1) {
  await expect
    .poll(async () => (await outbox(memberId)).filter((e) => e.status !== 'pending').length, { timeout: 20_000, interval: 100 })
    .toBe(count);
  return outbox(memberId);
}

function mailsTo(address: string) {
  return received.filter((r) => r.to.includes(address));
}

/** The decoded text/plain and text/html parts of a multipart/alternative message. */
function parts(raw: string): { text: string; html: string; headers: string } {
  const [headers, ...rest] = raw.split('\r\n\r\n');
  const body = rest.join('\r\n\r\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers!)![1]!;
  const result = { text: '', html: '', headers: headers! };
  for (const part of body.split(`--${boundary}`)) {
    const [partHeaders, ...partBody] = part.split('\r\n\r\n');
    const content = partBody.join('\r\n\r\n');
    const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(partHeaders ?? '')?.[1]?.toLowerCase();
    const decoded =
      encoding === 'base64'
        ? Buffer.from(content.replace(/\s/g, ''), 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? Buffer.from(content.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8')
          : content;
    if (/content-type:\s*text\/plain/i.test(partHeaders ?? '')) result.text = decoded;
    if (/content-type:\s*text\/html/i.test(partHeaders ?? '')) result.html = decoded;
  }
  return result;
}

describe('an e-mail for each notification (option 1)', () => {
  it('goes to the member through SMTP with text and HTML, links to the place and to the preferences', async () => {
    const m = await member();
    await database.db.transaction((tx) =>
      notify(tx, { member_id: m.id, type: 'approved', message: 'Your creation “Chair <b>&</b>” was approved.', reference: portalPaths.creation('mod', 5) }),
    );
    const [row] = await settled(m.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, kind: 'approved', to_address: m.email, last_error: null, job_id: expect.any(String) });
    expect(row!.sent_at).toBeInstanceOf(Date);

    const [mail] = mailsTo(m.email);
    expect(mail!.to).toEqual([m.email]);
    expect(mail!.from).toBe('corner@portal.test');
    const { text, html, headers } = parts(mail!.raw);
    expect(headers).toMatch(/Subject: Your creation was approved/);
    expect(text).toContain('Your creation “Chair <b>&</b>” was approved.');
    expect(text).toContain(`${PUBLIC_URL}/my-creations/edit/step-1/mod/5`);
    expect(text).toContain(`${PUBLIC_URL}/preferences`);
    expect(text).toMatch(/To stop these e-mails/);
    expect(html).toContain('Chair &lt;b&gt;&amp;&lt;/b&gt;');
    expect(html).not.toContain('<b>&');
    expect(html).toContain(`href="${PUBLIC_URL}/my-creations/edit/step-1/mod/5"`);
    expect(html).toContain(`href="${PUBLIC_URL}/preferences"`);
    expect(html).toContain(m.username.replace(/&/g, '&amp;'));

    const [n] = await database.db.select().from(notifications).where(eq(notifications.member_id, m.id));
    expect(n!.emailed_at).toBeInstanceOf(Date);
  });

  it('is not sent again when its job runs again', async () => {
    const m = await member();
    await notify(database.db, { member_id: m.id, type: 'reply', message: 'Staff replied.', reference: portalPaths.conversation(3) });
    const [row] = await settled(m.id);
    const result = await sendOutboxEmail({ database, config, log: silentLog }, row!.id, { isLast: false });
    expect(result).toEqual({ id: row!.id, status: 'sent', skipped: true });
    expect(mailsTo(m.email)).toHaveLength(1);
    expect((await outbox(m.id))[0]!.attempts).toBe(1);
  });

  it('the safety net gives a new job to a row whose job is lost or died without recording it', async () => {
    const m = await member();
    const old = new Date(Date.now() - 60 * 60 * 1000);
    const content = { kind: 'reply', subject: 'Staff replied', text: 'Open it: {{portal-address}}/messages/1', html: '<p>Staff replied</p>' };
    // One row claimed by a job pg-boss never got, one whose job failed while its process died.
    const deadJob = await jobs.send(SEND_EMAIL_JOB, { id: 0 }, { retryLimit: 0 });
    await database.query(`update pgboss.job set state = 'failed' where id = $1`, [deadJob]);
    await database.db.insert(emails).values([
      { member_id: m.id, to_address: m.email, ...content, job_id: crypto.randomUUID(), created_at: old },
      { member_id: m.id, to_address: m.email, ...content, job_id: deadJob!, created_at: old },
    ]);
    const result = await dispatchPendingEmails({ database, jobs }, { requeueLost: true });
    expect(result.requeued).toBe(2);
    const rows = await settled(m.id, 2);
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(mailsTo(m.email)).toHaveLength(2);
    expect(parts(mailsTo(m.email)[0]!.raw).text).toContain(`${PUBLIC_URL}/messages/1`);
  });
});

describe('preferences', () => {
  it('option 0 sends nothing; the notification is still there', async () => {
    const m = await member({ notification_option: 0 });
    await notify(database.db, { member_id: m.id, type: 'reply', message: 'Staff replied.', reference: '/messages/1' });
    expect(await outbox(m.id)).toEqual([]);
    const [n] = await database.db.select().from(notifications).where(eq(notifications.member_id, m.id));
    expect(n).toMatchObject({ type: 'reply', emailed_at: null });
  });

  it('approved and published e-mails follow their own switches; other kinds still go', async () => {
    const m = await member({ notification_option: 1, notification_on_approved: false, notification_on_publish: false });
    await notify(database.db, { member_id: m.id, type: 'approved', message: 'Approved.', reference: null });
    await notify(database.db, { member_id: m.id, type: 'published', message: 'Published.', reference: null });
    await notify(database.db, { member_id: m.id, type: 'rejected', message: 'Rejected: missing thumbnail.', reference: null });
    const rows = await settled(m.id);
    expect(rows.map((r) => [r.kind, r.status])).toEqual([['rejected', 'sent']]);
    const notified = await database.db.select().from(notifications).where(eq(notifications.member_id, m.id)).orderBy(notifications.id);
    expect(notified.map((n) => n.emailed_at !== null)).toEqual([false, false, true]);
  });

  it('a member without an e-mail address gets none', async () => {
    const m = await member();
    await database.db.update(members).set({ email: '' }).where(eq(members.id, m.id));
    await notify(database.db, { member_id: m.id, type: 'reply', message: 'Staff replied.', reference: null });
    expect(await outbox(m.id)).toEqual([]);
  });

  it('option 2 gets one daily summary from the digest job, once', async () => {
    const m = await member({ notification_option: 2, notification_on_publish: false });
    await notify(database.db, { member_id: m.id, type: 'reply', message: 'First reply.', reference: portalPaths.conversation(11) });
    await notify(database.db, { member_id: m.id, type: 'test_failed', message: 'Testing found a problem & more.', reference: portalPaths.creation('mod', 9) });
    await notify(database.db, { member_id: m.id, type: 'published', message: 'Published (switched off).', reference: null });
    expect(await outbox(m.id)).toEqual([]);

    const runDigest = async () => {
      const id = await jobs.send(EMAIL_DIGEST_JOB, {});
      const status = await jobs.wait(EMAIL_DIGEST_JOB, id!, 20_000);
      expect(status?.state).toBe('completed');
    };
    await runDigest();
    const [row] = await settled(m.id);
    expect(row).toMatchObject({ kind: 'digest', status: 'sent', subject: 'Your Corner summary: 2 notifications' });
    const { text, html } = parts(mailsTo(m.email)[0]!.raw);
    expect(text.indexOf('First reply.')).toBeLessThan(text.indexOf('Testing found a problem & more.'));
    expect(text).toContain(`${PUBLIC_URL}/messages/11`);
    expect(text).toContain(`${PUBLIC_URL}/my-creations/edit/step-1/mod/9`);
    expect(text).toContain(`${PUBLIC_URL}/preferences`);
    expect(text).not.toContain('Published (switched off).');
    expect(html).toContain('Testing found a problem &amp; more.');
    expect(html).toContain(`href="${PUBLIC_URL}/messages/11"`);
    const notified = await database.db.select().from(notifications).where(eq(notifications.member_id, m.id)).orderBy(notifications.id);
    expect(notified.map((n) => n.emailed_at !== null)).toEqual([true, true, false]);

    await runDigest();
    expect(await outbox(m.id)).toHaveLength(1);
  });
});

describe('sending', () => {
  it('retries a mail server that refuses for a while, and records the attempts', async () => {
    const m = await member();
    refusals.set(m.email, 2);
    await notify(database.db, { member_id: m.id, type: 'reply', message: 'Staff replied.', reference: null });
    const [row] = await settled(m.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 3 });
    expect(mailsTo(m.email)).toHaveLength(1);
  });

  it('gives up after the last attempt: failed, with the error', async () => {
    const m = await member();
    refusals.set(m.email, -1);
    await notify(database.db, { member_id: m.id, type: 'reply', message: 'Staff replied.', reference: null });
    const [row] = await settled(m.id);
    expect(row).toMatchObject({ status: 'failed', attempts: 3, sent_at: null });
    expect(row!.last_error).toMatch(/451/);
    expect(mailsTo(m.email)).toHaveLength(0);
  });

  it('without SMTP_URL writes the whole e-mail to the log and marks it logged', async () => {
    const m = await member({ notification_option: 0 });
    const [row] = await database.db
      .insert(emails)
      .values({ member_id: m.id, to_address: m.email, kind: 'reply', subject: 'Hello', text: 'The whole text\nwith a link https://portal.test/messages/1', html: '<p>x</p>', job_id: 'by-hand' })
      .returning();
    const lines: string[] = [];
    const log = { ...silentLog, info: (_obj: unknown, msg?: string) => void lines.push(msg ?? '') };
    const result = await sendOutboxEmail({ database, config: { ...config, SMTP_URL: undefined }, log }, row!.id, { isLast: false });
    expect(result).toEqual({ id: row!.id, status: 'logged', skipped: false });
    expect(lines.join('\n')).toContain('The whole text\nwith a link https://portal.test/messages/1');
    expect((await outbox(m.id))[0]).toMatchObject({ status: 'logged', attempts: 1, sent_at: null });
    expect(mailsTo(m.email)).toHaveLength(0);
  });

  it('notify() in a transaction that rolls back leaves nothing: no notification, no e-mail', async () => {
    const m = await member();
    await expect(
      database.db.transaction(async (tx) => {
        await notify(tx, { member_id: m.id, type: 'reply', message: 'Staff replied.', reference: null });
        throw new Error('the caller failed');
      }),
    ).rejects.toThrow('the caller failed');
    expect(await database.db.select().from(notifications).where(eq(notifications.member_id, m.id))).toEqual([]);
    expect(await outbox(m.id)).toEqual([]);
    expect(mailsTo(m.email)).toHaveLength(0);
  });
});
