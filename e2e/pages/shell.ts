import { expect, type Locator, type Page } from '@playwright/test';

/** The shell around every page: top bar, side menu, error banner. */
export class Shell {
  readonly header: Locator;
  readonly nav: Locator;

  constructor(private readonly page: Page) {
    this.header = page.getByRole('banner');
    this.nav = page.getByRole('navigation');
  }

  async expectCorner(title: "creator's corner" | "staff's corner") {
    await expect(this.header.getByText(title, { exact: true })).toBeVisible();
  }

  menuLink(name: string | RegExp) {
    return this.nav.getByRole('link', { name });
  }

  async screenshot(name: string) {
    await this.page.screenshot({ path: `test-results/screens/${name}.png`, fullPage: true });
  }
}
