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

/**
 * A page's own code has drawn it: the stand-in the HTML painted first (the page's heading over a
 * spinner, app/prerender in the web app) is gone, and so is every spinner. The heading alone does
 * not say so: the HTML already holds it.
 */
export async function expectPageDrawn(page: Page, what = page.url()) {
  await expect(page.locator('main [aria-busy="true"]'), `${what} still painted from its HTML`).toHaveCount(0, { timeout: 15_000 });
  await expect(page.locator('main .mantine-Loader-root'), `${what} still loading`).toHaveCount(0, { timeout: 15_000 });
}
