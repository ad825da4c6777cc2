import { expect, test } from '@playwright/test';
import { signInThroughApi } from '../pages/login-page';

/**
 * Issue 16: a creator migrates two of their items from the older submission system and opens the
 * new creation; staff run a bulk dry run, then a real migration of an id range, and follow its
 * progress bar to the end.
 */
test('a creator migrates two legacy items and opens one; staff run a dry run, then a real migration with its progress', async ({ page }) => {
  test.setTimeout(120_000);
  await signInThroughApi(page, 'artist@corner.test');
  await page.goto('/migrate');
  const table = page.getByRole('table', { name: 'Your creations in the older submission system' });
  await expect(table.getByText('Seaside Bungalow')).toBeVisible();
  await expect(table.getByRole('row')).toHaveCount(4);
  await page.getByRole('checkbox', { name: 'Choose Seaside Bungalow' }).check();
  await page.getByRole('checkbox', { name: 'Choose Art Deco Vanity' }).check();
  await page.screenshot({ path: 'test-results/screens/migrate-chosen.png', fullPage: true });
  await page.getByRole('button', { name: 'Migrate 2 chosen' }).click();
  await expect(page.getByText('2 migrated, 0 migrated before, 0 could not be migrated.')).toBeVisible();
  const bungalow = table.getByRole('row').filter({ hasText: 'Seaside Bungalow' });
  await expect(bungalow.getByText('Migrated', { exact: true })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'Choose Seaside Bungalow' })).toBeDisabled();
  // Migrating everything now leaves the two as they are and says why the deleted one cannot come.
  await page.getByRole('button', { name: 'Migrate all' }).click();
  await expect(page.getByText('0 migrated, 2 migrated before, 1 could not be migrated.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Neon Bar Stools' }).getByText('It was deleted on the old site.')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/migrate-done.png', fullPage: true });
  await bungalow.getByRole('link', { name: 'Open the creation' }).click();
  await expect(page).toHaveURL(/\/my-creations\/edit\/step-1\/item\/\d+/);
  await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValue('Seaside Bungalow');

  await signInThroughApi(page, 'admin@corner.test');
  await page.goto('/staff/migrate/');
  await expect(page.getByRole('heading', { name: 'Bulk migration' })).toBeVisible();
  await page.getByRole('button', { name: 'Start dry run' }).click();
  const runs = page.getByRole('table', { name: 'Migration runs' });
  const dry = runs.getByRole('row').filter({ hasText: '(dry run)' }).first();
  await expect(dry.getByText('Done')).toBeVisible({ timeout: 30_000 });
  await expect(dry.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');

  await page.locator('label').filter({ hasText: 'An id range' }).click();
  await page.getByRole('textbox', { name: 'First old id' }).fill('2317');
  await page.getByRole('textbox', { name: 'Last old id' }).fill('2318');
  await page.getByRole('checkbox', { name: 'Dry run: only report' }).uncheck();
  await page.getByRole('button', { name: 'Start', exact: true }).click();
  const real = runs.getByRole('row').filter({ hasNotText: '(dry run)' }).first();
  await expect(real.getByText('Done')).toBeVisible({ timeout: 30_000 });
  await expect(real.getByText('2 of 2: 2 migrated, 0 before, 0 failed')).toBeVisible();
  await page.screenshot({ path: 'test-results/screens/staff-migration.png', fullPage: true });
});
