import { expect, type Locator, type Page } from '@playwright/test';

/** The new message dialog (features/message): subject, message, an optional file. */
export class NewMessageDialog {
  readonly dialog: Locator;
  readonly send: Locator;

  constructor(private readonly page: Page) {
    this.dialog = page.getByRole('dialog', { name: 'New message' });
    this.send = this.dialog.getByRole('button', { name: 'Send', exact: true });
  }

  async fill(subject: string, message: string, file?: { name: string; mimeType: string; buffer: Buffer }) {
    await this.dialog.getByLabel('Subject').fill(subject);
    await this.dialog.getByLabel('Message').fill(message);
    if (file) {
      // Mantine's FileInput keeps a hidden <input type="file"> beside its button.
      await this.dialog.locator('input[type="file"]').setInputFiles(file);
      await expect(this.dialog.getByText(file.name)).toBeVisible();
    }
  }
}

/** One conversation, for the creator (/messages/:id) or staff (/staff/messages/:id). */
export class ConversationView {
  constructor(private readonly page: Page) {}

  get threads(): Locator {
    return this.page.getByRole('list', { name: 'Messages in this conversation' });
  }

  thread(name: string | RegExp): Locator {
    return this.threads.getByRole('article', { name });
  }

  async reply(label: string | RegExp, text: string, button: string) {
    await this.page.getByRole('textbox', { name: label }).fill(text);
    await this.page.getByRole('button', { name: button, exact: true }).click();
    await expect(this.threads.getByText(text)).toBeVisible();
  }

  /** Staff choose between a reply and a staff-only note (a segmented control: its radios are hidden). */
  async sendAs(kind: 'Reply to creator' | 'Staff-only note') {
    const option = this.page.getByRole('radio', { name: kind });
    await this.page.locator('label').filter({ hasText: new RegExp(`^${kind}$`) }).click();
    await expect(option).toBeChecked();
  }

  /** The staff side panel with creator, assignee and tags. */
  get details(): Locator {
    return this.page.getByRole('region', { name: 'Details' });
  }
}

/** The top bar's Messages button and notifications bell (app/shell). */
export class TopBarMessages {
  readonly messages: Locator;
  readonly bell: Locator;

  constructor(private readonly page: Page) {
    const header = page.getByRole('banner');
    this.messages = header.getByRole('link', { name: /^Messages/ }).first();
    this.bell = header.getByRole('button', { name: /^Notifications/ });
  }

  /**
   * What the server counts for the signed-in member right now (the unread badge's own query and the
   * bell's unseen count), asked with the page's token: the numbers the top bar must come to show.
   */
  async serverCounts(): Promise<{ unread: number; unseen: number }> {
    return this.page.evaluate(async () => {
      const response = await fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
        body: JSON.stringify({
          query: '{ conversations(first: 99, exclude_tags: ["user-read", "user-deleted"]) { paginatorInfo { total } } getNotifications(first: 1) { unseen } }',
        }),
      });
      const body = (await response.json()) as { data: { conversations: { paginatorInfo: { total: number } }; getNotifications: { unseen: number } } };
      return { unread: body.data.conversations.paginatorInfo.total, unseen: body.data.getNotifications.unseen };
    });
  }

  /** Waits until the Messages button says `count` unread (0: none). */
  async expectUnread(count: number) {
    // The wide button reads "Messages 2 unread" (its badge counts), the phone icon "Messages, 2 unread".
    await expect(this.messages).toHaveAccessibleName(count > 0 ? new RegExp(`^Messages,? ${count} unread$`) : 'Messages');
  }

  async expectUnseenNotifications(count: number, options: { timeout?: number } = {}) {
    await expect(this.bell).toHaveAccessibleName(count > 0 ? `Notifications, ${count} unread` : 'Notifications', options);
  }

  async openBell(): Promise<Locator> {
    await this.bell.click();
    const popover = this.page.getByRole('dialog', { name: 'Notifications' });
    await expect(popover).toBeVisible();
    return popover;
  }
}
