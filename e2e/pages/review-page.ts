import { expect, type Locator, type Page } from '@playwright/test';

/** A staff queue page and the review page of one creation (features/review). */
export class ReviewPage {
  constructor(private readonly page: Page) {}

  /** Opens a staff queue, e.g. "awaiting-approval", and waits for its table. */
  async openQueue(path: string, title: string) {
    await this.page.goto(`/staff/${path}`);
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  queueTable(title: string): Locator {
    return this.page.getByRole('table', { name: title });
  }

  /** A queue table's creation rows (not its header or group rows). */
  queueRows(title: string): Locator {
    return this.queueTable(title).getByRole('row').filter({ has: this.page.getByRole('link') });
  }

  /** Opens a creation's review page from the queue's table. */
  async openFromQueue(title: string, name: string) {
    await this.queueTable(title).getByRole('link', { name }).click();
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  section(name: string | RegExp): Locator {
    return this.page.getByRole('region', { name });
  }

  async sendToTest() {
    await this.page.getByRole('button', { name: 'Send to test' }).click();
    await expect(this.page.getByText('Sent to testing: a test is open.')).toBeVisible();
  }

  /** Finishes the newest open test as failed, with notes for the creator. */
  async failTest(notes: string) {
    const tests = this.section(/^Tests/);
    const card = tests.getByRole('article').first();
    await card.getByLabel('Notes for the creator').fill(notes);
    await card.getByRole('button', { name: 'Failed', exact: true }).click();
    await expect(card.getByText(notes)).toBeVisible();
  }

  /** Approves with a publish date typed into the dialog ("YYYY-MM-DDTHH:mm", the reviewer's time). */
  async approve(localDateTime: string) {
    await this.page.getByRole('button', { name: 'Approve', exact: true }).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByLabel('Publish date and time').fill(localDateTime);
    await dialog.getByRole('button', { name: 'Approve', exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  async screenshot(name: string) {
    await this.page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  }
}

/** "YYYY-MM-DDTHH:mm" in the browser's time zone, `minutes` from now (the publish date field). */
export function localInput(minutes: number): string {
  const d = new Date(Date.now() + minutes * 60_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
