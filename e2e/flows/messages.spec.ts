import path from 'node:path';
import { expect, test } from '@playwright/test';
import { mailsFile, readMails } from '../mail-catcher';
import { personPage } from '../pages/login-page';
import { ConversationView, NewMessageDialog, TopBarMessages } from '../pages/messages';
import { localInput, ReviewPage } from '../pages/review-page';

// The same data dir serve.ts starts the portal in, where the mail catcher writes.
const MAILS = mailsFile(path.resolve(import.meta.dirname, '../..', process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'));

const NAME = 'Sage Linen Sofa';
const SUBJECT = 'Which swatches should the sofa ship with?';
const MESSAGE = 'I attached the swatch sheet. Are five colours fine, or should I add a darker one?';
const REPLY = 'Five is plenty, thanks! The sheet looks good.';
const NOTE = 'Checked the sheet against the textures: all fine.';

test('a creator messages staff about a creation with a file, staff assign and reply, and the approval reaches the bell and the mailbox', async ({ browser }) => {
  test.setTimeout(180_000);
  const creator = await personPage(browser, 'creator@corner.test');
  const staff = await personPage(browser, 'staff@corner.test');
  const creatorBar = new TopBarMessages(creator);

  // The creator opens the sofa awaiting approval and writes to staff, with a file.
  await creator.goto('/awaiting-approval');
  await creator.getByRole('link', { name: NAME }).click();
  await expect(creator).toHaveURL(/\/my-creations\/edit\/step-\d\/item\/\d+$/);
  const id = Number(/\/(\d+)$/.exec(creator.url())![1]);
  await creator.getByRole('button', { name: 'Message staff' }).click();
  const dialog = new NewMessageDialog(creator);
  await expect(dialog.send).toBeDisabled();
  await dialog.fill('   ', MESSAGE);
  // Spaces are no subject.
  await expect(dialog.send).toBeDisabled();
  await dialog.fill(SUBJECT, MESSAGE, { name: 'swatches.txt', mimeType: 'text/plain', buffer: Buffer.from('sage, moss, sand, clay, slate\n') });
  await expect(dialog.send).toBeEnabled();
  await dialog.send.click();
  await expect(creator).toHaveURL(/\/messages\/\d+$/);
  const conversationId = Number(/\/(\d+)$/.exec(creator.url())![1]);
  const creatorView = new ConversationView(creator);
  await expect(creator.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
  await expect(creatorView.thread('You').getByText(MESSAGE)).toBeVisible();
  await expect(creatorView.thread('You').getByRole('link', { name: 'swatches.txt' })).toBeVisible();
  await expect(creator.getByRole('link', { name: `${NAME} (#${id})` })).toBeVisible();
  await creator.screenshot({ path: 'test-results/screens/messages-creator-sent.png', fullPage: true });

  // The creator moves on. The demo data holds other conversations and notifications: count from here.
  await creator.goto('/my-creations');
  await expect(creator.getByRole('heading', { level: 1, name: 'My creations' })).toBeVisible();
  const { unread: unreadBefore, unseen: unseenBefore } = await creatorBar.serverCounts();
  await creatorBar.expectUnread(unreadBefore);
  await creatorBar.expectUnseenNotifications(unseenBefore);

  // Staff find it in message management, assign it to themselves, leave a note and reply.
  await staff.goto('/staff/messages?status=active');
  await expect(staff.getByRole('heading', { level: 1, name: 'Message management' })).toBeVisible();
  await staff.getByRole('list', { name: 'Conversations' }).getByRole('link', { name: new RegExp(SUBJECT.replace('?', '\\?')) }).click();
  await expect(staff).toHaveURL(new RegExp(`/staff/messages/${conversationId}$`));
  const staffView = new ConversationView(staff);
  await expect(staffView.thread(/Cora Creator/).getByText(MESSAGE)).toBeVisible();
  await staffView.details.getByRole('button', { name: 'Assign to me' }).click();
  await expect(staffView.details.getByText('Sam Staff', { exact: true }).first()).toBeVisible();
  await staffView.sendAs('Staff-only note');
  await staffView.reply('Note for staff', NOTE, 'Add note');
  await expect(staffView.thread(/Note by Sam Staff/).getByText('Only staff see this')).toBeVisible();
  await staffView.sendAs('Reply to creator');
  await staffView.reply(/^Reply to Cora Creator/, REPLY, 'Send reply');
  await staff.screenshot({ path: 'test-results/screens/messages-staff-replied.png', fullPage: true });

  // Without reloading, the creator's badge and bell count the reply.
  await creatorBar.expectUnread(unreadBefore + 1);
  await creatorBar.expectUnseenNotifications(unseenBefore + 1);
  const bell = await creatorBar.openBell();
  await creator.screenshot({ path: 'test-results/screens/messages-creator-bell.png' });
  await bell.getByRole('link').first().click();
  await expect(creator).toHaveURL(new RegExp(`/messages/${conversationId}$`));
  await expect(creatorView.thread(/Sam Staff/).getByText(REPLY)).toBeVisible();
  // The note stays with staff.
  await expect(creator.getByText(NOTE)).toHaveCount(0);
  // Reading it marks it read, and the notification seen.
  await creatorBar.expectUnread(unreadBefore);
  await creatorBar.expectUnseenNotifications(unseenBefore);

  // Staff approve the sofa; the creator's bell hears of it, and the e-mail goes out.
  const review = new ReviewPage(staff);
  await staff.goto(`/staff/review/${id}`);
  await expect(staff.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await expect(review.section(/^Conversations/).getByRole('link', { name: SUBJECT })).toBeVisible();
  await review.approve(localInput(60 * 24));
  await creatorBar.expectUnseenNotifications(unseenBefore + 1, { timeout: 20_000 });
  const popover = await creatorBar.openBell();
  await expect(popover.getByRole('link', { name: new RegExp(NAME) }).first()).toBeVisible();
  await creator.screenshot({ path: 'test-results/screens/messages-creator-approved-bell.png' });

  await expect
    .poll(() => readMails(MAILS).filter((mail) => mail.to.includes('creator@corner.test') && /approved/i.test(mail.subject)).length, {
      timeout: 15_000,
    })
    .toBeGreaterThan(0);
  const mail = readMails(MAILS).find((m) => m.to.includes('creator@corner.test') && /approved/i.test(m.subject))!;
  expect(mail.subject).toBe('Your creation was approved');
  expect(mail.text).toContain(`/my-creations/edit/step-1/item/${id}`);
});
