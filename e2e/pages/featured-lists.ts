import { expect, type Locator, type Page } from '@playwright/test';

/** /staff/featured: the featured lists, and the drawer of one list. */
export class FeaturedLists {
  readonly table: Locator;
  readonly drawer: Locator;

  constructor(private readonly page: Page) {
    this.table = page.getByRole('table', { name: 'Featured lists' });
    this.drawer = page.getByRole('dialog', { name: /featured list/i });
  }

  async expectOpen() {
    await expect(this.page.getByRole('heading', { name: 'Featured lists', level: 1 })).toBeVisible();
  }

  /** The list's creations, in the order shown. */
  creations(): Locator {
    return this.drawer.getByRole('list', { name: 'Creations in their order' }).getByRole('listitem');
  }

  /** Finds an approved creation and adds it to the list. */
  async add(name: string) {
    await this.drawer.getByRole('textbox', { name: 'Search published and scheduled creations' }).fill(name);
    await this.drawer.getByRole('button', { name: `Add ${name}`, exact: true }).click();
    await expect(this.drawer.getByRole('button', { name: `${name} is in the list` })).toBeVisible();
  }

  /** Waits until the creations' last change is saved. */
  async expectCreationsSaved() {
    await expect(this.drawer.getByRole('status').filter({ hasText: /^Saved$/ })).toBeVisible();
  }

  async screenshot(name: string) {
    await this.page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  }
}
