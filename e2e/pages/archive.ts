import { expect, type Locator, type Page } from '@playwright/test';

/** /staff/archived (the older submission system's items) and /staff/archived/{itemId}. */
export class Archive {
  readonly table: Locator;
  readonly form: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Items of the older submission system' });
    this.form = page.getByRole('form', { name: 'Edit the archived item' });
  }

  async expectOpen() {
    await expect(this.page.getByRole('heading', { name: 'Archive', level: 1 })).toBeVisible();
    await expect(this.page.getByRole('heading', { name: 'Older submission system' })).toBeVisible();
  }

  async search(fields: { text?: string; creator?: string }) {
    const search = this.page.getByRole('search', { name: 'Search the archive' });
    if (fields.text !== undefined) await search.getByRole('textbox', { name: 'Title or ID' }).fill(fields.text);
    if (fields.creator !== undefined) await search.getByRole('textbox', { name: 'Creator' }).fill(fields.creator);
    await search.getByRole('button', { name: 'Search', exact: true }).click();
  }

  /** Picks an option of one of the search's selects (Game, Status, Visibility). */
  async choose(select: 'Game' | 'Status' | 'Visibility', option: string) {
    await this.page.getByRole('search', { name: 'Search the archive' }).getByRole('textbox', { name: select }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  row(title: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }

  /** The title links of the rows shown. */
  titles(): Locator {
    return this.table.getByRole('row').getByRole('link');
  }

  async openItem(title: string) {
    await this.table.getByRole('link', { name: title, exact: true }).click();
    await expect(this.page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  }

  titleField(): Locator {
    return this.form.getByRole('textbox', { name: 'Title' });
  }

  hiddenSwitch(): Locator {
    return this.form.getByRole('switch', { name: 'Hidden' });
  }

  async addCategory(search: string, option: string) {
    await this.form.getByRole('textbox', { name: 'Categories' }).fill(search);
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  categoryPills(): Locator {
    return this.form.locator('.mantine-Pill-label');
  }

  async save() {
    await this.form.getByRole('button', { name: 'Save changes' }).click();
    await expect(this.page.getByText('Saved', { exact: true })).toBeVisible();
  }

  async screenshot(name: string) {
    // From the top: a full-page shot of a scrolled page draws the fixed header mid-page.
    await this.page.evaluate(() => window.scrollTo(0, 0));
    await this.page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  }
}
