import { expect, type Page } from '@playwright/test';

/** The create form (/upload) and the five edit steps of a creation. */
export class CreationEditor {
  constructor(private readonly page: Page) {}

  /** Creates a creation of a kind through /upload; returns its id from the step-1 URL. */
  async create(kind: 'Item' | 'Set' | 'Lot' | 'Room' | 'Sim' | 'Mod', name: string, description: string): Promise<number> {
    await this.page.goto('/upload');
    const card = this.page.getByRole('radio', { name: new RegExp(`^${kind}`) });
    await card.click();
    await expect(card).toHaveAttribute('aria-checked', 'true');
    await this.page.getByLabel('Name').fill(name);
    await this.page.getByLabel('Description').fill(description);
    await this.page.getByRole('button', { name: `Create ${kind.toLowerCase()}` }).click();
    await expect(this.page).toHaveURL(/\/my-creations\/edit\/step-1\/\w+\/\d+$/);
    return Number(/\/(\d+)$/.exec(this.page.url())![1]);
  }

  async goToStep(label: 'Details' | 'Files' | 'Images' | 'Categories and tags' | 'Terms and submit') {
    await this.page.getByRole('navigation', { name: 'Edit steps' }).getByRole('link', { name: new RegExp(label) }).click();
    await expect(this.page.getByRole('heading', { name: label, exact: true })).toBeVisible();
  }

  /** Waits until the step reports that everything typed is saved. */
  async expectSaved() {
    await expect(this.page.getByText('Saved', { exact: true })).toBeVisible();
  }

  /** Chooses an option of a Mantine select by its label. */
  async choose(label: string, option: string) {
    await this.page.getByRole('textbox', { name: label, exact: true }).click();
    await this.page.getByRole('option', { name: option, exact: true }).click();
  }

  async screenshot(name: string) {
    await this.page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  }
}
