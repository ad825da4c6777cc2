import { expect, type Locator, type Page } from '@playwright/test';

/** Reports: the review page's Reports panel, its dialog, and the Reported page's All reports view (features/report). */
export class ReportsPanel {
  readonly panel: Locator;

  constructor(private readonly page: Page) {
    this.panel = page.getByRole('region', { name: /^Reports \(/ });
  }

  /** One report of the panel, by its note or any text in it. */
  report(text: string): Locator {
    return this.panel.getByRole('article').filter({ hasText: text });
  }

  /** Fills the report dialog (kind and note) and saves it with `save`. */
  async fillDialog(title: string | RegExp, kind: string, note: string, save: 'Report' | 'Save') {
    const dialog = this.page.getByRole('dialog', { name: title });
    await dialog.getByRole('textbox', { name: 'Kind of problem', exact: true }).click();
    await this.page.getByRole('option', { name: kind, exact: true }).click();
    await dialog.getByRole('textbox', { name: 'Note' }).fill(note);
    await dialog.getByRole('button', { name: save, exact: true }).click();
    await expect(dialog).toBeHidden();
  }

  /** Staff report the creation themselves. */
  async reportCreation(kind: string, note: string) {
    await this.panel.getByRole('button', { name: 'Report this creation' }).click();
    await this.fillDialog('Report this creation', kind, note, 'Report');
  }

  /** Corrects a report's kind and note. */
  async edit(current: string, kind: string, note: string) {
    await this.report(current).getByRole('button', { name: 'Edit', exact: true }).click();
    await this.fillDialog(/^Edit report \d+$/, kind, note, 'Save');
  }
}

/** /staff/reported: the queue of reported creations or, switched to, every report. */
export class ReportedPage {
  constructor(private readonly page: Page) {}

  async open() {
    await this.page.goto('/staff/reported');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Reported' })).toBeVisible();
  }

  async showAllReports() {
    await this.page.getByText('All reports', { exact: true }).click();
    await expect(this.page).toHaveURL(/[?&]view=reports/);
  }

  async filterByKind(kind: string) {
    await this.page.getByRole('textbox', { name: 'Kind', exact: true }).click();
    await this.page.getByRole('option', { name: kind, exact: true }).click();
  }

  /** The All reports list's rows. */
  rows(): Locator {
    return this.page.getByRole('listitem', { name: /^Report \d+$/ });
  }
}
