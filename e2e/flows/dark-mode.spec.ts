import { expect, test, type Page } from '@playwright/test';
import { personPage, signInThroughApi } from '../pages/login-page';

/**
 * Issue 18: the portal follows the device's light or dark setting, and a member's own choice in
 * Preferences holds on every device they sign in on.
 */
const scheme = (page: Page) => page.locator('html');

test('dark mode follows the device, and a member’s choice holds on every device', async ({ page, browser }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/login');
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');

  // The featured artist chooses dark in Preferences: it applies at once and is saved.
  await signInThroughApi(page, 'featured@corner.test');
  await page.goto('/preferences');
  const appearance = page.getByRole('region', { name: 'Appearance' });
  await appearance.getByText('Dark', { exact: true }).click();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'dark');

  // Another device, set to light, signs in as the same member: their choice wins once `me` answers.
  const other = await personPage(browser, 'featured@corner.test');
  await other.emulateMedia({ colorScheme: 'light' });
  await other.goto('/');
  await expect(other.getByRole('heading', { level: 1, name: /^Welcome/ })).toBeVisible();
  await expect(scheme(other)).toHaveAttribute('data-mantine-color-scheme', 'dark');

  // Back to following the device: light on a light device.
  await page.emulateMedia({ colorScheme: 'light' });
  await appearance.getByText('Follow my device', { exact: true }).click();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Preferences' })).toBeVisible();
  await expect(scheme(page)).toHaveAttribute('data-mantine-color-scheme', 'light');
  await expect(appearance.getByRole('radio', { name: 'Follow my device' })).toBeChecked();
  await other.close();
});
