import { expect, type Locator, type Page } from '@playwright/test';

/** /staff/file-management and the deleted files of /staff/archived: search, table, drawer, basket. */
export class FileManagement {
  readonly table: Locator;
  readonly drawer: Locator;

  constructor(private readonly page: Page, tableName: 'Files found' | 'Deleted files' = 'Files found') {
    this.table = page.getByRole('table', { name: tableName });
    this.drawer = page.getByRole('dialog', { name: 'File details' });
  }

  async open(search?: string) {
    await this.page.goto(search ? `/staff/file-management?search=${encodeURIComponent(search)}` : '/staff/file-management');
    await expect(this.page.getByRole('heading', { name: 'File management', level: 1 })).toBeVisible();
  }

  async search(label: 'Search files' | 'Search deleted files', text: string) {
    await this.page.getByRole('textbox', { name: label }).fill(text);
    await this.page.getByRole('button', { name: 'Search', exact: true }).click();
  }

  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('button', { name: `Show the details of ${name}` }) });
  }

  async openDetails(name: string) {
    await this.page.getByRole('button', { name: `Show the details of ${name}` }).click();
    await expect(this.drawer).toBeVisible();
  }

  async select(name: string) {
    await this.page.getByRole('checkbox', { name: `Select ${name}` }).check();
  }

  basketProgress(): Locator {
    return this.page.getByRole('progressbar', { name: 'Basket progress' });
  }
}
