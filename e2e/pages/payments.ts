import fs from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';

/** /staff/payments: the monthly lists, the generate form, the rate table, and the drawer of one list. */
export class PaymentsPage {
  readonly lists: Locator;
  readonly rates: Locator;
  readonly drawer: Locator;

  constructor(private readonly page: Page) {
    this.lists = page.getByRole('table', { name: 'Payment lists' });
    this.rates = page.getByRole('table', { name: 'Payment rates' });
    this.drawer = page.getByRole('dialog', { name: 'Payment list' });
  }

  async expectOpen() {
    await expect(this.page.getByRole('heading', { name: 'Payments lists', level: 1 })).toBeVisible();
  }

  /** A list's row in the table, by its month ("October 2026") and program label. */
  row(month: string, program: string): Locator {
    return this.lists.getByRole('row').filter({ hasText: month }).filter({ hasText: program });
  }

  /** Generates a month's list of a program with the form above the lists. */
  async generate(month: string, program: string) {
    const form = this.page.getByRole('form', { name: 'Generate a month’s list' });
    for (const [label, option] of [['Month', month], ['Program', program]] as const) {
      await form.getByRole('textbox', { name: label, exact: true }).click();
      await this.page.getByRole('option', { name: option, exact: true }).click();
    }
    await form.getByRole('button', { name: 'Generate list' }).click();
  }

  /** A creator's card in the open list. */
  creator(name: string): Locator {
    return this.drawer.getByRole('article', { name });
  }

  /** Downloads the open list's CSV and returns its text. */
  async downloadCsv(): Promise<{ filename: string; text: string }> {
    const download = this.page.waitForEvent('download');
    await this.drawer.getByRole('button', { name: 'Download CSV' }).click();
    const file = await download;
    const saved = await file.path();
    return { filename: file.suggestedFilename(), text: fs.readFileSync(saved, 'utf8') };
  }

  async screenshot(name: string) {
    await this.page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  }
}

/** The creator's home page: their payment statements. */
export class PaymentStatements {
  readonly section: Locator;

  constructor(private readonly page: Page) {
    this.section = page.getByRole('region', { name: 'Payment statements' });
  }

  statement(month: string): Locator {
    return this.section.getByRole('article', { name: `Statement for ${month}` });
  }

  async screenshot(name: string) {
    await this.page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  }
}
